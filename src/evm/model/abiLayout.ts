// Whether ABI-encoded data is laid out the way every encoder writes it (the Solidity ABI spec's
// strict mode): each dynamic value's tail starts exactly where the one before it ended, after the
// head that points to it, and everything lies inside the data. Checked before the decoder sees the
// data, because a decoder follows offsets wherever they point: aliased offsets (a thousand array
// elements pointing at one 100 KB `bytes`) decode into gigabytes and block the extension host for
// seconds. Laid out strictly, every byte belongs to one value, so decoding is linear in the data.
// The walk reads each offset and length once and allocates nothing. A fixed array of values that
// encode into no bytes (`()[k]`, `uint256[0][k]`) is refused too: its length is a loop that reads
// nothing. A dynamic array claims no more elements than the data has words left. Pure.
import type { AbiParam } from './abiIndex';

const WORD = 32;

interface Shape {
  dynamic: boolean;
  /** Bytes in the head: 32 for a dynamic value, the whole encoding of a static one. */
  head: number;
  /** Whether the type holds a fixed array of values that encode into no bytes. */
  hollow: boolean;
}

/** `T[k]` or `T[]` (the last brackets are the outer array, as in Solidity), else undefined. */
function arrayOf(p: AbiParam): { element: AbiParam; length: number | undefined } | undefined {
  const m = /^(.*)\[([0-9]*)\]$/.exec(p.type);
  if (m?.[1] === undefined) return undefined;
  return { element: { ...p, type: m[1] }, length: m[2] === '' ? undefined : Number(m[2]) };
}

function shapeOf(p: AbiParam): Shape {
  const array = arrayOf(p);
  if (array) {
    const e = shapeOf(array.element);
    if (array.length === undefined) return { dynamic: true, head: WORD, hollow: e.hollow };
    // Its length is a loop that reads nothing: `()[999999][999999]` is a trillion turns for the decoder.
    const hollow = e.hollow || (!e.dynamic && e.head === 0);
    return e.dynamic ? { dynamic: true, head: WORD, hollow } : { dynamic: false, head: array.length * e.head, hollow };
  }
  if (p.type === 'tuple') {
    const parts = (p.components ?? []).map(shapeOf);
    const dynamic = parts.some((s) => s.dynamic);
    const hollow = parts.some((s) => s.hollow);
    return { dynamic, head: dynamic ? WORD : parts.reduce((n, s) => n + s.head, 0), hollow };
  }
  return { dynamic: p.type === 'string' || p.type === 'bytes', head: WORD, hollow: false };
}

/** The 32-byte word at `at` as a number; Infinity when it is past the data or too large to be an offset or a length. */
function wordAt(data: Uint8Array, at: number): number {
  if (at + WORD > data.length) return Infinity;
  let v = 0;
  for (let i = 0; i < WORD; i++) {
    const b = data[at + i] ?? 0;
    if (i < 26 && b !== 0) return Infinity;
    v = v * 256 + b;
  }
  return v;
}

interface Part {
  p: AbiParam;
  shape: Shape;
}

/**
 * The bytes a sequence of `count` values takes from `base` (its head, then the tails in order), or
 * undefined when it is not laid out strictly. Offsets count from `base`.
 */
function sequence(data: Uint8Array, count: number, part: (i: number) => Part, base: number): number | undefined {
  let head = 0;
  for (let i = 0; i < count; i++) {
    head += part(i).shape.head;
    if (base + head > data.length) return undefined;
  }
  let end = base + head;
  let at = base;
  for (let i = 0; i < count; i++) {
    const { p, shape } = part(i);
    if (shape.dynamic) {
      if (wordAt(data, at) !== end - base) return undefined;
      const size = tail(data, p, end);
      if (size === undefined) return undefined;
      end += size;
    }
    at += shape.head;
  }
  return end - base;
}

function partsOf(params: readonly AbiParam[]): (i: number) => Part {
  const parts = params.map((p) => ({ p, shape: shapeOf(p) }));
  return (i) => parts[i] as Part;
}

/** The bytes the tail of a dynamic value takes at `at`, or undefined when it is not laid out strictly. */
function tail(data: Uint8Array, p: AbiParam, at: number): number | undefined {
  const array = arrayOf(p);
  if (array) {
    const element: Part = { p: array.element, shape: shapeOf(array.element) };
    if (array.length !== undefined) return sequence(data, array.length, () => element, at);
    const n = wordAt(data, at);
    // Each element takes a word or more of the data left: a longer array cannot be there.
    if (n * Math.max(element.shape.head, WORD) > data.length - at - WORD) return undefined;
    if (!element.shape.dynamic) return WORD + n * element.shape.head;
    const size = sequence(data, n, () => element, at + WORD);
    return size === undefined ? undefined : WORD + size;
  }
  if (p.type === 'tuple') {
    const components = p.components ?? [];
    return sequence(data, components.length, partsOf(components), at);
  }
  // bytes and string: the length, then the bytes padded to whole words.
  const length = wordAt(data, at);
  const size = WORD + Math.ceil(length / WORD) * WORD;
  return at + size > data.length ? undefined : size;
}

/**
 * Whether `data` holds `params` laid out strictly (the bytes after the last tail are not looked at:
 * whether they may be there is the caller's rule). Refused: offsets that alias, overlap, leave a gap,
 * point back into a head or past the data, and types that encode into no bytes.
 */
export function strictlyLaidOut(params: readonly AbiParam[], data: Uint8Array): boolean {
  if (params.some((p) => shapeOf(p).hollow)) return false;
  return sequence(data, params.length, partsOf(params), 0) !== undefined;
}
