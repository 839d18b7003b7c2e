// The words of the Blocks list's rows (src/chains/model/blockRows.ts): what differs first, a failure
// decoded as the receipt panel heads it, counts that read right for one.
import * as assert from 'node:assert/strict';
import { blockReceiptRow, blockReceiptRowText, blockRowText, loadingText, loadMoreText } from '../../../../src/chains/model/blockRows';
import { DEMO_EVM_REVERT_REASON } from '../../../fixtures/demoData';
import { demoReceipt } from '../../../fixtures/demoReceipts';
import { block, NOW } from '../../helpers/blocks';

describe('chains/model/blockRows: block and receipt rows', () => {
  it('a block row leads with its index, then requests, failures and how long ago', () => {
    const row = blockRowText(block(), NOW);
    assert.equal(row.label, '#2,417');
    assert.equal(row.description, '3 req · 1 failed · 2 min ago');
  });

  it('an empty block reads as empty, briefly', () => {
    assert.equal(blockRowText(block({ totalRequests: 0, numSuccessfulRequests: 0 }), NOW).description, 'empty · 2 min ago');
    assert.equal(blockRowText(block({ totalRequests: 1, numSuccessfulRequests: 1 }), NOW).description, '1 req · 2 min ago');
  });

  it('the tooltip holds the absolute time, the counts, gas and fees', () => {
    const tip = blockRowText(block(), NOW).tooltip.split('\n');
    assert.deepEqual(tip, [
      'Block 2,417',
      'Time: 2026-11-25 11:58:00 UTC (2 min ago)',
      'Requests: 3 (1 off-ledger), 1 failed',
      'Gas burned: 12,345',
      'Fees charged: 678 base tokens',
    ]);
  });

  it('a timestamp that is no time is shown as received, on one line', () => {
    const row = blockRowText(block({ timestamp: 'yesterday\u202e' }), NOW);
    assert.match(row.description, /· yesterday⟨U\+202E⟩$/);
  });

  it('a reverted receipt names its decoded reason in the row and the tooltip, never the revert hex', () => {
    const row = blockReceiptRow(demoReceipt('evmRevert'));
    const text = blockReceiptRowText(row);
    assert.equal(row.failed, true);
    assert.equal(text.label, `Reverted: ${DEMO_EVM_REVERT_REASON}`);
    assert.ok(text.tooltip.includes(`Failed: Reverted: ${DEMO_EVM_REVERT_REASON}`), text.tooltip);
    for (const s of [text.label, text.description, text.tooltip]) assert.doesNotMatch(s, /08c379a0/i);
  });

  it('a receipt row leads with what differs: the failure or what it called; index, short ID and gas follow', () => {
    const row = blockReceiptRow(demoReceipt('evmSuccess'));
    const text = blockReceiptRowText(row);
    assert.equal(row.failed, false);
    assert.equal(text.label, row.summary);
    assert.match(text.description, new RegExp(`^#${row.requestIndex} · 0x[0-9a-f]{6}…[0-9a-f]{4} · gas [\\d,]+$`));
    assert.ok(text.tooltip.includes('Request succeeded'));
  });
});

describe('chains/model/blockRows: the rows of a load with a filter on', () => {
  const none = { high: 2_483_101, low: 2_482_902, scanned: 200, matched: 0 };

  it('"Load more" says how far a load looked when it found no block the filter passes', () => {
    assert.equal(loadMoreText('withRequests', none), 'no block with requests in #2,483,101–#2,482,902: Load more');
    assert.equal(loadMoreText('withFailures', none), 'no block with failed requests in #2,483,101–#2,482,902: Load more');
  });

  it('"Load more" is plain when the load found rows, or no filter is on', () => {
    assert.equal(loadMoreText('withRequests', { ...none, matched: 2 }), 'Load more');
    assert.equal(loadMoreText('all', none), 'Load more');
    assert.equal(loadMoreText('withRequests', undefined), 'Load more');
  });

  it('a load under way with a filter on tells how far it has looked', () => {
    assert.equal(
      loadingText('withRequests', { high: 100, low: 41, scanned: 60, matched: 0 }, 200),
      'Looking for blocks with requests: 60 of up to 200 blocks read, down to #41…',
    );
    assert.equal(loadingText('all', { high: 100, low: 41, scanned: 60, matched: 60 }, 200), 'Loading blocks…');
  });
});
