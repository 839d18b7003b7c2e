// The signature of a signed transaction at its edges (src/evm/model/signedTx.ts recoverSender and
// decodeRawTx): the exact bytes that were signed for fields whose RLP form has a boundary (a byte of
// 0x80, 55 bytes, chain ID 0, a chain ID of an even number of hex digits), both parities of an
// unprotected and a typed signature, an EIP-2930 transaction, and the error text of each malformed part.
import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import { decodeRawTx, recoverSender } from '../../../../src/evm/model/signedTx';
import { rlp, type RlpInput } from '../../../fixtures/rlp';

const TO = '0x79EC02651F11E79A071ed4EB96F2E0A0B098607E';
const KEY = `0x${'4c'.repeat(32)}`;
/** The address of KEY (test/fixtures/evmSign.mts). */
const SENDER = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';

const withType = (type: number, body: Uint8Array) => Uint8Array.of(type, ...body);

async function signature(payload: Uint8Array): Promise<{ r: bigint; s: bigint; yParity: number }> {
  const secp = await import('ox/Secp256k1');
  const { r, s, yParity } = secp.sign({ payload, privateKey: KEY as `0x${string}` });
  return { r: BigInt(r), s: BigInt(s), yParity };
}

/** The six fields a legacy transaction signs before its chain. */
const legacySix = (nonce: bigint, data = '0x'): RlpInput[] => [nonce, 10n ** 9n, 21_000n, TO, 5n, data];

/** A legacy transaction signed by KEY: EIP-155 when a chain is given, otherwise v = 27 or 28. */
async function signedLegacy(six: RlpInput[], chainId?: bigint): Promise<{ body: Uint8Array; yParity: number }> {
  const unsigned = chainId === undefined ? six : [...six, chainId, 0n, 0n];
  const { r, s, yParity } = await signature(keccak_256(rlp(unsigned)));
  const v = chainId === undefined ? 27n + BigInt(yParity) : chainId * 2n + 35n + BigInt(yParity);
  return { body: rlp([...six, v, r, s]), yParity };
}

/** A typed transaction's canonical bytes (`type || rlp`) signed by KEY. */
async function signedTyped(type: 1 | 2, fields: RlpInput[]): Promise<{ raw: Uint8Array; yParity: number }> {
  const { r, s, yParity } = await signature(keccak_256(withType(type, rlp(fields))));
  return { raw: withType(type, rlp([...fields, BigInt(yParity), r, s])), yParity };
}

const type2Fields = (nonce: bigint): RlpInput[] => [1074n, nonce, 1n, 10n ** 9n, 30_000n, TO, 0n, '0x', []];

describe('evm/model/signedTx: the bytes a legacy signature covers', () => {
  it('a nonce of 128 or 200 (one byte of 0x80 or more) is signed in its long form', async () => {
    for (const nonce of [128n, 200n]) {
      const { body } = await signedLegacy(legacySix(nonce), 1074n);
      assert.deepEqual(await recoverSender(body), { ok: true, sender: SENDER }, String(nonce));
    }
  });

  it('data of exactly 55 bytes is signed with its short length prefix', async () => {
    const { body } = await signedLegacy(legacySix(1n, `0x${'ab'.repeat(55)}`), 1074n);
    assert.deepEqual(await recoverSender(body), { ok: true, sender: SENDER });
  });

  it('chain ID 0 (v = 35) and chain ID 0x1234 sign their chain as the node encodes it', async () => {
    for (let nonce = 0n; nonce < 16n; nonce++) {
      const signed = await signedLegacy(legacySix(nonce), 0n);
      if (signed.yParity !== 0) continue;
      assert.deepEqual(await recoverSender(signed.body), { ok: true, sender: SENDER });
      break;
    }
    const even = await signedLegacy(legacySix(3n), 0x1234n);
    assert.deepEqual(await recoverSender(even.body), { ok: true, sender: SENDER });
  });

  it('an unprotected signature with v = 28 and one with v = 27 both give the sender', async () => {
    const seen = new Set<number>();
    for (let nonce = 0n; nonce < 16n && seen.size < 2; nonce++) {
      const signed = await signedLegacy(legacySix(nonce));
      seen.add(signed.yParity);
      assert.deepEqual(await recoverSender(signed.body), { ok: true, sender: SENDER }, `nonce ${nonce}`);
    }
    assert.deepEqual([...seen].sort(), [0, 1]);
  });
});

