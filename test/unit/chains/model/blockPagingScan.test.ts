// One load's scan of the block list: its bounds whatever order the blocks came in (block 0
// included), and how many blocks its next page asks for while a page is not yet full.
import * as assert from 'node:assert/strict';
import { nextLoadPage, scanned } from '../../../../src/chains/model/blockPaging';

describe('chains/model/blockPaging: a load scan', () => {
  it('keeps the highest and lowest block read, in any order, block 0 included', () => {
    assert.deepStrictEqual(scanned(undefined, [3, 5, 4], 1), { high: 5, low: 3, scanned: 3, matched: 1 });
    assert.deepStrictEqual(scanned(undefined, [0], 0), { high: 0, low: 0, scanned: 1, matched: 0 });
    assert.deepStrictEqual(scanned({ high: 9, low: 6, scanned: 4, matched: 0 }, [5, 2, 4], 2), { high: 9, low: 2, scanned: 7, matched: 2 });
  });

  it('a page not yet full asks for the rest of it, even when some blocks already matched', () => {
    assert.deepStrictEqual(nextLoadPage(100, [100, 99, 98, 97, 96], { scanned: 5, matched: 1 }, 200, 8), [95, 94, 93]);
  });
});
