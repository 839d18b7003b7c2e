// The pinned accounts as kept in the workspace's state (src/accounts/model/pins.ts): read back as
// untrusted, checked, deduplicated and bounded.
import * as assert from 'node:assert/strict';
import { MAX_PINS, isPinned, pinsOf, readPins, withPin, withoutPin } from '../../../../src/accounts/model/pins';

const A = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';
const hex = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('accounts/model/pins: the pinned accounts', () => {
  it('reads back only well-formed pins, addresses in their EIP-55 form, once each', () => {
    const stored = [
      { chainName: 'IOTA EVM', address: A.toLowerCase() },
      { chainName: 'iota evm', address: A },
      { chainName: 'IOTA EVM', address: '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDa' },
      { chainName: '', address: A },
      { chainName: 'x'.repeat(201), address: A },
      'junk',
      null,
      { chainName: 'Other', address: 42 },
    ];
    assert.deepEqual(readPins(stored), [{ chainName: 'IOTA EVM', address: A }]);
    assert.deepEqual(readPins({ not: 'a list' }), []);
  });

  it('adds a pin last, moves a repeated one there, and keeps at most MAX_PINS (the oldest go)', () => {
    let pins = withPin([], { chainName: 'a', address: hex(1) });
    pins = withPin(pins, { chainName: 'a', address: hex(2) });
    pins = withPin(pins, { chainName: 'A', address: hex(1) });
    assert.deepEqual(
      pins.map((p) => p.address),
      [hex(2), hex(1)],
    );
    for (let i = 0; i < MAX_PINS + 5; i++) pins = withPin(pins, { chainName: 'b', address: hex(100 + i) });
    assert.equal(pins.length, MAX_PINS);
    assert.equal(pins[pins.length - 1]?.address, hex(100 + MAX_PINS + 4));
    assert.equal(readPins(pins).length, MAX_PINS);
  });

  it('removes a pin, finds a chain’s pins and says whether one is pinned, chain names case-insensitively', () => {
    const pins = [
      { chainName: 'IOTA EVM', address: A },
      { chainName: 'Other', address: hex(1) },
    ];
    assert.deepEqual(pinsOf(pins, 'iota evm'), [pins[0]]);
    assert.ok(isPinned(pins, { chainName: 'IOTA evm', address: A.toLowerCase() }));
    assert.deepEqual(withoutPin(pins, { chainName: 'iota EVM', address: A }), [pins[1]]);
  });
});
