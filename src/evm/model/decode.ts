// Decodes EVM call data, revert data and logs with the ABI index. The ABI coder is ox's
// (AbiParameters.decode): well kept, strict about offsets and lengths of hostile data, and
// tree-shaken to the coder alone. It is loaded by loadAbiCoder() (a dynamic import, so esbuild
// puts it in a chunk of its own that loads with the first EVM receipt, and so that this CommonJS
// typecheck may use ox's ESM-only types), and passed to every decoding function. Values are rendered
// exactly: integers as decimal bigint strings, addresses EIP-55 (ox checksums them), bytes
// as hex, strings quoted. The result is still remote text: callers reveal and escape it. Data whose
// offsets alias or overlap is refused before ox sees it (./abiLayout.ts): ox follows them, and a few
// hundred kilobytes so laid out take it seconds to decode, synchronously, in the extension host.
import { hexToBytes } from '../../core/hex';
import type { AbiIndex, AbiItem, AbiParam, IndexedItem } from './abiIndex';
import { strictlyLaidOut } from './abiLayout';

/** Characters of one rendered value at most (a hostile string or array is clipped, with its size said). */
export const MAX_VALUE_CHARS = 2_000;
/** Elements of one array rendered at most. */
const MAX_ARRAY_ITEMS = 50;
/** Bytes of data decoded at most: past it a call or error is reported undecoded rather than walked. */
export const MAX_DECODE_BYTES = 256 * 1024;

type AbiParameter = Parameters<AbiCoder['decodeAbiParameters']>[0][number];

/** The part of ox this module uses. */
export interface AbiCoder {
  decodeAbiParameters: typeof import('./abiCoder.mjs', { with: { 'resolution-mode': 'import' } }).decodeAbiParameters;
}

let coder: Promise<AbiCoder> | undefined;

/** Loads the coder once (a lazy chunk). */
export function loadAbiCoder(): Promise<AbiCoder> {
  return (coder ??= import('./abiCoder.mjs').then((v) => ({ decodeAbiParameters: v.decodeAbiParameters })));
}

export interface DecodedArg {
  name: string;
  type: string;
  value: string;
  indexed?: boolean;
}

export interface DecodedItem {
  kind: AbiItem['kind'];
  name: string;
  signature: string;
  selector: string;
  args: DecodedArg[];
  /** The files that declare it (labels). */
  sources: string[];
  /** A function's outputs, as its ABI names them. */
  outputs?: AbiParam[];
}

export type Decoded =
  { ok: true; item: DecodedItem } | { ok: false; selector: string | undefined; reason: 'unknown' | 'undecodable' | 'nonCanonical' | 'tooLarge' | 'empty' };

function normalizeHex(hex: string): `0x${string}` | undefined {
  const h = hex.trim().replace(/^0x/i, '').toLowerCase();
  if (h.length % 2 !== 0 || !/^[0-9a-f]*$/.test(h)) return undefined;
  return `0x${h}`;
}

function elementParam(p: AbiParam): AbiParam | undefined {
  const m = /^(.*)\[[0-9]*\]$/.exec(p.type);
  if (!m?.[1]) return undefined;
  return { ...p, type: m[1], name: '' };
}

