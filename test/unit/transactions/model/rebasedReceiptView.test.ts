// The Rebased part of a receipt view (src/transactions/model/rebasedReceiptView.ts): which coin is the
// base token, coins and objects as shown, a request without assets.
import * as assert from 'node:assert/strict';
import type { RebasedAssets, RebasedReceipt } from '../../../../src/api/rebasedSchemas';
import { englishL10n } from '../../../../src/core/l10n';
import { buildRebasedPart, isBaseTokenType, rebasedAssetsView } from '../../../../src/transactions/model/rebasedReceiptView';

const REQ = `0x${'12'.repeat(32)}`;

describe('transactions/model/rebasedReceiptView', () => {
  it('isBaseTokenType wants the whole type and strips only leading zeros', () => {
    assert.equal(isBaseTokenType('0x0002::iota::IOTA'), true);
    assert.equal(isBaseTokenType('0x20::iota::IOTA'), false);
    assert.equal(isBaseTokenType('0x202::iota::IOTA'), false);
    assert.equal(isBaseTokenType('x0x2::iota::IOTA'), false);
    assert.equal(isBaseTokenType('0x2::iota::IOTAX'), false);
  });

  describe('rebasedAssetsView', () => {
    const coin = { coinType: '0x2::iota::IOTA', balance: 1_500_000_000n };
    const object = { id: `0x${'ab'.repeat(32)}`, type: '0x1::nft::NFT' };
    const coinView = {
      coinType: '0x2::iota::IOTA',
      symbol: 'IOTA',
      isBaseToken: true,
      balance: { raw: '1500000000', text: '1,500,000,000', decimal: '1.5 IOTA' },
    };
    it('is empty only without coins and objects', () => {
      const view = (coins: unknown[], objects: unknown[]) => rebasedAssetsView({ coins, objects } as unknown as RebasedAssets);
      assert.deepEqual(view([], []), { coins: [], objects: [], empty: true });
      assert.deepEqual(view([coin], []), { coins: [coinView], objects: [], empty: false });
      assert.deepEqual(view([], [object]), { coins: [], objects: [object], empty: false });
    });
  });

  it('a request without assets shows an empty list', () => {
    const receipt = { request: { isEVM: false, params: [], assets: null, allowance: null, requestId: REQ } } as unknown as RebasedReceipt;
    assert.deepEqual(buildRebasedPart(receipt, englishL10n), { assets: { coins: [], objects: [], empty: true }, allowance: null });
  });
});
