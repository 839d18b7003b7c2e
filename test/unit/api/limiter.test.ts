// The shared limit on requests in flight (src/api/limiter.ts): slots, the queue, cancelled waiters, a changed maximum.
import * as assert from 'node:assert/strict';
import { Limiter } from '../../../src/api/limiter';
import { tick } from '../helpers/async';

describe('api/limiter: slots and the queue', function () {
  // The tests take milliseconds: a promise that never settles fails its test within 2 s instead of hanging the run.
  this.timeout(2_000);
  it('runs at most max tasks at once and all of them eventually', async () => {
    const limiter = new Limiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        limiter.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    assert.equal(peak, 3);
    assert.deepEqual(
      results,
      Array.from({ length: 25 }, (_, i) => i),
    );
    assert.equal(limiter.running, 0);
    assert.equal(limiter.pending, 0);
  });

  it('releases the slot when a task throws', async () => {
    const limiter = new Limiter(1);
    await assert.rejects(
      limiter.run(async () => {
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(await limiter.run(async () => 'next'), 'next');
  });

  it('drops a queued waiter whose signal aborts, without running it', async () => {
    const limiter = new Limiter(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    let ran = false;
    const second = limiter.run(async () => {
      ran = true;
    }, controller.signal);
    assert.equal(limiter.pending, 1);
    controller.abort(new Error('cancelled'));
    await assert.rejects(second, /cancelled/);
    assert.equal(limiter.pending, 0);
    release();
    await first;
    assert.equal(ran, false);
  });

  it('raising max starts queued tasks at once', async () => {
    const limiter = new Limiter(1);
    let started = 0;
    const gate = new Promise<void>((r) => setTimeout(r, 20));
    const all = Promise.all(
      Array.from({ length: 4 }, () =>
        limiter.run(async () => {
          started++;
          await gate;
        }),
      ),
    );
    await tick();
    assert.equal(started, 1);
    limiter.setMax(4);
    await tick();
    assert.equal(started, 4);
    await all;
  });

  it('needs at least one slot', () => {
    for (const bad of [0, -1, Number.NaN]) assert.throws(() => new Limiter(bad), { name: 'RangeError', message: 'A limiter needs max >= 1' });
    assert.equal(new Limiter(1).running, 0);
  });

  it('a cancelled caller never takes a slot, even a free one; the reason is its signal’s', async () => {
    const limiter = new Limiter(1);
    const reason = new Error('gone');
    await assert.rejects(
      limiter.run(async () => 1, AbortSignal.abort(reason)),
      (e) => e === reason,
    );
    const c = new AbortController();
    Object.defineProperty(c.signal, 'reason', { value: undefined });
    c.abort();
    await assert.rejects(
      limiter.run(async () => 1, c.signal),
      { message: 'aborted' },
    );
    assert.equal(limiter.running, 0);
  });

  it('a waiter that is cancelled leaves the queue; the others still run, in order', async () => {
    const limiter = new Limiter(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const c = new AbortController();
    const cancelled = limiter.run(async () => 'cancelled', c.signal);
    const third = limiter.run(async () => 'third');
    assert.equal(limiter.pending, 2);
    c.abort();
    await assert.rejects(cancelled);
    assert.equal(limiter.pending, 1);
    release();
    assert.deepEqual(await Promise.all([first, third]), ['first', 'third']);
    assert.equal(limiter.running, 0);
    assert.equal(limiter.pending, 0);
  });

  it('raising max starts exactly as many queued tasks as there are new slots; lowering it lets running ones finish', async () => {
    const limiter = new Limiter(1);
    const gates: Array<() => void> = [];
    const task = () => limiter.run(() => new Promise<void>((r) => gates.push(r)));
    const all = [task(), task(), task(), task()];
    await tick();
    assert.equal(limiter.running, 1);
    limiter.setMax(3);
    assert.equal(limiter.running, 3);
    assert.equal(limiter.pending, 1);
    limiter.setMax(1.9);
    assert.equal(limiter.running, 3, 'running tasks are not stopped');
    await tick();
    assert.equal(gates.length, 3);
    gates.splice(0).forEach((g) => g());
    await tick();
    assert.equal(limiter.running, 1, 'only one slot now: the queued task took it, no more');
    assert.equal(limiter.pending, 0);
    gates.splice(0).forEach((g) => g());
    await Promise.all(all);
    assert.equal(limiter.running, 0);
    limiter.setMax(0);
    await limiter.run(async () => undefined);
  });
});
