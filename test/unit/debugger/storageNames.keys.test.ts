// How a mapping key is written in a slot's name, by the key's type id in the storage layout.
import * as assert from 'node:assert/strict';
import { formatKey } from '../../../src/debugger/model/storageNames';

const WORD = 2n ** 256n;
const word = (v: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 31, x = (v + WORD) % WORD; i >= 0; i--, x >>= 8n) out[i] = Number(x & 0xffn);
  return out;
};
const hexOf = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const ADDRESS = 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266n;

describe('debugger/model/storageNames: writing a mapping key', () => {
  it('writes a wide signed key with its sign: -5, 5, and the most negative int256', () => {
    assert.equal(formatKey('t_int256', word(-5n)), '-5');
    assert.equal(formatKey('t_int256', word(5n)), '5');
    assert.equal(formatKey('t_int256', word(2n ** 255n)), String(-(2n ** 255n)));
    assert.equal(formatKey('t_int256', word(2n ** 255n - 1n)), String(2n ** 255n - 1n));
    assert.equal(formatKey('t_int16', word(-300n)), '-300');
  });

  it('writes a payable address key as its 20 bytes', () => {
    assert.equal(formatKey('t_address_payable', word(ADDRESS)), `0x${ADDRESS.toString(16)}`);
    assert.equal(formatKey('t_address', word(ADDRESS)), `0x${ADDRESS.toString(16)}`);
  });

  it('writes a fixed bytes key of 16 bytes as those 16 bytes, and one of 32 as all of them', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    assert.equal(formatKey('t_bytes16', key), hexOf(key.subarray(0, 16)));
    assert.equal(formatKey('t_bytes32', key), hexOf(key));
    assert.equal(formatKey('t_bytes1', key), '0x01');
  });

  it('writes a user-defined value type key and an unknown type id as the whole word in hex', () => {
    assert.equal(formatKey('t_userDefinedValueType(Price)7', word(0x1234n)), hexOf(word(0x1234n)));
    assert.equal(formatKey('t_struct(Odd)3_storage', word(9n)), hexOf(word(9n)));
  });

  it('writes a key that is not one word long as its bytes in hex, whatever its type says', () => {
    assert.equal(formatKey('t_uint256', new Uint8Array([1, 2, 3])), '0x010203');
    assert.equal(formatKey('t_int256', new Uint8Array([0xff])), '0xff');
    assert.equal(formatKey('t_address', new Uint8Array(33).fill(0xaa)), `0x${'aa'.repeat(33)}`);
    assert.equal(formatKey('t_bytes_storage', word(7n)), hexOf(word(7n)));
  });

  it('writes a string key with invalid UTF-8 using the replacement character instead of failing', () => {
    assert.equal(formatKey('t_string_memory_ptr', new Uint8Array([0x61, 0xff, 0x62])), '"a\uFFFDb"');
  });

  it('writes an enum key and an unsigned key as decimal numbers', () => {
    assert.equal(formatKey('t_enum(Color)4', word(2n)), '2');
    assert.equal(formatKey('t_uint8', word(255n)), '255');
    assert.equal(formatKey('t_uint256', word(WORD - 1n)), String(WORD - 1n));
  });

  it('reads only type ids that are exactly a signed integer, an unsigned one or fixed bytes as such', () => {
    const minusOne = word(-1n);
    assert.equal(formatKey('t_int256_extra', minusOne), hexOf(minusOne));
    assert.equal(formatKey('x_t_int256', minusOne), hexOf(minusOne));
    assert.equal(formatKey('x_t_uint8', word(5n)), hexOf(word(5n)));
    assert.equal(formatKey('x_t_enum(Color)4', word(5n)), hexOf(word(5n)));
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    assert.equal(formatKey('x_t_bytes4', bytes), hexOf(bytes));
    assert.equal(formatKey('t_bytes4_extra', bytes), hexOf(bytes));
    assert.equal(formatKey('t_uint256_t_bytes_', word(5n)), '5');
  });
});
