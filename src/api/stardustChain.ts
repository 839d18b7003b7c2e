// A chain on a Stardust node (Wasp 1.x): many chains per node, each under /v1/chains/{chainID},
// request IDs of 0x + 68 hex (an EVM request: its transaction hash + 0000). Pure.
import { AccountRoutes } from './accountRoutes';
import { stardustAccountShape, type AccountShape } from './accountShape';
import type { ChainApi, ChainReceipt, RequestOptions } from './chainApi';
import type { ReadOptions, WaspClient } from './client';
import { stardustIdOfHash, type RequestIdShape } from '../core/idShapes';
import { STARDUST_TRAITS } from './traits';

const TARGET = 'stardust';

/** The ID a Stardust node knows: a 68-hex ID as is, a hash as hash + 0000 only when allowed. */
export function stardustRequestId(id: RequestIdShape, allowStardustHash: boolean): string | undefined {
  if (id.shape === 'hex68') return id.id;
  return allowStardustHash ? stardustIdOfHash(id.id) : undefined;
}

export class StardustChain extends AccountRoutes implements ChainApi {
  readonly generation = TARGET;
  readonly traits = STARDUST_TRAITS;

  constructor(
    client: () => WaspClient,
    private readonly chainId: string,
  ) {
    super(client, { generation: TARGET, chainId });
  }

  requestIdFor(id: RequestIdShape, allowStardustHash: boolean): string | undefined {
    return stardustRequestId(id, allowStardustHash);
  }

  receipt(requestId: string, options?: ReadOptions): Promise<ChainReceipt> {
    return this.client().getReceipt(this.chainId, requestId, options);
  }

  chainInfo(options?: ReadOptions) {
    return this.client().getChainInfo(this.chainId, options);
  }

  identity(options?: RequestOptions) {
    return this.client().getChain(this.chainId, options);
  }

  receiptUrl(requestId: string, block?: string | number): string {
    return this.client().receiptUrl(this.chainId, requestId, block);
  }

  chainInfoUrl(block?: string | number): string {
    return this.client().chainInfoUrl(this.chainId, block);
  }

  identityUrl(): string {
    return this.client().urlOf(['chains', this.chainId]);
  }

  /** Every route names the chain: the node answers for that one or not at all. */
  otherNodeChain(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  /** A Stardust EVM transaction carries its own chain ID: the node is not asked. */
  evmChainId(): Promise<bigint | undefined> {
    return Promise.resolve(undefined);
  }

  knownEvmChainId(): bigint | undefined {
    return undefined;
  }

  get accounts(): AccountShape {
    return stardustAccountShape(this.chainId);
  }

  /** A Stardust entry always names its chain (the node runs many). */
  entryChainId(): Promise<string> {
    return Promise.resolve(this.chainId);
  }
}
