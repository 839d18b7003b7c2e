// The loop's boundaries (a limit of 0, a round that ends exactly at the minimum or the deadline),
// the listeners' dispose, and the real clock's sleep, on a fake clock that records every sleep.
import * as assert from 'node:assert/strict';
import { CancelledError } from '../../../src/api/errors';
import { realClock, WatchSet, type Clock, type WaitFn } from '../../../src/watch/model/watchSet';

class RecordingClock implements Clock {
  t = 0;
  readonly sleeps: number[] = [];
  rejectSleep = false;
  private timers: Array<{ at: number; resolve: () => void }> = [];
  now(): number {
    return this.t;
  }
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (this.rejectSleep) return Promise.reject(new Error('the timer failed'));
    return new Promise((resolve, reject) => {
      const timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal.addEventListener('abort', () => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(new CancelledError());
      });
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

function set(clock: Clock, wait: WaitFn<string, string>, limitMs = 60_000, max = 5) {
  return new WatchSet<string, string>({ wait, key: (t) => t, limitMs: () => limitMs, maxWatches: () => max, clock, random: () => 1 });
}

describe('watch/model/watchSet loop edges', () => {
  it('a limit of 0 ends the watch before any request', async () => {
    const clock = new RecordingClock();
    const ws = set(clock, async () => 'r', 0);
    assert.deepEqual(ws.add('a'), { ok: true, watch: { key: 'a', target: 'a', startedAt: 0, deadline: 0, rounds: 0, state: 'waiting' }, existing: false });
    assert.deepEqual(await ws.ended('a'), { kind: 'expired' });
    assert.equal(ws.requestsSent, 0);
  });

  it('counts the rounds sent', async () => {
    const clock = new RecordingClock();
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
    const clock = new RecordingClock();
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
    const clock = new RecordingClock();
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

  it('the pause is cut to what is left of the limit', async () => {
    const clock = new RecordingClock();
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
    const clock = new RecordingClock();
    const ws = set(clock, async () => {
      ws.cancel('a');
      return 'r';
    });
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
  });

  it('a CancelledError from the wait is a cancel, not a failure', async () => {
    const clock = new RecordingClock();
    const ws = set(clock, async () => {
      throw new CancelledError();
    });
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
  });

  it('a sleep that fails ends the watch as cancelled, without another round', async () => {
    const clock = new RecordingClock();
    clock.rejectSleep = true;
    const ws = set(clock, async () => undefined);
    ws.add('a');
    assert.deepEqual(await ws.ended('a'), { kind: 'cancelled' });
    assert.equal(ws.requestsSent, 1);
  });

  it('change and end listeners fire until disposed; a throwing listener stops nothing', async () => {
    const clock = new RecordingClock();
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
    const clock = new RecordingClock();
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
