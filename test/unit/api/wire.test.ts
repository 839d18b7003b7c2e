// The words a validation failure shows for each wire type (the field is named by the caller;
// this is what follows it), and the values at each type's bounds.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import {
  FeePolicySchema,
  GovPublicChainMetadataSchema,
  LimitsSchema,
  QuotedUint64,
  Uint256String,
  Uint64Number,
  Uint64String,
  bool,
  listOrEmpty,
  obj,
  optionalString,
  pattern,
  receiptFailed,
  receiptFields,
  str,
  uint,
} from '../../../src/api/wire';

/** The first issue's message and path, or the parsed value. */
function check(schema: z.ZodMiniType, value: unknown): { ok: unknown } | { error: string; path: string } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: r.data };
  const issue = r.error.issues[0];
  return { error: issue?.message ?? '', path: (issue?.path ?? []).map(String).join('.') };
}
const err = (error: string, path = '') => ({ error, path });

describe('api/wire: the words of each type', () => {
  it('uint64 as a decimal string', () => {
    assert.deepEqual(check(Uint64String, '18446744073709551615'), { ok: 18446744073709551615n });
    assert.deepEqual(check(Uint64String, '0'), { ok: 0n });
    assert.deepEqual(check(Uint64String, '18446744073709551616'), err('expected a value at most 2^64-1'));
    assert.deepEqual(check(Uint64String, '123456789012345678901'), err('expected a decimal uint64 string'), '21 digits');
    assert.deepEqual(check(Uint64String, '12a'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(Uint64String, 'a12'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(Uint64String, '-1'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(Uint64String, 12), err('expected a decimal uint64 string'));
  });

  it('uint256 as a decimal or 0x string', () => {
    assert.deepEqual(check(Uint256String, `0x${'f'.repeat(64)}`), { ok: 2n ** 256n - 1n });
    assert.deepEqual(check(Uint256String, (2n ** 256n).toString()), err('expected a value at most 2^256-1'));
    assert.deepEqual(check(Uint256String, `0x1${'0'.repeat(64)}`), err('expected a decimal or 0x-hex uint256 string'));
    assert.deepEqual(check(Uint256String, '0xg'), err('expected a decimal or 0x-hex uint256 string'));
    assert.deepEqual(check(Uint256String, 5), err('expected a uint256 string'));
  });

  it('uint64 as a JSON number (a bigint when the lossless parser read one above 2^53)', () => {
    assert.deepEqual(check(Uint64Number, 0), { ok: 0n });
    assert.deepEqual(check(Uint64Number, 2n ** 64n - 1n), { ok: 2n ** 64n - 1n });
    assert.deepEqual(check(Uint64Number, 2n ** 64n), err('expected a uint64 (0 to 2^64-1)'));
    assert.deepEqual(check(Uint64Number, -1), err('expected a uint64 (0 to 2^64-1)'));
    assert.deepEqual(check(Uint64Number, 1.5), err('expected a whole number'));
    assert.deepEqual(check(Uint64Number, '5'), err('expected a whole number'));
  });

  it('bounded integers, strings, booleans, patterns, objects, lists', () => {
    const u8 = uint(255, 'percentage (uint8)');
    assert.deepEqual(check(u8, 255), { ok: 255 });
    assert.deepEqual(check(u8, 256), err('expected a percentage (uint8) (at most 255)'));
    assert.deepEqual(check(u8, -1), err('expected a percentage (uint8)'));
    assert.deepEqual(check(u8, 1.5), err('expected a percentage (uint8)'));
    assert.deepEqual(check(u8, '1'), err('expected a percentage (uint8)'));
    assert.deepEqual(check(uint(0xffff, 'EVM chain ID (uint16)'), 1.5), err('expected an EVM chain ID (uint16)'), 'an, by the sound (was "a EVM")');
    assert.deepEqual(check(uint(0xffff, 'index'), -1), err('expected an index'));
    assert.deepEqual(check(uint(0xffff, 'uint16'), -1), err('expected a uint16'));
    assert.deepEqual(check(str(), 1), err('expected a string'));
    assert.deepEqual(check(str('a name'), 1), err('expected a name'));
    assert.deepEqual(check(bool(), 'true'), err('expected true or false'));
    assert.deepEqual(check(pattern(/^a+$/, 'only a'), 'ab'), err('expected only a'));
    assert.deepEqual(check(pattern(/^a+$/, 'only a'), 1), err('expected only a'));
    assert.deepEqual(check(obj({ a: str() }), []), err('expected an object'));
    assert.deepEqual(check(obj({ a: str() }), { a: 1 }), err('expected a string', 'a'));
    assert.deepEqual(check(listOrEmpty(str()), 'x'), err('expected a list'));
    assert.deepEqual(check(listOrEmpty(str()), null), { ok: [] });
    assert.deepEqual(check(listOrEmpty(str()), undefined), { ok: [] });
    assert.deepEqual(check(optionalString(), null), { ok: '' });
    assert.deepEqual(check(optionalString(), 'x'), { ok: 'x' });
    assert.deepEqual(check(optionalString(), 3), err('expected a string'));
  });

  it('the gas budget: inner quotes stripped only when both are there', () => {
    assert.deepEqual(check(QuotedUint64, '"21000"'), { ok: 21000n });
    assert.deepEqual(check(QuotedUint64, '21000'), { ok: 21000n });
    assert.deepEqual(check(QuotedUint64, '"21000'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(QuotedUint64, '21000"'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(QuotedUint64, '"'), err('expected a decimal uint64 string'), 'one quote is not a quoted empty string');
    assert.deepEqual(check(QuotedUint64, '""'), err('expected a decimal uint64 string'));
    assert.deepEqual(check(QuotedUint64, 21000), err('expected a gas budget string'));
  });

  it('fee policy, limits and metadata name their fields', () => {
    const policy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 100, b: 1 }, validatorFeeShare: 0 };
    assert.ok('ok' in check(FeePolicySchema, policy));
    assert.ok('ok' in check(FeePolicySchema, { ...policy, validatorFeeShare: 150 }), 'a share above 100 is a valid uint8: the node applies 100%');
    assert.ok('ok' in check(FeePolicySchema, { ...policy, validatorFeeShare: 255 }));
    assert.deepEqual(check(FeePolicySchema, { ...policy, validatorFeeShare: 256 }), err('expected a percentage (uint8) (at most 255)', 'validatorFeeShare'));
    assert.deepEqual(check(FeePolicySchema, { ...policy, gasPerToken: { a: 2 ** 32, b: 1 } }), err('expected a uint32 (at most 4294967295)', 'gasPerToken.a'));
    assert.deepEqual(check(FeePolicySchema, { ...policy, evmGasRatio: { a: 1, b: -1 } }), err('expected a uint32', 'evmGasRatio.b'));
    const limits = { maxGasPerBlock: 1, minGasPerRequest: 1, maxGasPerRequest: 1, maxGasExternalViewCall: 1 };
    assert.deepEqual(check(LimitsSchema, { ...limits, maxGasPerBlock: '1' }), err('expected a whole number', 'maxGasPerBlock'));
    assert.deepEqual(check(GovPublicChainMetadataSchema, null), { ok: { evmJsonRpcURL: '', evmWebSocketURL: '', name: '', description: '', website: '' } });
    assert.deepEqual(check(GovPublicChainMetadataSchema, undefined), {
      ok: { evmJsonRpcURL: '', evmWebSocketURL: '', name: '', description: '', website: '' },
    });
    assert.deepEqual(check(GovPublicChainMetadataSchema, { name: 'N' }), {
      ok: { evmJsonRpcURL: '', evmWebSocketURL: '', name: 'N', description: '', website: '' },
    });
  });

  it('receipt fields: indexes, burn records, and when a receipt failed', () => {
    assert.deepEqual(check(receiptFields.blockIndex, 2 ** 32), err('expected a block index (uint32) (at most 4294967295)'));
    assert.deepEqual(check(receiptFields.requestIndex, 65536), err('expected a request index (uint16) (at most 65535)'));
    assert.deepEqual(check(receiptFields.gasBurnLog, [{ code: 65536, gasBurned: 1 }]), err('expected a burn code (uint16) (at most 65535)', '0.code'));
    assert.deepEqual(check(receiptFields.gasBurnLog, [{ code: 1, gasBurned: '7' }]), { ok: [{ code: 1, gasBurned: 7n }] });
    assert.deepEqual(check(receiptFields.errorMessage, null), { ok: undefined });
    assert.equal(receiptFailed({ rawError: { code: '' } }), false);
    assert.equal(receiptFailed({ rawError: null }), false);
    assert.equal(receiptFailed({ rawError: { code: 'a774' } }), true);
    assert.equal(receiptFailed({ errorMessage: '', rawError: { code: '' } }), true, 'a message, even empty, is a failure');
    assert.equal(receiptFailed({ errorMessage: 'x', rawError: null }), true);
  });
});
