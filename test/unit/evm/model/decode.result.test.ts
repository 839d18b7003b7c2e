// What a call returned, at its edges (src/evm/model/decode.ts decodeFunctionResult): data of exactly
// the size cap, unnamed outputs in parentheses, and data the coder would read but that is not laid
// out as the outputs say (bytes after the last word, a gap before a string's tail).
import * as assert from 'node:assert/strict';
import { type AbiCoder, decodeFunctionResult, loadAbiCoder, MAX_DECODE_BYTES } from '../../../../src/evm/model/decode';
import { abiItem } from '../../helpers/evm';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const outputsOf = (outputs: unknown[]) => abiItem({ type: 'function', name: 'f', inputs: [], outputs }).outputs;

describe('evm/model/decode: what a call returned, at its edges', () => {
  let coder: AbiCoder;
  before(async () => {
    coder = await loadAbiCoder();
  });

  it('bytes of exactly the size cap are decoded; one word more is not', () => {
    const out = outputsOf([{ name: '', type: 'bytes' }]);
    const length = MAX_DECODE_BYTES - 64;
    const data = `0x${word(32)}${word(length)}${'ab'.repeat(length)}`;
    const text = decodeFunctionResult(coder, out, data);
    assert.equal(text?.startsWith('0xabab'), true, text?.slice(0, 20));
    assert.equal(decodeFunctionResult(coder, out, `${data}${word(0)}`), undefined);
  });

  it('a result of about a quarter of the cap is decoded', () => {
    const out = outputsOf([{ name: '', type: 'uint256' }]);
    assert.equal(decodeFunctionResult(coder, out, `0x${word(7)}${'00'.repeat(MAX_DECODE_BYTES / 4)}`), '7');
  });

  it('two unnamed outputs are shown in parentheses', () => {
    const out = outputsOf([
      { name: '', type: 'uint256' },
      { name: '', type: 'bool' },
    ]);
    assert.equal(decodeFunctionResult(coder, out, `0x${word(1)}${word(1)}`), '(1, true)');
  });

  it('a byte after the last word, or a gap before the tail of a string, is no result', () => {
    assert.equal(decodeFunctionResult(coder, outputsOf([{ name: '', type: 'uint256' }]), `0x${word(5)}ab`), undefined);
    const gap = `0x${word(64)}${word(0)}${word(2)}${'6869'.padEnd(64, '0')}`;
    assert.equal(decodeFunctionResult(coder, outputsOf([{ name: '', type: 'string' }]), gap), undefined);
  });
});
