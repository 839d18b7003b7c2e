// What a replay needs from the node, fetched once: the transaction, its block header, its receipt's
// status and gas, the pre-state of every account it touches (the prestateTracer, not in diff mode)
// and its call tree (the callTracer, ../../evm/model/jsonRpc.ts's). Each answer goes through that
// module's call (bounded in time and size, no cookie, no redirect) and is validated here; a field
// that fails is named. Pure: `fetch` is injected.
import * as z from 'zod/mini';
import { HEX40, HEX64 } from '../../core/idShapes';
import { hexToBytes } from '../../core/hex';
import { fetchCallTrace, parseQuantity, rpcCall, TRACE_MAX_BYTES, TRACE_TIMEOUT_MS, type RpcFailure } from '../../evm/model/jsonRpc';
import { fetchChainId, fetchEvmReceipt, TxSchema as EvmTxSchema } from '../../evm/model/txRpc';
import type { CallTrace } from '../../evm/model/callTrace';

export interface ReplayInputsOptions {
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal;
}

export interface AccessListItem {
  address: string;
  storageKeys: string[];
}

/** The transaction as `eth_getTransactionByHash` tells it, with what its type needs to run again. */
export interface ReplayTx {
  hash: string;
  /** Lower-case. */
  from: string;
  /** Lower-case; undefined for a creation. */
  to?: string;
  input: Uint8Array;
  value: bigint;
  nonce: bigint;
  gas: bigint;
  gasPrice: bigint;
  /** 0 legacy (Wasp sends no type), 1 access list, 2 fee market. */
  type: 0 | 1 | 2;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  accessList: AccessListItem[];
  chainId?: bigint;
  blockNumber: bigint;
}

/** The block header fields the EVM reads, and the ones that tell which fork made the block. */
export interface ReplayBlock {
  number: bigint;
  timestamp: bigint;
  coinbase: string;
  gasLimit: bigint;
  difficulty: bigint;
  baseFeePerGas?: bigint;
  /** mixHash: PREVRANDAO after the merge. */
  mixHash?: string;
  withdrawalsRoot?: string;
  blobGasUsed?: bigint;
  excessBlobGas?: bigint;
  parentBeaconBlockRoot?: string;
  requestsHash?: string;
}

export interface PrestateAccount {
  balance: bigint;
  nonce: bigint;
  code: Uint8Array;
  storage: Map<bigint, bigint>;
}

export interface ReplayInputs {
  chainId: bigint;
  tx: ReplayTx;
  block: ReplayBlock;
  receipt: { status?: 0 | 1; gasUsed: bigint };
  /** By lower-case address. */
  prestate: Map<string, PrestateAccount>;
  trace: CallTrace;
}

export type ReplayInputsOutcome =
  { ok: true; inputs: ReplayInputs } | (RpcFailure & { what: 'transaction' | 'block' | 'receipt' | 'prestate' | 'callTrace' | 'chainId' });

/** Words of the failure when the node has no prestateTracer (Wasp 1, some providers). */
export const NO_PRESTATE_TRACER = 'the node does not serve the prestateTracer, which a replay needs: the pre-state of every account the transaction touches';

const UINT64_MAX = 2n ** 64n - 1n;
const Hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(2 * TRACE_MAX_BYTES));
const Word = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/));
const Address = z.string().check(z.regex(HEX40));
const Opt = <T extends z.core.SomeType>(t: T) => z.optional(z.nullable(t));
/** The transaction as the replay reads it: what the receipt's reading checks, and the fields a replay needs besides. */
const TxSchema = z.extend(EvmTxSchema, {
  chainId: Opt(z.string()),
  accessList: Opt(z.array(z.object({ address: Address, storageKeys: z.array(z.string().check(z.regex(HEX64))) }))),
});
const BlockSchema = z.object({
  number: z.string(),
  timestamp: z.string(),
  miner: Address,
  gasLimit: z.string(),
  difficulty: Opt(z.string()),
  baseFeePerGas: Opt(z.string()),
  mixHash: Opt(z.string().check(z.regex(HEX64))),
  withdrawalsRoot: Opt(z.string().check(z.regex(HEX64))),
  blobGasUsed: Opt(z.string()),
  excessBlobGas: Opt(z.string()),
  parentBeaconBlockRoot: Opt(z.string().check(z.regex(HEX64))),
  requestsHash: Opt(z.string().check(z.regex(HEX64))),
});
const AccountSchema = z.object({
  balance: Opt(Word),
  // Wasp 2 and anvil send the nonce as a JSON number; geth's older tracer as a quantity.
  nonce: Opt(z.union([z.number().check(z.int(), z.nonnegative()), Word])),
  code: Opt(Hex),
  storage: Opt(z.record(z.string().check(z.regex(HEX64)), Word)),
});
const PrestateSchema = z.record(z.string().check(z.regex(HEX40)), AccountSchema);

