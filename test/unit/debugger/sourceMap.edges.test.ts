// The edges of source mapping, built from bytes and map strings written here: where the metadata
// tail starts, how many UTF-8 bytes a character takes at each range boundary, which entries locate.
import * as assert from 'node:assert/strict';
import {
  decodeSourceMap,
  LineTable,
  makeJumpAt,
  makeLocator,
  metadataTailLength,
  type DecodedSourceMap,
  type MappedSource,
} from '../../../src/debugger/model/sourceMap';

const bytes = (...b: number[]) => Uint8Array.from(b);
const decoded = (text: string): DecodedSourceMap => {
  const d = decodeSourceMap(text);
  return d.ok ? d.map : assert.fail(d.reason);
};

describe('debugger/model/sourceMap: the metadata tail', () => {
  it('reads a tail length of two bytes, big-endian: 256 bytes of CBOR plus the two', () => {
    const meta = new Uint8Array(256);
    meta[0] = 0xa2;
    const code = Uint8Array.from([0x60, 0x00, 0x00, ...meta, 0x01, 0x00]);
    assert.equal(metadataTailLength(code), 258);
  });

  it('takes the whole code as the tail when the length covers all of it', () => {
    assert.equal(metadataTailLength(bytes(0xa0, 0x00, 0x01)), 3);
  });

  it('takes a tail that opens with any CBOR map byte, 0xa0 to 0xbf, and none that opens otherwise', () => {
    assert.equal(metadataTailLength(bytes(0x00, 0xa0, 0x00, 0x01)), 3);
    assert.equal(metadataTailLength(bytes(0x00, 0xbf, 0x00, 0x01)), 3);
    assert.equal(metadataTailLength(bytes(0x00, 0x9f, 0x00, 0x01)), 0);
    assert.equal(metadataTailLength(bytes(0x00, 0xc0, 0x00, 0x01)), 0);
    assert.equal(metadataTailLength(bytes(0x00, 0x60, 0x00, 0x01)), 0);
  });

  it('finds no tail in code too short for its length, with a zero length, or of fewer than two bytes', () => {
    assert.equal(metadataTailLength(bytes(0xa1, 0x00, 0x02)), 0);
    assert.equal(metadataTailLength(bytes(0xa1, 0x00, 0x00)), 0);
    assert.equal(metadataTailLength(bytes(0x01)), 0);
    assert.equal(metadataTailLength(bytes()), 0);
  });
});

describe('debugger/model/sourceMap: UTF-8 lengths at the range boundaries', () => {
  const length = (text: string) => new LineTable(text).byteLength;

  it('takes one byte below U+0080, two from there below U+0800, three from U+0800', () => {
    assert.deepEqual(['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff'].map(length), [1, 2, 2, 3, 3]);
  });

  it('takes four bytes for a surrogate pair at either end of both surrogate ranges', () => {
    assert.deepEqual(['\ud800\udc00', '\udbff\udfff', '\ud800\udfff', '\udbff\udc00'].map(length), [4, 4, 4, 4]);
  });

  it('takes three bytes for each surrogate that is not a high one followed by a low one', () => {
    assert.equal(length('\ud800'), 3);
    assert.equal(length('\udc00\udc00'), 6);
    assert.equal(length('\u4e00\udc00'), 6);
    assert.equal(length('\ue000\udc00'), 6);
    assert.equal(length('\ud800\udbff'), 6);
    assert.equal(length('\ud800\ue000'), 6);
  });

  it('keeps a lone high surrogate one column wide and breaks the line after it', () => {
    const table = new LineTable('\ud800a\n\ud800\nb');
    assert.deepEqual(table.position(3), { line: 1, column: 2 });
    assert.deepEqual(table.position(5), { line: 2, column: 1 });
    assert.deepEqual(table.position(9), { line: 3, column: 1 });
  });

  it('puts every byte offset of a mixed line on its character, and none past the end', () => {
    const table = new LineTable('a\u00e9\u4e00\ud83d\ude00b');
    const columns = Array.from({ length: 13 }, (_, at) => table.position(at)?.column);
    assert.deepEqual(columns, [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 6, 7, undefined]);
  });
});

describe('debugger/model/sourceMap: which entries locate', () => {
  // Four JUMPDESTs, one instruction a byte.
  const code = bytes(0x5b, 0x5b, 0x5b, 0x5b);
  let map: DecodedSourceMap;
  beforeEach(() => {
    map = decoded('0:0:0:i;2:-1;1:3:-1;3:2:0:o');
  });
  const text = 'ab\ncd';

  function locator() {
    const built: string[] = [];
    const sources = new Map<number, MappedSource>([
      [0, { path: 'A.sol', text }],
      [-1, { path: 'generated.yul', text: 'generated' }],
    ]);
    const locate = makeLocator(code, code.length, map, sources, (t) => {
      built.push(t);
      return new LineTable(t);
    });
    return { locate, built };
  }

  it('locates an empty range at its start, and a range by its lines and columns', () => {
    const { locate } = locator();
    assert.deepEqual(locate(0), { path: 'A.sol', start: 0, length: 0, line: 1, column: 1, endLine: 1, endColumn: 1, jump: 'i' });
    assert.deepEqual(locate(3), { path: 'A.sol', start: 3, length: 2, line: 2, column: 1, endLine: 2, endColumn: 3, jump: 'o' });
  });

  it('locates no entry of length -1, nor one of source -1 even when the sources list an id -1', () => {
    const { locate } = locator();
    assert.equal(locate(1), undefined);
    assert.equal(locate(2), undefined);
  });

  it('locates nothing at a pc before the code, past it, past the map or not a whole number, nor a start of -1', () => {
    const { locate } = locator();
    const short = makeLocator(bytes(0x5b, 0x5b, 0x5b, 0x5b, 0x5b), 5, decoded('-1:1:0;0:1:0'), new Map([[0, { path: 'A.sol', text }]]));
    assert.deepEqual([-1, 4, 5, 1.5, Number.NaN, Infinity].map(locate), [undefined, undefined, undefined, undefined, undefined, undefined]);
    assert.deepEqual([0, 2, 4].map(short), [undefined, undefined, undefined]);
    assert.equal(short(1)?.column, 1);
  });

  it('builds one line table per source however many pcs it locates', () => {
    const { locate, built } = locator();
    for (const pc of [0, 3, 0, 3, 1, 2]) locate(pc);
    assert.deepEqual(built, [text]);
  });
});

describe('debugger/model/sourceMap: jump marks past the map', () => {
  it('answers no jump mark for an instruction the map has no entry for', () => {
    const code = bytes(0x60, 0x01, 0x56, 0x5b);
    const jumpAt = makeJumpAt(code, code.length, decoded('0:1:0:i;2:3:0:o'));
    assert.deepEqual([0, 1, 2, 3].map(jumpAt), ['i', undefined, 'o', undefined]);
    assert.deepEqual([-1, 4, 2.5, Number.NaN].map(jumpAt), [undefined, undefined, undefined, undefined]);
  });
});
