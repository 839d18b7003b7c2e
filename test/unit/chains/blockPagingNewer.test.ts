// Following a chain from nothing loaded: the newest blocks down to block 0, never below it
// (chains/model/blockPaging.ts).
import * as assert from 'node:assert/strict';
import { newerBlocks } from '../../../src/chains/model/blockPaging';

describe('model/blockPaging: newer blocks with nothing loaded', () => {
  it('lists the latest block down to block 0 when the chain is short', () => {
    assert.deepEqual(newerBlocks(5, []), [5, 4, 3, 2, 1, 0]);
    assert.deepEqual(newerBlocks(0, []), [0]);
  });

  it('stops at the page size on a long chain', () => {
    assert.deepEqual(newerBlocks(100, [], 3), [100, 99, 98]);
  });
});
