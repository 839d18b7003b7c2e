// "Gas and fee explained" (src/transactions/model/gasExplain.ts), every row exact: labels, values,
// details and which rows are monospaced, the budget at the chain's exact limits, the fee's detail,
// an unusable gas ratio, and a receipt without an error.
import * as assert from 'node:assert/strict';
import { gasRows, receiptGasFacts, receiptGasHeadline, type GasFacts } from '../../../../src/transactions/model/gasExplain';
import { rebasedReceipt } from '../../helpers/receipts';

const facts = (over: Partial<GasFacts> = {}): GasFacts => ({
  generation: 'rebased',
  tx: { gasLimit: 60_000n, gasPrice: 10_000_000_000n },
  evmGasRatio: { a: 1, b: 1 },
  limits: { minGasPerRequest: 10_000n, maxGasPerRequest: 50_000_000n },
  receipt: { gasBudget: 60_000n, gasBurned: 31_244n },
  ...over,
});
const row = (f: GasFacts, field: string) => gasRows(f).find((r) => r.field === field);
const FEE_RULE = 'fee = ⌈gas burned × 10,000,000,000 wei ÷ 10^9⌉ nanos, at the transaction’s gas price';

describe('transactions/model/gasExplain: every row exact', () => {
  it('a request that ran out of gas, with its EVM receipt, call tree and fee', () => {
    const f = facts({
      receipt: { gasBudget: 60_000n, gasBurned: 31_244n, errorCode: '714a' },
      evmReceipt: { gasUsed: 31_244n },
      trace: { gasUsed: 29_000n, failed: true },
      fee: { charged: 312_440n },
    });
    assert.deepEqual(gasRows(f), [
      { field: 'gasVerdict', label: 'Why it failed', value: 'ran out of its ISC gas budget (60,000)' },
      { field: 'gasDeclared', label: 'Declared gas limit', value: '60,000', mono: true },
      {
        field: 'gasBudgetIsc',
        label: 'ISC gas budget',
        value: '60,000',
        mono: true,
        detail: 'the declared limit in ISC gas, within the chain limits per request (10,000 to 50,000,000)',
      },
      { field: 'gasBurnedIsc', label: 'ISC gas burned', value: '31,244', mono: true },
      {
        field: 'gasEvmReceipt',
        label: 'EVM gas used (EVM receipt)',
        value: '31,244',
        mono: true,
        detail: 'the same as the ISC gas burned: the EVM receipt charges the larger of both in EVM gas',
      },
      {
        field: 'gasEvm',
        label: 'EVM gas (call tree)',
        value: '29,000',
        mono: true,
        detail: '2,244 ISC gas burned beyond the EVM’s own: calls into the magic contract, state written, or the minimum per request',
      },
      { field: 'gasCharged', label: 'Charged for', value: 'the ISC gas burned', detail: FEE_RULE },
      { field: 'gasFee', label: 'Fee charged', value: '312,440 base tokens', mono: true },
    ]);
  });

  it('the fee’s detail: its decimal form alone, or the effective gas price alone', () => {
    assert.equal(row(facts({ fee: { charged: 1n, decimal: '0.000001 IOTA' } }), 'gasFee')?.detail, '0.000001 IOTA');
    const priced = facts({ fee: { charged: 1n }, evmReceipt: { gasUsed: 31_244n, effectiveGasPrice: 7n } });
    assert.equal(row(priced, 'gasFee')?.detail, 'the EVM receipt’s effective gas price: 7 wei');
  });

  it('a declared limit exactly at the chain maximum or minimum is within the limits', () => {
    const atMax = facts({ limits: { minGasPerRequest: 10_000n, maxGasPerRequest: 60_000n } });
    assert.equal(row(atMax, 'gasBudgetIsc')?.detail, 'the declared limit in ISC gas, within the chain limits per request (10,000 to 60,000)');
    const atMin = facts({ limits: { minGasPerRequest: 60_000n, maxGasPerRequest: 90_000n } });
    assert.equal(row(atMin, 'gasBudgetIsc')?.detail, 'the declared limit in ISC gas, within the chain limits per request (60,000 to 90,000)');
  });

  it('a budget above the clamped declared limit: the node set more', () => {
    assert.equal(
      row(facts({ receipt: { gasBudget: 70_000n, gasBurned: 1n } }), 'gasBudgetIsc')?.detail,
      'the declared limit gives 60,000 ISC gas within the chain limits; the node set more',
    );
  });

  it('an unusable gas ratio: the call tree row has no detail on Rebased, and only the intrinsic-gas note on Stardust', () => {
    const unusable = { evmGasRatio: { a: 0, b: 0 }, trace: { gasUsed: 29_000n, failed: false } };
    assert.deepEqual(row(facts(unusable), 'gasEvm'), { field: 'gasEvm', label: 'EVM gas (call tree)', value: '29,000', mono: true });
    assert.equal(row(facts({ ...unusable, generation: 'stardust' }), 'gasEvm')?.detail, '(a Wasp 1.x tracer leaves the 21,000 intrinsic gas out of it)');
  });
});

describe('transactions/model/gasExplain: a receipt without an error', () => {
  const info = { gasFeePolicy: { evmGasRatio: { a: 1, b: 1 } }, gasLimits: { minGasPerRequest: 10_000n, maxGasPerRequest: 50_000_000n } };
  const withoutError = () => ({ ...rebasedReceipt('receipt-failed-evm-revert'), rawError: null });

  it('has no gas line in the hover', () => {
    assert.equal(receiptGasHeadline(withoutError()), undefined);
  });

  it('gives facts without an error code', () => {
    const f = receiptGasFacts(withoutError(), 'rebased', info);
    assert.deepEqual(f?.receipt, { gasBudget: 65_000n, gasBurned: 24_318n });
  });
});
