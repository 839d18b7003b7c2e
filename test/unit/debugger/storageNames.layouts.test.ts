// Naming slots of variables laid out in place: struct members, fixed-size arrays, packed and
// overlapping variables, and layouts that leave a type out. Layouts are written as solc writes them.
import * as assert from 'node:assert/strict';
import type { StorageLayout, StorageType, StorageVariable } from '../../../src/debugger/model/codeMap';
import { nameSlot } from '../../../src/debugger/model/storageNames';

const NONE = new Map<bigint, Uint8Array>();
const v = (label: string, slot: bigint, type: string, offset = 0): StorageVariable => ({ label, slot, offset, type });
const inplace = (label: string, slots: number, more: Partial<StorageType> = {}): StorageType => ({
  encoding: 'inplace',
  label,
  numberOfBytes: 32 * slots,
  ...more,
});

const POINT: StorageType = inplace('struct Point', 2, { members: [v('x', 0n, 't_uint256'), v('y', 1n, 't_uint256')] });
const TYPES: Record<string, StorageType> = {
  t_uint256: inplace('uint256', 1),
  't_struct(Point)': POINT,
  't_struct(Outer)': inplace('struct Outer', 3, { members: [v('a', 0n, 't_uint256'), v('inner', 1n, 't_struct(Point)')] }),
  't_struct(Gap)': inplace('struct Gap', 3, { members: [v('a', 0n, 't_uint256')] }),
  't_array(t_struct(Point))2_storage': inplace('struct Point[2]', 4, { base: 't_struct(Point)' }),
  't_array(t_uint256)3_storage': inplace('uint256[3]', 3, { base: 't_uint256' }),
  't_struct(Swapped)': inplace('struct Swapped', 2, { members: [v('y', 1n, 't_uint256'), v('x', 0n, 't_uint256')] }),
  't_struct(Halves)': { encoding: 'inplace', label: 'struct Halves', numberOfBytes: 32, members: [v('b', 0n, 't_uint128', 16), v('a', 0n, 't_uint128')] },
  t_uint128: { encoding: 'inplace', label: 'uint128', numberOfBytes: 16 },
};
const LAYOUT: StorageLayout = {
  storage: [
    v('count', 0n, 't_uint256'),
    v('pos', 1n, 't_struct(Point)'),
    v('pairs', 3n, 't_array(t_struct(Point))2_storage'),
    v('outer', 7n, 't_struct(Outer)'),
    v('gap', 10n, 't_struct(Gap)'),
    v('fixedThree', 13n, 't_array(t_uint256)3_storage'),
    v('swapped', 16n, 't_struct(Swapped)'),
    v('halves', 18n, 't_struct(Halves)'),
    v('mystery', 19n, 't_unlisted'),
    v('after', 20n, 't_uint256'),
  ],
  types: TYPES,
};
const name = (slot: bigint) => nameSlot(LAYOUT, slot, NONE);

describe('debugger/model/storageNames: variables laid out in place', () => {
  it('names each member of a struct by its own slot, the first one at the struct’s slot', () => {
    assert.deepEqual([1n, 2n].map(name), ['pos.x', 'pos.y']);
  });

  it('names the member of a struct nested at a member past the first', () => {
    assert.deepEqual([7n, 8n, 9n].map(name), ['outer.a', 'outer.inner.x', 'outer.inner.y']);
  });

  it('names an element of a fixed array of two-slot structs and its member, the array alone at its first slot', () => {
    assert.deepEqual([3n, 4n, 5n, 6n].map(name), ['pairs', 'pairs[0].y', 'pairs[1].x', 'pairs[1].y']);
  });

  it('names a fixed array of words by the array at its first slot and by index past it', () => {
    assert.deepEqual([13n, 14n, 15n].map(name), ['fixedThree', 'fixedThree[1]', 'fixedThree[2]']);
  });

  it('names a slot of a struct that no member holds after the struct alone', () => {
    assert.deepEqual([10n, 11n, 12n].map(name), ['gap.a', 'gap', 'gap']);
  });

  it('names the member at a struct’s first byte even when the layout lists it after another', () => {
    assert.equal(name(16n), 'swapped.x');
    assert.equal(name(17n), 'swapped.y');
    assert.equal(name(18n), 'halves.a');
  });

  it('names a variable whose type the layout does not list by its label, taking one slot', () => {
    assert.equal(name(19n), 'mystery');
    assert.equal(name(20n), 'after');
  });

  it('answers undefined past the last variable', () => {
    assert.equal(name(21n), undefined);
  });
});

