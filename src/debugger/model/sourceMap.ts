// solc's compressed source maps (`s:l:f:j:m;…`, one entry per INSTRUCTION, empty fields inherit
// the previous entry's), the program counter → instruction table they are indexed by, and byte
// offsets → lines and columns through one line-start table per source. A map is workspace input:
// a malformed one is refused with a reason, never thrown on. Pure.
import type { SourceLocation } from './codeMap';

/** A decoded map: field arrays by instruction index (compact for contracts of 24 KiB of code). */
export interface DecodedSourceMap {
  readonly length: number;
  /** Byte offset in the source; -1 for none. */
  readonly start: Int32Array;
  readonly len: Int32Array;
  /** Source id; -1 for compiler-generated code with no source. */
  readonly file: Int32Array;
  /** 0 '-', 1 'i', 2 'o'. */
  readonly jump: Uint8Array;
  readonly modifierDepth: Int32Array;
}

export type SourceMapDecoding = { ok: true; map: DecodedSourceMap } | { ok: false; reason: string };

/** More entries than any contract can have instructions (24 KiB of runtime code, 48 KiB of init code). */
export const MAX_SOURCE_MAP_ENTRIES = 1 << 17;
const JUMPS = { '-': 0, i: 1, o: 2 } as const;
const JUMP_NAMES = ['-', 'i', 'o'] as const;
const NUMBER = /^(?:-1|0|[1-9][0-9]{0,9})$/;

function field(text: string, name: string, index: number): number | string {
  if (!NUMBER.test(text)) return `source map entry ${index}: ${name} is not a number or -1`;
  const n = Number(text);
  return n > 0x7fffffff ? `source map entry ${index}: ${name} is out of range` : n;
}

/** Decodes solc's compressed source map; a malformed one answers why. */
export function decodeSourceMap(text: string): SourceMapDecoding {
  const parts = text === '' ? [] : text.split(';');
  if (parts.length > MAX_SOURCE_MAP_ENTRIES) return { ok: false, reason: `source map has more than ${MAX_SOURCE_MAP_ENTRIES} entries` };
  const n = parts.length;
  const map = {
    length: n,
    start: new Int32Array(n),
    len: new Int32Array(n),
    file: new Int32Array(n),
    jump: new Uint8Array(n),
    modifierDepth: new Int32Array(n),
  };
  let prev = [-1, -1, -1, 0, 0];
  for (let i = 0; i < n; i++) {
    const fields = (parts[i] ?? '').split(':');
    if (fields.length > 5) return { ok: false, reason: `source map entry ${i} has more than five fields` };
    const cur = prev.slice();
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k] ?? '';
      if (f === '') continue;
      if (k === 3) {
        const j = JUMPS[f as keyof typeof JUMPS];
        if (j === undefined) return { ok: false, reason: `source map entry ${i}: jump is not i, o or -` };
        cur[3] = j;
      } else {
        const v = field(f, ['start', 'length', 'source', '', 'modifier depth'][k] ?? '', i);
        if (typeof v === 'string') return { ok: false, reason: v };
        cur[k] = v;
      }
    }
    map.start[i] = cur[0] ?? -1;
    map.len[i] = cur[1] ?? -1;
    map.file[i] = cur[2] ?? -1;
    map.jump[i] = cur[3] ?? 0;
    map.modifierDepth[i] = cur[4] ?? 0;
    prev = cur;
  }
  return { ok: true, map };
}

export function jumpName(code: number): SourceLocation['jump'] {
  return JUMP_NAMES[code] ?? '-';
}

/**
 * The length of the CBOR metadata tail solc appends (its length is the last two bytes, big-endian,
 * plus those two), or 0 when the code does not end in one.
 */
export function metadataTailLength(code: Uint8Array): number {
  const n = code.length;
  if (n < 2) return 0;
  const cbor = ((code[n - 2] ?? 0) << 8) | (code[n - 1] ?? 0);
  const tail = cbor + 2;
  if (cbor === 0 || tail > n) return 0;
  // A CBOR map (major type 5) opens solc's metadata.
  const first = code[n - tail] ?? 0;
  return first >= 0xa0 && first <= 0xbf ? tail : 0;
}

/**
 * By program counter: the index of the instruction starting there, or -1 inside PUSH data and
 * past `codeLength` (the metadata tail is not code). PUSH1..PUSH32 carry 1..32 bytes; PUSH0 none.
 */
export function instructionIndex(code: Uint8Array, codeLength = code.length): Int32Array {
  const table = new Int32Array(code.length).fill(-1);
  const end = Math.min(codeLength, code.length);
  let index = 0;
  for (let pc = 0; pc < end; index++) {
    table[pc] = index;
    const op = code[pc] ?? 0;
    pc += op >= 0x60 && op <= 0x7f ? op - 0x5f + 1 : 1;
  }
  return table;
}

