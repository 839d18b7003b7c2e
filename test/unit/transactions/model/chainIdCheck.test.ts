// A transaction signed for another EVM chain than the one whose node holds it
// (src/transactions/model/chainIdCheck.ts): the warning line the receipt panel and the hover show,
// on the demo's and the Rebased node's own receipts and one signed, as the old demo's were, for 1074.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../../src/core/l10n';
import { chainIdMismatch, chainIdMismatchLine, chainIdMismatchRow } from '../../../../src/transactions/model/chainIdCheck';
import { evmParam, txLegacy } from '../../../fixtures/rlp';
import { rebasedReceipt, stardustReceipt } from '../../helpers/receipts';

/** The Rebased EVM sample with its transaction re-signed (EIP-155 v) for `chainId`, or with a pre-EIP-155 v of 27. */
const signedFor = (chainId: bigint | 'none') =>
  rebasedReceipt('receipt-success-evm', (b) => {
    const v = chainId === 'none' ? 27n : chainId * 2n + 35n;
    const { param, requestId } = evmParam(txLegacy({ nonce: 40n, gasPrice: 10n ** 10n, gas: 60_000n, to: `0x${'11'.repeat(20)}`, v }), false);
    b.request.params = [param];
    b.request.requestId = requestId;
  });

describe('transactions/model/chainIdCheck: a transaction signed for another chain', () => {
  it('says the chain ID it was signed for and the chain’s own, in one warning line', () => {
    const m = chainIdMismatch(signedFor(1074n), 8822n);
    assert.deepEqual(m, { signedFor: 1074n, chain: 8822n });
    assert.ok(m);
    assert.equal(chainIdMismatchLine(m, englishL10n), '⚠ signed for chain ID 1074; this chain is 8822');
    assert.deepEqual(chainIdMismatchRow(m, englishL10n), {
      field: 'chainIdMismatch',
      label: 'Chain ID',
      value: '⚠ signed for chain ID 1074; this chain is 8822',
      detail: 'the transaction was signed for another EVM chain',
    });
  });

  it('says nothing when they agree: the demo’s Stardust transfer and the Rebased node’s own sample on 8822', () => {
    assert.equal(chainIdMismatch(stardustReceipt('evmSuccess'), 8822n), undefined);
    assert.equal(chainIdMismatch(stardustReceipt('evmRevert'), 8822n), undefined);
    assert.equal(chainIdMismatch(rebasedReceipt('receipt-success-evm'), 8822n), undefined);
    assert.equal(chainIdMismatch(signedFor(8822n), 8822n), undefined);
  });

  it('a Stardust transaction on the wrong chain is flagged as well', () => {
    assert.deepEqual(chainIdMismatch(stardustReceipt('evmSuccess'), 148n), { signedFor: 8822n, chain: 148n });
  });

  it('says nothing it cannot know: the chain’s ID unknown, a pre-EIP-155 signature, a request that is no EVM transaction', () => {
    assert.equal(chainIdMismatch(signedFor(1074n), undefined), undefined);
    assert.equal(chainIdMismatch(signedFor('none'), 8822n), undefined);
    assert.equal(chainIdMismatch(stardustReceipt('iscOffLedgerFailure'), 8822n), undefined);
    assert.equal(chainIdMismatch(rebasedReceipt('receipt-success-onledger'), 8822n), undefined);
  });
});
