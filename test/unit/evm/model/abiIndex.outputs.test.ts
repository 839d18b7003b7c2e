// A function's outputs as the ABI index keeps them (src/evm/model/abiIndex.ts parseAbiItem): an
// `indexed` flag means something only for an event's inputs, so an output never keeps one.
import * as assert from 'node:assert/strict';
import { parseAbiItem } from '../../../../src/evm/model/abiIndex';

describe('evm/model/abiIndex: the outputs of a function', () => {
  it('an output marked indexed is kept without the flag', () => {
    const item = parseAbiItem({ type: 'function', name: 'f', inputs: [], outputs: [{ name: 'a', type: 'uint256', indexed: true }] });
    assert.deepEqual(item?.outputs, [{ name: 'a', type: 'uint256' }]);
  });
});
