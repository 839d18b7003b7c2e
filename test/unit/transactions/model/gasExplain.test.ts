// Why an EVM request cost what it did (src/transactions/model/gasExplain.ts): each figure at a 1:1 and
// another EVM gas ratio (the conversions are core/fees.ts's), the ISC budget clamped to the chain
// limits or lowered to what the sender could pay, the ISC gas beyond the EVM's own, the 10,000 minimum, and the one line for a
// request that ran out of ISC gas after the EVM succeeded.
import * as assert from 'node:assert/strict';
import { gasHeadline, gasRows, MIN_BURN_PER_REQUEST, receiptGasFacts, receiptGasHeadline, type GasFacts } from '../../../../src/transactions/model/gasExplain';
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

describe('transactions/model/gasExplain: the rows', () => {
  it('a 1:1 chain: the declared limit is the budget, the ISC gas burned is charged at the transaction price', () => {
    const rows = gasRows(facts());
    assert.deepEqual(
      rows.map((r) => [r.field, r.value]),
      [
        ['gasDeclared', '60,000'],
        ['gasBudgetIsc', '60,000'],
        ['gasBurnedIsc', '31,244'],
        ['gasCharged', 'the ISC gas burned'],
      ],
    );
    assert.equal(row(facts(), 'gasDeclared')?.detail, undefined, 'no conversion to show at 1:1');
    assert.equal(row(facts(), 'gasBudgetIsc')?.detail, 'the declared limit in ISC gas, within the chain limits per request (10,000 to 50,000,000)');
    assert.equal(row(facts(), 'gasCharged')?.detail, 'fee = ⌈gas burned × 10,000,000,000 wei ÷ 10^9⌉ nanos, at the transaction’s gas price');
  });

  it('another ratio: each figure also in the other gas', () => {
    const f = facts({ evmGasRatio: { a: 2, b: 1 }, receipt: { gasBudget: 120_000n, gasBurned: 50_001n } });
    assert.equal(row(f, 'gasDeclared')?.detail, '120,000 ISC gas at the EVM gas ratio');
    assert.equal(row(f, 'gasBurnedIsc')?.detail, '25,000 in EVM gas');
  });

  it('the budget: cut to the chain maximum, raised to its minimum, lowered to what the sender could pay', () => {
    const limits = { minGasPerRequest: 30_000n, maxGasPerRequest: 50_000n };
    assert.match(
      row(facts({ limits, receipt: { gasBudget: 50_000n, gasBurned: 1n } }), 'gasBudgetIsc')?.detail ?? '',
      /^the declared 60,000 ISC gas, cut to the chain maximum/,
    );
    const low = facts({ limits, tx: { gasLimit: 21_000n, gasPrice: 1n }, receipt: { gasBudget: 30_000n, gasBurned: 1n } });
    assert.match(row(low, 'gasBudgetIsc')?.detail ?? '', /^the declared 21,000 ISC gas, raised to the chain minimum/);
    assert.match(
      row(facts({ receipt: { gasBudget: 40_000n, gasBurned: 1n } }), 'gasBudgetIsc')?.detail ?? '',
      /^lowered from 60,000 to what the sender’s L2 balance could pay/,
    );
    assert.match(row(facts({ limits: undefined }), 'gasBudgetIsc')?.detail ?? '', /limits per request could not be read/);
    assert.match(row(facts({ evmGasRatio: { a: 0, b: 0 } }), 'gasBudgetIsc')?.detail ?? '', /ratio is not usable/);
  });

  it('one section with every figure side by side: declared limit, ISC budget, EVM gas used from the EVM receipt, ISC gas burned, what was charged, the fee', () => {
    const f = facts({
      receipt: { gasBudget: 60_000n, gasBurned: 31_244n, errorCode: '714a' },
      evmReceipt: { gasUsed: 31_244n, effectiveGasPrice: 10_000_000_000n },
      trace: { gasUsed: 29_000n, failed: true },
      fee: { charged: 312_440n, decimal: '0.00031244 IOTA' },
    });
    assert.deepEqual(
      gasRows(f).map((r) => [r.field, r.value]),
      [
        ['gasVerdict', 'ran out of its ISC gas budget (60,000)'],
        ['gasDeclared', '60,000'],
        ['gasBudgetIsc', '60,000'],
        ['gasBurnedIsc', '31,244'],
        ['gasEvmReceipt', '31,244'],
        ['gasEvm', '29,000'],
        ['gasCharged', 'the ISC gas burned'],
        ['gasFee', '312,440 base tokens'],
      ],
    );
    assert.equal(row(f, 'gasEvmReceipt')?.detail, 'the same as the ISC gas burned: the EVM receipt charges the larger of both in EVM gas');
    assert.equal(row(f, 'gasFee')?.detail, '0.00031244 IOTA · the EVM receipt’s effective gas price: 10,000,000,000 wei');
    const differs = facts({ evmReceipt: { gasUsed: 21_000n } });
    assert.match(row(differs, 'gasEvmReceipt')?.detail ?? '', /^≠ the 31,244 ISC gas burned: the EVM receipt counts the larger/);
    assert.equal(row(facts(), 'gasEvmReceipt'), undefined, 'no EVM receipt read: no row');
  });

  it("with the call tree: the EVM's own gas, and the ISC gas burned beyond it (none when equal; Wasp 1.x's intrinsic gas said)", () => {
    const f = facts({ trace: { gasUsed: 29_000n, failed: true } });
    assert.equal(row(f, 'gasEvm')?.value, '29,000');
    assert.equal(
      row(f, 'gasEvm')?.detail,
      '2,244 ISC gas burned beyond the EVM’s own: calls into the magic contract, state written, or the minimum per request',
    );
    assert.equal(row(facts({ trace: { gasUsed: 31_244n, failed: false } }), 'gasEvm')?.detail, 'the ISC side burned nothing beyond the EVM’s own gas');
    assert.match(
      row(facts({ generation: 'stardust', trace: { gasUsed: 10_244n, failed: false } }), 'gasEvm')?.detail ?? '',
      /21,000 intrinsic gas out of it\)$/,
    );
    assert.equal(row(facts(), 'gasEvm'), undefined, 'no tree read: no row');
  });

  it('the minimum every request burns is named; Stardust charges at the gas per token', () => {
    assert.equal(
      row(facts({ receipt: { gasBudget: 60_000n, gasBurned: MIN_BURN_PER_REQUEST } }), 'gasCharged')?.value,
      'the minimum of 10,000 ISC gas every request burns',
    );
    assert.match(row(facts({ generation: 'stardust' }), 'gasCharged')?.detail ?? '', /gas per token/);
  });

  it('out of ISC gas: after an EVM success, or in general; any other failure has no gas verdict', () => {
    const exceeded = { gasBudget: 40_000n, gasBurned: 40_000n, errorCode: '714a' };
    assert.equal(gasHeadline(exceeded, { gasUsed: 30_000n, failed: false }), 'ran out of ISC gas after the EVM succeeded: its budget was 40,000');
    assert.equal(gasHeadline(exceeded, undefined), 'ran out of its ISC gas budget (40,000)');
    assert.equal(gasRows(facts({ receipt: exceeded }))[0]?.field, 'gasVerdict');
    assert.equal(gasHeadline({ ...exceeded, errorCode: 'a774' }, undefined), undefined);
  });

  it("the hover's gas line from a receipt alone, before any call tree: only for a budget exceeded", () => {
    const receipt = rebasedReceipt('receipt-failed-evm-revert');
    const exceeded = { ...receipt, gasBudget: 26_000n, rawError: { code: '714a', params: [] } };
    assert.equal(receiptGasHeadline(exceeded), 'ran out of its ISC gas budget (26,000)');
    assert.equal(receiptGasHeadline(exceeded, { gasUsed: 24_000n, failed: false }), 'ran out of ISC gas after the EVM succeeded: its budget was 26,000');
    assert.equal(receiptGasHeadline({ ...receipt, rawError: { code: 'a774', params: [] } }), undefined);
  });
});

