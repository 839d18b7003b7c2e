// The recent receipts of each chain (src/transactions/model/recentReceipts.ts): newest first, no duplicates, bounded, and who is told.
import * as assert from 'node:assert/strict';
import { type RecentReceipt, RecentReceipts } from '../../../../src/transactions/model/recentReceipts';

const r = (requestId: string, blockIndex = 1): RecentReceipt => ({ requestId, failed: false, blockIndex, summary: `s${requestId}`, at: blockIndex });

describe('transactions/model/recentReceipts', () => {
  it('lists newest first, per chain, without duplicates, bounded per chain', () => {
    const rr = new RecentReceipts(3);
    assert.deepEqual(rr.list('c'), []);
    rr.add('c', r('1'));
    rr.add('c', r('2'));
    rr.add('d', r('9'));
    rr.add('c', r('1', 5));
    assert.deepEqual(rr.list('c'), [r('1', 5), r('2')]);
    rr.add('c', r('3'));
    rr.add('c', r('4'));
    assert.deepEqual(
      rr.list('c').map((x) => x.requestId),
      ['4', '3', '1'],
    );
    assert.deepEqual(rr.list('d'), [r('9')]);
  });

  it('keeps 10 per chain by default', () => {
    const rr = new RecentReceipts();
    for (let i = 0; i < 12; i++) rr.add('c', r(String(i)));
    assert.equal(rr.list('c').length, 10);
    assert.equal(rr.list('c')[0]?.requestId, '11');
  });

  it('tells listeners which chain changed until disposed', () => {
    const rr = new RecentReceipts();
    const seen: string[] = [];
    const sub = rr.onDidChange((c) => seen.push(c));
    rr.add('a', r('1'));
    sub.dispose();
    rr.add('b', r('2'));
    assert.deepEqual(seen, ['a']);
  });
});
