// A small RLP decoder (Ethereum's Recursive Length Prefix, yellow paper appendix B) for the signed
// EVM transaction inside a Rebased receipt. The bytes come from a node, so every length is checked
// against what is left before it is used, nesting is bounded, and non-canonical forms are refused
// (go-ethereum refuses them too, so a node never stores one). No package: the decoder is ~60 lines
// and the well-known ones pull in their own byte helpers. Pure.

export type RlpItem = Uint8Array | RlpItem[];

export class RlpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RlpError';
  }
}

/** Deeper than this is refused: a transaction nests at most 4 levels (access list entries). */
export const MAX_RLP_DEPTH = 16;

/**
 * More items than this in one input are refused before they are built: a list of millions of
 * one-byte items fits in a response and would cost hundreds of MB of views. A transaction holds
 * far fewer (its access list included).
 */
export const MAX_RLP_ITEMS = 20_000;

interface Header {
  list: boolean;
  /** Where the payload starts and its length. */
  start: number;
  length: number;
}

function readHeader(bytes: Uint8Array, at: number, end: number): Header {
  if (at >= end) throw new RlpError('input ends before an item');
  const b = bytes[at] ?? 0;
  if (b < 0x80) return { list: false, start: at, length: 1 };
  const list = b >= 0xc0;
  const base = list ? 0xc0 : 0x80;
  const short = b - base;
  if (short <= 55) {
    if (!list && short === 1 && at + 1 < end && (bytes[at + 1] ?? 0) < 0x80) throw new RlpError('a single byte below 0x80 must be encoded as itself');
    if (at + 1 + short > end) throw new RlpError('an item runs past the end of its input');
    return { list, start: at + 1, length: short };
  }
  const lenOfLen = short - 55;
  if (at + 1 + lenOfLen > end) throw new RlpError('a length runs past the end of its input');
  if ((bytes[at + 1] ?? 0) === 0) throw new RlpError('a length has leading zeros');
  // Each step checks against what is left, so a huge declared length never overflows a number.
  let length = 0;
  for (let i = 0; i < lenOfLen; i++) {
    length = length * 256 + (bytes[at + 1 + i] ?? 0);
    if (length > end - at) throw new RlpError('an item runs past the end of its input');
  }
  if (length <= 55) throw new RlpError('a long form holds a short length');
  const start = at + 1 + lenOfLen;
  if (start + length > end) throw new RlpError('an item runs past the end of its input');
  return { list, start, length };
}

function decodeAt(bytes: Uint8Array, at: number, end: number, depth: number, count: { items: number }): { item: RlpItem; next: number } {
  if (++count.items > MAX_RLP_ITEMS) throw new RlpError(`more than ${MAX_RLP_ITEMS} items`);
  const h = readHeader(bytes, at, end);
  const next = h.start + h.length;
  if (!h.list) return { item: bytes.subarray(h.start, next), next };
  if (depth >= MAX_RLP_DEPTH) throw new RlpError(`nesting deeper than ${MAX_RLP_DEPTH}`);
  const items: RlpItem[] = [];
  for (let p = h.start; p < next;) {
    const child = decodeAt(bytes, p, next, depth + 1, count);
    items.push(child.item);
    p = child.next;
  }
  return { item: items, next };
}

/** Decodes exactly one item spanning the whole input; throws RlpError on anything malformed. */
export function decodeRlp(bytes: Uint8Array): RlpItem {
  const { item, next } = decodeAt(bytes, 0, bytes.length, 0, { items: 0 });
  if (next !== bytes.length) throw new RlpError('bytes left after the item');
  return item;
}

/** An RLP string as an unsigned integer (canonical: no leading zero byte), at most `maxBytes` long. */
export function rlpUint(item: RlpItem | undefined, what: string, maxBytes = 32): bigint {
  if (!(item instanceof Uint8Array)) throw new RlpError(`${what}: expected an integer`);
  if (item.length > maxBytes) throw new RlpError(`${what}: longer than ${maxBytes} bytes`);
  if (item.length > 0 && item[0] === 0) throw new RlpError(`${what}: leading zero byte`);
  let v = 0n;
  for (const b of item) v = (v << 8n) | BigInt(b);
  return v;
}

/** An RLP string's bytes. */
export function rlpBytes(item: RlpItem | undefined, what: string): Uint8Array {
  if (!(item instanceof Uint8Array)) throw new RlpError(`${what}: expected bytes`);
  return item;
}
