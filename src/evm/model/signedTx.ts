// The signed EVM transaction inside a Rebased EVM request: `params[0]` is a BCS byte vector
// (ULEB128 length, then go-ethereum's `Transaction.EncodeRLP`): the RLP list of a legacy tx, or an
// RLP string wrapping `type || payload` (EIP-2930 type 1, EIP-1559 type 2). keccak256 of the list,
// or of `type || payload`, is the request ID. All of it is remote bytes: malformed input yields an
// error text, never an exception. Pure.
import { keccak_256 } from '@noble/hashes/sha3';
import { checksumAddressOfBytes } from './address';
import { bytesToHex, hexToBytes } from '../../core/hex';
import { decodeRlp, rlpBytes, rlpUint, RlpError, type RlpItem } from './rlp';

export type EvmTxType = 0 | 1 | 2;

export interface EvmTx {
  type: EvmTxType;
  /** Absent for a pre-EIP-155 legacy tx (v = 27/28). */
  chainId?: bigint;
  nonce: bigint;
  gasLimit: bigint;
  /** Legacy and type 1. */
  gasPrice?: bigint;
  /** Type 2. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  /** EIP-55, or undefined for a contract creation. */
  to?: string;
  /** Wei. */
  value: bigint;
  data: Uint8Array;
  /** keccak256 of the signed encoding, 0x + 64 lowercase hex. */
  hash: string;
}

/** The wei price the fee is computed from (go-ethereum `GasPrice()`: gasPrice, or maxFeePerGas for 1559). */
export function txGasPrice(tx: EvmTx): bigint {
  return tx.type === 2 ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
}

/** Reads a BCS ULEB128 u32 length; undefined when malformed (too long, overflowing, past the end). */
export function readUleb128(bytes: Uint8Array): { value: number; next: number } | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    const b = bytes[i];
    if (b === undefined) return undefined;
    value += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) {
      // BCS refuses a trailing zero group (non-canonical) and values past u32.
      if (i > 0 && b === 0) return undefined;
      return value > 0xffff_ffff ? undefined : { value, next: i + 1 };
    }
  }
  return undefined;
}

function list(item: RlpItem, what: string): RlpItem[] {
  if (item instanceof Uint8Array) throw new RlpError(`${what}: expected a list`);
  return item;
}

function toAddress(item: RlpItem | undefined): string | undefined {
  const b = rlpBytes(item, 'to');
  if (b.length === 0) return undefined;
  const address = checksumAddressOfBytes(b);
  if (address === undefined) throw new RlpError('to: expected 20 bytes or none');
  return address;
}

function decodeLegacy(fields: RlpItem[], hash: string): EvmTx {
  if (fields.length !== 9) throw new RlpError(`a legacy transaction has 9 fields, not ${fields.length}`);
  const v = rlpUint(fields[6], 'v');
  const tx: EvmTx = {
    type: 0,
    nonce: rlpUint(fields[0], 'nonce', 8),
    gasPrice: rlpUint(fields[1], 'gasPrice'),
    gasLimit: rlpUint(fields[2], 'gasLimit', 8),
    value: rlpUint(fields[4], 'value'),
    data: rlpBytes(fields[5], 'data'),
    hash,
  };
  const to = toAddress(fields[3]);
  if (to !== undefined) tx.to = to;
  // EIP-155: v = chainId * 2 + 35 or 36.
  if (v >= 35n) tx.chainId = (v - 35n) / 2n;
  return tx;
}

/** The fee fields of a typed transaction, in their order after the nonce (EIP-2930, EIP-1559). */
const TYPED_FEES = {
  1: { name: 'an EIP-2930 transaction', fees: ['gasPrice'] },
  2: { name: 'an EIP-1559 transaction', fees: ['maxPriorityFeePerGas', 'maxFeePerGas'] },
} as const;

/** Fields of a typed transaction: chainId, nonce, its fees, gasLimit, to, value, data, accessList, then v, r, s. */
function decodeTyped(type: 1 | 2, fields: RlpItem[], hash: string): EvmTx {
  const { name, fees } = TYPED_FEES[type];
  const count = fees.length + 10;
  if (fields.length !== count) throw new RlpError(`${name} has ${count} fields, not ${fields.length}`);
  const chainId = rlpUint(fields[0], 'chainId');
  const nonce = rlpUint(fields[1], 'nonce', 8);
  const feeValues = Object.fromEntries(fees.map((fee, i) => [fee, rlpUint(fields[2 + i], fee)]));
  const k = 2 + fees.length;
  const tx: EvmTx = {
    type,
    chainId,
    nonce,
    ...feeValues,
    gasLimit: rlpUint(fields[k], 'gasLimit', 8),
    value: rlpUint(fields[k + 2], 'value'),
    data: rlpBytes(fields[k + 3], 'data'),
    hash,
  };
  const to = toAddress(fields[k + 1]);
  if (to !== undefined) tx.to = to;
  return tx;
}

export type EvmTxResult = { ok: true; tx: EvmTx } | { ok: false; error: string };

/** Decodes the transaction from the hex of `params[0]`. */
export function decodeEvmTxParam(paramHex: string): EvmTxResult {
  const bytes = hexToBytes(paramHex);
  if (!bytes) return { ok: false, error: 'the parameter is not hex' };
  const len = readUleb128(bytes);
  if (!len) return { ok: false, error: 'no valid BCS length' };
  if (len.next + len.value !== bytes.length) return { ok: false, error: 'the BCS length does not match the bytes' };
  return decodeSignedTx(bytes.subarray(len.next));
}

/**
 * Decodes go-ethereum's `Transaction.EncodeRLP` bytes (no BCS length): Stardust's `0x74` param
 * item holds exactly these, Rebased's params[0] holds them after a BCS length.
 */
export function decodeSignedTx(body: Uint8Array): EvmTxResult {
  try {
    const outer = decodeRlp(body);
    if (!(outer instanceof Uint8Array)) return { ok: true, tx: decodeLegacy(outer, bytesToHex(keccak_256(body))) };
    const type = outer[0];
    if (type !== 1 && type !== 2) return { ok: false, error: `unsupported transaction type ${type === undefined ? '(none)' : String(type)}` };
    const fields = list(decodeRlp(outer.subarray(1)), 'payload');
    return { ok: true, tx: decodeTyped(type, fields, bytesToHex(keccak_256(outer))) };
  } catch (e) {
    if (e instanceof RlpError) return { ok: false, error: e.message };
    throw e;
  }
}
