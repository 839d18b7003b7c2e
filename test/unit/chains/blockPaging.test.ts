import { strict as assert } from 'node:assert';
import { hasMore, mergeBlocks, newerBlocks, nextPage } from '../../../src/chains/model/blockPaging';

describe('chains/model/blockPaging', () => {
  it('the first page is the latest block and the 19 before it', () => {
    assert.deepEqual(
      nextPage(100, []),
      Array.from({ length: 20 }, (_, i) => 100 - i),
    );
  });
  it('"Load more" continues below the lowest loaded block, and stops at block 0', () => {
    assert.deepEqual(
      nextPage(100, [100, 81]),
      Array.from({ length: 20 }, (_, i) => 80 - i),
    );
    assert.deepEqual(nextPage(100, [3, 2]), [1, 0]);
    assert.deepEqual(nextPage(5, [0]), []);
    assert.equal(hasMore([0, 1]), false);
    assert.equal(hasMore([4]), true);
    assert.equal(hasMore([]), false);
  });
  it('a follower asks only for the newer blocks, at most a page after a long pause', () => {
    assert.deepEqual(newerBlocks(103, [100, 99]), [103, 102, 101]);
    assert.deepEqual(newerBlocks(100, [100]), []);
    assert.equal(newerBlocks(10_000, [100]).length, 20);
    assert.deepEqual(newerBlocks(10_000, [100])[0], 10_000);
  });
  it('merges newest first, each block once (the newer answer wins)', () => {
    const merged = mergeBlocks(
      [
        { blockIndex: 5, v: 'old' },
        { blockIndex: 4, v: 'x' },
      ],
      [
        { blockIndex: 6, v: 'new' },
        { blockIndex: 5, v: 'new' },
      ],
    );
    assert.deepEqual(merged, [
      { blockIndex: 6, v: 'new' },
      { blockIndex: 5, v: 'new' },
      { blockIndex: 4, v: 'x' },
    ]);
  });
});
