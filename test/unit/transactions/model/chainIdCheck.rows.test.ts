// The panel's rows for the chain ID check (src/transactions/model/chainIdCheck.ts): one warning row
// when the transaction was signed for another chain, none when it was signed for this one.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../../src/core/l10n';
import { chainIdMismatchRows } from '../../../../src/transactions/model/chainIdCheck';
import { stardustReceipt } from '../../helpers/receipts';

describe('transactions/model/chainIdCheck: the panel rows', () => {
  it('a transaction signed for another chain gives the one warning row', () => {
    assert.deepEqual(chainIdMismatchRows(stardustReceipt('evmSuccess'), 148n, englishL10n), [
      {
        field: 'chainIdMismatch',
        label: 'Chain ID',
        value: '⚠ signed for chain ID 8822; this chain is 148',
        detail: 'the transaction was signed for another EVM chain',
      },
    ]);
  });

  it('a transaction signed for this chain gives no row', () => {
    assert.deepEqual(chainIdMismatchRows(stardustReceipt('evmSuccess'), 8822n, englishL10n), []);
  });
});
