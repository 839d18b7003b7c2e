// Decoding with the ABI (src/evm/model/decode.ts), what callers see of it: the coder is loaded once
// and shared, a decoded function keeps the outputs its ABI names, integers are rendered whole however
// long, and call data too short for the tail of a struct or a fixed array of strings is reported as not
// laid out as the ABI says.
import * as assert from 'node:assert/strict';
import { decodeFunctionCall, formatAbiValue, loadAbiCoder } from '../../../../src/evm/model/decode';
import { abiItem, indexOf } from '../../helpers/evm';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');

describe('evm/model/decode: loading, outputs and struct heads', () => {
  it('the coder is loaded once: two calls give the same promise, which resolves to a coder', async () => {
    const first = loadAbiCoder();
    const second = loadAbiCoder();
    assert.equal(first, second);
    const coder = await first;
    assert.equal(typeof coder.decodeAbiParameters, 'function');
  });

  it('a decoded call keeps the outputs its function declares', async () => {
    const coder = await loadAbiCoder();
    const item = abiItem({
      type: 'function',
      name: 'balanceOf',
      inputs: [{ name: 'who', type: 'uint256' }],
      outputs: [{ name: 'amount', type: 'uint256' }],
    });
    const decoded = decodeFunctionCall(coder, indexOf(item), `${item.selector}${word(9)}`);
    assert.ok(decoded.ok);
    assert.deepEqual(decoded.item.outputs, [{ name: 'amount', type: 'uint256' }]);
    assert.deepEqual(decoded.item.args, [{ name: 'who', type: 'uint256', value: '9' }]);
  });

  it('an integer of more digits than a value may show is rendered whole, not clipped', () => {
    const big = 10n ** 2500n;
    assert.equal(formatAbiValue({ name: 'x', type: 'uint256' }, big), `1${'0'.repeat(2500)}`);
  });

  it('call data holding only the offset of a struct with strings is not laid out as the ABI says', async () => {
    const coder = await loadAbiCoder();
    const item = abiItem({
      type: 'function',
      name: 'put',
      inputs: [
        {
          name: 'pair',
          type: 'tuple',
          components: [
            { name: 'a', type: 'string' },
            { name: 'b', type: 'string' },
          ],
        },
      ],
    });
    assert.deepEqual(decodeFunctionCall(coder, indexOf(item), `${item.selector}${word(32)}`), {
      ok: false,
      selector: item.selector,
      reason: 'nonCanonical',
    });
  });
  it('call data holding only the offset of a fixed array of strings is not laid out as the ABI says', async () => {
    const coder = await loadAbiCoder();
    for (const type of ['string[2]', 'string[10]']) {
      const item = abiItem({ type: 'function', name: 'put', inputs: [{ name: 'names', type }] });
      assert.deepEqual(
        decodeFunctionCall(coder, indexOf(item), `${item.selector}${word(32)}`),
        { ok: false, selector: item.selector, reason: 'nonCanonical' },
        type,
      );
    }
  });
  it('call data shorter than the head of a fixed array of ten numbers is undecodable', async () => {
    const coder = await loadAbiCoder();
    const item = abiItem({ type: 'function', name: 'put', inputs: [{ name: 'values', type: 'uint256[10]' }] });
    assert.deepEqual(decodeFunctionCall(coder, indexOf(item), `${item.selector}${word(32)}`), { ok: false, selector: item.selector, reason: 'undecodable' });
  });
});
