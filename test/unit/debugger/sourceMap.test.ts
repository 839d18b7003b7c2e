import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  decodeSourceMap,
  instructionIndex,
  LineTable,
  makeJumpAt,
  makeLocator,
  MAX_SOURCE_MAP_ENTRIES,
  metadataTailLength,
  type DecodedSourceMap,
} from '../../../src/debugger/model/sourceMap';
import { hexToBytes } from '../../../src/core/hex';
import { compileHardhat2, type SolcBuild } from '../../fixtures/debugger/solcBuild';
import { repoRoot } from '../../fixtures/paths';

const root = repoRoot(__dirname);
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

/** The Solidity docs' decoding, written out plainly: split, inherit each empty field from the entry before. */
function referenceDecode(map: string): Array<[number, number, number, string, number]> {
  const out: Array<[number, number, number, string, number]> = [];
  let prev: [number, number, number, string, number] = [-1, -1, -1, '-', 0];
  for (const entry of map.split(';')) {
    const f = entry.split(':');
    const cur: [number, number, number, string, number] = [
      f[0] ? parseInt(f[0], 10) : prev[0],
      f[1] ? parseInt(f[1], 10) : prev[1],
      f[2] ? parseInt(f[2], 10) : prev[2],
      f[3] ? f[3] : prev[3],
      f[4] ? parseInt(f[4], 10) : prev[4],
    ];
    out.push(cur);
    prev = cur;
  }
  return out;
}

function entries(map: DecodedSourceMap): Array<[number, number, number, string, number]> {
  return Array.from({ length: map.length }, (_, i) => [
    map.start[i] ?? 0,
    map.len[i] ?? 0,
    map.file[i] ?? 0,
    ['-', 'i', 'o'][map.jump[i] ?? 0] ?? '',
    map.modifierDepth[i] ?? 0,
  ]);
}

/** The index of the instruction at each pc by walking opcodes one by one (no table). */
function referenceIndexOf(code: Uint8Array, pc: number): number {
  let index = 0;
  for (let at = 0; at < code.length; index++) {
    if (at === pc) return index;
    if (at > pc) return -1;
    const op = code[at] ?? 0;
    at += 1 + (op >= 0x60 && op <= 0x7f ? op - 0x5f : 0);
  }
  return -1;
}

describe('debugger/model/sourceMap: decoding solc’s compressed maps', function () {
  this.timeout(60_000);
  let build: SolcBuild;
  before(() => {
    build = compileHardhat2({ 'contracts/Vault.sol': read('test/fixtures/evm/Vault.sol'), 'contracts/Slots.sol': read('test/fixtures/debugger/Slots.sol') });
  });

  it('gives, for every map solc wrote (runtime and creation, Vault and Slots), the entries of a plain field-by-field decoding', () => {
    let checked = 0;
    for (const byName of Object.values(build.output.contracts))
      for (const c of Object.values(byName))
        for (const map of [c.evm.deployedBytecode.sourceMap, c.evm.bytecode.sourceMap]) {
          if (!map) continue;
          const decoded = decodeSourceMap(map);
          assert.ok(decoded.ok, decoded.ok ? '' : decoded.reason);
          assert.deepEqual(entries(decoded.map), referenceDecode(map));
          checked++;
        }
    assert.ok(checked >= 6, `checked ${checked} maps`);
  });

  it('numbers instructions, not bytes: the instruction after a PUSH32 is one further, 33 bytes on; PUSH0 carries no data', () => {
    // PUSH1 0x80, PUSH32 <32 bytes>, PUSH0, ADD, STOP
    const code = new Uint8Array([0x60, 0x80, 0x7f, ...new Array<number>(32).fill(0x60), 0x5f, 0x01, 0x00]);
    const table = instructionIndex(code);
    assert.deepEqual([table[0], table[2], table[35], table[36], table[37]], [0, 1, 2, 3, 4]);
    // The data of both pushes (0x60 bytes that look like PUSH1 included) starts no instruction.
    for (const pc of [1, 3, 10, 34]) assert.equal(table[pc], -1, `pc ${pc}`);
  });

  it('agrees with an opcode-by-opcode walk at every pc of solc’s Vault runtime code, and puts the metadata tail outside the code', () => {
    const code = hexToBytes(build.output.contracts['contracts/Vault.sol']?.Vault?.evm.deployedBytecode.object ?? '') ?? new Uint8Array();
    const tail = metadataTailLength(code);
    assert.ok(tail > 40 && tail < 80, `tail ${tail}`);
    const table = instructionIndex(code, code.length - tail);
    for (let pc = 0; pc < code.length - tail; pc++) assert.equal(table[pc], referenceIndexOf(code, pc), `pc ${pc}`);
    for (let pc = code.length - tail; pc < code.length; pc++) assert.equal(table[pc], -1);
  });

  it('refuses garbage, negative numbers other than -1, unknown jumps and extra fields, naming the entry', () => {
    const cases: Array<[string, RegExp]> = [
      ['1:2:0:-;x:1', /entry 1: start/],
      ['1:2:0:-;-5:1:0', /entry 1: start/],
      ['1:-2:0', /entry 0: length/],
      ['1:2:0:q', /entry 0: jump/],
      ['1:2:0:-:0:9', /entry 0 has more than five fields/],
      ['1:2:99999999999', /entry 0: source is out of range|entry 0: source/],
      ['1e3:2:0', /entry 0: start/],
    ];
    for (const [map, reason] of cases) {
      const r = decodeSourceMap(map);
      assert.ok(!r.ok, map);
      assert.match(r.ok ? '' : r.reason, reason, map);
    }
  });

  it('inherits -1 (no source) like any other field and keeps the modifier depth', () => {
    const r = decodeSourceMap('0:10:-1:-;;5:1:0:i:2;:::o');
    assert.ok(r.ok);
    assert.deepEqual(entries(r.map), [
      [0, 10, -1, '-', 0],
      [0, 10, -1, '-', 0],
      [5, 1, 0, 'i', 2],
      [5, 1, 0, 'o', 2],
    ]);
  });
});

