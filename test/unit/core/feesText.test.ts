import * as assert from 'node:assert/strict';
import { describeEvmGasRatio, validatorShareText } from '../../../src/core/fees';

describe('core/fees texts', () => {
  it('reports a zero in either component of the EVM gas ratio', () => {
    assert.equal(describeEvmGasRatio({ a: 1, b: 0 }), 'invalid EVM gas ratio (1:0)');
    assert.equal(describeEvmGasRatio({ a: 0, b: 1 }), 'invalid EVM gas ratio (0:1)');
    assert.equal(describeEvmGasRatio({ a: 1, b: 2 }), '2 EVM gas = 1 ISC gas');
  });

  it('shows 100% as is and only larger shares as capped', () => {
    assert.equal(validatorShareText(100), '100%');
    assert.equal(validatorShareText(101), '101% (applied as 100%)');
  });
});