describe('transactions/model/gasExplain: from a receipt', () => {
  const info = { gasFeePolicy: { evmGasRatio: { a: 1, b: 1 } }, gasLimits: { minGasPerRequest: 10_000n, maxGasPerRequest: 50_000_000n } };

  it('an EVM receipt: its transaction, budget, gas burned and error code', () => {
    const receipt = rebasedReceipt('receipt-failed-evm-revert');
    const f = receiptGasFacts(receipt, 'rebased', info, { gasUsed: 1n, failed: true });
    assert.ok(f);
    assert.equal(f.receipt.gasBudget, 65_000n);
    assert.equal(f.receipt.gasBurned, 24_318n);
    assert.equal(f.receipt.errorCode, receipt.rawError?.code);
    assert.deepEqual(f.trace, { gasUsed: 1n, failed: true });
    assert.deepEqual(f.fee, { charged: receipt.gasFeeCharged }, "the ISC receipt's fee");
    const withEvm = receiptGasFacts(receipt, 'rebased', info, undefined, { receipt: { gasUsed: 7n }, feeDecimal: '1 IOTA' });
    assert.deepEqual([withEvm?.evmReceipt, withEvm?.fee?.decimal], [{ gasUsed: 7n }, '1 IOTA']);
    assert.ok(f.tx.gasLimit > 0n && f.tx.gasPrice > 0n);
  });

  it('no facts for a request that is not EVM, or without the chain info', () => {
    assert.equal(receiptGasFacts(rebasedReceipt('receipt-failed-isc'), 'rebased', info), undefined);
    assert.equal(receiptGasFacts(rebasedReceipt('receipt-failed-evm-revert'), 'rebased', undefined), undefined);
  });
});

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
