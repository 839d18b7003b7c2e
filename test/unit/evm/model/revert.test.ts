// Revert data and receipt errors in words (src/evm/model/revert.ts): Error(string), every Solidity
// panic code, the core error templates and their parameters.
import * as assert from 'node:assert/strict';
import { coreErrorTemplate, decodeRevertData, describeReceiptError, parseErrorParam } from '../../../../src/evm/model/revert';
import { abiEncodeErrorString as encodeError } from '../../../fixtures/demoData';
import { word } from '../../../fixtures/hostileAbiData';

const encodePanic = (code: number) => `0x4e487b71${word(code)}`;

describe('evm/model/revert: decodeRevertData', () => {
  it('decodes Error(string) as emitted by Solidity', () => {
    // require(msg.value > 0, "Not enough Ether provided.") — the canonical example from the Solidity docs.
    const real =
      '0x08c379a0' +
      '0000000000000000000000000000000000000000000000000000000000000020' +
      '000000000000000000000000000000000000000000000000000000000000001a' +
      '4e6f7420656e6f7567682045746865722070726f76696465642e000000000000';
    assert.equal(decodeRevertData(real), 'Not enough Ether provided.');
    assert.equal(decodeRevertData(encodeError('ERC20: transfer amount exceeds balance')), 'ERC20: transfer amount exceeds balance');
    assert.equal(decodeRevertData(encodeError('')), '');
    assert.equal(decodeRevertData(encodeError('héllo ✓')), 'héllo ✓');
    assert.equal(decodeRevertData(encodeError('x'.repeat(100)).slice(2)), 'x'.repeat(100)); // no 0x prefix
    assert.equal(decodeRevertData(encodeError('Upper').toUpperCase().replace('0X', '0x')), 'Upper');
  });
  it('decodes Panic(uint256) with known codes', () => {
    assert.equal(decodeRevertData(encodePanic(0x01)), 'panic 0x01: assertion failed');
    assert.equal(decodeRevertData(encodePanic(0x11)), 'panic 0x11: arithmetic overflow or underflow');
    assert.equal(decodeRevertData(encodePanic(0x12)), 'panic 0x12: division or modulo by zero');
    assert.equal(decodeRevertData(encodePanic(0x32)), 'panic 0x32: array index out of bounds');
    assert.equal(decodeRevertData(encodePanic(0x99)), 'panic 0x99: unknown panic code');
  });
  it('returns undefined for hostile or unknown data', () => {
    const ok = encodeError('hello');
    for (const bad of [
      '',
      '0x',
      '0x08c379a0',
      '0x08c379a',
      'zz',
      ok.slice(0, -1), // odd length
      ok.slice(0, 10 + 64 + 32), // length word cut
      ok.slice(0, 10 + 128 + 4), // data shorter than declared length
      `0x08c379a0${'f'.repeat(64)}${'0'.repeat(64)}`, // offset 2^256-1
      `0x08c379a0${'0'.repeat(62)}20${'f'.repeat(64)}`, // length 2^256-1
      `0x08c379a0${'0'.repeat(56)}7fffffff${'0'.repeat(64)}`, // offset past the end
      '0xdeadbeef' + '0'.repeat(64), // custom error
      '0x4e487b71' + '0'.repeat(10), // short panic
      `0x08c379a0${'g'.repeat(128)}`,
    ]) {
      assert.equal(decodeRevertData(bad), undefined, bad.slice(0, 40));
    }
  });

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
});

