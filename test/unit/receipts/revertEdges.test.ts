import * as assert from 'node:assert/strict';
import { coreErrorTemplate, decodeRevertData, describeReceiptError } from '../../../src/evm/model/revert';

const word = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0');

/** ABI-encodes Error(string) the way Solidity's revert("...") does. */
function encodeError(reason: string): string {
  const bytes = new TextEncoder().encode(reason);
  const data = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const padded = data.padEnd(Math.ceil(data.length / 64) * 64, '0');
  return `0x08c379a0${word(32)}${word(bytes.length)}${padded}`;
}

const encodePanic = (code: number) => `0x4e487b71${word(code)}`;

describe('model/revert edges', () => {
  it('names every Solidity panic code', () => {
    const want: [number, string][] = [
      [0x00, 'panic 0x00: generic compiler panic'],
      [0x01, 'panic 0x01: assertion failed'],
      [0x11, 'panic 0x11: arithmetic overflow or underflow'],
      [0x12, 'panic 0x12: division or modulo by zero'],
      [0x21, 'panic 0x21: invalid enum value'],
      [0x22, 'panic 0x22: incorrectly encoded storage byte array'],
      [0x31, 'panic 0x31: pop() on an empty array'],
      [0x32, 'panic 0x32: array index out of bounds'],
      [0x41, 'panic 0x41: out of memory (too large allocation)'],
      [0x51, 'panic 0x51: call to an uninitialised internal function'],
    ];
    for (const [code, text] of want) assert.equal(decodeRevertData(encodePanic(code)), text);
  });

  it('ignores blanks around the revert data', () => {
    assert.equal(decodeRevertData(`  ${encodeError('boom')}\n`), 'boom');
  });

  it('reads a core error code whatever its case and blanks', () => {
    assert.equal(coreErrorTemplate(' A774 '), 'execution reverted: %s');
    assert.equal(coreErrorTemplate('D9B6'), 'not enough funds for allowance');
  });

  it('fills the core templates without params', () => {
    const msg = (code: string) => describeReceiptError(undefined, { code, params: [] }).message;
    assert.equal(msg('ffb5'), 'invalid allowance');
    assert.equal(msg('151e'), 'not enough funds');
    assert.equal(msg('690d'), 'entry point not found');
  });

  describe('the hname of c674', () => {
    const msg = (param: string) => describeReceiptError(undefined, { code: 'c674', params: [param] }).message;
    it('is printed as 8 zero-padded hex digits, as Go does', () => {
      assert.equal(msg('255:uint32'), 'contract with hname 000000ff not found');
      assert.equal(msg('3735928559:uint32'), 'contract with hname deadbeef not found');
    });
    it('is printed as is when it is not a plain decimal number', () => {
      assert.equal(msg('x123:string'), 'contract with hname x123 not found');
      assert.equal(msg('123x:string'), 'contract with hname 123x not found');
    });
  });

  describe('describeReceiptError', () => {
    it('does not count a blank code as a failure', () => {
      assert.deepEqual(describeReceiptError('', { code: '   ', params: [] }), { failed: false, message: undefined, params: [] });
    });
    it('reads a contract error code only when it is the whole code', () => {
      assert.deepEqual(describeReceiptError(undefined, { code: 'zz12345678:01', params: [] }), {
        failed: true,
        message: undefined,
        code: 'zz12345678:01',
        params: [],
      });
      assert.deepEqual(describeReceiptError(undefined, { code: '0xCAFE0001:0a', params: [] }), {
        failed: true,
        message: undefined,
        code: '0xCAFE0001:0a',
        contractError: { contractHname: 'cafe0001', errorId: 10 },
        params: [],
      });
    });
    it('decodes a revert named only by the message', () => {
      const message = `execution reverted: ${encodeError('Ownable: caller is not the owner')}`;
      assert.deepEqual(describeReceiptError(message, null), {
        failed: true,
        message,
        decodedRevert: 'Ownable: caller is not the owner',
        params: [],
      });
    });
    it('finds custom-error data in the message', () => {
      const message = 'execution reverted: 0xdeadbeef';
      assert.deepEqual(describeReceiptError(message, null), { failed: true, message, revertData: '0xdeadbeef', params: [] });
    });
    it('finds custom-error data with 0x and whole words in a param', () => {
      const data = `0xDEADBEEF${word(7)}`;
      assert.deepEqual(describeReceiptError(undefined, { code: 'a774', params: [`${data}:string`] }), {
        failed: true,
        message: `execution reverted: ${data}`,
        code: 'a774',
        revertData: data.toLowerCase(),
        params: [{ value: data, type: 'string' }],
      });
    });
    it('skips data that is not a selector plus whole words', () => {
      const data = `0xdeadbeef${'12'.repeat(5)}`;
      assert.deepEqual(describeReceiptError(undefined, { code: 'a774', params: [`${data}:string`] }), {
        failed: true,
        message: `execution reverted: ${data}`,
        code: 'a774',
        params: [{ value: data, type: 'string' }],
      });
    });
    it('does not report broken Error or Panic data as a custom error', () => {
      for (const data of ['0x08c379a0', '0x4e487b71', `0x08c379a0${'ff'.repeat(32)}`]) {
        assert.deepEqual(
          describeReceiptError(undefined, { code: 'a774', params: [`${data}:string`] }),
          { failed: true, message: `execution reverted: ${data}`, code: 'a774', params: [{ value: data, type: 'string' }] },
          data,
        );
      }
    });
  });
});
