// The failure notifications' grouping (src/live/model/failureGroups.ts): a burst is one group with
// its count, its chains and its latest failure; a failure after the window opens the next one. The
// timers are the test's: it says when each one fires.
import * as assert from 'node:assert/strict';
import { DEFAULT_GROUP_MS, FailureGroups, type FailureGroup } from '../../../../src/live/model/failureGroups';
import { FakeTimers } from '../../../fixtures/fakeTimers';
import { onClock } from '../../helpers/clock';

type Failure = { id: string; chainName: string };
const failure = (id: string, chainName = 'A'): Failure => ({ id, chainName });

function grouped(windowMs?: number): { clock: FakeTimers; groups: FailureGroups<Failure>; given: FailureGroup<Failure>[] } {
  const clock = new FakeTimers();
  const given: FailureGroup<Failure>[] = [];
  return { clock, groups: new FailureGroups<Failure>((g) => given.push(g), clock, windowMs), given };
}

describe('live/model/failureGroups: a burst is one notification', () => {
  it('the first failure opens a window with one timer for its length; the others join it; its end gives one group', () => {
    const { clock, groups, given } = grouped();
    groups.add(failure('1'));
    groups.add(failure('2', 'B'));
    groups.add(failure('3'));
    assert.deepEqual(
      clock.timers.map((t) => t.ms),
      [DEFAULT_GROUP_MS],
      'one timer, for the window',
    );
    assert.equal(groups.pending, 3);
    assert.deepEqual(given, [], 'nothing before the window ends');
    clock.fire();
    assert.deepEqual(given, [{ count: 3, latest: failure('3'), chains: ['A', 'B'] }]);
    assert.equal(groups.pending, 0);
  });

  it("the window ends when its timer fires, whatever the wall clock reads (Node's timers may fire a millisecond early by Date.now)", async () => {
    const { clock, groups, given } = grouped();
    const opened = Date.now();
    let now = opened;
    await onClock(
      () => now,
      async () => {
        groups.add(failure('1'));
        groups.add(failure('2'));
        now = opened + DEFAULT_GROUP_MS - 1;
        clock.fire();
      },
    );
    assert.deepEqual(given, [{ count: 2, latest: failure('2'), chains: ['A'] }], 'the window ends with its timer');
    groups.add(failure('3'));
    assert.equal(clock.timers.length, 2, 'the next failure opens a new window');
  });

  it('a failure after the window ended opens a new window and a new timer', () => {
    const { clock, groups, given } = grouped(100);
    groups.add(failure('1'));
    clock.fire();
    groups.add(failure('2'));
    assert.equal(clock.timers.length, 2);
    clock.fire();
    assert.deepEqual(given, [
      { count: 1, latest: failure('1'), chains: ['A'] },
      { count: 1, latest: failure('2'), chains: ['A'] },
    ]);
  });

  it('dispose clears the open window and its timer, and gives no group', () => {
    const { clock, groups, given } = grouped();
    groups.add(failure('1'));
    groups.dispose();
    assert.equal(clock.timers[0]?.cleared, true);
    assert.equal(groups.pending, 0);
    assert.deepEqual(given, []);
  });

  it('dispose with no window open clears nothing and leaves the next failure its window', () => {
    const { clock, groups, given } = grouped();
    groups.dispose();
    groups.add(failure('1'));
    clock.fire();
    assert.deepEqual(given, [{ count: 1, latest: failure('1'), chains: ['A'] }]);
  });
});
