import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import { decodeSignedTx, readUleb128, type EvmTx } from '../../../src/evm/model/signedTx';
import { hex, rlp, type RlpInput } from '../../fixtures/rlp';

// EIP-55's own example address.
const TO = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const R = 1n;
const S = 2n;

const legacyFields = (to: string, v: bigint): RlpInput[] => [7n, 1000n, 21000n, to, 5n, '0xabcd', v, R, S];
const type1Fields = (to: string): RlpInput[] => [1074n, 7n, 1000n, 21000n, to, 5n, '0xabcd', [], 1n, R, S];
const type2Fields = (to: string): RlpInput[] => [1074n, 7n, 3n, 1000n, 21000n, to, 5n, '0xabcd', [], 1n, R, S];

function typed(type: number, fields: RlpInput[]): Uint8Array {
  const payload = rlp(fields);
  const body = new Uint8Array(payload.length + 1);
  body[0] = type;
  body.set(payload, 1);
  return body;
}

/** go-ethereum's EncodeRLP of a typed tx: an RLP string of type || payload. */
const wrapped = (type: number, fields: RlpInput[]) => rlp(typed(type, fields));

const data = Uint8Array.of(0xab, 0xcd);

describe('receipts/model/evmTx fields', () => {
  describe('decodeSignedTx', () => {
    it('a legacy contract creation with v = 35 (chain 0): no `to`, chain ID 0', () => {
      const body = rlp(legacyFields('0x', 35n));
      const want: EvmTx = { type: 0, nonce: 7n, gasPrice: 1000n, gasLimit: 21000n, value: 5n, data, hash: hex(keccak_256(body)), chainId: 0n };
      assert.deepEqual(decodeSignedTx(body), { ok: true, tx: want });
    });
    it('a legacy tx with v = 27 has no chain ID', () => {
      const body = rlp(legacyFields(TO, 27n));
      const want: EvmTx = { type: 0, nonce: 7n, gasPrice: 1000n, gasLimit: 21000n, value: 5n, data, hash: hex(keccak_256(body)), to: TO };
      assert.deepEqual(decodeSignedTx(body), { ok: true, tx: want });
    });
    it('an EIP-2930 tx, with and without `to`', () => {
      for (const to of [TO, '0x']) {
        const t = typed(1, type1Fields(to));
        const want: EvmTx = { type: 1, chainId: 1074n, nonce: 7n, gasPrice: 1000n, gasLimit: 21000n, value: 5n, data, hash: hex(keccak_256(t)) };
        if (to !== '0x') want.to = TO;
        assert.deepEqual(decodeSignedTx(rlp(t)), { ok: true, tx: want }, to);
      }
    });
    it('an EIP-1559 tx, with and without `to`', () => {
      for (const to of [TO, '0x']) {
        const t = typed(2, type2Fields(to));
        const want: EvmTx = {
          type: 2,
          chainId: 1074n,
          nonce: 7n,
          maxPriorityFeePerGas: 3n,
          maxFeePerGas: 1000n,
          gasLimit: 21000n,
          value: 5n,
          data,
          hash: hex(keccak_256(t)),
        };
        if (to !== '0x') want.to = TO;
        assert.deepEqual(decodeSignedTx(rlp(t)), { ok: true, tx: want }, to);
      }
    });

    const bad = (fields: RlpInput[], i: number): RlpInput[] => fields.map((f, j) => (j === i ? [] : f));
    it('names the legacy field that is malformed', () => {
      const names = [
        'nonce: expected an integer',
        'gasPrice: expected an integer',
        'gasLimit: expected an integer',
        'to: expected bytes',
        'value: expected an integer',
        'data: expected bytes',
        'v: expected an integer',
      ];
      names.forEach((error, i) => assert.deepEqual(decodeSignedTx(rlp(bad(legacyFields(TO, 27n), i))), { ok: false, error }));
    });
    it('names the EIP-2930 field that is malformed', () => {
      const names = [
        'chainId: expected an integer',
        'nonce: expected an integer',
        'gasPrice: expected an integer',
        'gasLimit: expected an integer',
        'to: expected bytes',
        'value: expected an integer',
        'data: expected bytes',
      ];
      names.forEach((error, i) => assert.deepEqual(decodeSignedTx(wrapped(1, bad(type1Fields(TO), i))), { ok: false, error }));
    });
    it('names the EIP-1559 field that is malformed', () => {
      const names = [
        'chainId: expected an integer',
        'nonce: expected an integer',
        'maxPriorityFeePerGas: expected an integer',
        'maxFeePerGas: expected an integer',
        'gasLimit: expected an integer',
        'to: expected bytes',
        'value: expected an integer',
        'data: expected bytes',
      ];
      names.forEach((error, i) => assert.deepEqual(decodeSignedTx(wrapped(2, bad(type2Fields(TO), i))), { ok: false, error }));
    });
    it('counts the fields of an EIP-2930 tx', () => {
      assert.deepEqual(decodeSignedTx(wrapped(1, type1Fields(TO).slice(0, 10))), { ok: false, error: 'an EIP-2930 transaction has 11 fields, not 10' });
    });
    it('says which type it does not support, or that there is none', () => {
      assert.deepEqual(decodeSignedTx(Uint8Array.of(0x80)), { ok: false, error: 'unsupported transaction type (none)' });
      assert.deepEqual(decodeSignedTx(wrapped(3, type2Fields(TO))), { ok: false, error: 'unsupported transaction type 3' });
    });
    it('wants a list after the type byte', () => {
      assert.deepEqual(decodeSignedTx(rlp(Uint8Array.of(2, 0x80))), { ok: false, error: 'payload: expected a list' });
    });
  });

  describe('readUleb128', () => {
    it('reads one-byte values, zero included', () => {
      assert.deepEqual(readUleb128(Uint8Array.of(0)), { value: 0, next: 1 });
      assert.deepEqual(readUleb128(Uint8Array.of(5, 9)), { value: 5, next: 1 });
    });
    it('reads the largest u32 and refuses one more', () => {
      assert.deepEqual(readUleb128(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f)), { value: 0xffff_ffff, next: 5 });
      assert.equal(readUleb128(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x10)), undefined);
    });
    it('refuses a trailing zero group', () => {
      assert.equal(readUleb128(Uint8Array.of(0x85, 0x00)), undefined);
      assert.deepEqual(readUleb128(Uint8Array.of(0x85, 0x01)), { value: 133, next: 2 });
    });
  });
});
