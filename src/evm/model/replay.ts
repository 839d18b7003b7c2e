// Why a failed transaction failed, when neither its receipt says (no `revertReason`: Wasp, anvil)
// nor a call tree was read: ONE `eth_call` of the same transaction (from, to or a creation, data,
// value, gas, its fee fields) at its parent block, the state before its block. A transaction earlier
// in the same block may have changed that state, so the answer is a replay, and is said as one. Never
// a trace: a trace re-runs the whole block on the node. The answer of a revert is an error object
// whose `data` holds the revert bytes (anvil and Wasp: `{"code":3,"message":"execution reverted…",
// "data":"0x…"}`; geth alike; some nodes nest it as `{data: {data: "0x…"}}`): read, checked as hex and
// bounded. Pure: `fetch` is injected.
import * as z from 'zod/mini';
import { clip, revealInvisible } from '../../core/text';
import { rpcAnswer, type RpcFailure } from './jsonRpc';

/** Revert data kept at most (bytes): enough for any error a contract declares with its arguments. */
export const REPLAY_MAX_DATA_BYTES = 8 * 1024;
/** A replay's answer is small; a larger one is not read. */
const REPLAY_MAX_ANSWER_BYTES = 256 * 1024;
/** A node's words for a failure that is not a revert (out of gas…), clipped. */
const MAX_MESSAGE = 200;

/** What the replay sends of the transaction, as `eth_getTransactionByHash` told it. */
export interface ReplayedTx {
  from: string;
  /** Undefined: a contract creation, replayed as one (the input is the init code). */
  to?: string;
  input: string;
  value: bigint;
  gas: bigint;
  gasPrice: bigint;
  /** Set for a type-2 transaction: its fee cap and tip are sent instead of the price. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  blockNumber: bigint;
}

export type ReplayOutcome =
  /** The replay reverted: its revert data (`0x` when it reverted without any). */
  | { ok: true; block: bigint; kind: 'reverted'; data: string }
  /** It failed otherwise (out of gas, an invalid opcode…): the node's words, revealed and clipped. */
  | { ok: true; block: bigint; kind: 'failed'; message: string }
  /** It did not fail at the parent block: an earlier transaction of the block made the difference. */
  | { ok: true; block: bigint; kind: 'succeeded' }
  | RpcFailure;

const q = (v: bigint) => `0x${v.toString(16)}`;

/** The `eth_call` parameters of the replay at block `blockNumber − 1`; undefined for the genesis block (no parent). */
export function replayCallParams(tx: ReplayedTx): [Record<string, string>, string] | undefined {
  if (tx.blockNumber === 0n) return undefined;
  const call: Record<string, string> = { from: tx.from, data: tx.input, value: q(tx.value), gas: q(tx.gas) };
  if (tx.to !== undefined) call.to = tx.to;
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined) {
    call.maxFeePerGas = q(tx.maxFeePerGas);
    call.maxPriorityFeePerGas = q(tx.maxPriorityFeePerGas);
  } else {
    call.gasPrice = q(tx.gasPrice);
  }
  return [call, q(tx.blockNumber - 1n)];
}

const RevertHex = z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/), z.maxLength(2 + 2 * REPLAY_MAX_DATA_BYTES));
const RevertData = z.union([RevertHex, z.object({ data: RevertHex })]);
/** How nodes word a revert (geth, anvil, Wasp: "execution reverted", with or without a reason after it). */
const REVERTED = /^(?:execution )?reverted\b/i;
/** The code geth and anvil give a revert with data (EIP-1474's "execution error"). */
const CODE_REVERTED = 3;

/**
 * How geth, anvil and Wasp word the EVM's other failures (the call ran and failed); anything else is
 * the node's own trouble. anvil (revm) says "EVM error" and its halt reason: `EVM error OutOfGas`.
 */
const EVM_FAILURE =
  /out of gas|invalid opcode|stack (?:underflow|overflow)|invalid jump|write protection|return data out of bounds|max code size exceeded|max initcode size exceeded|insufficient (?:balance|funds)|^EVM error [A-Z]\w*/i;

/**
 * Reads the error object an `eth_call` answered with: a revert with its data (checked, bounded),
 * another failure of the call in the node's words, or `node` when the node could not run it (a
 * pruned state, a limit). Undefined when the object is malformed (its data no bounded hex).
 */
export function readCallError(error: {
  code?: number;
  message?: string;
  data?: unknown;
}): { kind: 'reverted'; data: string } | { kind: 'failed'; message: string } | { kind: 'node'; message: string } | undefined {
  const message = typeof error.message === 'string' ? error.message : '';
  const reverted = error.code === CODE_REVERTED || REVERTED.test(message);
  if (error.data !== undefined && error.data !== null) {
    const data = RevertData.safeParse(error.data);
    if (!data.success) return undefined;
    const hex = (typeof data.data === 'string' ? data.data : data.data.data).toLowerCase();
    if (reverted || hex !== '0x') return { kind: 'reverted', data: hex };
  }
  if (reverted) return { kind: 'reverted', data: '0x' };
  const words = clip(revealInvisible(message || String(error.code ?? '')), MAX_MESSAGE);
  return EVM_FAILURE.test(message) ? { kind: 'failed', message: words } : { kind: 'node', message: words };
}

/** Replays `tx` at its parent block with one `eth_call` to `url`. */
export async function replayTransaction(
  url: string,
  tx: ReplayedTx,
  options: { fetch: typeof globalThis.fetch; signal?: AbortSignal; timeoutMs?: number },
): Promise<ReplayOutcome> {
  const params = replayCallParams(tx);
  if (params === undefined) return { ok: false, reason: 'invalid', detail: 'blockNumber: the genesis block has no parent' };
  const block = tx.blockNumber - 1n;
  const answer = await rpcAnswer(url, 'eth_call', params, { maxBytes: REPLAY_MAX_ANSWER_BYTES, ...options });
  if (!answer.ok) return answer;
  if ('result' in answer.answer) return { ok: true, block, kind: 'succeeded' };
  const read = readCallError(answer.answer.error);
  if (read === undefined) return { ok: false, reason: 'invalid', detail: 'error.data: expected revert data as hex' };
  if (read.kind === 'node') return { ok: false, reason: 'rpcError', detail: read.message };
  return { ok: true, block, ...read };
}
