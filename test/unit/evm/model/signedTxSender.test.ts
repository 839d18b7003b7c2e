// The sender of a signed transaction (src/evm/model/signedTx.ts recoverSender): recovered from the
// signature of a legacy (pre-EIP-155 and EIP-155) and a typed transaction, and a broken signature
// or body is an error text, never an exception.
import * as assert from 'node:assert/strict';
import { decodeRawTx, decodeSignedTx, recoverSender } from '../../../../src/evm/model/signedTx';
import { rlp } from '../../../fixtures/rlp';

const TO = '0x79ec02651F11E79a071ed4Eb96f2E0A0B098607e';

describe('evm/model/signedTx: the sender recovered from the signature', () => {
  it('recovers the signer of an EIP-155 legacy transaction, of an unprotected one and of an EIP-1559 one', async () => {
    const { TEST_KEYS, addressOf, signLegacy, sign1559 } = await import('../../../fixtures/evmSign.mjs');
    const want = addressOf(TEST_KEYS.gap);
    assert.equal(want, '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA');
    const protectedTx = signLegacy(TEST_KEYS.gap, { chainId: 1074, nonce: 14n, gasPrice: 10n ** 10n, gas: 21_000n, to: TO, value: 5n });
    assert.deepEqual(await recoverSender(protectedTx), { ok: true, sender: want });
    const decoded = decodeSignedTx(protectedTx);
    assert.ok(decoded.ok && decoded.tx.chainId === 1074n && decoded.tx.nonce === 14n);
    assert.deepEqual(await recoverSender(signLegacy(TEST_KEYS.gap, { nonce: 0n, gasPrice: 1n, gas: 21_000n })), { ok: true, sender: want });
    const typed = sign1559(TEST_KEYS.other, { chainId: 1074, nonce: 3n, maxFeePerGas: 10n ** 10n, gas: 30_000n, to: TO, data: '0x1234' });
    assert.deepEqual(await recoverSender(typed), { ok: true, sender: addressOf(TEST_KEYS.other) }, 'canonical: type || payload');
    assert.deepEqual(await recoverSender(rlp(typed)), { ok: true, sender: addressOf(TEST_KEYS.other) }, "go-ethereum's EncodeRLP form");
    const asRaw = decodeRawTx(typed);
    assert.ok(asRaw.ok && asRaw.tx.type === 2 && asRaw.tx.nonce === 3n);
  });

  it('recovers another sender once one byte of the signed fields changes (the signature covers them)', async () => {
    const { TEST_KEYS, addressOf, signLegacy } = await import('../../../fixtures/evmSign.mjs');
    const body = signLegacy(TEST_KEYS.gap, { chainId: 1074, nonce: 14n, gasPrice: 10n ** 10n, gas: 21_000n, to: TO, value: 5n });
    const changed = Uint8Array.from(body);
    const at = changed.indexOf(0x52); // 21000 = 0x5208: the gas
    changed[at] = 0x53;
    const r = await recoverSender(changed);
    assert.ok(!r.ok || r.sender !== addressOf(TEST_KEYS.gap));
  });

  it('says why when there is no sender: a zero signature, a bad v, a malformed or empty body', async () => {
    const zero = rlp([1n, 1n, 21000n, TO, 0n, '0x', 2183n, 0n, 0n]);
    assert.deepEqual(await recoverSender(zero), { ok: false, error: 'the signature is not valid (no sender can be recovered)' });
    const badV = rlp([1n, 1n, 21000n, TO, 0n, '0x', 30n, 1n, 1n]);
    assert.deepEqual(await recoverSender(badV), { ok: false, error: "v: 30 is no signature's" });
    assert.equal((await recoverSender(new Uint8Array(0))).ok, false);
    assert.equal((await recoverSender(Uint8Array.of(0xc1, 0x80, 0x00))).ok, false);
    assert.deepEqual(await recoverSender(Uint8Array.of(0x82, 3, 0xc0)), { ok: false, error: 'unsupported transaction type 3' });
  });
});
