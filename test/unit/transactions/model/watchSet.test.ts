// The watch loop (src/transactions/model/watchSet.ts) against every outcome a node gives, on a fake clock:
// the receipt, 408 / the empty receipt (the wait resolves undefined), 401, 404, network loss with
// backoff, 429 with Retry-After, cancellation, the user's limit, the most watches at once, one
// request in flight; the loop's boundaries (a limit of 0, a round that ends exactly at the minimum
// or the deadline), the listeners' dispose, and the real clock's sleep.
import * as assert from 'node:assert/strict';
import { CancelledError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from '../../../../src/api/errors';
import { type Clock, DEFAULT_MIN_ROUND_MS, realClock, type WaitFn, type WatchEnd, WatchSet } from '../../../../src/transactions/model/watchSet';
import { flush } from '../../helpers/async';
import { FakeClock } from '../../helpers/clock';

type Step = { answer: string | undefined } | { error: unknown } | { takesMs: number; answer: string | undefined };

/** A node scripted round by round; past the script it answers "not yet" after a full 30 s poll. */
function scripted(clock: FakeClock, steps: Step[]) {
  let i = 0;
  const calls: Array<{ target: string; timeoutSeconds: number; at: number }> = [];
  const wait: WaitFn<string, string> = async (target, { signal, timeoutSeconds }) => {
    calls.push({ target, timeoutSeconds, at: clock.now() });
    const step = steps[i++] ?? { takesMs: 30_000, answer: undefined };
    if ('error' in step) throw step.error;
    if ('takesMs' in step) await clock.sleep(step.takesMs, signal);
    return step.answer;
  };
  return { wait, calls };
}

function watchSet(clock: FakeClock, wait: WaitFn<string, string>, opts: { limitMs?: number; max?: number; random?: number } = {}) {
  return new WatchSet<string, string>({
    wait,
    key: (t) => t,
    limitMs: () => opts.limitMs ?? 10 * 60_000,
    maxWatches: () => opts.max ?? 20,
    clock,
    random: () => opts.random ?? 1,
  });
}

function set(clock: Clock, wait: WaitFn<string, string>, limitMs = 60_000, max = 5) {
  return new WatchSet<string, string>({ wait, key: (t) => t, limitMs: () => limitMs, maxWatches: () => max, clock, random: () => 1 });
}

describe('transactions/model/watchSet: every outcome of a round', () => {
  it('polls again after each "not yet" (408, empty receipt) until the receipt arrives', async () => {
    const clock = new FakeClock();
    const node = scripted(clock, [
      { takesMs: 30_000, answer: undefined },
      { takesMs: 30_000, answer: undefined },
      { takesMs: 4_000, answer: 'receipt' },
    ]);
    const set = watchSet(clock, node.wait);
    const ends: Array<WatchEnd<string>> = [];
    set.onDidEnd((_, end) => ends.push(end));
    set.add('a');
    await clock.advance(70_000);
    assert.deepEqual(ends, [{ kind: 'arrived', receipt: 'receipt' }]);
    assert.deepEqual(
      node.calls.map((c) => c.at),
      [0, 30_000, 60_000],
      'a full long poll is followed at once by the next: the node sets the pace',
    );
    assert.equal(set.size, 0);
    assert.equal(set.requestsSent, 3);
  });

  it('a node that answers "not yet" at once is asked at most once per minimum round (5 s), never in a loop', async () => {
    const clock = new FakeClock();
    const node = scripted(
      clock,
      Array.from({ length: 100 }, () => ({ answer: undefined })),
    );
    const set = watchSet(clock, node.wait);
    set.add('a');
    await clock.advance(60_000);
    assert.ok(node.calls.length <= 13, `${node.calls.length} requests in a minute`);
    assert.ok(node.calls.length >= 11);
    set.cancelAll();
  });

  it('backs off exponentially on network loss and timeouts, capped, and resets after an answer', async () => {
    const clock = new FakeClock();
    const lost = () => ({ error: new NetworkError('The node could not be reached: connection refused', 'ECONNREFUSED', {}) });
    const node = scripted(clock, [lost(), lost(), { error: new TimeoutError(45_000, {}) }, lost(), lost(), lost(), lost(), lost(), { answer: 'r' }]);
    const set = watchSet(clock, node.wait);
    const ends: Array<WatchEnd<string>> = [];
    set.onDidEnd((_, e) => ends.push(e));
    set.add('a');
    await clock.advance(10 * 60_000);
    assert.deepEqual(clock.sleeps, [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    assert.deepEqual(ends, [{ kind: 'arrived', receipt: 'r' }]);
  });

  it('jitters the backoff between half and all of it', async () => {
    const clock = new FakeClock();
    const node = scripted(clock, [{ error: new ServerError('The node answered 502', { status: 502 }) }, { answer: 'r' }]);
    const set = watchSet(clock, node.wait, { random: 0 });
    set.add('a');
    await clock.advance(5_000);
    assert.deepEqual(clock.sleeps, [1_000]);
  });

  it("honours a 429's Retry-After", async () => {
    const clock = new FakeClock();
    const node = scripted(clock, [{ error: new RateLimitedError('429', 90, {}) }, { answer: 'r' }]);
    const set = watchSet(clock, node.wait);
    set.add('a');
    await clock.advance(100_000);
    assert.deepEqual(clock.sleeps, [90_000]);
    assert.deepEqual(
      node.calls.map((c) => c.at),
      [0, 90_000],
    );
  });

  it('401 and 404 end the watch with the error: asking again would not change them', async () => {
    const clock = new FakeClock();
    const unauthorized = new UnauthorizedError('denied', 'read', false, {});
    const notFound = new NotFoundError('Not found (404)', 'route', {});
    const node = scripted(clock, [{ error: unauthorized }, { error: notFound }]);
    const set = watchSet(clock, node.wait);
    const ends: Array<[string, WatchEnd<string>]> = [];
    set.onDidEnd((info, e) => ends.push([info.target, e]));
    set.add('a');
    await clock.advance(1);
    set.add('b');
    await clock.advance(1);
    assert.deepEqual(ends, [
      ['a', { kind: 'failed', error: unauthorized }],
      ['b', { kind: 'failed', error: notFound }],
    ]);
    assert.equal(node.calls.length, 2);
  });

  it('cancel aborts the request in flight and ends the watch', async () => {
    const clock = new FakeClock();
    let aborted = false;
    const set = new WatchSet<string, string>({
      key: (t) => t,
      limitMs: () => 600_000,
      maxWatches: () => 20,
      clock,
      wait: (_t, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new CancelledError());
          });
        }),
    });
    set.add('a');
    await clock.advance(1_000);
    const ended = set.ended('a');
    assert.equal(set.cancel('a'), true);
    assert.deepEqual(await ended, { kind: 'cancelled' });
    assert.ok(aborted, 'the long poll was aborted');
    assert.equal(set.size, 0);
  });

  it("ends at the user's limit, and never asks the node to wait past it", async () => {
    const clock = new FakeClock();
    const node = scripted(clock, []);
    const set = watchSet(clock, node.wait, { limitMs: 75_000 });
    const ends: Array<WatchEnd<string>> = [];
    set.onDidEnd((_, e) => ends.push(e));
    set.add('a');
    await clock.advance(70_000);
    assert.deepEqual(ends, []);
    await clock.advance(30_000);
    assert.deepEqual(ends, [{ kind: 'expired' }]);
    assert.deepEqual(
      node.calls.map((c) => c.timeoutSeconds),
      [30, 30, 15],
    );
  });

  it('refuses a watch past the most at once, and the same target twice is one watch', async () => {
    const clock = new FakeClock();
    const node = scripted(clock, []);
    const set = watchSet(clock, node.wait, { max: 2 });
    assert.equal(set.add('a').ok, true);
    const again = set.add('a');
    assert.ok(again.ok && again.existing);
    assert.equal(set.add('b').ok, true);
    assert.deepEqual(set.add('c'), { ok: false, reason: 'full', max: 2 });
    assert.equal(set.size, 2);
    set.cancel('a');
    await clock.advance(1);
    assert.equal(set.add('c').ok, true, 'a slot freed by a cancel is free again');
    set.cancelAll();
  });

  it('keeps one request in flight per watch, 20 watches at once', async () => {
    const clock = new FakeClock();
    const node = scripted(clock, []);
    const set = watchSet(clock, node.wait);
    for (let i = 0; i < 20; i++) set.add(`w${i}`);
    await clock.advance(5 * 60_000 - 1);
    assert.equal(set.maxInFlightPerWatch, 1);
    // 20 watches, one 30 s poll each at a time: 10 rounds each in (just under) five minutes.
    assert.equal(set.requestsSent, 20 * 10);
    set.dispose();
    await clock.advance(1);
    assert.equal(set.size, 0);
  });
});

