// The watch loop against every outcome a node gives, on a fake clock: the receipt, 408 / the
// empty receipt (the wait resolves undefined), 401, 404, network loss with backoff, 429 with
// Retry-After, cancellation, the user's limit, the most watches at once, one request in flight.
import { strict as assert } from 'node:assert';
import { CancelledError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { WatchSet, type Clock, type WaitFn, type WatchEnd } from '../../../src/watch/model/watchSet';

/** Time moves only when a test says so; sleeps resolve in order of their due time. */
class FakeClock implements Clock {
  t = 0;
  private timers: Array<{ at: number; resolve: () => void }> = [];
  readonly sleeps: number[] = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(new CancelledError());
      };
      const timer = {
        at: this.t + ms,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.timers.push(timer);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.resolve();
    }
    this.t = end;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

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

describe('watch/model/watchSet', () => {
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
