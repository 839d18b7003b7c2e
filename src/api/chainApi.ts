// What the features ask of ONE chain on a node, whatever generation the node runs: one
// implementation per generation (stardustChain.ts, rebasedChain.ts), chosen once per chain entry
// (config/nodeClients.ts), so that a feature asks this interface and never the generation. Pure.
import type { AccountShape } from './accountShape';
import type { BlockInfo, Events } from './chainLogSchemas';
import type { ReadOptions } from './client';
import type { Generation } from './generation';
import type { CheckedAgent } from './ids';
import type { RequestIdShape } from '../core/idShapes';
import type { GenerationTraits } from './traits';
import type { RebasedAccountBalance, RebasedChainInfo, RebasedChainResponse, RebasedReceipt } from './rebasedSchemas';
import type { AccountBalance, ChainInfo, ChainInfoResponse, Receipt } from './stardustSchemas';

/** A receipt as either generation's node sends it. */
export type ChainReceipt = Receipt | RebasedReceipt;
/** The governance chain info (owner or admin, fee policy, limits, metadata). */
export type GovernanceInfo = ChainInfo | RebasedChainInfo;
/**
 * An account's (or the chain's total) L2 assets as either generation's node sends them: base tokens
 * in the smallest unit without the wei remainder, Stardust native tokens `{id, amount}`, Rebased
 * coins `{coinType, balance}`. api/holdings.ts makes one view of both.
 */
export type AccountAssets = AccountBalance | RebasedAccountBalance;
/** The chain's identity answer: `GET /v1/chains/{id}` (Stardust) or `GET /v1/chain` (Rebased): ID, isActive, evmChainId. */
export type ChainIdentity = ChainInfoResponse | RebasedChainResponse;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Receives the body exactly as the node sent it, once it validated ("open raw JSON"). */
  onBody?: (text: string) => void;
}

export interface ChainApi {
  /** What the node runs: for what a user reads (labels, hints), never to pick a route. */
  readonly generation: Generation;
  /** What differs on this generation's node (burn codes, fee rule, tracer, ID forms), for features to ask. */
  readonly traits: GenerationTraits;
  /**
   * The request ID as this chain's node knows it, or undefined when the chain must not be asked:
   * a Stardust ID is never sent to a Rebased node; an EVM hash reaches a Stardust node (as hash +
   * 0000) only when the user allows it.
   */
  requestIdFor(id: RequestIdShape, allowStardustHash: boolean): string | undefined;
  /** The receipt of a request (latest state, or at `options.block`). */
  receipt(requestId: string, options?: ReadOptions): Promise<ChainReceipt>;
  /** The governance chain info (latest state, or at `options.block`). */
  chainInfo(options?: ReadOptions): Promise<GovernanceInfo>;
  /** The chain's identity answer (latest state only). */
  identity(options?: RequestOptions): Promise<ChainIdentity>;
  blockInfo(block: number | 'latest', options?: { signal?: AbortSignal }): Promise<BlockInfo>;
  /** Every receipt of one block, in one request. */
  blockReceipts(block: number | 'latest', options?: RequestOptions): Promise<ChainReceipt[]>;
  /** The events a request emitted. */
  requestEvents(requestId: string, options?: { signal?: AbortSignal }): Promise<Events>;
  /** The long poll: the receipt once the node processed the request, undefined when the wait ended without it. */
  waitForRequest(requestId: string, options?: { timeoutSeconds?: number; signal?: AbortSignal }): Promise<ChainReceipt | undefined>;
  /**
   * An agent's L2 balance (latest state, or at `options.block`). The agent ID is checked for this
   * chain's generation before any request (api/ids.ts checkAgentId): an EVM address (`0x` + 40 hex,
   * EIP-55 when mixed case) works on both, a Stardust chain asks for it as `0x…@chainID`.
   */
  accountBalance(agentId: string, options?: ReadOptions): Promise<AccountAssets>;
  /** The NFT IDs (Stardust) or object IDs (Rebased) the agent holds. */
  accountNfts(agentId: string, options?: ReadOptions): Promise<string[]>;
  /** A non-EVM agent's next off-ledger nonce; an EVM address is refused before any request (use eth_getTransactionCount). */
  accountNonce(agentId: string, options?: ReadOptions): Promise<bigint>;
  /** What the chain holds in all (`total_assets`). */
  totalAssets(options?: ReadOptions): Promise<AccountAssets>;
  /** The URL of an account read, for "open raw JSON" (`agentId` undefined: total_assets). */
  accountUrl(agentId: string | undefined, what: 'balance' | 'nfts' | 'nonce' | 'total_assets', block?: string | number): string;
  /** The URLs "open raw JSON" shows (never with a token). */
  receiptUrl(requestId: string, block?: string | number): string;
  chainInfoUrl(block?: string | number): string;
  identityUrl(): string;
  /**
   * The chain the node runs when it is not the one the entry names (its receipts are then not the
   * entry's); undefined when they agree, or when the route itself names the chain.
   */
  otherNodeChain(): Promise<string | undefined>;
  /** The node's EVM chain ID (for explorer links), when the node tells it; never throws. */
  evmChainId(): Promise<bigint | undefined>;
  /** The same, only when an answer was read already (no request: the hover's). */
  knownEvmChainId(): bigint | undefined;

  // Accounts and the live feed: what they do differently per generation, asked here.
  /** The agent as this chain's node takes it, checked before any request (api/ids.ts checkAgentId); an InvalidInputError otherwise. */
  parseAgent(input: string): CheckedAgent;
  /** What an account read asks besides the accounts routes, and how its agent and holdings are shown. */
  readonly accounts: AccountShape;
  /**
   * The chain this entry reads, by its ID: the one the entry names, or (a Rebased entry that names
   * none) the one its node runs, from the detection's answer or read once; a failure is thrown.
   */
  entryChainId(): Promise<string>;
}