describe('debugger/model/sourceMap: the bounds of a map', () => {
  it('refuses a number past 2^31 − 1 as out of range, and a map of more entries than any code has instructions', () => {
    assert.deepEqual(decodeSourceMap('9999999999:1:0'), { ok: false, reason: 'source map entry 0: start is out of range' });
    assert.deepEqual(decodeSourceMap(';'.repeat(MAX_SOURCE_MAP_ENTRIES)), { ok: false, reason: `source map has more than ${MAX_SOURCE_MAP_ENTRIES} entries` });
    const most = decodeSourceMap(';'.repeat(MAX_SOURCE_MAP_ENTRIES - 1));
    assert.equal(most.ok && most.map.length, MAX_SOURCE_MAP_ENTRIES);
  });

  it('reads an empty map as no entries (code with no source map)', () => {
    const r = decodeSourceMap('');
    assert.ok(r.ok);
    assert.equal(r.map.length, 0);
  });
});

describe('debugger/model/sourceMap: byte offsets to lines and columns', () => {
  const text = 'a\ncafé ✓ 🙂 x\r\n\rlast «ü»';
  const bytes = new TextEncoder().encode(text);

  /** Line and column of a byte offset by decoding the prefix and counting. */
  function reference(offset: number): { line: number; column: number } {
    const prefix = new TextDecoder().decode(bytes.subarray(0, offset));
    const lines = prefix.split(/\r\n|\r|\n/);
    return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
  }

  it('counts UTF-8 bytes as solc does and answers 1-based lines and UTF-16 columns as the editor does, at every character boundary', () => {
    const table = new LineTable(text);
    assert.equal(table.byteLength, bytes.length);
    let checked = 0;
    for (let offset = 0; offset <= bytes.length; offset++) {
      // Only offsets on a character boundary: solc never points inside a character.
      if (offset < bytes.length && ((bytes[offset] ?? 0) & 0xc0) === 0x80) continue;
      // Nor between the two characters of one line break.
      if (bytes[offset - 1] === 13 && bytes[offset] === 10) continue;
      assert.deepEqual(table.position(offset), reference(offset), `offset ${offset}`);
      checked++;
    }
    assert.equal(checked, [...text].length);
    assert.equal(table.position(bytes.length + 1), undefined);
    assert.equal(table.position(-1), undefined);
  });

  it('puts an offset inside a character (a hostile map’s) on that character', () => {
    const table = new LineTable(text);
    // "é" of line 2 takes bytes 5 and 6; "🙂" takes 13 to 16.
    assert.deepEqual(table.position(6), { line: 2, column: 4 });
    assert.deepEqual(table.position(15), { line: 2, column: 8 });
  });
});

describe('debugger/model/sourceMap: locate', () => {
  // PUSH1 1, PUSH1 2, ADD, STOP: four instructions, four entries.
  const code = new Uint8Array([0x60, 0x01, 0x60, 0x02, 0x01, 0x00]);
  let map: DecodedSourceMap;
  beforeEach(() => {
    const decoded = decodeSourceMap('0:3:0:-;4:3:-1;4:3:1;0:1:0:o');
    map = decoded.ok ? decoded.map : assert.fail();
  });
  const sources = new Map([
    [0, { path: 'src/A.sol', text: 'abc\ndef' }],
    [1, { path: 'src/B.sol', text: undefined }],
  ]);

  it('answers the range of the instruction at a pc, undefined in push data, for no source (-1), for a source without text and past the code', () => {
    const locate = makeLocator(code, code.length, map, sources);
    assert.deepEqual(locate(0), { path: 'src/A.sol', start: 0, length: 3, line: 1, column: 1, endLine: 1, endColumn: 4, jump: '-' });
    assert.equal(locate(1), undefined);
    assert.equal(locate(2), undefined);
    assert.equal(locate(4), undefined);
    assert.deepEqual(locate(5), { path: 'src/A.sol', start: 0, length: 1, line: 1, column: 1, endLine: 1, endColumn: 2, jump: 'o' });
    assert.equal(locate(6), undefined);
    assert.equal(locate(-1), undefined);
  });

  it('answers each instruction’s jump mark whatever its source, and none in push data, past the code or before it', () => {
    const jumpAt = makeJumpAt(code, code.length, map);
    assert.deepEqual(
      [0, 1, 2, 4, 5].map((pc) => jumpAt(pc)),
      ['-', undefined, '-', '-', 'o'],
    );
    assert.equal(jumpAt(6), undefined);
    assert.equal(jumpAt(-1), undefined);
    assert.equal(jumpAt(0.5), undefined);
  });

  it('answers undefined for a source id the build does not list (a compiler-generated source) and a range past the text', () => {
    const r = decodeSourceMap('0:3:7;5:100:0');
    assert.ok(r.ok);
    const locate = makeLocator(new Uint8Array([0x00, 0x00]), 2, r.map, sources);
    assert.equal(locate(0), undefined);
    assert.equal(locate(1), undefined);
  });
});