type Failure = RpcFailure & { what: 'transaction' | 'block' | 'receipt' | 'prestate' | 'callTrace' | 'chainId' };
const invalid = (what: Failure['what'], detail: string): Failure => ({ ok: false, reason: 'invalid', detail, what });
const pathOf = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }>) => issues[0]?.path.map(String).join('.') ?? '';

/** Each named quantity read, or the name of the first that is not one. */
function quantities<K extends string>(fields: Record<K, unknown>, max = UINT64_MAX): { ok: true; values: Record<K, bigint> } | { ok: false; field: K } {
  const values = {} as Record<K, bigint>;
  for (const key of Object.keys(fields) as K[]) {
    const v = parseQuantity(fields[key], max);
    if (v === undefined) return { ok: false, field: key };
    values[key] = v;
  }
  return { ok: true, values };
}

function txOf(raw: z.infer<typeof TxSchema>): ReplayTx | string {
  const q = quantities({ value: raw.value, nonce: raw.nonce, gas: raw.gas, gasPrice: raw.gasPrice, blockNumber: raw.blockNumber }, 2n ** 256n - 1n);
  if (!q.ok) return q.field;
  const input = hexToBytes(raw.input);
  if (input === undefined) return 'input';
  const type = raw.type === undefined || raw.type === null || raw.type === '0x0' ? 0 : raw.type === '0x1' ? 1 : raw.type === '0x2' ? 2 : undefined;
  if (type === undefined) return 'type';
  const tx: ReplayTx = { hash: raw.hash.toLowerCase(), from: raw.from.toLowerCase(), input, type, accessList: [], ...q.values };
  if (raw.to) tx.to = raw.to.toLowerCase();
  if (raw.accessList) tx.accessList = raw.accessList.map((a) => ({ address: a.address.toLowerCase(), storageKeys: a.storageKeys.map((k) => k.toLowerCase()) }));
  if (raw.chainId !== undefined && raw.chainId !== null) {
    const chainId = parseQuantity(raw.chainId, UINT64_MAX);
    if (chainId === undefined) return 'chainId';
    tx.chainId = chainId;
  }
  if (type === 2) {
    const fees = quantities({ maxFeePerGas: raw.maxFeePerGas, maxPriorityFeePerGas: raw.maxPriorityFeePerGas }, 2n ** 256n - 1n);
    if (!fees.ok) return fees.field;
    Object.assign(tx, fees.values);
  }
  return tx;
}

function blockOf(raw: z.infer<typeof BlockSchema>): ReplayBlock | string {
  const q = quantities({ number: raw.number, timestamp: raw.timestamp, gasLimit: raw.gasLimit });
  if (!q.ok) return q.field;
  const block: ReplayBlock = { ...q.values, coinbase: raw.miner.toLowerCase(), difficulty: 0n };
  for (const key of ['difficulty', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas'] as const) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    const parsed = parseQuantity(v, 2n ** 256n - 1n);
    if (parsed === undefined) return key;
    block[key] = parsed;
  }
  for (const key of ['mixHash', 'withdrawalsRoot', 'parentBeaconBlockRoot', 'requestsHash'] as const) {
    const v = raw[key];
    if (v !== undefined && v !== null) block[key] = v.toLowerCase();
  }
  return block;
}

/** The prestateTracer's answer as accounts, or the field that is not what the tracer sends. */
export function parsePrestate(result: unknown): { ok: true; prestate: Map<string, PrestateAccount> } | { ok: false; field: string } {
  const parsed = PrestateSchema.safeParse(result);
  if (!parsed.success) return { ok: false, field: pathOf(parsed.error.issues) };
  const prestate = new Map<string, PrestateAccount>();
  for (const [address, a] of Object.entries(parsed.data)) {
    const code = hexToBytes(a.code ?? '0x');
    if (code === undefined) return { ok: false, field: `${address}.code` };
    const storage = new Map<bigint, bigint>();
    for (const [slot, value] of Object.entries(a.storage ?? {})) storage.set(BigInt(slot), BigInt(value));
    const nonce = a.nonce === undefined || a.nonce === null ? 0n : BigInt(a.nonce);
    if (nonce > UINT64_MAX) return { ok: false, field: `${address}.nonce` };
    prestate.set(address.toLowerCase(), { balance: BigInt(a.balance ?? '0x0'), nonce, code, storage });
  }
  return { ok: true, prestate };
}

async function fetchPrestate(url: string, hash: string, options: ReplayInputsOptions): Promise<{ ok: true; prestate: Map<string, PrestateAccount> } | Failure> {
  // The config object is always sent: Wasp's tracer fails without one (FACTS §1).
  const answer = await rpcCall(url, 'debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: false } }], {
    ...options,
    timeoutMs: TRACE_TIMEOUT_MS,
    maxBytes: TRACE_MAX_BYTES,
  });
  if (!answer.ok) return answer.reason === 'methodUnavailable' ? { ...answer, detail: NO_PRESTATE_TRACER, what: 'prestate' } : { ...answer, what: 'prestate' };
  if (answer.result === null) return { ok: false, reason: 'notFound', what: 'prestate' };
  const parsed = parsePrestate(answer.result);
  return parsed.ok ? parsed : invalid('prestate', parsed.field);
}

