// Which blocks the Blocks list asks for (src/chains/model/blockPaging.ts): the first page, "Load
// more" down to block 0, a follower's newer blocks (from nothing loaded too), merging, and the cap
// of a followed list.
import * as assert from 'node:assert/strict';
import {
  FOLLOW_CAP,
  followedBlocks,
  hasMore,
  mergeBlocks,
  newerBlocks,
  nextLoadPage,
  nextPage,
  scanned,
  SCAN_LIMIT,
  type LoadScan,
} from '../../../../src/chains/model/blockPaging';

describe('chains/model/blockPaging: pages, newer blocks, merging', () => {
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

describe('chains/model/blockPaging: long lists', () => {
  const indices = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);

  it('pages below and above a list of 300,000 loaded blocks without throwing', () => {
    const loaded = indices(1_000_000, 300_000);
    assert.deepEqual(nextPage(1_000_000, loaded, 2), [700_000, 699_999]);
    assert.equal(hasMore(loaded), true);
    assert.deepEqual(newerBlocks(1_000_002, loaded), [1_000_002, 1_000_001]);
  });

  it('a followed list keeps the newest blocks up to the cap, dropping the oldest', () => {
    const current = indices(100, 5).map((blockIndex) => ({ blockIndex }));
    const added = [{ blockIndex: 102 }, { blockIndex: 101 }];
    assert.deepEqual(
      followedBlocks(current, added, 5).map((b) => b.blockIndex),
      [102, 101, 100, 99, 98],
    );
    assert.deepEqual(
      followedBlocks(current, added, 10).map((b) => b.blockIndex),
      [102, 101, 100, 99, 98, 97, 96],
    );
  });

  it('a list made longer than the cap by "Load more" keeps its length while following', () => {
    const current = indices(100, 8).map((blockIndex) => ({ blockIndex }));
    const out = followedBlocks(current, [{ blockIndex: 101 }], 5);
    assert.deepEqual(
      out.map((b) => b.blockIndex),
      indices(101, 8),
    );
  });

  it('following never keeps more than the cap of a list that starts empty', () => {
    const added = indices(1_000, FOLLOW_CAP + 50).map((blockIndex) => ({ blockIndex }));
    assert.equal(followedBlocks([], added).length, FOLLOW_CAP);
  });
});

describe('chains/model/blockPaging: newer blocks with nothing loaded', () => {
  it('lists the latest block down to block 0 when the chain is short', () => {
    assert.deepEqual(newerBlocks(5, []), [5, 4, 3, 2, 1, 0]);
    assert.deepEqual(newerBlocks(0, []), [0]);
  });

  it('stops at the page size on a long chain', () => {
    assert.deepEqual(newerBlocks(100, [], 3), [100, 99, 98]);
  });

  it('with nothing loaded, the newest page reaches down to block 0 and no further', () => {
    assert.deepEqual(newerBlocks(5, []), [5, 4, 3, 2, 1, 0]);
    assert.deepEqual(newerBlocks(5, [3]), [5, 4]);
  });
});

describe('chains/model/blockPaging: one load with a filter on reads until it has rows to show', () => {
  const down = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);

  /** Runs one load over a chain whose blocks `passes` tells apart: the blocks it read, in order. */
  function load(latest: number, loaded: number[], passes: (i: number) => boolean, limit = SCAN_LIMIT): { read: number[]; scan: LoadScan | undefined } {
    const read: number[] = [];
    let scan: LoadScan | undefined;
    for (;;) {
      const page = nextLoadPage(latest, [...loaded, ...read], scan ?? { scanned: 0, matched: 0 }, limit);
      if (page.length === 0) return { read, scan };
      read.push(...page);
      scan = scanned(scan, page, page.filter(passes).length);
    }
  }

  it('without a filter (every block passes), a load is one page', () => {
    assert.deepEqual(load(1_000, [], () => true).read, down(1_000, 20));
  });

  it('reads page after page until a block passes, and stops with that page', () => {
    const { read, scan } = load(1_000, [], (i) => i === 950);
    assert.equal(read.length, 60);
    assert.deepEqual(scan, { high: 1_000, low: 941, scanned: 60, matched: 1 });
  });

  it('reads at most SCAN_LIMIT blocks when none passes, and says which', () => {
    const { read, scan } = load(2_483_101, [], () => false);
    assert.equal(read.length, SCAN_LIMIT);
    assert.deepEqual(scan, { high: 2_483_101, low: 2_482_902, scanned: 200, matched: 0 });
  });

  it('"Load more" scans below what is loaded, the last page cut to the limit, and stops at block 0', () => {
    const more = load(1_000, down(1_000, 20), () => false, 50);
    assert.deepEqual(more.read, down(980, 50));
    assert.deepEqual(load(30, down(30, 20), () => false).read, down(10, 11));
  });
});
