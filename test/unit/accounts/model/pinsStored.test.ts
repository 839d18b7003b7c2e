// What readPins makes of a stored list, one rule at a time: pins on different chains or addresses
// all kept, entries that are not pins skipped (null, a number for a name, a blank name, a name one
// character too long), only the newest part of a huge list read, and the result bounded.
import * as assert from 'node:assert/strict';
import { MAX_PINS, readPins } from '../../../../src/accounts/model/pins';

/** A lower-case address (its EIP-55 form is checksummed by readPins; lower case has no checksum to fail). */
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('accounts/model/pins: a stored list read back', () => {
  it('pins that differ by chain or by address are all kept, in order', () => {
    const stored = [
      { chainName: 'A', address: addr(1) },
      { chainName: 'B', address: addr(1) },
      { chainName: 'A', address: addr(2) },
    ];
    assert.deepStrictEqual(readPins(stored), stored);
  });

  it('skips what is no pin: null, a number for a name, a blank name, a name over 200 characters', () => {
    const stored = [
      null,
      { chainName: 5, address: addr(1) },
      { chainName: '   ', address: addr(2) },
      { chainName: 'x'.repeat(201), address: addr(3) },
      { chainName: 'y'.repeat(200), address: addr(4) },
    ];
    assert.deepStrictEqual(readPins(stored), [{ chainName: 'y'.repeat(200), address: addr(4) }]);
  });

  it('reads only the newest 400 entries of a list, and keeps at most the newest 200 pins', () => {
    const old = { chainName: 'A', address: addr(1) };
    assert.deepStrictEqual(readPins([old, ...Array<null>(2 * MAX_PINS).fill(null)]), []);
    const many = Array.from({ length: MAX_PINS + 1 }, (_, i) => ({ chainName: 'A', address: addr(i + 10) }));
    const read = readPins(many);
    assert.equal(read.length, MAX_PINS);
    assert.deepStrictEqual([read[0]?.address.toLowerCase(), read.at(-1)?.address.toLowerCase()], [addr(11), addr(MAX_PINS + 10)]);
  });
});
