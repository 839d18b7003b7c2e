// Revert data found in a receipt's error (src/evm/model/revert.ts describeReceiptError): a template
// without its parameter, revert data glued to other hex (the data is what follows the selector), and
// a panic whose trailing bytes hold another selector.
import * as assert from 'node:assert/strict';
import { decodeRevertData, describeReceiptError } from '../../../../src/evm/model/revert';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const errorData = (s: string) => `08c379a0${word(32)}${word(s.length)}${Buffer.from(s).toString('hex').padEnd(64, '0')}`;

describe('evm/model/revert: what a receipt error holds', () => {
  it('a core error without its parameter keeps the verb in its message', () => {
    assert.deepEqual(describeReceiptError(undefined, { code: 'a774', params: [] }), {
      failed: true,
      message: 'execution reverted: %s',
      code: 'a774',
      params: [],
    });
  });

  it('revert data glued after other hex: the reason, and the data from its selector on', () => {
    const data = errorData('no');
    const r = describeReceiptError(`execution reverted: 0xdeadbeef${data}`, null);
    assert.equal(r.decodedRevert, 'no');
    assert.equal(r.rawData, `0x${data}`);
  });

  it('a panic is read from its own selector even when its trailing bytes hold an Error', () => {
    const data = `4e487b71${word(0x11)}${errorData('hi')}`;
    const r = describeReceiptError(`execution reverted: 0x${data}`, null);
    assert.equal(r.decodedRevert, 'panic 0x11: arithmetic overflow or underflow');
    assert.equal(r.rawData, `0x${data}`);
  });

  it('a panic whose code is cut short is not decoded', () => {
    assert.equal(decodeRevertData('0x4e487b7111'), undefined);
    assert.equal(decodeRevertData(`0x4e487b71${word(0x11).slice(0, 62)}`), undefined);
  });
});