describe('debugger/model/storageNames: how far a name descends into nested types', () => {
  // S0 { a; S1 b } … S8 { a; S9 b }, S9 { a; b }: slot k + 1 past S0's start is b.b…b (k + 1 times).
  const chain: Record<string, StorageType> = { t_uint256: inplace('uint256', 1) };
  for (let k = 0; k <= 9; k++) {
    const next = k === 9 ? 't_uint256' : `t_struct(S${k + 1})`;
    chain[`t_struct(S${k})`] = inplace(`struct S${k}`, 11 - k, { members: [v('a', 0n, 't_uint256'), v('b', 1n, next)] });
  }
  const deep: StorageLayout = { storage: [v('deep', 0n, 't_struct(S0)')], types: chain };

  it('follows members eight levels deep and names the slot after the eighth', () => {
    assert.equal(nameSlot(deep, 8n, NONE), `deep${'.b'.repeat(8)}.a`);
    assert.equal(nameSlot(deep, 9n, NONE), `deep${'.b'.repeat(8)}`);
    assert.equal(nameSlot(deep, 10n, NONE), `deep${'.b'.repeat(8)}`);
  });

  it('stops after eight levels of nested fixed arrays', () => {
    const types: Record<string, StorageType> = { t_uint256: inplace('uint256', 1) };
    for (let k = 0; k < 10; k++) types[`A${k}`] = inplace(`A${k}`, 2 ** (10 - k), { base: k === 9 ? 't_uint256' : `A${k + 1}` });
    const layout: StorageLayout = { storage: [v('grid', 0n, 'A0')], types };
    assert.equal(nameSlot(layout, 2n ** 10n - 1n, NONE), `grid${'[1]'.repeat(8)}`);
    assert.equal(nameSlot(layout, 2n ** 8n, NONE), 'grid[0][1]');
  });
});

describe('debugger/model/storageNames: variables sharing slots', () => {
  it('names packed variables together at their shared slot', () => {
    const layout: StorageLayout = {
      storage: [v('small', 0n, 't_uint128'), v('other', 0n, 't_uint128', 16), v('next', 1n, 't_uint256')],
      types: TYPES,
    };
    assert.equal(nameSlot(layout, 0n, NONE), 'small, other');
    assert.equal(nameSlot(layout, 1n, NONE), 'next');
  });

  it('names a slot inside a multi-slot variable after its member even when a later variable claims it too', () => {
    const layout: StorageLayout = { storage: [v('pos', 0n, 't_struct(Point)'), v('shadow', 1n, 't_uint256')], types: TYPES };
    assert.equal(nameSlot(layout, 1n, NONE), 'pos.y');
  });
});

describe('debugger/model/storageNames: variables whose data lies elsewhere', () => {
  it('gives a mapping, a dynamic array and a string one slot of their own whatever size the layout claims', () => {
    const layout: StorageLayout = {
      storage: [v('book', 0n, 'map'), v('list', 1n, 'arr'), v('note', 2n, 'str'), v('last', 3n, 't_uint256')],
      types: {
        map: { encoding: 'mapping', label: 'mapping', numberOfBytes: 64, key: 't_uint256', value: 't_uint256' },
        arr: { encoding: 'dynamic_array', label: 'uint256[]', numberOfBytes: 64, base: 't_uint256' },
        str: { encoding: 'bytes', label: 'string', numberOfBytes: 64 },
        t_uint256: inplace('uint256', 1),
      },
    };
    assert.deepEqual(
      [0n, 1n, 2n, 3n].map((slot) => nameSlot(layout, slot, NONE)),
      ['book', 'list', 'note', 'last'],
    );
  });
});
