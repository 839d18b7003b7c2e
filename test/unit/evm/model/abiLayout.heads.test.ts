// The head of ABI-encoded data against the data's length (src/evm/model/abiLayout.ts
// strictlyLaidOut): top-level static values that need more words than the data holds are refused.
import * as assert from 'node:assert/strict';
import { strictlyLaidOut } from '../../../../src/evm/model/abiLayout';

const word = (n: number) => n.toString(16).padStart(64, '0');
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describe('evm/model/abiLayout: heads longer than the data', () => {
  it('two uint256 values in one word of data are refused; in two words they are laid out', () => {
    const p = [
      { name: 'a', type: 'uint256' },
      { name: 'b', type: 'uint256' },
    ];
    assert.equal(strictlyLaidOut(p, bytes(word(7))), false);
    assert.equal(strictlyLaidOut(p, bytes(`${word(7)}${word(8)}`)), true);
  });

  it('a uint256[3] in two words of data is refused', () => {
    assert.equal(strictlyLaidOut([{ name: '', type: 'uint256[3]' }], bytes(`${word(1)}${word(2)}`)), false);
  });
});
