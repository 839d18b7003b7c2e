// The fee of a request (src/core/fees.ts): gas to base tokens rounded up, exact above 2^53, free gas,
// malformed ratios; the words for the fee policy; the check of a receipt's fee.
import * as assert from 'node:assert/strict';
import {
  checkFee,
  describeEvmGasRatio,
  describeGasPerToken,
  evmToIsc,
  feeForGas,
  feeFormulaText,
  type FeePolicy,
  isFreeGas,
  iscToEvm,
  validatorShareText,
} from '../../../src/core/fees';

const defaultPolicy: FeePolicy = { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };
const freePolicy: FeePolicy = { gasPerToken: { a: 0, b: 0 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };

describe('core/fees: feeForGas', () => {
  it('matches the sample receipts (100 gas per token)', () => {
    assert.equal(feeForGas(21000n, defaultPolicy.gasPerToken), 210n);
    assert.equal(feeForGas(10000n, defaultPolicy.gasPerToken), 100n);
  });
  it('rounds up', () => {
    assert.equal(feeForGas(1n, { a: 100, b: 1 }), 1n);
    assert.equal(feeForGas(101n, { a: 100, b: 1 }), 2n);
    assert.equal(feeForGas(100n, { a: 100, b: 1 }), 1n);
    assert.equal(feeForGas(10n, { a: 3, b: 1 }), 4n);
    assert.equal(feeForGas(7n, { a: 2, b: 3 }), 11n); // ceil(21 / 2)
  });
  it('is free for {0,0}, a = 0 and b = 0', () => {
    assert.equal(feeForGas(21000n, { a: 0, b: 0 }), 0n);
    assert.equal(feeForGas(21000n, { a: 0, b: 5 }), 0n);
    assert.equal(feeForGas(21000n, { a: 100, b: 0 }), 0n);
    assert.equal(isFreeGas({ a: 0, b: 0 }), true);
    assert.equal(isFreeGas({ a: 100, b: 1 }), false);
  });
  it('is exact above 2^53', () => {
    const gas = 2n ** 64n - 1n;
    assert.equal(feeForGas(gas, { a: 1, b: 4294967295 }), gas * 4294967295n);
    assert.equal(feeForGas(9007199254740993n, { a: 1, b: 1 }), 9007199254740993n);
    assert.equal(feeForGas(9007199254740993n, { a: 2, b: 1 }), 4503599627370497n);
  });
  it('treats zero/negative gas and malformed ratios safely', () => {
    assert.equal(feeForGas(0n, defaultPolicy.gasPerToken), 0n);
    assert.equal(feeForGas(-5n, defaultPolicy.gasPerToken), 0n);
    assert.equal(feeForGas(100n, { a: 1.5, b: 1 }), 0n);
    assert.equal(feeForGas(100n, { a: Number.NaN, b: 1 }), 0n);
  });

  it('charges nothing for negative gas or a zero component, and rounds up otherwise', () => {
    assert.equal(feeForGas(-500n, { a: 100, b: 1 }), 0n);
    assert.equal(feeForGas(-1n, { a: 1, b: 1 }), 0n);
    assert.equal(feeForGas(500n, { a: 100, b: 0 }), 0n);
    assert.equal(feeForGas(500n, { a: 0, b: 1 }), 0n);
    assert.equal(feeForGas(501n, { a: 100, b: 1 }), 6n);
  });
});

describe('core/fees: the words of a fee policy', () => {
  it('describes gas per token', () => {
    assert.equal(describeGasPerToken({ a: 100, b: 1 }), '100 gas = 1 base token');
    assert.equal(describeGasPerToken({ a: 100, b: 3 }), '100 gas = 3 base tokens');
    assert.equal(describeGasPerToken({ a: 10000, b: 1 }), '10,000 gas = 1 base token');
    assert.equal(describeGasPerToken({ a: 0, b: 0 }), 'gas is free');
  });
  it('describes the EVM gas ratio as ISC = EVM × a / b', () => {
    assert.equal(describeEvmGasRatio({ a: 1, b: 1 }), '1 EVM gas = 1 ISC gas');
    assert.equal(describeEvmGasRatio({ a: 2, b: 1 }), '1 EVM gas = 2 ISC gas');
    assert.equal(describeEvmGasRatio({ a: 1, b: 10 }), '10 EVM gas = 1 ISC gas');
    assert.equal(describeEvmGasRatio({ a: 0, b: 1 }), 'invalid EVM gas ratio (0:1)');
  });
  it('describes the validator share', () => {
    assert.equal(validatorShareText(0), '0%');
    assert.equal(validatorShareText(25), '25%');
    assert.equal(validatorShareText(150), '150% (applied as 100%)');
  });
  it('writes the fee formula', () => {
    assert.equal(feeFormulaText(defaultPolicy), 'fee = ceil(gas × 1 / 100)');
    assert.equal(feeFormulaText({ ...defaultPolicy, gasPerToken: { a: 50, b: 3 } }), 'fee = ceil(gas × 3 / 50)');
    assert.equal(feeFormulaText(freePolicy), 'fee = 0 (gas is free)');
  });

  it('reports a zero in either component of the EVM gas ratio', () => {
    assert.equal(describeEvmGasRatio({ a: 1, b: 0 }), 'invalid EVM gas ratio (1:0)');
    assert.equal(describeEvmGasRatio({ a: 0, b: 1 }), 'invalid EVM gas ratio (0:1)');
    assert.equal(describeEvmGasRatio({ a: 1, b: 2 }), '2 EVM gas = 1 ISC gas');
  });

  it('shows 100% as is and only larger shares as capped', () => {
    assert.equal(validatorShareText(100), '100%');
    assert.equal(validatorShareText(101), '101% (applied as 100%)');
  });

  it('a negative or unsafe ratio component counts as 0: gas is free', () => {
    assert.equal(describeGasPerToken({ a: -5, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: -1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 2 ** 53, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: 0 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 0, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: 1 }), '100 gas = 1 base token');
    assert.equal(feeFormulaText({ gasPerToken: { a: 100, b: 0 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 }), 'fee = 0 (gas is free)');
  });

  it('shows a share that is not a finite number as it came', () => {
    assert.equal(validatorShareText(Number.NaN), 'NaN');
    assert.equal(validatorShareText(Number.POSITIVE_INFINITY), 'Infinity');
    assert.equal(validatorShareText(-1), '-1%');
  });
});

describe('core/fees: checkFee', () => {
  it('confirms the sample receipts', () => {
    assert.deepEqual(checkFee(21000n, 210n, defaultPolicy), { expected: 210n, matches: true, difference: 0n });
    assert.deepEqual(checkFee(10000n, 100n, defaultPolicy), { expected: 100n, matches: true, difference: 0n });
  });
  it('flags a mismatch with its sign', () => {
    assert.deepEqual(checkFee(21000n, 200n, defaultPolicy), { expected: 210n, matches: false, difference: -10n });
    assert.deepEqual(checkFee(21000n, 1n, freePolicy), { expected: 0n, matches: false, difference: 1n });
    assert.equal(checkFee(21000n, 0n, freePolicy).matches, true);
  });
});

describe('core/fees: EVM gas and ISC gas', () => {
  it('EVM to ISC rounds up, ISC to EVM rounds down; exact past 2^53; a ratio with a zero is not used', () => {
    assert.equal(evmToIsc(21_000n, { a: 1, b: 1 }), 21_000n);
    assert.equal(evmToIsc(10n, { a: 2, b: 3 }), 7n, '20 / 3 = 6.67, up');
    assert.equal(iscToEvm(10n, { a: 2, b: 3 }), 15n);
    assert.equal(iscToEvm(11n, { a: 2, b: 3 }), 16n, '33 / 2 = 16.5, down');
    assert.equal(evmToIsc(2n ** 64n - 1n, { a: 3, b: 1 }), (2n ** 64n - 1n) * 3n);
    assert.equal(evmToIsc(1n, { a: 0, b: 1 }), undefined);
    assert.equal(iscToEvm(1n, { a: 1, b: 0 }), undefined);
  });
});
