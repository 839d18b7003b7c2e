import * as assert from 'node:assert/strict';
import { RlpError, rlpBytes } from '../../../src/evm/model/rlp';

describe('core/rlp rlpBytes', () => {
  it('returns a string item and names the field when it is a list or missing', () => {
    const b = Uint8Array.from([1, 2]);
    assert.equal(rlpBytes(b, 'to'), b);
    assert.throws(
      () => rlpBytes([], 'to'),
      (e: unknown) => e instanceof RlpError && e.message === 'to: expected bytes',
    );
    assert.throws(
      () => rlpBytes(undefined, 'data'),
      (e: unknown) => e instanceof RlpError && e.message === 'data: expected bytes',
    );
  });
});
