// Amounts in token units (src/core/units.ts): the decimals applied, the sign in front.
import * as assert from 'node:assert/strict';
import { formatUnits } from '../../../src/core/units';

describe('core/units: formatUnits', () => {
  it('shows the integer as is for 0, negative or non-integer decimals', () => {
    assert.equal(formatUnits(1500n, 0), '1,500');
    assert.equal(formatUnits(1500n, -2), '1,500');
    assert.equal(formatUnits(1500n, 1.5), '1,500');
  });

  it('scales with the sign in front, and drops an all-zero fraction', () => {
    assert.equal(formatUnits(-1500000000n, 9), '-1.5');
    assert.equal(formatUnits(-5n, 2), '-0.05');
    assert.equal(formatUnits(3000n, 3), '3');
    assert.equal(formatUnits(1234567891n, 3), '1,234,567.891');
  });
});