async function fetchTx(url: string, hash: string, options: ReplayInputsOptions): Promise<{ ok: true; tx: ReplayTx } | Failure> {
  const answer = await rpcCall(url, 'eth_getTransactionByHash', [hash], options);
  if (!answer.ok) return { ...answer, what: 'transaction' };
  if (answer.result === null) return { ok: false, reason: 'notFound', what: 'transaction' };
  const parsed = TxSchema.safeParse(answer.result);
  if (!parsed.success) return invalid('transaction', pathOf(parsed.error.issues));
  if (parsed.data.hash.toLowerCase() !== hash) return invalid('transaction', 'hash');
  if (parsed.data.blockNumber === null) return { ok: false, reason: 'notFound', detail: 'not in a block yet', what: 'transaction' };
  const tx = txOf(parsed.data);
  return typeof tx === 'string' ? invalid('transaction', tx) : { ok: true, tx };
}

async function fetchBlock(url: string, number: bigint, options: ReplayInputsOptions): Promise<{ ok: true; block: ReplayBlock } | Failure> {
  const answer = await rpcCall(url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, false], options);
  if (!answer.ok) return { ...answer, what: 'block' };
  if (answer.result === null) return { ok: false, reason: 'notFound', what: 'block' };
  const parsed = BlockSchema.safeParse(answer.result);
  if (!parsed.success) return invalid('block', pathOf(parsed.error.issues));
  const block = blockOf(parsed.data);
  if (typeof block === 'string') return invalid('block', block);
  return block.number === number ? { ok: true, block } : invalid('block', 'number');
}

/**
 * Everything a replay of `txHash` needs, from the EVM JSON-RPC at `url`: the transaction first (its
 * block number names the header), then the header, receipt, pre-state and call tree together.
 */
export async function fetchReplayInputs(url: string, txHash: string, options: ReplayInputsOptions): Promise<ReplayInputsOutcome> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl', detail: 'hash', what: 'transaction' };
  const hash = txHash.toLowerCase();
  const tx = await fetchTx(url, hash, options);
  if (!tx.ok) return tx;
  const [block, receipt, prestate, trace, chainId] = await Promise.all([
    fetchBlock(url, tx.tx.blockNumber, options),
    fetchEvmReceipt(url, hash, options),
    fetchPrestate(url, hash, options),
    fetchCallTrace(url, hash, options),
    tx.tx.chainId === undefined ? fetchChainId(url, options) : Promise.resolve({ ok: true as const, value: tx.tx.chainId }),
  ]);
  if (!block.ok) return block;
  if (!receipt.ok) return { ...receipt, what: 'receipt' };
  if (!prestate.ok) return prestate;
  if (!trace.ok) return { ...trace, what: 'callTrace' };
  if (!chainId.ok) return { ...chainId, what: 'chainId' };
  const r = receipt.receipt;
  return {
    ok: true,
    inputs: {
      chainId: chainId.value,
      tx: tx.tx,
      block: block.block,
      receipt: r.status === undefined ? { gasUsed: r.gasUsed } : { status: r.status, gasUsed: r.gasUsed },
      prestate: prestate.prestate,
      trace: trace.trace,
    },
  };
}
