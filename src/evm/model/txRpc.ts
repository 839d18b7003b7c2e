// What a chain known only by its EVM JSON-RPC is asked (no web API to ask instead): its EVM chain ID
// and latest block (the Chains view), and one transaction with its EVM receipt (the hover and "Show
// Request Receipt"). Each answer goes through ./jsonRpc.ts's call (bounded in time and size, no
// cookie, no redirect) and is validated here: quantities as bigint within their bounds, addresses
// and hashes by shape, data as hex; anything else is an `invalid` failure naming the field. Pure.
import * as z from 'zod/mini';
import type { EvmLog } from './decode';
import { HEX40, HEX64 } from '../../core/idShapes';
import { MAX_LOGS, parseQuantity, RPC_MAX_BYTES, rpcCall, type RpcFailure } from './jsonRpc';

interface RpcOptions {
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxBytes?: number;
}

const UINT64_MAX = 2n ** 64n - 1n;

async function quantity(url: string, method: string, max: bigint, options: RpcOptions): Promise<{ ok: true; value: bigint } | RpcFailure> {
  const answer = await rpcCall(url, method, [], options);
  if (!answer.ok) return answer;
  const value = parseQuantity(answer.result, max);
  return value === undefined ? { ok: false, reason: 'invalid', detail: 'result: expected a hex quantity' } : { ok: true, value };
}

/** `eth_chainId`: the chain's EVM chain ID (a uint64). */
export function fetchChainId(url: string, options: RpcOptions): Promise<{ ok: true; value: bigint } | RpcFailure> {
  return quantity(url, 'eth_chainId', UINT64_MAX, options);
}

/** `eth_blockNumber`: the latest EVM block (= the ISC block index on a Wasp chain). */
export function fetchBlockNumber(url: string, options: RpcOptions): Promise<{ ok: true; value: bigint } | RpcFailure> {
  return quantity(url, 'eth_blockNumber', UINT64_MAX, options);
}

/** A transaction as `eth_getTransactionByHash` tells it once it is in a block. */
export interface EvmTransaction {
  hash: string;
  /** Lower-case. */
  from: string;
  /** Lower-case; undefined for a contract creation. */
  to?: string;
  /** The call data, `0x` + hex. */
  input: string;
  value: bigint;
  nonce: bigint;
  gas: bigint;
  gasPrice: bigint;
  blockNumber: bigint;
  /** A type-2 (EIP-1559) transaction's fee cap and tip (Wasp sends no type: its transactions have neither). */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/** A transaction's EVM receipt as `eth_getTransactionReceipt` tells it. */
export interface EvmReceipt {
  /** 1 succeeded, 0 failed; undefined when the JSON-RPC leaves it out (pre-Byzantium shapes). */
  status?: 0 | 1;
  gasUsed: bigint;
  effectiveGasPrice?: bigint;
  blockNumber: bigint;
  /** Lower-case; set when the transaction created a contract. */
  contractAddress?: string;
  /** The first MAX_LOGS logs, and how many there were. */
  logs: EvmLog[];
  totalLogs: number;
  /** What some JSON-RPCs add to a failed receipt (Besu, Hedera…): revert data as hex, or a reason as text. Wasp sends none. */
  revertReason?: string;
}

const Hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(2 * RPC_MAX_BYTES));
const Address = z.string().check(z.regex(HEX40));
/** `eth_getTransactionByHash`'s answer as both generations and anvil send it (what the callers read of it). */
export const TxSchema = z.object({
  hash: z.string().check(z.regex(HEX64)),
  from: Address,
  to: z.optional(z.nullable(Address)),
  input: Hex,
  value: z.string(),
  nonce: z.string(),
  gas: z.string(),
  gasPrice: z.string(),
  blockNumber: z.nullable(z.string()),
  type: z.optional(z.nullable(z.string())),
  maxFeePerGas: z.optional(z.nullable(z.string())),
  maxPriorityFeePerGas: z.optional(z.nullable(z.string())),
});
const LogSchema = z.object({ address: Address, topics: z.array(z.string().check(z.regex(HEX64))).check(z.maxLength(4)), data: Hex });
const ReceiptSchema = z.object({
  transactionHash: z.optional(z.string().check(z.regex(HEX64))),
  status: z.optional(z.nullable(z.string())),
  gasUsed: z.string(),
  effectiveGasPrice: z.optional(z.nullable(z.string())),
  blockNumber: z.string(),
  contractAddress: z.optional(z.nullable(Address)),
  logs: z.array(LogSchema),
  revertReason: z.optional(z.nullable(z.string().check(z.maxLength(2 * RPC_MAX_BYTES)))),
});

const invalid = (detail: string): RpcFailure => ({ ok: false, reason: 'invalid', detail });
const firstPath = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }>) => issues[0]?.path.map(String).join('.') ?? '';

