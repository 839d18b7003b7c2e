// The signed EVM transaction a request carries (src/evm/model/signedTx.ts): legacy, EIP-2930 and
// EIP-1559 transactions field by field with their hashes, BCS's ULEB128 length, and hostile params
// that give an error text, never an exception.
import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import { decodeEvmTxParam, decodeSignedTx, type EvmTx, readUleb128 } from '../../../../src/evm/model/signedTx';
import { bytesOf, evmParam, hex, rlp, type RlpInput, tx1559, txAccessList, txLegacy, uleb } from '../../../fixtures/rlp';

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

describe('evm/model/signedTx: the fields of each transaction type', () => {
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

describe('evm/model/signedTx: decodeEvmTxParam', () => {
  it('decodes legacy, EIP-2930 and EIP-1559 transactions and their hashes', () => {
    const to = '0x79ec02651f11e79a071ed4eb96f2e0a0b098607e';
    const legacy = evmParam(txLegacy({ gasPrice: 5n, to, value: 10n ** 18n, data: '0xdeadbeef01' }), false);
    const l = decodeEvmTxParam(legacy.param);
    assert.ok(l.ok);
    assert.equal(l.tx.hash, legacy.requestId);
    assert.equal(l.tx.chainId, 1074n);
    const a = evmParam(txAccessList({ gasPrice: 7n }), true);
    const ar = decodeEvmTxParam(a.param);
    assert.ok(ar.ok);
    assert.equal(ar.tx.type, 1);
    assert.equal(ar.tx.to, undefined, 'no to: a contract creation');
    assert.equal(ar.tx.hash, a.requestId);
    const d = evmParam(tx1559({ maxFee: 9n, value: 2n ** 255n }), true);
    const dr = decodeEvmTxParam(d.param);
    assert.ok(dr.ok);
    assert.equal(dr.tx.value, 2n ** 255n);
    assert.equal(dr.tx.hash, d.requestId);
    // Pre-EIP-155: no chain ID.
    const old = decodeEvmTxParam(evmParam(txLegacy({ gasPrice: 1n, v: 27n }), false).param);
    assert.ok(old.ok && old.tx.chainId === undefined);
  });

  it('hostile params give an error text, never an exception', () => {
    const good = txLegacy({ gasPrice: 1n });
    const cases: Array<[string, RegExp]> = [
      ['0xzz', /not hex/],
      ['0x', /BCS length/],
      ['0xffffffffff0f', /BCS length/],
      [hex(Uint8Array.of(...uleb(good.length + 1), ...good)), /does not match/],
      [hex(Uint8Array.of(...uleb(3), 0xf9, 0xff, 0xff)), /past the end/],
      [evmParam(rlp([1n, 2n]), false).param, /9 fields/],
      [evmParam(Uint8Array.of(3, ...rlp([])), true).param, /type 3/],
      [evmParam(Uint8Array.of(2, ...rlp([1n])), true).param, /12 fields/],
      [evmParam(txLegacy({ gasPrice: 1n, to: '0x1234' }), false).param, /20 bytes/],
      [evmParam(rlp([[], 1n, 1n, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /nonce: expected an integer/],
      [evmParam(rlp([0n, '0x0001', 1n, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /leading zero/],
      [evmParam(rlp([0n, 1n, `0x${'01'.repeat(9)}`, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /gasLimit: longer than 8/],
    ];
    for (const [param, re] of cases) {
      const r = decodeEvmTxParam(param);
      assert.equal(r.ok, false, param.slice(0, 40));
      if (!r.ok) assert.match(r.error, re);
    }
    // 3,000 nested lists, built bytewise (a recursive encoder would overflow the stack itself).
    let deep = Uint8Array.of(0xc0);
    for (let i = 0; i < 3000; i++) {
      const len = deep.length;
      const head = len <= 55 ? [0xc0 + len] : len < 256 ? [0xf8, len] : [0xf9, len >> 8, len & 0xff];
      deep = Uint8Array.of(...head, ...deep);
    }
    const r = decodeEvmTxParam(evmParam(deep, false).param);
    assert.ok(!r.ok && /nesting/.test(r.error));
  });

  it('reads ULEB128 as BCS does', () => {
    assert.deepEqual(readUleb128(bytesOf('70')), { value: 0x70, next: 1 });
    assert.deepEqual(readUleb128(bytesOf('b701')), { value: 183, next: 2 });
    assert.equal(readUleb128(bytesOf('8000')), undefined, 'a trailing zero group is not canonical');
    assert.equal(readUleb128(bytesOf('ffffffff1f')), undefined, 'past u32');
    assert.equal(readUleb128(bytesOf('80')), undefined);
  });
});
