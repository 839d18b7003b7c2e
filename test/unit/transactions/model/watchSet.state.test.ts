// What a caller reads of the watches while they run (src/transactions/model/watchSet.ts): the list
// and has(), the state of a round (waiting, pause, backoff), a watch cancelled before its first round
// sending nothing, a receipt from the live feed during a long poll that ends "not yet", and a 429
// without Retry-After still backing off. On a fake clock.
import * as assert from 'node:assert/strict';
import { CancelledError, NetworkError, RateLimitedError } from '../../../../src/api/errors';
import { type Clock, type WaitFn, type WatchEnd, WatchSet } from '../../../../src/transactions/model/watchSet';
import { flush } from '../../helpers/async';
import { FakeClock } from '../../helpers/clock';

function watches(clock: FakeClock, wait: WaitFn<string, string>) {
  return new WatchSet<string, string>({ wait, key: (t) => `key:${t}`, limitMs: () => 600_000, maxWatches: () => 5, clock, random: () => 1 });
}

/** A node whose long poll ends "not yet" after 30 s, or at once when its request is aborted. */
function slowNode(clock: FakeClock) {
  let rounds = 0;
  const wait: WaitFn<string, string> = async (_t, { signal }) => {
    rounds++;
    await clock.sleep(30_000, signal).catch(() => undefined);
    return undefined;
  };
  return { wait, rounds: () => rounds };
}

describe('transactions/model/watchSet: what a caller reads while watches run', () => {
  it('lists each watch, knows its target, and adding it again returns the same watch', async () => {
    const clock = new FakeClock();
    clock.t = 100;
    const set = watches(clock, slowNode(clock).wait);
    set.add('a');
    set.add('b');
    assert.deepEqual(
      set.list().map((w) => [w.key, w.target, w.startedAt, w.deadline, w.state]),
      [
        ['key:a', 'a', 100, 600_100, 'waiting'],
        ['key:b', 'b', 100, 600_100, 'waiting'],
      ],
    );
    assert.equal(set.has('a'), true);
    assert.equal(set.has('c'), false);
    const again = set.add('a');
    assert.deepEqual(again, { ok: true, watch: { key: 'key:a', target: 'a', startedAt: 100, deadline: 600_100, rounds: 0, state: 'waiting' }, existing: true });
    set.cancelAll();
    await flush();
  });

  it('a watch cancelled before its first round ends cancelled without asking the node', async () => {
    const clock = new FakeClock();
    const node = slowNode(clock);
    const set = watches(clock, node.wait);
    const ends: WatchEnd<string>[] = [];
    set.onDidEnd((_, end) => ends.push(end));
    set.add('a');
    set.cancel('key:a');
    await flush();
    assert.deepEqual(ends, [{ kind: 'cancelled' }]);
    assert.equal(node.rounds(), 0);
    assert.equal(set.requestsSent, 0);
  });

  it('the state reads waiting during a long poll, pause after "not yet", and waiting again in the next round', async () => {
    const clock = new FakeClock();
    let n = 0;
    const wait: WaitFn<string, string> = async (_t, { signal }) => {
      n++;
      if (n > 1) await clock.sleep(30_000, signal);
      return undefined;
    };
    const set = watches(clock, wait);
    set.add('a');
    await flush();
    assert.equal(set.get('key:a')?.state, 'pause');
    await clock.advance(5_000);
    assert.equal(set.get('key:a')?.state, 'waiting');
    assert.equal(set.get('key:a')?.rounds, 2);
    set.cancelAll();
    await flush();
  });

  it('a network loss backs off with the state backoff and the error kept', async () => {
    const clock = new FakeClock();
    const lost = new NetworkError('down', 'ECONNREFUSED', {});
    const set = watches(clock, () => Promise.reject(lost));
    set.add('a');
    await flush();
    const w = set.get('key:a');
    assert.equal(w?.state, 'backoff');
    assert.equal(w?.lastError, lost);
    assert.deepEqual(clock.sleeps, [2_000]);
    set.cancelAll();
    await flush();
  });

  it('a 429 without Retry-After backs off as any transient failure does', async () => {
    const clock = new FakeClock();
    const set = watches(clock, () => Promise.reject(new RateLimitedError('slow down', undefined, {})));
    set.add('a');
    await flush();
    assert.equal(set.get('key:a')?.state, 'backoff');
    assert.deepEqual(clock.sleeps, [2_000]);
    assert.equal(set.requestsSent, 1);
    set.cancelAll();
    await flush();
  });

  it('a receipt from the live feed during a long poll that then ends "not yet" ends the watch as arrived', async () => {
    const clock = new FakeClock();
    const set = watches(clock, slowNode(clock).wait);
    const ends: WatchEnd<string>[] = [];
    set.onDidEnd((_, end) => ends.push(end));
    set.add('a');
    await flush();
    assert.equal(set.arrive('key:a', 'receipt'), true);
    await flush();
    assert.deepEqual(ends, [{ kind: 'arrived', receipt: 'receipt' }]);
  });

  it('a receipt from the live feed just as a pause ends: arrived, with no further round sent', async () => {
    const wakes: (() => void)[] = [];
    const clock: Clock = {
      now: () => 0,
      sleep: (_ms, signal) =>
        new Promise<void>((resolve, reject) => {
          wakes.push(resolve);
          signal.addEventListener('abort', () => reject(new CancelledError()), { once: true });
        }),
    };
    let rounds = 0;
    const wait: WaitFn<string, string> = (_t, { signal }) => {
      rounds++;
      if (rounds === 1) return Promise.resolve(undefined);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new CancelledError()), { once: true }));
    };
    const set = new WatchSet<string, string>({ wait, key: (t) => t, limitMs: () => 600_000, maxWatches: () => 5, clock, random: () => 1 });
    const ends: WatchEnd<string>[] = [];
    set.onDidEnd((_, end) => ends.push(end));
    set.add('a');
    await flush();
    assert.equal(wakes.length, 1);
    set.arrive('a', 'receipt');
    wakes[0]?.();
    await flush();
    assert.deepEqual(ends, [{ kind: 'arrived', receipt: 'receipt' }]);
    assert.equal(rounds, 1);
  });
});