/** `eth_getTransactionByHash`: the transaction, or `{ok: true, tx: null}` when the JSON-RPC holds none (or not in a block yet). */
export async function fetchEvmTransaction(url: string, txHash: string, options: RpcOptions): Promise<{ ok: true; tx: EvmTransaction | null } | RpcFailure> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl', detail: 'hash' };
  const answer = await rpcCall(url, 'eth_getTransactionByHash', [txHash.toLowerCase()], options);
  if (!answer.ok) return answer.reason === 'notFound' ? { ok: true, tx: null } : answer;
  if (answer.result === null) return { ok: true, tx: null };
  const parsed = TxSchema.safeParse(answer.result);
  if (!parsed.success) return invalid(firstPath(parsed.error.issues));
  const r = parsed.data;
  if (r.hash.toLowerCase() !== txHash.toLowerCase()) return invalid('hash');
  // Pending (no block yet): a Wasp node never shows one; another JSON-RPC may.
  if (r.blockNumber === null) return { ok: true, tx: null };
  const fields = {
    value: parseQuantity(r.value),
    nonce: parseQuantity(r.nonce, UINT64_MAX),
    gas: parseQuantity(r.gas, UINT64_MAX),
    gasPrice: parseQuantity(r.gasPrice),
    blockNumber: parseQuantity(r.blockNumber, UINT64_MAX),
  };
  const { value, nonce, gas, gasPrice, blockNumber } = fields;
  if (value === undefined || nonce === undefined || gas === undefined || gasPrice === undefined || blockNumber === undefined)
    return invalid(Object.entries(fields).find(([, v]) => v === undefined)?.[0] ?? '');
  const tx: EvmTransaction = { hash: r.hash.toLowerCase(), from: r.from.toLowerCase(), input: r.input.toLowerCase(), value, nonce, gas, gasPrice, blockNumber };
  if (r.to !== undefined && r.to !== null) tx.to = r.to.toLowerCase();
  if (r.type === '0x2') {
    const maxFeePerGas = parseQuantity(r.maxFeePerGas);
    const maxPriorityFeePerGas = parseQuantity(r.maxPriorityFeePerGas);
    if (maxFeePerGas === undefined) return invalid('maxFeePerGas');
    if (maxPriorityFeePerGas === undefined) return invalid('maxPriorityFeePerGas');
    Object.assign(tx, { maxFeePerGas, maxPriorityFeePerGas });
  }
  return { ok: true, tx };
}

/** `eth_getTransactionReceipt`: the EVM receipt, or `notFound` when the JSON-RPC holds none. */
export async function fetchEvmReceipt(url: string, txHash: string, options: RpcOptions): Promise<{ ok: true; receipt: EvmReceipt } | RpcFailure> {
  if (!HEX64.test(txHash)) return { ok: false, reason: 'badUrl', detail: 'hash' };
  const answer = await rpcCall(url, 'eth_getTransactionReceipt', [txHash.toLowerCase()], options);
  if (!answer.ok) return answer;
  if (answer.result === null) return { ok: false, reason: 'notFound' };
  const parsed = ReceiptSchema.safeParse(answer.result);
  if (!parsed.success) return invalid(firstPath(parsed.error.issues));
  const r = parsed.data;
  if (r.transactionHash !== undefined && r.transactionHash.toLowerCase() !== txHash.toLowerCase()) return invalid('transactionHash');
  const gasUsed = parseQuantity(r.gasUsed, UINT64_MAX);
  if (gasUsed === undefined) return invalid('gasUsed');
  const blockNumber = parseQuantity(r.blockNumber, UINT64_MAX);
  if (blockNumber === undefined) return invalid('blockNumber');
  const receipt: EvmReceipt = { gasUsed, blockNumber, logs: r.logs.slice(0, MAX_LOGS), totalLogs: r.logs.length };
  if (r.status !== undefined && r.status !== null) {
    if (r.status !== '0x0' && r.status !== '0x1') return invalid('status');
    receipt.status = r.status === '0x1' ? 1 : 0;
  }
  if (r.effectiveGasPrice !== undefined && r.effectiveGasPrice !== null) {
    const price = parseQuantity(r.effectiveGasPrice);
    if (price === undefined) return invalid('effectiveGasPrice');
    receipt.effectiveGasPrice = price;
  }
  if (r.contractAddress !== undefined && r.contractAddress !== null && !/^0x0{40}$/.test(r.contractAddress))
    receipt.contractAddress = r.contractAddress.toLowerCase();
  if (typeof r.revertReason === 'string' && r.revertReason !== '') receipt.revertReason = r.revertReason;
  return { ok: true, receipt };
}