describe('evm/model/revert: error params and templates', () => {
  it('splits params at the last colon', () => {
    assert.deepEqual(parseErrorParam('5000000:uint64'), { value: '5000000', type: 'uint64' });
    assert.deepEqual(parseErrorParam('a:b:c:string'), { value: 'a:b:c', type: 'string' });
    assert.deepEqual(parseErrorParam('novalue'), { value: 'novalue', type: '' });
    assert.deepEqual(parseErrorParam(':string'), { value: '', type: 'string' });
  });
  it('knows the core templates', () => {
    assert.equal(coreErrorTemplate('a774'), 'execution reverted: %s');
    assert.equal(coreErrorTemplate('714A'), 'gas budget exceeded');
    assert.equal(coreErrorTemplate('ee24'), 'not enough funds left to pay for gas');
    assert.equal(coreErrorTemplate('d9b6'), 'not enough funds for allowance');
    assert.equal(coreErrorTemplate('ffff'), undefined);
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
});

describe('evm/model/revert: the hname of c674', () => {
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

describe('evm/model/revert: describeReceiptError', () => {
  it('treats an empty rawError as success', () => {
    assert.deepEqual(describeReceiptError(undefined, { code: '', params: [] }), { failed: false, message: undefined, params: [] });
    assert.deepEqual(describeReceiptError(), { failed: false, message: undefined, params: [] });
  });
  it('describes the sample failed receipt', () => {
    assert.deepEqual(describeReceiptError('not enough funds for allowance', { code: 'd9b6', params: [] }), {
      failed: true,
      message: 'not enough funds for allowance',
      code: 'd9b6',
      params: [],
    });
  });
  it('fails on a code alone and fills the template from params', () => {
    const d = describeReceiptError(undefined, { code: 'a774', params: [`${encodeError('nope')}:string`] });
    assert.equal(d.failed, true);
    assert.equal(d.message, `execution reverted: ${encodeError('nope')}`);
    assert.equal(d.decodedRevert, 'nope');
    assert.deepEqual(d.params, [{ value: encodeError('nope'), type: 'string' }]);
  });
  it('fails on a message alone', () => {
    const d = describeReceiptError('something broke', undefined);
    assert.equal(d.failed, true);
    assert.equal(d.code, undefined);
  });
  it('finds the revert data in the message', () => {
    const data = encodeError('Ownable: caller is not the owner');
    const d = describeReceiptError(`execution reverted: ${data}`, { code: 'a774', params: [`${data}:string`] });
    assert.equal(d.decodedRevert, 'Ownable: caller is not the owner');
    const noPrefix = describeReceiptError(`execution reverted: ${data.slice(2)}`, { code: 'a774', params: [] });
    assert.equal(noPrefix.decodedRevert, 'Ownable: caller is not the owner');
    const panic = describeReceiptError(`execution reverted: ${encodePanic(0x12)}`, { code: 'a774', params: [] });
    assert.equal(panic.decodedRevert, 'panic 0x12: division or modulo by zero');
  });
  it('finds revert data glued to other hex, at its selector', () => {
    const data = encodeError('glued').slice(2);
    const glued = describeReceiptError(`execution reverted: 0xdeadbeef${data}`, { code: 'a774', params: [] });
    assert.equal(glued.decodedRevert, 'glued');
    const gluedPanic = describeReceiptError(undefined, { code: 'a774', params: [`cafe0123${encodePanic(0x01).slice(2)}:string`] });
    assert.equal(gluedPanic.decodedRevert, 'panic 0x01: assertion failed');
    // Not a revert (no a774, no "execution reverted"): nothing is decoded even when data is there.
    const other = describeReceiptError(`boom ${encodeError('hidden')}`, { code: '714a', params: [] });
    assert.equal('decodedRevert' in other, false);
  });
  it('fails on a rawError.code with no errorMessage, the message from the core template', () => {
    for (const errorMessage of [undefined, null, '']) {
      const d = describeReceiptError(errorMessage, { code: ' 714A ', params: [] });
      assert.deepEqual(d, { failed: true, message: 'gas budget exceeded', code: '714A', params: [] });
    }
    const unknown = describeReceiptError(null, { code: '0bad', params: ['1:uint8'] });
    assert.equal(unknown.failed, true);
    assert.equal(unknown.message, undefined, 'no template, no invented message');
    assert.equal(unknown.code, '0bad');
  });
  it('leaves decodedRevert out when nothing decodes', () => {
    const d = describeReceiptError('execution reverted: 0x', { code: 'a774', params: ['0x:string'] });
    assert.equal(d.failed, true);
    assert.equal('decodedRevert' in d, false);
    const junk = describeReceiptError(`execution reverted: 0x08c379a0${'f'.repeat(200)}`, { code: 'a774', params: [] });
    assert.equal(junk.decodedRevert, undefined);
  });
  it('recognises contract error codes', () => {
    const d = describeReceiptError('custom failure', { code: '3c4b5e02:7', params: ['42:uint32'] });
    assert.deepEqual(d.contractError, { contractHname: '3c4b5e02', errorId: 7 });
    assert.deepEqual(d.params, [{ value: '42', type: 'uint32' }]);
  });
  it('reads the error ID of a contract error code as the node writes it: 4 hex digits (Go %04x, both generations)', () => {
    assert.equal(describeReceiptError('x', { code: '0x07cb02c1:0010', params: [] }).contractError?.errorId, 16);
    assert.deepEqual(describeReceiptError('x', { code: '0x07cb02c1:00a3', params: [] }).contractError, { contractHname: '07cb02c1', errorId: 163 });
    assert.equal(describeReceiptError('x', { code: '3c4b5e02:ffff', params: [] }).contractError?.errorId, 65535);
    assert.equal(describeReceiptError('x', { code: '3c4b5e02:10000', params: [] }).contractError, undefined, 'not a uint16');
  });
  it('survives hostile shapes', () => {
    const hostile = { code: 'a774', params: [42, null, 'x'] as unknown as string[] };
    const d = describeReceiptError(null, hostile);
    assert.equal(d.failed, true);
    assert.deepEqual(d.params, [{ value: 'x', type: '' }]);
    assert.equal(d.message, 'execution reverted: x');
    const huge = 'execution reverted: ' + '0'.repeat(1_000_000);
    assert.equal(describeReceiptError(huge, { code: 'a774', params: [] }).decodedRevert, undefined);
  });

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
  it('decodes a revert named only by the message, and gives its data as 0x + lowercase hex', () => {
    const data = encodeError('Ownable: caller is not the owner');
    const message = `execution reverted: ${data}`;
    assert.deepEqual(describeReceiptError(message, null), {
      failed: true,
      message,
      decodedRevert: 'Ownable: caller is not the owner',
      rawData: `0x${data.replace(/^0x/, '').toLowerCase()}`,
      params: [],
    });
  });
  it('finds custom-error data in the message', () => {
    const message = 'execution reverted: 0xdeadbeef';
    assert.deepEqual(describeReceiptError(message, null), { failed: true, message, revertData: '0xdeadbeef', rawData: '0xdeadbeef', params: [] });
  });
  it('finds custom-error data with 0x and whole words in a param', () => {
    const data = `0xDEADBEEF${word(7)}`;
    assert.deepEqual(describeReceiptError(undefined, { code: 'a774', params: [`${data}:string`] }), {
      failed: true,
      message: `execution reverted: ${data}`,
      code: 'a774',
      revertData: data.toLowerCase(),
      rawData: data.toLowerCase(),
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
