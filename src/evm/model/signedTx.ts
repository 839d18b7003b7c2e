// The signed EVM transaction inside a Rebased EVM request: `params[0]` is a BCS byte vector
// (ULEB128 length, then go-ethereum's `Transaction.EncodeRLP`): the RLP list of a legacy tx, or an
// RLP string wrapping `type || payload` (EIP-2930 type 1, EIP-1559 type 2). keccak256 of the list,
// or of `type || payload`, is the request ID. All of it is remote bytes: malformed input yields an
// error text, never an exception. Pure.
import { keccak_256 } from '@noble/hashes/sha3';
import { concatBytes } from '@noble/hashes/utils';
import { checksumAddressOfBytes, toChecksumAddress } from '../../core/address';
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

/**
 * A raw transaction as wallets and toolchains write it (`eth_sendRawTransaction`'s bytes: a typed
 * one as `type || payload`, MarshalBinary) in the form decodeSignedTx reads (EncodeRLP: a typed one
 * wrapped in an RLP string). A legacy one is the same in both.
 */
export function asEncodeRlp(raw: Uint8Array): Uint8Array {
  const first = raw[0];
  return first === 1 || first === 2 ? encodeRlp(raw) : raw;
}

/** Decodes a raw transaction in either form (asEncodeRlp). */
export function decodeRawTx(raw: Uint8Array): EvmTxResult {
  return decodeSignedTx(asEncodeRlp(raw));
}

/** The secp256k1 part of ox this module uses: loaded on the first recovery (a chunk of its own). */
type Secp256k1 = typeof import('ox/Secp256k1', { with: { 'resolution-mode': 'import' } });
let secp256k1: Promise<Secp256k1> | undefined;
const loadSecp256k1 = (): Promise<Secp256k1> => (secp256k1 ??= import('ox/Secp256k1'));

export type SenderResult = { ok: true; sender: string } | { ok: false; error: string };

/** RLP of already-decoded items: they were canonical (decodeRlp refuses any other), so this is their exact encoding. */
function encodeRlp(item: RlpItem): Uint8Array {
  const payload = item instanceof Uint8Array ? item : concatBytes(...item.map(encodeRlp));
  if (item instanceof Uint8Array && payload.length === 1 && (payload[0] ?? 0) < 0x80) return payload;
  const base = item instanceof Uint8Array ? 0x80 : 0xc0;
  if (payload.length <= 55) return concatBytes(Uint8Array.of(base + payload.length), payload);
  const len: number[] = [];
  for (let n = payload.length; n > 0; n = Math.floor(n / 256)) len.unshift(n % 256);
  return concatBytes(Uint8Array.of(base + 55 + len.length), Uint8Array.from(len), payload);
}

/** What was signed and the signature of a signed transaction (go-ethereum's signers: Homestead, EIP-155, typed). */
function signedParts(body: Uint8Array): { payload: Uint8Array; r: bigint; s: bigint; yParity: number } {
  const outer = decodeRlp(body);
  if (!(outer instanceof Uint8Array)) {
    const fields = outer;
    if (fields.length !== 9) throw new RlpError(`a legacy transaction has 9 fields, not ${fields.length}`);
    const v = rlpUint(fields[6], 'v');
    const [r, s] = [rlpUint(fields[7], 'r'), rlpUint(fields[8], 's')];
    if (v === 27n || v === 28n) return { payload: keccak_256(encodeRlp(fields.slice(0, 6))), r, s, yParity: Number(v - 27n) };
    if (v < 35n) throw new RlpError(`v: ${v} is no signature's`);
    const chainId = (v - 35n) / 2n;
    const unsigned = [...fields.slice(0, 6), uintItem(chainId), new Uint8Array(0), new Uint8Array(0)];
    return { payload: keccak_256(encodeRlp(unsigned)), r, s, yParity: Number((v - 35n) % 2n) };
  }
  const type = outer[0];
  if (type !== 1 && type !== 2) throw new RlpError(`unsupported transaction type ${type === undefined ? '(none)' : String(type)}`);
  const fields = list(decodeRlp(outer.subarray(1)), 'payload');
  if (fields.length < 4) throw new RlpError('a typed transaction without a signature');
  const n = fields.length;
  const yParity = rlpUint(fields[n - 3], 'yParity');
  if (yParity > 1n) throw new RlpError('yParity: expected 0 or 1');
  const payload = keccak_256(concatBytes(Uint8Array.of(type), encodeRlp(fields.slice(0, n - 3))));
  return { payload, r: rlpUint(fields[n - 2], 'r'), s: rlpUint(fields[n - 1], 's'), yParity: Number(yParity) };
}

/** A signature component as ox takes it: `0x` + 64 hex (r and s are at most 32 bytes, rlpUint's default cap). */
function hex32(v: bigint): `0x${string}` {
  return `0x${v.toString(16).padStart(64, '0')}`;
}

function uintItem(v: bigint): Uint8Array {
  const hex = v === 0n ? '' : v.toString(16);
  return hexToBytes(`0x${hex.length % 2 ? '0' : ''}${hex}`) ?? new Uint8Array(0);
}

/**
 * The sender of a signed transaction (go-ethereum's `Transaction.EncodeRLP` bytes), recovered from
 * its signature as the node does (EIP-55): a hash alone never says who sent it. An invalid
 * signature (r or s out of range, no point) is an error text, never an exception.
 */
export async function recoverSender(body: Uint8Array): Promise<SenderResult> {
  let parts: ReturnType<typeof signedParts>;
  try {
    parts = signedParts(asEncodeRlp(body));
  } catch (e) {
    if (e instanceof RlpError) return { ok: false, error: e.message };
    throw e;
  }
  const secp = await loadSecp256k1();
  try {
    const address = secp.recoverAddress({ payload: parts.payload, signature: { r: hex32(parts.r), s: hex32(parts.s), yParity: parts.yParity } });
    return { ok: true, sender: toChecksumAddress(address) ?? address };
  } catch {
    return { ok: false, error: 'the signature is not valid (no sender can be recovered)' };
  }
}
