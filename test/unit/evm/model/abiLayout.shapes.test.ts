// Layouts the strict check refuses for the shape of a type (src/evm/model/abiLayout.ts
// strictlyLaidOut): a fixed array of strings is dynamic (its offset checked), a struct holding an
// array of empty structs encodes into nothing, and a dynamic array of fixed arrays needs room for
// every element's whole head.
import * as assert from 'node:assert/strict';
import { strictlyLaidOut } from '../../../../src/evm/model/abiLayout';

const word = (n: number) => n.toString(16).padStart(64, '0');
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('evm/model/abiLayout: the shape of a type', () => {
  it('a string[2] is reached by its offset: a wrong one is refused, the right one read', () => {
    const p = [{ name: '', type: 'string[2]' }];
    const inner = `${word(64)}${word(96)}${word(0)}${word(0)}`;
    assert.equal(strictlyLaidOut(p, bytes(`${word(32)}${inner}`)), true);
    assert.equal(strictlyLaidOut(p, bytes(`${word(64)}${word(0)}${inner}`)), false);
  });

  it('a struct holding a fixed array of empty structs is refused', () => {
    const p = [{ name: '', type: 'tuple', components: [{ name: '', type: 'tuple[2]', components: [] }] }];
    assert.equal(strictlyLaidOut(p, new Uint8Array(0)), false);
  });

  it('a uint256[2][] of two elements needs four words after its length', () => {
    const p = [{ name: '', type: 'uint256[2][]' }];
    assert.equal(strictlyLaidOut(p, bytes(`${word(32)}${word(2)}${word(1)}${word(2)}${word(3)}${word(4)}`)), true);
    assert.equal(strictlyLaidOut(p, bytes(`${word(32)}${word(2)}${word(1)}${word(2)}`)), false);
  });
});
