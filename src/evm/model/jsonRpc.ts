// What the extension asks of a chain's EVM JSON-RPC, each only when the user clicks or a failed
// request's panel opens: eth_getTransactionReceipt ("Load EVM Logs") and debug_traceTransaction with
// the callTracer (the call tree). Which URL is ./rpcTarget.ts's rule; here it must still be http(s)
// without credentials; nothing of ours is sent but the transaction hash (no token, no cookie). Each
// answer is bounded in time and size and validated before use. The requests go through the shared
// transport (api/transport.ts): POSTs, so never retried. Pure: `fetch` is injected.
import * as z from 'zod/mini';
import { externalUrlToOpen } from '../../core/text';
import { ResponseTooLargeError, TimeoutError } from '../../api/errors';
import { send } from '../../api/transport';
import type { EvmLog } from './decode';
import { HEX40, HEX64 } from '../../core/idShapes';
import { parseCallTrace, type CallTrace } from './callTrace';
import { parseStateDiff, type StateDiff } from './stateDiff';

export const RPC_TIMEOUT_MS = 15_000;
export const RPC_MAX_BYTES = 4 * 1024 * 1024;
/** Logs shown at most (a transaction may emit thousands). */
export const MAX_LOGS = 500;
/** A trace re-runs the transaction's whole block on the node, which gives up after 30 s (FACTS §1). */
export const TRACE_TIMEOUT_MS = 35_000;
/**
 * A trace's body is cut here while it streams. Parsing it blocks the extension host (about 0.6 s at
 * the 32 MiB this was): 8 MiB holds what a panel shows, the 20,000 calls the tree keeps with a
 * token transfer's input each (about 7 MB), and the 10,000 storage slots of a state diff with room to spare.
 */
export const TRACE_MAX_BYTES = 8 * 1024 * 1024;

const Hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(2 * RPC_MAX_BYTES));
const LogSchema = z.object({ address: Hex, topics: z.array(Hex).check(z.maxLength(4)), data: Hex });
const ReceiptSchema = z.nullable(
  z.object({ logs: z.array(LogSchema), status: z.optional(z.string()), gasUsed: z.optional(z.string()), effectiveGasPrice: z.optional(z.string()) }),
);
const EnvelopeSchema = z.object({
  result: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.optional(z.number()), message: z.optional(z.string()), data: z.optional(z.unknown()) })),
});

/** The error object a JSON-RPC answered with (its `data` unchecked: the caller reads it). */
export interface RpcErrorObject {
  code?: number;
  message?: string;
  data?: unknown;
}

/** Why a JSON-RPC call gave no result. */
export interface RpcFailure {
  ok: false;
  reason: 'badUrl' | 'notFound' | 'rpcError' | 'methodUnavailable' | 'http' | 'tooLarge' | 'invalid' | 'network' | 'timeout';
  detail?: string;
}

