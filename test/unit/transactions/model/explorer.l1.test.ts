// The IOTA explorer rows (src/transactions/model/explorer.ts) belong to Rebased receipts only: a
// Stardust receipt has no L1 objects to link, on any network.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../../src/core/l10n';
import { l1ExplorerRows } from '../../../../src/transactions/model/explorer';
import { stardustReceipt } from '../../helpers/receipts';

describe('transactions/model/explorer: IOTA explorer rows', () => {
  it('a Stardust receipt gets none, even on a known network', () => {
    assert.deepEqual(l1ExplorerRows(stardustReceipt('evmSuccess'), 'mainnet', englishL10n), []);
  });
});
