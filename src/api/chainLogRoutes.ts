// What the chain log routes (blocks, a request's events, the long poll) are on either generation:
// the client takes the chain as a target (`/v1/chains/{chainID}` or `/v1/chain`), so both chains
// ask them alike. Pure.
import type { RequestOptions } from './chainApi';
import type { ChainTarget, WaspClient } from './client';

export abstract class ChainLogRoutes {
  constructor(
    /** The client of the node, made per request (the settings in force; an untrusted chain throws here, never earlier). */
    protected readonly client: () => WaspClient,
    protected readonly target: ChainTarget,
  ) {}

  blockInfo(block: number | 'latest', options?: { signal?: AbortSignal }) {
    return this.client().getBlockInfo(this.target, block, options);
  }

  blockReceipts(block: number | 'latest', options?: RequestOptions) {
    return this.client().getBlockReceipts(this.target, block, options);
  }

  requestEvents(requestId: string, options?: { signal?: AbortSignal }) {
    return this.client().getRequestEvents(this.target, requestId, options);
  }

  waitForRequest(requestId: string, options?: { timeoutSeconds?: number; signal?: AbortSignal }) {
    return this.client().waitForRequest(this.target, requestId, options);
  }
}