describe('transactions/model/watchSet: the loop at its boundaries', () => {
  it('a limit of 0 ends the watch before any request', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async () => 'r', 0);
    assert.deepEqual(ws.add('a'), { ok: true, watch: { key: 'a', target: 'a', startedAt: 0, deadline: 0, rounds: 0, state: 'waiting' }, existing: false });
    assert.deepEqual(await ws.ended('a'), { kind: 'expired' });
    assert.equal(ws.requestsSent, 0);
  });

  it('counts the rounds sent', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async () => undefined);
    ws.add('a');
    await flush();
    assert.equal(ws.get('a')?.rounds, 1);
    assert.equal(ws.get('a')?.state, 'pause');
    assert.equal(ws.get('a')?.retryAt, 5_000);
    await clock.advance(5_000);
    assert.equal(ws.get('a')?.rounds, 2);
    ws.cancel('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
  });

  it('a round that takes exactly the minimum is followed at once, without a sleep', async () => {
    const clock = new FakeClock();
    const ws = set(
      clock,
      async () => {
        clock.t += 5_000;
        return undefined;
      },
      12_000,
    );
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'expired' });
    assert.equal(ws.requestsSent, 3);
    assert.deepEqual(clock.sleeps, []);
  });

  it('a round that ends exactly at the deadline expires without a sleep', async () => {
    const clock = new FakeClock();
    const ws = set(
      clock,
      async () => {
        // Shorter than the minimum round, so a pause is due, but nothing is left of the limit.
        clock.t = 3_000;
        return undefined;
      },
      3_000,
    );
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'expired' });
    assert.deepEqual(clock.sleeps, []);
  });

  for (const limitMs of [3_000, DEFAULT_MIN_ROUND_MS]) {
    it(`a pause to the deadline ends the watch when it ends, even a millisecond short by the clock (Node's timers may wake so): a limit of ${limitMs} ms`, async () => {
      let t = 1_000;
      const sleeps: number[] = [];
      const early: Clock = {
        now: () => t,
        sleep: async (ms) => {
          sleeps.push(ms);
          t += sleeps.length === 1 ? ms - 1 : ms;
        },
      };
      const ws = set(early, async () => undefined, limitMs);
      ws.add('a');
      assert.deepEqual(await ws.ended('a'), { kind: 'expired' });
      assert.deepEqual(sleeps, [limitMs], 'the pause is what was left of the limit');
      assert.equal(ws.requestsSent, 1, 'no long poll after the limit');
    });
  }

  it('the pause is cut to what is left of the limit', async () => {
    const clock = new FakeClock();
    clock.t = 1_000;
    const ws = set(clock, async () => undefined, 3_000);
    ws.add('a');
    await flush();
    assert.deepEqual(clock.sleeps, [3_000]);
    assert.equal(ws.get('a')?.retryAt, 4_000);
    const done = ws.ended('a');
    await clock.advance(3_000);
    assert.deepEqual(await done, { kind: 'expired' });
    assert.equal(ws.requestsSent, 1);
  });

  it('a receipt that comes back after a cancel is not reported as arrived', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async () => {
      ws.cancel('a');
      return 'r';
    });
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
  });

  it('a CancelledError from the wait is a cancel, not a failure', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async () => {
      throw new CancelledError();
    });
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
  });

  it('a sleep that fails ends the watch as cancelled, without another round', async () => {
    const clock = new FakeClock();
    clock.rejectSleep = true;
    const ws = set(clock, async () => undefined);
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
    assert.equal(ws.requestsSent, 1);
  });

  it('change and end listeners fire until disposed; a throwing listener stops nothing', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async (t) => (t === 'a' ? 'r' : undefined));
    let changes = 0;
    const ends: string[] = [];
    ws.onDidChange(() => {
      throw new Error('a bad listener');
    });
    const change = ws.onDidChange(() => changes++);
    const end = ws.onDidEnd((info, e) => ends.push(`${info.key}:${e.kind}`));
    ws.add('a');
    assert.equal(changes, 1);
    await ws.ended('a');
    assert.equal(changes, 2);
    assert.deepEqual(ends, ['a:arrived']);
    change.dispose();
    end.dispose();
    ws.add('b');
    ws.cancel('b');
    await ws.ended('b');
    assert.equal(changes, 2);
    assert.deepEqual(ends, ['a:arrived']);
  });

  it('cancel of an unknown key is false; after dispose nothing can be added', async () => {
    const clock = new FakeClock();
    const ws = set(clock, async () => undefined, 60_000, 3);
    assert.equal(ws.cancel('nope'), false);
    ws.add('a');
    assert.equal(ws.cancel('a'), true);
    ws.dispose();
    assert.deepEqual(ws.add('b'), { ok: false, reason: 'full', max: 3 });
  });

  describe('realClock.sleep', () => {
    type Call = [string, string, unknown, unknown?];
    function fakeSignal(aborted = false) {
      const calls: Call[] = [];
      let onAbort: (() => void) | undefined;
      const signal = {
        aborted,
        addEventListener: (type: string, fn: () => void, opts: unknown) => {
          calls.push(['add', type, fn, opts]);
          onAbort = fn;
        },
        removeEventListener: (type: string, fn: () => void) => calls.push(['remove', type, fn]),
      };
      return { signal: signal as unknown as AbortSignal, calls, abort: () => onAbort?.() };
    }
    it('resolves, and removes its abort listener', async () => {
      const s = fakeSignal();
      await realClock.sleep(1, s.signal);
      const fn = s.calls[0]?.[2];
      assert.equal(typeof fn, 'function');
      assert.deepEqual(s.calls, [
        ['add', 'abort', fn, { once: true }],
        ['remove', 'abort', fn],
      ]);
    });
    it('rejects at once on an aborted signal, and on an abort while sleeping', async () => {
      await assert.rejects(realClock.sleep(1, fakeSignal(true).signal), CancelledError);
      const s = fakeSignal();
      const p = realClock.sleep(60_000, s.signal);
      s.abort();
      await assert.rejects(p, CancelledError);
    });
  });
});

