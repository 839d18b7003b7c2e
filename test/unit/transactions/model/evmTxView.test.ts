// What a receipt shows of a Rebased request's EVM transaction (src/transactions/model/evmTxView.ts): the
// view of a creation and of a call, its data cut at exactly 4096 bytes, and a request without one.
import * as assert from 'node:assert/strict';
import type { RebasedReceipt } from '../../../../src/api/rebasedSchemas';
import { englishL10n } from '../../../../src/core/l10n';
import type { EvmTx } from '../../../../src/evm/model/signedTx';
import { evmTxLine, evmTxView, rebasedEvmTx } from '../../../../src/transactions/model/evmTxView';

const REQ = `0x${'12'.repeat(32)}`;
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function tx(patch: Partial<EvmTx>): EvmTx {
  return { type: 0, nonce: 3n, gasLimit: 21000n, gasPrice: 10n, value: 1_500_000_000_000_000_000n, data: new Uint8Array(0), hash: REQ, ...patch };
}

describe('transactions/model/evmTxView', () => {
  it('an EIP-2930 contract creation: no `to`, no selector under 4 bytes', () => {
    const view = evmTxView(tx({ type: 1, chainId: 1074n, data: Uint8Array.of(1, 2, 3) }), REQ.toUpperCase().replace('0X', '0x'), englishL10n);
    assert.deepEqual(view, {
      type: 1,
      typeText: 'EIP-2930 (access list)',
      creation: true,
      value: { raw: '1500000000000000000', text: '1,500,000,000,000,000,000', decimal: '1.5 IOTA' },
      nonce: '3',
      gasLimit: { raw: '21000', text: '21,000' },
      gasPrice: { raw: '10', text: '10', decimal: '0.00000000000000001 IOTA' },
      chainId: '1074',
      data: { byteLength: 3, hex: '0x010203', truncated: false },
      hash: REQ,
      hashMatches: true,
    });
    assert.equal(evmTxLine(view, englishL10n), 'contract creation, 1.5 IOTA, EIP-2930 (access list), nonce 3');
  });
  it('a call: `to` and a selector from 4 bytes on', () => {
    const view = evmTxView(tx({ to: TO, data: Uint8Array.of(0xa9, 0x05, 0x9c, 0xbb) }), REQ, englishL10n);
    assert.equal(view.creation, false);
    assert.equal(view.to, TO);
    assert.deepEqual(view.data, { byteLength: 4, hex: '0xa9059cbb', selector: '0xa9059cbb', truncated: false });
    assert.equal(evmTxLine(view, englishL10n), 'to 0x5aAeb6…1BeAed, 1.5 IOTA, legacy, nonce 3, calls 0xa9059cbb (4 bytes)');
  });
  it('shows 4096 bytes of data whole and cuts 4097', () => {
    const whole = evmTxView(tx({ data: new Uint8Array(4096).fill(0xee) }), REQ, englishL10n).data;
    assert.equal(whole.truncated, false);
    assert.equal(whole.hex, `0x${'ee'.repeat(4096)}`);
    const cut = evmTxView(tx({ data: new Uint8Array(4097).fill(0xee) }), REQ, englishL10n).data;
    assert.equal(cut.truncated, true);
    assert.equal(cut.byteLength, 4097);
    assert.equal(cut.hex, `0x${'ee'.repeat(4096)}`);
  });

  it('an EVM request without a parameter says so', () => {
    const receipt = { request: { isEVM: true, params: [] } } as unknown as RebasedReceipt;
    assert.deepEqual(rebasedEvmTx(receipt), { ok: false, error: 'the request has no parameter' });
  });
});
