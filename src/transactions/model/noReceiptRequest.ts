// "Why no receipt?" for a request ID of the L1-output form, 0x + 68 hex: a 32-byte L1 transaction
// ID and a little-endian uint16 output index (FACTS "Identifiers"). Only index 0000 can be an
// off-ledger request, such as an EVM transaction (its hash + 0000); any other index is an
// on-ledger request, an output an L1 transaction sent to a chain's address, with no signed EVM
// transaction to read. A node shows nothing of a request before it processes it (its mempool route
// is for admins, and is_processed answers false for a pruned request too, so it says no more than
// the receipt's 404: EVM-ACCOUNTS-WS-FACTS §3). What a chain can say is whether it is active, which
// EVM chain ID it has, and its latest block. Pure.
import type { ChainApi } from '../../api/chainApi';
import { NotFoundError } from '../../api/errors';
import type { Generation } from '../../api/generation';
import { evmShaped } from '../../api/traits';
import { STARDUST_REQUEST_ID } from '../../core/idShapes';

/** What a request ID of the L1-output form names. */
export interface RequestIdReading {
  /** Lower-case `0x` + 68 hex. */
  requestId: string;
  /** The L1 transaction that made the output (`0x` + 64 hex). */
  transactionId: string;
  /** The output's index in that transaction. */
  outputIndex: number;
  /** The EVM transaction hash the ID can be (index 0 only). */
  evmHash: string | undefined;
}

/** What an ID of the L1-output form names; undefined for any other form (an EVM hash: the EVM diagnosis alone). */
export function readRequestId(requestId: string): RequestIdReading | undefined {
  const id = requestId.trim().toLowerCase();
  if (!STARDUST_REQUEST_ID.test(id)) return undefined;
  const transactionId = id.slice(0, 66);
  const le = id.slice(66);
  const outputIndex = Number.parseInt(le.slice(2, 4) + le.slice(0, 2), 16);
  return { requestId: id, transactionId, outputIndex, evmHash: outputIndex === 0 ? transactionId : undefined };
}

/** What one chain says that bears on a request it has no receipt for; a fact whose answer failed is absent. */
export interface RequestChainFacts {
  /** The chain's identity: an inactive chain processes nothing. */
  active?: boolean;
  evmChainId?: bigint;
  /** The chain's latest block: whether it is making blocks at all. */
  latestBlock?: { index: number; timestamp: string };
  /** Asked only of a chain the receipt lookup did not ask: the block of its receipt, or null when it has none. */
  receipt?: { blockIndex: number } | null;
}

/** Which answers failed, and why. */
export type RequestFactFailures = Partial<Record<'identity' | 'latestBlock' | 'receipt', string>>;

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Asks the chain's identity and latest block at once, and its receipt of `requestId` when given; never throws for a failed answer. */
export async function gatherRequestFacts(
  api: Pick<ChainApi, 'identity' | 'blockInfo' | 'receipt'>,
  requestId: string | undefined,
  signal?: AbortSignal,
): Promise<{ facts: RequestChainFacts; failures: RequestFactFailures }> {
  const options = signal ? { signal } : {};
  const [identity, block, receipt] = await Promise.allSettled([
    api.identity(options),
    api.blockInfo('latest', options),
    requestId === undefined ? Promise.resolve(undefined) : api.receipt(requestId, options),
  ]);
  const facts: RequestChainFacts = {};
  const failures: RequestFactFailures = {};
  if (identity.status === 'fulfilled') {
    facts.active = identity.value.isActive;
    facts.evmChainId = BigInt(identity.value.evmChainId);
  } else failures.identity = reasonOf(identity.reason);
  if (block.status === 'fulfilled') facts.latestBlock = { index: block.value.blockIndex, timestamp: block.value.timestamp };
  else failures.latestBlock = reasonOf(block.reason);
  if (receipt.status === 'fulfilled') {
    if (receipt.value !== undefined) facts.receipt = { blockIndex: receipt.value.blockIndex };
  } else if (receipt.reason instanceof NotFoundError) facts.receipt = null;
  else failures.receipt = reasonOf(receipt.reason);
  return { facts, failures };
}

/** Whether "Why no receipt?" has something to say of the ID on a chain of that generation: an EVM transaction, or any ID of the L1-output form. */
export function diagnosable(requestId: string, generation: Generation): boolean {
  return evmShaped(requestId, generation) || readRequestId(requestId) !== undefined;
}

/** Chains asked at once at most: the rest of the lookup order is named, not asked. */
export const MAX_DIAGNOSED_CHAINS = 4;

/** The chains to ask, in lookup order, at most MAX_DIAGNOSED_CHAINS, and those left out. */
export function chainsToAsk<C>(chains: readonly C[]): { asked: C[]; left: C[] } {
  return { asked: chains.slice(0, MAX_DIAGNOSED_CHAINS), left: chains.slice(MAX_DIAGNOSED_CHAINS) };
}

/**
 * Whether the EVM checks of a transaction belong on a chain: not when the transaction is signed for
 * another EVM chain ID than the chain's (the node refuses it at ingress, and the chain's nonce and
 * balance say nothing of it). Unknown either side: they are made.
 */
export function evmChecksBelong(txChainId: bigint | undefined, chainEvmId: bigint | undefined): boolean {
  return txChainId === undefined || chainEvmId === undefined || txChainId === chainEvmId;
}