describe('evm/model/signedTx: typed signatures', () => {
  it('both parities of an EIP-1559 signature give the sender', async () => {
    const seen = new Set<number>();
    for (let nonce = 0n; nonce < 16n && seen.size < 2; nonce++) {
      const { raw, yParity } = await signedTyped(2, type2Fields(nonce));
      seen.add(yParity);
      assert.deepEqual(await recoverSender(raw), { ok: true, sender: SENDER }, `nonce ${nonce}`);
    }
    assert.deepEqual([...seen].sort(), [0, 1]);
  });

  it('an EIP-2930 transaction is decoded from its raw form and gives its sender', async () => {
    const { raw } = await signedTyped(1, [1074n, 9n, 10n ** 9n, 21_000n, TO, 5n, '0x', []]);
    assert.deepEqual(await recoverSender(raw), { ok: true, sender: SENDER });
    const decoded = decodeRawTx(raw);
    assert.ok(decoded.ok);
    assert.deepEqual([decoded.tx.type, decoded.tx.nonce, decoded.tx.gasPrice, decoded.tx.to], [1, 9n, 10n ** 9n, TO]);
  });
});

describe('evm/model/signedTx: why a signature has no sender', () => {
  const errorOf = async (body: Uint8Array) => recoverSender(body);
  const fail = (error: string) => ({ ok: false, error });

  it('a legacy transaction of 8 fields, and a v, r or s that is a list, are named', async () => {
    const six = legacySix(1n);
    assert.deepEqual(await errorOf(rlp([...six, 37n, 1n])), fail('a legacy transaction has 9 fields, not 8'));
    assert.deepEqual(await errorOf(rlp([...six, [], 1n, 1n])), fail('v: expected an integer'));
    assert.deepEqual(await errorOf(rlp([...six, 37n, [], 1n])), fail('r: expected an integer'));
    assert.deepEqual(await errorOf(rlp([...six, 37n, 1n, []])), fail('s: expected an integer'));
  });

  it('an empty type, a payload that is not a list, and a typed list too short to hold a signature', async () => {
    assert.deepEqual(await errorOf(Uint8Array.of(0x80)), fail('unsupported transaction type (none)'));
    assert.deepEqual(await errorOf(rlp('0x0205')), fail('payload: expected a list'));
    assert.deepEqual(await errorOf(rlp(withType(2, rlp([1n, 1n, 1n])))), fail('a typed transaction without a signature'));
  });

  it('a typed list of exactly four fields is read as a chain ID and a signature', async () => {
    assert.deepEqual(await errorOf(withType(2, rlp([1074n, 0n, 1n, 1n]))), { ok: true, sender: '0xb03604D62b0b6Db7C39836C17cA052E84F96E252' });
  });

  it('a yParity of 2, or a yParity, r or s that is a list, are named', async () => {
    const fields = type2Fields(0n);
    assert.deepEqual(await errorOf(withType(2, rlp([...fields, 2n, 1n, 1n]))), fail('yParity: expected 0 or 1'));
    assert.deepEqual(await errorOf(withType(2, rlp([...fields, [], 1n, 1n]))), fail('yParity: expected an integer'));
    assert.deepEqual(await errorOf(withType(2, rlp([...fields, 0n, [], 1n]))), fail('r: expected an integer'));
    assert.deepEqual(await errorOf(withType(2, rlp([...fields, 0n, 1n, []]))), fail('s: expected an integer'));
  });
});
