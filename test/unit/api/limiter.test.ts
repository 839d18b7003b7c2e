import { strict as assert } from 'node:assert';
import { Limiter } from '../../../src/api/limiter';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('Limiter', () => {
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
});