/** The UTF-8 bytes of the character at `i` and its UTF-16 length (a lone surrogate is encoded as U+FFFD). */
function charAt(text: string, i: number): [bytes: number, units: number] {
  const c = text.charCodeAt(i);
  if (c < 0x80) return [1, 1];
  if (c < 0x800) return [2, 1];
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return [4, 2];
  }
  return [3, 1];
}

/**
 * A source's line starts in UTF-8 bytes (solc's offsets) and in UTF-16 code units (the editor's
 * columns), built once; a position costs a binary search plus a walk of one line when it is not
 * ASCII. Lines break at \n, \r\n and a lone \r, as the editor breaks them.
 */
export class LineTable {
  private readonly byteStarts: number[] = [0];
  private readonly charStarts: number[] = [0];
  readonly byteLength: number;

  constructor(private readonly text: string) {
    let bytes = 0;
    for (let i = 0; i < text.length;) {
      const c = text.charCodeAt(i);
      const [b, units] = charAt(text, i);
      bytes += b;
      i += units;
      const lineBreak = c === 10 || (c === 13 && text.charCodeAt(i) !== 10);
      if (lineBreak) {
        this.byteStarts.push(bytes);
        this.charStarts.push(i);
      }
    }
    this.byteLength = bytes;
  }

  /** The 1-based line and column (UTF-16 code units) of a byte offset; undefined past the end. */
  position(byteOffset: number): { line: number; column: number } | undefined {
    if (!Number.isInteger(byteOffset) || byteOffset < 0 || byteOffset > this.byteLength) return undefined;
    let lo = 0;
    let hi = this.byteStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.byteStarts[mid] ?? 0) <= byteOffset) lo = mid;
      else hi = mid - 1;
    }
    const lineByte = this.byteStarts[lo] ?? 0;
    const lineChar = this.charStarts[lo] ?? 0;
    let bytes = lineByte;
    let i = lineChar;
    let units = 0;
    while (bytes < byteOffset && i < this.text.length) {
      const [b, u] = charAt(this.text, i);
      bytes += b;
      i += u;
      units = u;
    }
    // An offset inside a multi-byte character lands on the character.
    if (bytes > byteOffset) i -= units;
    return { line: lo + 1, column: i - lineChar + 1 };
  }
}

/** A source the map's ids name: its compiler path and, when known, its text. */
export interface MappedSource {
  path: string;
  text: string | undefined;
}

/**
 * `locate(pc)` for one code: the instruction at `pc`, its map entry, its source's lines. A pc in
 * push data or the metadata, an entry with no source (f = -1), an id that is not one of `sources`
 * (compiler-generated Yul) or a range outside the source's text answers undefined. `lineTable`
 * lets a caller share one table per source between the codes built from it.
 */
export function makeLocator(
  code: Uint8Array,
  codeLength: number,
  map: DecodedSourceMap,
  sources: ReadonlyMap<number, MappedSource>,
  lineTable: (text: string) => LineTable = (text) => new LineTable(text),
): (pc: number) => SourceLocation | undefined {
  let table: Int32Array | undefined;
  const lines = new Map<number, LineTable | undefined>();
  const linesOf = (id: number) => {
    if (!lines.has(id)) {
      const text = sources.get(id)?.text;
      lines.set(id, text === undefined ? undefined : lineTable(text));
    }
    return lines.get(id);
  };
  return (pc) => {
    table ??= instructionIndex(code, codeLength);
    if (!Number.isInteger(pc) || pc < 0 || pc >= table.length) return undefined;
    const index = table[pc] ?? -1;
    if (index < 0 || index >= map.length) return undefined;
    const id = map.file[index] ?? -1;
    const start = map.start[index] ?? -1;
    const length = map.len[index] ?? -1;
    const source = sources.get(id);
    const table2 = id < 0 ? undefined : linesOf(id);
    if (!source || !table2 || start < 0 || length < 0) return undefined;
    const from = table2.position(start);
    const to = table2.position(start + length);
    if (!from || !to) return undefined;
    return {
      path: source.path,
      start,
      length,
      line: from.line,
      column: from.column,
      endLine: to.line,
      endColumn: to.column,
      jump: jumpName(map.jump[index] ?? 0),
    };
  };
}

/**
 * `jumpAt(pc)` for one code: the jump mark of the instruction at `pc` whatever its source, generated
 * code included (the marks into and out of a function come in pairs only when all are read).
 */
export function makeJumpAt(code: Uint8Array, codeLength: number, map: DecodedSourceMap): (pc: number) => SourceLocation['jump'] | undefined {
  let table: Int32Array | undefined;
  return (pc) => {
    table ??= instructionIndex(code, codeLength);
    const index = Number.isInteger(pc) && pc >= 0 && pc < table.length ? (table[pc] ?? -1) : -1;
    return index < 0 || index >= map.length ? undefined : jumpName(map.jump[index] ?? 0);
  };
}
