// The failure notifications' grouping (src/live/model/failureGroups.ts): a burst is one group with
// its count, its chains and its latest failure; a failure after the window opens the next one.
import * as assert from 'node:assert/strict';
import { DEFAULT_GROUP_MS, FailureGroups } from '../../../../src/live/model/failureGroups';

const failure = (id: string, chainName = 'A') => ({ id, chainName });

describe('live/model/failureGroups: a burst is one notification', () => {
  it('the first failure opens a window and says when it ends; the others join it', () => {
    const g = new FailureGroups<{ id: string; chainName: string }>();
    assert.equal(g.add(failure('1'), 1_000), 1_000 + DEFAULT_GROUP_MS);
    assert.equal(g.add(failure('2', 'B'), 1_100), undefined, 'no second timer');
    assert.equal(g.add(failure('3'), 1_200), undefined);
    assert.equal(g.pending, 3);
    assert.equal(g.flush(1_000 + DEFAULT_GROUP_MS - 1), undefined, 'not before the window ends');
    assert.deepEqual(g.flush(1_000 + DEFAULT_GROUP_MS), { count: 3, latest: failure('3'), chains: ['A', 'B'] });
    assert.equal(g.pending, 0);
    assert.equal(g.flush(10_000), undefined, 'a group is given once');
  });

  it('a failure after a flush opens a new window', () => {
    const g = new FailureGroups<{ id: string; chainName: string }>(100);
    g.add(failure('1'), 0);
    assert.equal(g.flush(100)?.count, 1);
    assert.equal(g.add(failure('2'), 150), 250);
    assert.deepEqual(g.flush(250), { count: 1, latest: failure('2'), chains: ['A'] });
  });
});