export interface RpcOptions {
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

/** JSON-RPC's "method not found", and what nodes answer for a tracer they do not have. */
const METHOD_NOT_FOUND = -32601;
const UNAVAILABLE_MESSAGE = /method not found|does not exist|not available|not supported|unsupported tracer|not enabled/i;
/** How both generations say that they hold no such transaction (v2 / v1). */
const NOT_FOUND_MESSAGE = /^(?:transaction|tx) not found/i;

/** One call: the result (null when the node holds nothing), or why there is none. */
export async function rpcCall(url: string, method: string, params: unknown[], options: RpcOptions): Promise<{ ok: true; result: unknown } | RpcFailure> {
  const answered = await rpcAnswer(url, method, params, options);
  if (!answered.ok) return answered;
  if ('result' in answered.answer) return { ok: true, result: answered.answer.result };
  const error = answered.answer.error;
  const detail = error.message ?? String(error.code ?? '');
  if (NOT_FOUND_MESSAGE.test(detail)) return { ok: false, reason: 'notFound', detail };
  const unavailable = error.code === METHOD_NOT_FOUND || UNAVAILABLE_MESSAGE.test(detail);
  return { ok: false, reason: unavailable ? 'methodUnavailable' : 'rpcError', detail };
}

/**
 * One call's answer as the JSON-RPC gave it: its result (null when the node holds nothing) or its
 * error object (an `eth_call` that reverted answers one, its data the revert), or why there is neither.
 */
export async function rpcAnswer(
  url: string,
  method: string,
  params: unknown[],
  options: RpcOptions,
): Promise<{ ok: true; answer: { result: unknown } | { error: RpcErrorObject } } | RpcFailure> {
  const checked = externalUrlToOpen(url);
  if (checked === undefined) return { ok: false, reason: 'badUrl' };
  let text: string;
  try {
    const { response, text: body } = await send({
      url: checked,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      // Never a cookie or a redirect to somewhere else: one request to the URL shown.
      credentials: 'omit',
      redirect: 'error',
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? RPC_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? RPC_MAX_BYTES,
      readErrorBody: false,
      fetch: options.fetch,
      context: {},
    });
    if (!response.ok) return { ok: false, reason: 'http', detail: String(response.status) };
    text = body;
  } catch (e) {
    if (e instanceof TimeoutError) return { ok: false, reason: 'timeout' };
    if (e instanceof ResponseTooLargeError) return { ok: false, reason: 'tooLarge' };
    const cause = e instanceof Error && e.cause !== undefined ? e.cause : e;
    return { ok: false, reason: 'network', detail: cause instanceof Error ? cause.message : String(cause) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const parsed = EnvelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const error = parsed.data.error;
  if (error) return { ok: true, answer: { error } };
  return { ok: true, answer: { result: parsed.data.result ?? null } };
}

export type RpcOutcome = { ok: true; logs: EvmLog[]; total: number; status?: string; gasUsed?: bigint; effectiveGasPrice?: bigint } | RpcFailure;

/** Asks `url` for the receipt of `txHash` and returns its logs (at most MAX_LOGS, with the total). */
export async function fetchEvmLogs(url: string, txHash: string, options: RpcOptions): Promise<RpcOutcome> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl' };
  const answer = await rpcCall(url, 'eth_getTransactionReceipt', [txHash.toLowerCase()], options);
  if (!answer.ok) return answer;
  const parsed = ReceiptSchema.safeParse(answer.result);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  const result = parsed.data;
  if (!result) return { ok: false, reason: 'notFound' };
  const out: RpcOutcome = { ok: true, logs: result.logs.slice(0, MAX_LOGS), total: result.logs.length };
  if (result.status !== undefined) out.status = result.status;
  for (const key of ['gasUsed', 'effectiveGasPrice'] as const) {
    if (result[key] === undefined) continue;
    const value = parseQuantity(result[key]);
    if (value === undefined) return { ok: false, reason: 'invalid', detail: `${key}: expected a hex quantity` };
    out[key] = value;
  }
  return out;
}

/** A trace checked and flattened, with the node's answer as it came (what "Copy as JSON" copies). */
export type TraceOutcome = { ok: true; trace: CallTrace; raw: unknown } | RpcFailure;

/**
 * debug_traceTransaction of `txHash` with `tracer` (the config object is always sent: both
 * generations crash without one, FACTS §1), bounded in time and size, its answer read by `parse`.
 */
async function traceWith<T>(
  url: string,
  txHash: string,
  tracer: Record<string, unknown>,
  parse: (result: unknown) => { ok: true; value: T } | { ok: false; field: string; expected: string },
  options: RpcOptions,
): Promise<{ ok: true; value: T; raw: unknown } | RpcFailure> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl' };
  const answer = await rpcCall(url, 'debug_traceTransaction', [txHash.toLowerCase(), tracer], {
    timeoutMs: TRACE_TIMEOUT_MS,
    maxBytes: TRACE_MAX_BYTES,
    ...options,
  });
  if (!answer.ok) return answer;
  if (answer.result === null) return { ok: false, reason: 'notFound' };
  const parsed = parse(answer.result);
  return parsed.ok
    ? { ok: true, value: parsed.value, raw: answer.result }
    : { ok: false, reason: 'invalid', detail: `${parsed.field}: expected ${parsed.expected}` };
}

/** Asks `url` for the call tree of `txHash`: the callTracer with each frame's logs. */
export async function fetchCallTrace(url: string, txHash: string, options: RpcOptions): Promise<TraceOutcome> {
  const t = await traceWith(url, txHash, { tracer: 'callTracer', tracerConfig: { withLog: true } }, (r) => byTrace(parseCallTrace(r)), options);
  return t.ok ? { ok: true, trace: t.value, raw: t.raw } : t;
}

export type StateDiffOutcome = { ok: true; diff: StateDiff } | RpcFailure;

/**
 * Asks `url` what `txHash` changed: the prestateTracer in diff mode (Wasp 2 only; a Wasp 1 node
 * answers "unsupported tracer type", which reads as methodUnavailable).
 */
export async function fetchStateDiff(url: string, txHash: string, options: RpcOptions): Promise<StateDiffOutcome> {
  const t = await traceWith(url, txHash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }, (r) => byDiff(parseStateDiff(r)), options);
  return t.ok ? { ok: true, diff: t.value } : t;
}

const byTrace = (p: ReturnType<typeof parseCallTrace>) => (p.ok ? { ok: true as const, value: p.trace } : p);
const byDiff = (p: ReturnType<typeof parseStateDiff>) => (p.ok ? { ok: true as const, value: p.diff } : p);

const UINT64_MAX = 2n ** 64n - 1n;
const UINT256_MAX = 2n ** 256n - 1n;
/** A JSON-RPC quantity: `0x` and hex digits without leading zeros (geth's hexutil.Big; `0x0` for zero), at most 64 digits. */
const QUANTITY = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;

/** A quantity as bigint when it is one and at most `max`; undefined for anything else (leading zeros, a number, too large). */
export function parseQuantity(value: unknown, max: bigint = UINT256_MAX): bigint | undefined {
  if (typeof value !== 'string' || !QUANTITY.test(value)) return undefined;
  const v = BigInt(value);
  return v <= max ? v : undefined;
}

