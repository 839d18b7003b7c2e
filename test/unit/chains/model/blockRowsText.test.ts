// A block's request row in words (label, description, tooltip line by line), a failed one whose
// receipt names no failure among them; and the Load more / loading rows before any load was made.
import * as assert from 'node:assert/strict';
import { blockReceiptRowText, loadingText, loadMoreText, type BlockReceiptRow } from '../../../../src/chains/model/blockRows';

const ID = `0x${'ab'.repeat(32)}`;
const row = (over: Partial<BlockReceiptRow> = {}): BlockReceiptRow => ({
  requestId: ID,
  requestIndex: 1234,
  failed: false,
  summary: 'evm.sendTransaction',
  isEvm: true,
  gasBurned: 21000n,
  gasFeeCharged: 1n,
  ...over,
});

describe('chains/model/blockRows: a request row in words', () => {
  it('a request that succeeded: what it called, where, and its gas, one tooltip line each', () => {
    assert.deepStrictEqual(blockReceiptRowText(row()), {
      label: 'evm.sendTransaction',
      description: '#1,234 · 0xababab…abab · gas 21,000',
      tooltip: [ID, 'Request succeeded', 'Calls: evm.sendTransaction', 'Request 1,234 of the block', 'Gas burned: 21,000'].join('\n'),
    });
  });

  it('a failed request whose receipt names no failure reads "failed"', () => {
    const t = blockReceiptRowText(row({ failed: true }));
    assert.equal(t.label, 'failed');
    assert.equal(t.tooltip.split('\n')[1], 'Failed: ');
  });
});

describe('chains/model/blockRows: before any load', () => {
  it('with a filter on and no load made yet: plain "Load more" and "Loading blocks…"', () => {
    assert.equal(loadMoreText('withRequests', undefined), 'Load more');
    assert.equal(loadingText('withFailures', undefined, 200), 'Loading blocks…');
  });
});
