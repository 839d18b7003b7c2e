// Naming slots that lie past a hash the replay saw: mapping values, dynamic array elements, string
// data. The hashes here are stand-ins (any 256-bit number a replay could have recorded as the
// keccak256 of the preimage), spaced far apart so that each slot lies past one of them only.
import * as assert from 'node:assert/strict';
import type { StorageLayout, StorageType, StorageVariable } from '../../../src/debugger/model/codeMap';
import { nameSlot } from '../../../src/debugger/model/storageNames';

const WORD = 2n ** 256n;
const word = (x: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31, y = x; i >= 0; i--, y >>= 8n) out[i] = Number(y & 0xffn);
  return out;
};
const keyed = (key: bigint, slot: bigint) => Uint8Array.from([...word(key), ...word(slot)]);
const H = (i: number) => BigInt(i) << 200n;
const v = (label: string, slot: bigint, type: string): StorageVariable => ({ label, slot, offset: 0, type });
const map = (key: string | undefined, value: string | undefined): StorageType => ({ encoding: 'mapping', label: 'mapping', numberOfBytes: 32, key, value });
const array = (base: string | undefined): StorageType => ({ encoding: 'dynamic_array', label: 'array', numberOfBytes: 32, base });

const LAYOUT: StorageLayout = {
  storage: [
    v('plainMap', 0n, 'm_uint'),
    v('points', 1n, 'm_point'),
    v('lists', 2n, 'm_list'),
    v('ghostMap', 3n, 'm_ghost'),
    v('pairs', 4n, 'a_point'),
    v('halves', 5n, 'a_half'),
    v('words', 6n, 'a_word'),
    v('noKey', 7n, 'm_nokey'),
    v('noValue', 8n, 'm_novalue'),
    v('noBase', 9n, 'a_nobase'),
    v('ghosts', 10n, 'a_ghost'),
    v('fixed', 11n, 'fixed3'),
    v('count', 14n, 't_uint256'),
    v('nested', 15n, 'm_nested'),
    v('note', 16n, 'str'),
    v('labels', 17n, 'a_short_str'),
  ],
  types: {
    t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: 32 },
    t_uint128: { encoding: 'inplace', label: 'uint128', numberOfBytes: 16 },
    point: { encoding: 'inplace', label: 'struct Point', numberOfBytes: 64, members: [v('x', 0n, 't_uint256'), v('y', 1n, 't_uint256')] },
    fixed3: { encoding: 'inplace', label: 'uint256[3]', numberOfBytes: 96, base: 't_uint256' },
    str: { encoding: 'bytes', label: 'string', numberOfBytes: 32 },
    short_str: { encoding: 'bytes', label: 'string', numberOfBytes: 16 },
    m_uint: map('t_uint256', 't_uint256'),
    m_point: map('t_uint256', 'point'),
    m_list: map('t_uint256', 'a_word'),
    m_ghost: map('t_uint256', 'unlisted'),
    m_nokey: map(undefined, 't_uint256'),
    m_novalue: map('t_uint256', undefined),
    m_nested: map('t_uint256', 'm_uint'),
    a_point: array('point'),
    a_half: array('t_uint128'),
    a_word: array('t_uint256'),
    a_nobase: array(undefined),
    a_ghost: array('unlisted'),
    a_short_str: array('short_str'),
  },
};

const PREIMAGES = new Map<bigint, Uint8Array>([
  [H(1), keyed(5n, 0n)],
  [H(2), keyed(7n, 1n)],
  [H(3), keyed(9n, 2n)],
  [H(4), word(H(3))],
  [H(5), keyed(1n, 3n)],
  [H(6), word(4n)],
  [H(7), word(5n)],
  [H(8), word(6n)],
  [H(9), keyed(1n, 7n)],
  [H(10), keyed(1n, 8n)],
  [H(11), word(9n)],
  [H(12), word(10n)],
  [H(13), word(11n)],
  [H(14), word(14n)],
  [H(15), keyed(1n, 6n)],
  [H(16), keyed(3n, 15n)],
  [H(17), keyed(4n, H(16) + 1n)],
  [H(18), keyed(4n, H(16))],
  [H(19), word(16n)],
  [H(20), keyed(2n, 0n)],
  [H(21), new Uint8Array(5)],
  [H(22), word(17n)],
  [WORD - 1n, keyed(1n, 1n)],
]);
const name = (slot: bigint) => nameSlot(LAYOUT, slot, PREIMAGES);