export type QuantityOutcome = { ok: true; value: bigint } | RpcFailure;

async function quantityCall(url: string, method: string, params: unknown[], max: bigint, options: RpcOptions): Promise<QuantityOutcome> {
  const answer = await rpcCall(url, method, params, options);
  if (!answer.ok) return answer;
  const value = parseQuantity(answer.result, max);
  return value === undefined
    ? { ok: false, reason: 'invalid', detail: `result: expected a hex quantity at most ${max === UINT64_MAX ? '2^64-1' : '2^256-1'}` }
    : { ok: true, value };
}

/** A block tag a Wasp node reads (latest, pending, safe and finalized all mean latest there) or a block number. */
export type RpcBlock = 'latest' | bigint;

function blockParam(block: RpcBlock): string {
  return block === 'latest' ? 'latest' : `0x${block.toString(16)}`;
}

/**
 * `eth_getTransactionCount(address, block)`: the sender's next nonce, the EVM-state nonce that the
 * mempool and the VM check (FACTS §1); a uint64.
 */
export function fetchTransactionCount(url: string, address: string, options: RpcOptions & { block?: RpcBlock }): Promise<QuantityOutcome> {
  if (!HEX40.test(address)) return Promise.resolve({ ok: false, reason: 'badUrl', detail: 'address' });
  return quantityCall(url, 'eth_getTransactionCount', [address.toLowerCase(), blockParam(options.block ?? 'latest')], UINT64_MAX, options);
}

/** `eth_gasPrice`: the chain's gas price in wei (from its fee policy, FACTS §1). */
export function fetchGasPrice(url: string, options: RpcOptions): Promise<QuantityOutcome> {
  return quantityCall(url, 'eth_gasPrice', [], UINT256_MAX, options);
}

/** `eth_getBalance(address, block)`: the account's L2 base tokens in wei (18 decimals), the sub-unit remainder included. */
export function fetchBalance(url: string, address: string, options: RpcOptions & { block?: RpcBlock }): Promise<QuantityOutcome> {
  if (!HEX40.test(address)) return Promise.resolve({ ok: false, reason: 'badUrl', detail: 'address' });
  return quantityCall(url, 'eth_getBalance', [address.toLowerCase(), blockParam(options.block ?? 'latest')], UINT256_MAX, options);
}

/** What `eth_getTransactionByHash` says of an included transaction (Wasp sends no `type` or `chainId`). */
export interface IncludedTx {
  hash: string;
  /** Lower-case. */
  from: string;
  nonce: bigint;
  blockNumber: bigint;
  gas: bigint;
  gasPrice: bigint;
}

const TxByHashSchema = z.object({
  hash: z.string().check(z.regex(HEX64)),
  from: z.string().check(z.regex(HEX40)),
  nonce: z.string(),
  // null while pending in the node's pool (geth, anvil and the like have one; a Wasp node has none).
  blockNumber: z.nullable(z.string()),
  gas: z.string(),
  gasPrice: z.string(),
});

/**
 * `eth_getTransactionByHash`: the transaction once it is in a block, or `{ok: true, tx: null}` when
 * it is in none: a Wasp node shows nothing of a transaction before inclusion (no pending state), a
 * node with a pool answers it with a null block; so null says "not included (yet)", never "unknown".
 */
export async function fetchTransactionByHash(url: string, txHash: string, options: RpcOptions): Promise<{ ok: true; tx: IncludedTx | null } | RpcFailure> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl', detail: 'hash' };
  const answer = await rpcCall(url, 'eth_getTransactionByHash', [txHash.toLowerCase()], options);
  if (!answer.ok) return answer.reason === 'notFound' ? { ok: true, tx: null } : answer;
  if (answer.result === null) return { ok: true, tx: null };
  const parsed = TxByHashSchema.safeParse(answer.result);
  if (!parsed.success) return { ok: false, reason: 'invalid', detail: parsed.error.issues[0]?.path.map(String).join('.') ?? '' };
  const r = parsed.data;
  if (r.blockNumber === null) return { ok: true, tx: null };
  const nonce = parseQuantity(r.nonce, UINT64_MAX);
  const blockNumber = parseQuantity(r.blockNumber, UINT64_MAX);
  const gas = parseQuantity(r.gas, UINT64_MAX);
  const gasPrice = parseQuantity(r.gasPrice);
  const bad =
    nonce === undefined ? 'nonce' : blockNumber === undefined ? 'blockNumber' : gas === undefined ? 'gas' : gasPrice === undefined ? 'gasPrice' : undefined;
  if (bad !== undefined || nonce === undefined || blockNumber === undefined || gas === undefined || gasPrice === undefined)
    return { ok: false, reason: 'invalid', detail: bad };
  if (r.hash.toLowerCase() !== txHash.toLowerCase()) return { ok: false, reason: 'invalid', detail: 'hash' };
  return { ok: true, tx: { hash: r.hash.toLowerCase(), from: r.from.toLowerCase(), nonce, blockNumber, gas, gasPrice } };
}
