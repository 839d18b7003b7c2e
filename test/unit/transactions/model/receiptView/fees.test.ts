// The fee check of a receipt and the amounts it names (src/transactions/model/receiptView.ts): against the
// fee policy (Stardust, Rebased ISC) or the transaction's gas price (Rebased EVM), in exact words.
import * as assert from 'node:assert/strict';
import { buildReceiptView, describeFeeCheck, describeReceiptFeeCheck } from '../../../../../src/transactions/model/receiptView';
import { DEMO_RECEIPTS } from '../../../../fixtures/demoData';
import { evmParam, txLegacy } from '../../../../fixtures/rlp';
import { rebasedReceipt, stardustReceipt } from '../../../helpers/receipts';
import { sectionOf } from '../../../helpers/views';

const POLICY_1_10 = { a: 1, b: 10 };

describe('transactions/model/receiptView: describeFeeCheck', () => {
  it('says when the fee matches the policy', () => {
    const f = describeFeeCheck(21000n, 210n, { a: 100, b: 1 });
    assert.deepEqual(f, { ok: true, text: 'matches the fee policy (100 gas = 1 base token)' });
  });
  it('names the difference when it does not', () => {
    const more = describeFeeCheck(21000n, 300n, { a: 100, b: 1 });
    assert.equal(more.ok, false);
    assert.match(more.text, /^90 base tokens more than the fee policy asks \(100 gas = 1 base token: 210 base tokens\)$/);
    const less = describeFeeCheck(21000n, 10n, { a: 100, b: 1 });
    assert.match(less.text, /^200 base tokens less than the fee policy asks/);
  });
  it('free gas', () => {
    assert.deepEqual(describeFeeCheck(10000n, 0n, { a: 0, b: 0 }), { ok: true, text: 'matches the fee policy (gas is free)' });
  });
});

describe('transactions/model/receiptView: fee checks, the exact text', () => {
  it('Stardust: less than the policy asks', () => {
    assert.deepEqual(describeFeeCheck(21000n, 10n, { a: 100, b: 1 }), {
      ok: false,
      text: '200 base tokens less than the fee policy asks (100 gas = 1 base token: 210 base tokens); the fee is capped at the funds the sender had left',
    });
  });
  it('Rebased EVM: less and more than the gas price asks; an undecodable transaction', () => {
    const policy = { a: 1, b: 10 };
    assert.deepEqual(
      describeReceiptFeeCheck(
        rebasedReceipt('receipt-success-evm', (b) => (b.gasFeeCharged = '200000')),
        policy,
      ),
      {
        ok: false,
        text: "10,000 base tokens less than the transaction's gas price asks (10,000,000,000 wei per gas: 210,000 base tokens); the fee is capped at the funds the sender had left",
      },
    );
    assert.deepEqual(
      describeReceiptFeeCheck(
        rebasedReceipt('receipt-success-evm', (b) => (b.gasFeeCharged = '210001')),
        policy,
      ),
      { ok: false, text: "1 base token more than the transaction's gas price asks (10,000,000,000 wei per gas: 210,000 base tokens)" },
    );
    assert.deepEqual(
      describeReceiptFeeCheck(
        rebasedReceipt('receipt-success-evm', (b) => (b.request.params = ['0x00'])),
        policy,
      ),
      { ok: undefined, text: 'not checked: the EVM transaction could not be decoded' },
    );
  });
});

describe('transactions/model/receiptView: the fee check per generation', () => {
  it('Rebased ISC: ceil(gasBurned × b / a); the samples match {1,10}', () => {
    assert.equal(describeReceiptFeeCheck(rebasedReceipt('receipt-failed-isc'), POLICY_1_10).ok, true);
    assert.equal(describeReceiptFeeCheck(rebasedReceipt('receipt-success-onledger'), POLICY_1_10).ok, true);
    assert.equal(describeReceiptFeeCheck(rebasedReceipt('receipt-success-onledger'), { a: 100, b: 1 }).ok, false);
  });

  it("Rebased EVM: by the transaction's gas price, whatever gasPerToken says (legacy gasPrice, 1559 maxFeePerGas)", () => {
    for (const policy of [POLICY_1_10, { a: 100, b: 1 }]) {
      const legacy = describeReceiptFeeCheck(rebasedReceipt('receipt-success-evm'), policy);
      assert.equal(legacy.ok, true, legacy.text);
      assert.match(legacy.text, /10,000,000,000 wei per gas/);
      assert.equal(describeReceiptFeeCheck(rebasedReceipt('receipt-failed-evm-revert'), policy).ok, true);
    }
    const off = describeReceiptFeeCheck(
      rebasedReceipt('receipt-success-evm', (b) => (b.gasFeeCharged = '210001')),
      POLICY_1_10,
    );
    assert.equal(off.ok, false);
    assert.match(off.text, /^1 base token more than/);
    // Rounded up to a whole nano: 3 gas at 1.5 gwei = 4.5 -> 5.
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 1_500_000_000n }), false);
    const odd = rebasedReceipt('receipt-success-evm', (b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
      b.gasBurned = '3';
      b.gasFeeCharged = '5';
    });
    assert.equal(describeReceiptFeeCheck(odd, POLICY_1_10).ok, true);
  });

  it('free gas expects 0; an undecodable tx is not checked (never called wrong)', () => {
    assert.equal(
      describeReceiptFeeCheck(
        rebasedReceipt('receipt-success-evm', (b) => (b.gasFeeCharged = '0')),
        { a: 0, b: 0 },
      ).ok,
      true,
    );
    const bad = describeReceiptFeeCheck(
      rebasedReceipt('receipt-success-evm', (b) => (b.request.params = ['0x00'])),
      POLICY_1_10,
    );
    assert.equal(bad.ok, undefined);
  });
});

describe('transactions/model/receiptView: base token amounts read right for one', () => {
  it('a fee and a storage deposit of 1 read "1 base token"; other amounts stay plural', () => {
    const v = buildReceiptView(
      stardustReceipt(DEMO_RECEIPTS.evmSuccess, (j) => {
        j.gasFeeCharged = '1';
        j.storageDepositCharged = '2';
      }),
    );
    const rows = sectionOf(v, 'gas')?.rows ?? [];
    assert.equal(rows.find((r) => r.field === 'gasFeeCharged')?.value, '1 base token');
    assert.equal(rows.find((r) => r.field === 'storageDepositCharged')?.value, '2 base tokens');
  });
});
