// The chain of a Rebased node (Wasp 2.x): one chain per node, under /v1/chain, request IDs of
// 0x + 64 hex (an EVM request's ID is its transaction hash). The node's `/v1/chain` answer says
// which chain it runs and its EVM chain ID; it is read once per detection (NodeChainSource). Pure.
import { AccountRoutes } from './accountRoutes';
import { REBASED_ACCOUNT_SHAPE } from './accountShape';
import type { ChainApi, ChainReceipt, RequestOptions } from './chainApi';
import type { ReadOptions, WaspClient } from './client';
import type { RequestIdShape } from '../core/idShapes';
import type { RebasedChainResponse } from './rebasedSchemas';
import { REBASED_TRAITS } from './traits';

const TARGET = 'rebased';

/** The node's `/v1/chain` answer, shared by every caller (config/nodeClients.ts keeps it per detection). */
export interface NodeChainSource {
  /** When read already; never asks. */
  known(): RebasedChainResponse | undefined;
  /** Read once and shared; undefined when the node runs no chain or is not Rebased; a failure is thrown. */
  read(): Promise<RebasedChainResponse | undefined>;
}

/** The ID a Rebased node knows: 64 hex only (a 68-hex Stardust ID is never sent to it). */
export function rebasedRequestId(id: RequestIdShape): string | undefined {
  return id.shape === 'hex64' ? id.id : undefined;
}

export class RebasedChain extends AccountRoutes implements ChainApi {
  readonly generation = TARGET;
  readonly traits = REBASED_TRAITS;

  constructor(
    client: () => WaspClient,
    /** The chain ID the entry names, lower-case; `''` when it leaves it to the node. */
    private readonly configuredChainId: string,
    private readonly nodeChain: NodeChainSource,
  ) {
    super(client, { generation: TARGET });
  }

  requestIdFor(id: RequestIdShape): string | undefined {
    return rebasedRequestId(id);
  }

  receipt(requestId: string, options?: ReadOptions): Promise<ChainReceipt> {
    return this.client().getRebasedReceipt(requestId, options);
  }

  chainInfo(options?: ReadOptions) {
    return this.client().getRebasedChainInfo(options);
  }

  identity(options?: RequestOptions) {
    return this.client().getRebasedChain(options);
  }

  receiptUrl(requestId: string, block?: string | number): string {
    return this.client().rebasedReceiptUrl(requestId, block);
  }

  chainInfoUrl(block?: string | number): string {
    return this.client().rebasedChainInfoUrl(block);
  }

  identityUrl(): string {
    return this.client().urlOf(['chain']);
  }

  /** The node runs one chain: when the entry names one, the node's must be that one. */
  async otherNodeChain(): Promise<string | undefined> {
    if (this.configuredChainId === '') return undefined;
    // No chain, or no Rebased node: the receipt's own request says what is wrong.
    const nodeChain = await this.nodeChain.read();
    if (nodeChain === undefined) return undefined;
    const runs = nodeChain.chainID.toLowerCase();
    return runs === this.configuredChainId ? undefined : runs;
  }

  async evmChainId(): Promise<bigint | undefined> {
    try {
      const answer = await this.nodeChain.read();
      return answer === undefined ? undefined : BigInt(answer.evmChainId);
    } catch {
      return undefined;
    }
  }

  knownEvmChainId(): bigint | undefined {
    const known = this.nodeChain.known();
    return known === undefined ? undefined : BigInt(known.evmChainId);
  }

  readonly accounts = REBASED_ACCOUNT_SHAPE;

  /** The node runs one chain: an entry that names none reads the node's (no chain, or no Rebased node: its identity request says why). */
  async entryChainId(): Promise<string> {
    if (this.configuredChainId !== '') return this.configuredChainId;
    const nodeChain = await this.nodeChain.read();
    return (nodeChain ?? (await this.identity())).chainID;
  }
}
