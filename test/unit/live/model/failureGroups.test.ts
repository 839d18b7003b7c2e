// The failure notifications' grouping (src/live/model/failureGroups.ts): a burst is one group with
// its count, its chains and its latest failure; a failure after the window opens the next one. The
// clock is the test's: it says when each timer fires and what the time reads then.
import * as assert from 'node:assert/strict';
import { DEFAULT_GROUP_MS, FailureGroups, type FailureGroup, type GroupTimers } from '../../../../src/live/model/failureGroups';

type Failure = { id: string; chainName: string };
const failure = (id: string, chainName = 'A'): Failure => ({ id, chainName });

class Clock implements GroupTimers {
  time = 1_000;
  readonly timers: { callback: () => void; ms: number; cleared?: boolean }[] = [];
  now(): number {
    return this.time;
  }
  set(callback: () => void, ms: number): unknown {
    const t = { callback, ms };
    this.timers.push(t);
    return t;
  }
  clear(handle: unknown): void {
    (handle as { cleared?: boolean }).cleared = true;
  }
  /** Fires the latest timer with the clock at `at`. */
  fire(at: number): void {
    const t = this.timers.at(-1);
    assert.ok(t && !t.cleared, 'a timer is set');
    this.time = at;
    t.callback();
  }
}

function grouped(windowMs?: number): { clock: Clock; groups: FailureGroups<Failure>; given: FailureGroup<Failure>[] } {
  const clock = new Clock();
  const given: FailureGroup<Failure>[] = [];
  return { clock, groups: new FailureGroups<Failure>((g) => given.push(g), clock, windowMs), given };
}

describe('live/model/failureGroups: a burst is one notification', () => {
  it('the first failure opens a window with one timer for its length; the others join it; its end gives one group', () => {
    const { clock, groups, given } = grouped();
    groups.add(failure('1'));
    clock.time = 1_100;
    groups.add(failure('2', 'B'));
    clock.time = 1_200;
    groups.add(failure('3'));
    assert.deepEqual(
      clock.timers.map((t) => t.ms),
      [DEFAULT_GROUP_MS],
      'one timer, for the window',
    );
    assert.equal(groups.pending, 3);
    assert.deepEqual(given, [], 'nothing before the window ends');
    clock.fire(1_000 + DEFAULT_GROUP_MS);
    assert.deepEqual(given, [{ count: 3, latest: failure('3'), chains: ['A', 'B'] }]);
    assert.equal(groups.pending, 0);
  });

  it('a failure after the window ended opens a new window and a new timer', () => {
    const { clock, groups, given } = grouped(100);
    groups.add(failure('1'));
    clock.fire(1_100);
    groups.add(failure('2'));
    assert.equal(clock.timers.length, 2);
    clock.fire(1_200);
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
});