describe('debugger/model/storageNames: mapping values past their hash', () => {
  it('names a mapping’s value by its key, and a slot past a one-word value after that value', () => {
    assert.equal(name(H(1)), 'plainMap[5]');
    assert.equal(name(H(1) + 1n), 'plainMap[5]');
  });

  it('names the members of a struct value, and a nested mapping’s value by both keys', () => {
    assert.deepEqual([H(2), H(2) + 1n].map(name), ['points[7].x', 'points[7].y']);
    assert.equal(name(H(18)), 'nested[3][4]');
  });

  it('names the slots past an array value after the array, and its elements by index', () => {
    assert.deepEqual([H(3), H(3) + 1n].map(name), ['lists[9]', 'lists[9]']);
    assert.deepEqual([H(4), H(4) + 2n].map(name), ['lists[9][0]', 'lists[9][2]']);
  });

  it('names a value whose type the layout does not list after its key', () => {
    assert.equal(name(H(5) + 2n), 'ghostMap[1]');
  });

  it('names nothing under a mapping the layout gives no key type or no value type', () => {
    assert.equal(name(H(9)), undefined);
    assert.equal(name(H(10)), undefined);
  });

  it('names nothing hashed from a slot that lies past a mapping’s own slot', () => {
    assert.equal(name(H(16) + 1n), 'nested[3]');
    assert.equal(name(H(17)), undefined);
  });

  it('names a slot up to 2^40 − 1 past a hash, and none at 2^40', () => {
    assert.equal(name(H(20) + 2n ** 40n - 1n), 'plainMap[2]');
    assert.equal(name(H(20) + 2n ** 40n), undefined);
  });

  it('names nothing past the hash of fewer than 32 bytes', () => {
    assert.equal(name(H(21)), undefined);
  });
});

describe('debugger/model/storageNames: dynamic array elements and string data', () => {
  it('names elements of an array of two-slot structs by index and member', () => {
    assert.deepEqual([H(6), H(6) + 1n, H(6) + 2n, H(6) + 3n].map(name), ['pairs[0].x', 'pairs[0].y', 'pairs[1].x', 'pairs[1].y']);
  });

  it('names a slot of sixteen-byte elements by the first of the two it holds', () => {
    assert.deepEqual([H(7), H(7) + 1n, H(7) + 2n].map(name), ['halves[0]', 'halves[2]', 'halves[4]']);
  });

  it('names one-word elements by index, and those of an unlisted element type one a slot', () => {
    assert.equal(name(H(8) + 3n), 'words[3]');
    assert.equal(name(H(12) + 1n), 'ghosts[1]');
  });

  it('names strings in an array one a slot whatever size the layout gives them', () => {
    assert.equal(name(H(22) + 1n), 'labels[1]');
  });

  it('names the data of a string after the string', () => {
    assert.equal(name(H(19) + 2n), 'note (data)');
  });

  it('names nothing past the hash of a fixed array’s, a word’s or a baseless array’s slot, nor of a key and an array’s slot', () => {
    assert.equal(name(H(13)), undefined);
    assert.equal(name(H(14) + 1n), undefined);
    assert.equal(name(H(11)), undefined);
    assert.equal(name(H(15)), undefined);
  });
});

describe('debugger/model/storageNames: slots outside 256 bits and long chains of hashes', () => {
  it('names the last slot of storage but no slot at 2^256 or below 0, whatever lies past a hash', () => {
    assert.equal(name(WORD - 1n), 'points[1].x');
    assert.equal(name(WORD), undefined);
    assert.equal(name(WORD + 1n), undefined);
    assert.equal(name(-1n), undefined);
  });

  it('names a mapping nested eight deep by all its keys, and none nested nine deep', () => {
    const layout: StorageLayout = { storage: [v('m', 0n, 'deep')], types: { deep: map('t_uint256', 'deep') } };
    const preimages = new Map<bigint, Uint8Array>();
    let slot = 0n;
    for (let i = 1; i <= 9; i++) {
      preimages.set(H(100 + i), keyed(BigInt(i), slot));
      slot = H(100 + i);
    }
    assert.equal(nameSlot(layout, H(108), preimages), 'm[1][2][3][4][5][6][7][8]');
    assert.equal(nameSlot(layout, H(109), preimages), undefined);
  });

  it('reads a ring of preimages that hash each other’s slots a few times, not once per route', () => {
    class CountingMap extends Map<bigint, Uint8Array> {
      reads = 0;
      override [Symbol.iterator]() {
        this.reads++;
        return super[Symbol.iterator]();
      }
    }
    const ring = new CountingMap([0n, 1n, 2n].map((i) => [H(200) + i, word(H(200) + 2n)]));
    assert.equal(nameSlot(LAYOUT, H(200) + 2n, ring), undefined);
    assert.ok(ring.reads <= 4, `read ${ring.reads} times`);
  });
});