/** Renders a decoded value by its ABI type: exact, bounded, never throws. */
export function formatAbiValue(p: AbiParam, value: unknown, budget = { chars: MAX_VALUE_CHARS }): string {
  const element = elementParam(p);
  if (element && Array.isArray(value)) {
    const shown = value.slice(0, MAX_ARRAY_ITEMS).map((v) => formatAbiValue(element, v, budget));
    const more = value.length > MAX_ARRAY_ITEMS ? [`… ${value.length - MAX_ARRAY_ITEMS} more`] : [];
    return clipValue(`[${[...shown, ...more].join(', ')}]`);
  }
  if (p.type === 'tuple' && p.components) {
    const comps = p.components;
    const get = (c: AbiParam, i: number): unknown =>
      Array.isArray(value) ? value[i] : typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[c.name] : undefined;
    const parts = comps.map((c, i) => {
      const v = formatAbiValue(c, get(c, i), budget);
      return c.name ? `${c.name}: ${v}` : v;
    });
    return clipValue(`(${parts.join(', ')})`);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return clipValue(p.type === 'string' ? JSON.stringify(value) : value);
  return clipValue(String(value));
}

function clipValue(s: string): string {
  return s.length <= MAX_VALUE_CHARS ? s : `${s.slice(0, MAX_VALUE_CHARS)}… (${s.length} characters)`;
}

/** Laid out as encoders write it, or refused before decoding (the reason then). */
function laidOut(params: readonly AbiParam[], data: `0x${string}`): 'nonCanonical' | undefined {
  const bytes = hexToBytes(data);
  return bytes !== undefined && strictlyLaidOut(params, bytes) ? undefined : 'nonCanonical';
}

function decodeWith(c: AbiCoder, candidate: IndexedItem, data: `0x${string}`): DecodedItem | 'nonCanonical' | undefined {
  const { item, sources } = candidate;
  // Too short for the head: not this item, whatever its tails say.
  if (!roundTrips(item, data)) return undefined;
  const refused = laidOut(item.inputs, data);
  if (refused) return refused;
  try {
    const values = c.decodeAbiParameters(item.inputs as AbiParameter[], data);
    const decoded: DecodedItem = {
      kind: item.kind,
      name: item.name,
      signature: item.signature,
      selector: item.selector,
      sources,
      args: item.inputs.map((p, i) => ({ name: p.name, type: p.type, value: formatAbiValue(p, values[i]) })),
    };
    if (item.outputs) decoded.outputs = item.outputs;
    return decoded;
  } catch {
    return undefined;
  }
}

/** A decoding whose head needs more than the data gives is refused by the coder; one that needs far less is suspect. */
function roundTrips(item: AbiItem, data: `0x${string}`): boolean {
  return fitsHead(item.inputs, data);
}

function fitsHead(params: readonly AbiParam[], data: `0x${string}`): boolean {
  const bytes = (data.length - 2) / 2;
  const head = params.reduce((n, p) => n + headSize(p), 0);
  return bytes >= head && bytes % 32 === 0;
}

function headSize(p: AbiParam): number {
  if (isDynamic(p)) return 32;
  const fixed = /^(.*)\[([0-9]+)\]$/.exec(p.type);
  if (fixed?.[1] !== undefined && fixed[2] !== undefined) return Number(fixed[2]) * headSize({ ...p, type: fixed[1] });
  if (p.type === 'tuple') return (p.components ?? []).reduce((n, c) => n + headSize(c), 0);
  return 32;
}

function isDynamic(p: AbiParam): boolean {
  if (p.type === 'string' || p.type === 'bytes' || /\[\]$/.test(p.type)) return true;
  const fixed = /^(.*)\[[0-9]+\]$/.exec(p.type);
  if (fixed?.[1] !== undefined) return isDynamic({ ...p, type: fixed[1] });
  return p.type === 'tuple' && (p.components ?? []).some(isDynamic);
}

function decodeSelected(c: AbiCoder, kind: 'function' | 'error', index: AbiIndex, hex: string): Decoded {
  const data = normalizeHex(hex);
  if (data === undefined || data.length < 10) return { ok: false, selector: undefined, reason: data === '0x' ? 'empty' : 'undecodable' };
  const selector = data.slice(0, 10);
  if ((data.length - 2) / 2 > MAX_DECODE_BYTES) return { ok: false, selector, reason: 'tooLarge' };
  const candidates = kind === 'function' ? index.functions(selector) : index.errors(selector);
  if (candidates.length === 0) return { ok: false, selector, reason: 'unknown' };
  const args = `0x${data.slice(10)}` as const;
  let reason: 'undecodable' | 'nonCanonical' = 'undecodable';
  for (const candidate of candidates) {
    const decoded = decodeWith(c, candidate, args);
    if (decoded === 'nonCanonical') reason = decoded;
    else if (decoded) return { ok: true, item: decoded };
  }
  return { ok: false, selector, reason };
}

/** Decodes revert data (selector + ABI-encoded arguments) as a custom error of the index. */
export function decodeCustomError(c: AbiCoder, index: AbiIndex, revertHex: string): Decoded {
  return decodeSelected(c, 'error', index, revertHex);
}

/** Decodes transaction input (call data) as a function of the index. */
export function decodeFunctionCall(c: AbiCoder, index: AbiIndex, inputHex: string): Decoded {
  return decodeSelected(c, 'function', index, inputHex);
}

export interface EvmLog {
  address: string;
  topics: string[];
  data: string;
}

/**
 * Decodes one log: topic0 picks the events; indexed parameters come from the other topics
 * (a dynamic indexed value is only its hash there, and is shown as such), the rest from data.
 */
export function decodeLog(c: AbiCoder, index: AbiIndex, log: EvmLog): Decoded {
  const topic0 = log.topics[0]?.toLowerCase();
  if (topic0 === undefined) return { ok: false, selector: undefined, reason: 'unknown' };
  const data = normalizeHex(log.data);
  if (data === undefined) return { ok: false, selector: topic0, reason: 'undecodable' };
  if ((data.length - 2) / 2 > MAX_DECODE_BYTES) return { ok: false, selector: topic0, reason: 'tooLarge' };
  const candidates = index.events(topic0);
  if (candidates.length === 0) return { ok: false, selector: topic0, reason: 'unknown' };
  let reason: 'undecodable' | 'nonCanonical' = 'undecodable';
  for (const { item, sources } of candidates) {
    const indexed = item.inputs.filter((p) => p.indexed);
    if (indexed.length !== log.topics.length - 1) continue;
    const plain = item.inputs.filter((p) => !p.indexed);
    if (laidOut(plain, data)) {
      reason = 'nonCanonical';
      continue;
    }
    try {
      const values = c.decodeAbiParameters(plain as AbiParameter[], data);
      let t = 1;
      let d = 0;
      const args: DecodedArg[] = [];
      for (const p of item.inputs) {
        if (p.indexed) {
          const topic = normalizeHex(log.topics[t++] ?? '');
          if (topic === undefined || topic.length !== 66) throw new Error('bad topic');
          const value = hashedInTopic(p) ? `${topic} (keccak256 of the value)` : formatAbiValue(p, c.decodeAbiParameters([p as AbiParameter], topic)[0]);
          args.push({ name: p.name, type: p.type, value, indexed: true });
        } else {
          args.push({ name: p.name, type: p.type, value: formatAbiValue(p, values[d++]) });
        }
      }
      return { ok: true, item: { kind: 'event', name: item.name, signature: item.signature, selector: item.selector, sources, args } };
    } catch {
      continue;
    }
  }
  return { ok: false, selector: topic0, reason };
}

/**
 * Whether an indexed parameter's topic holds only keccak256 of its encoding (Solidity ABI spec, events):
 * strings, bytes, every array (fixed-size ones too) and every struct. Value types are in the topic itself.
 */
function hashedInTopic(p: AbiParam): boolean {
  return p.type === 'string' || p.type === 'bytes' || p.type.endsWith(']') || p.type === 'tuple';
}

/**
 * What a call returned, decoded by its function's outputs: "true", "(amount: 5, ok: true)". Undefined
 * when the ABI names no outputs or the data is not laid out as they say.
 */
export function decodeFunctionResult(c: AbiCoder, outputs: readonly AbiParam[] | undefined, outputHex: string): string | undefined {
  const data = normalizeHex(outputHex);
  if (data === undefined || outputs === undefined || (data.length - 2) / 2 > MAX_DECODE_BYTES) return undefined;
  if (outputs.length === 0) return data === '0x' ? '()' : undefined;
  if (!fitsHead(outputs, data) || laidOut(outputs, data)) return undefined;
  try {
    const values = c.decodeAbiParameters(outputs as AbiParameter[], data);
    const parts = outputs.map((p, i) => (p.name ? `${p.name}: ${formatAbiValue(p, values[i])}` : formatAbiValue(p, values[i])));
    return parts.length === 1 && !outputs[0]?.name ? (parts[0] ?? '') : `(${parts.join(', ')})`;
  } catch {
    return undefined;
  }
}

/** "InsufficientBalance(available: 10, required: 25)": one line for a hover or a row. */
export function decodedLine(item: DecodedItem): string {
  return `${item.name}(${item.args.map((a) => (a.name ? `${a.name}: ${a.value}` : a.value)).join(', ')})`;
}