describe('transactions/model/watchSet: a receipt from elsewhere (the live feed)', () => {
  function pending(clock: FakeClock) {
    let aborted = 0;
    let rounds = 0;
    const s = new WatchSet<string, string>({
      key: (t) => t,
      limitMs: () => 600_000,
      maxWatches: () => 20,
      clock,
      wait: (_t, { signal }) => {
        rounds++;
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted++;
            reject(new CancelledError());
          });
        });
      },
    });
    return { s, aborted: () => aborted, rounds: () => rounds };
  }

  it('ends the watch as arrived at once and aborts the long poll under way', async () => {
    const clock = new FakeClock();
    const { s, aborted, rounds } = pending(clock);
    s.add('a');
    await clock.advance(1_000);
    assert.equal(rounds(), 1, 'the long poll is out');
    const ended = s.ended('a');
    assert.equal(s.arrive('a', 'receipt-a'), true);
    assert.deepEqual(await ended, { kind: 'arrived', receipt: 'receipt-a' });
    assert.equal(aborted(), 1, 'the long poll was cancelled');
    assert.equal(s.size, 0);
    assert.equal(rounds(), 1, 'no round after it');
  });

  it('during the pause between rounds, ends it without another round', async () => {
    const clock = new FakeClock();
    const { calls, wait } = scripted(clock, [{ answer: undefined }]);
    const s = watchSet(clock, wait);
    s.add('a');
    await flush();
    assert.equal(calls.length, 1);
    assert.equal(s.get('a')?.state, 'pause');
    const ended = s.ended('a');
    s.arrive('a', 'r');
    assert.deepEqual(await ended, { kind: 'arrived', receipt: 'r' });
    await clock.advance(60_000);
    assert.equal(calls.length, 1);
  });

  it('a receipt for no watch changes nothing; a later cancel is not an arrival', async () => {
    const clock = new FakeClock();
    const { s } = pending(clock);
    assert.equal(s.arrive('nope', 'r'), false);
    s.add('a');
    await clock.advance(10);
    const ended = s.ended('a');
    s.cancel('a');
    assert.deepEqual(await ended, { kind: 'cancelled' });
    assert.equal(s.arrive('a', 'late'), false, 'an ended watch takes no receipt');
  });
});
