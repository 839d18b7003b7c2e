// What a hover lets go of: kept running until it settles, at most a few at once, the oldest
// aborted past the bound.
import { strict as assert } from 'node:assert';
import { DetachedWork, within } from '../../../src/core/detached';

function pending(): { promise: Promise<void>; resolve(): void; reject(): void } {
  let resolve = () => {};
  let reject = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = () => rej(new Error('failed'));
  });
  return { promise, resolve, reject };
}

describe('core/detached: work a hover let go of', () => {
  it('counts what runs, forgets what settled (either way), aborts the oldest past the bound', async () => {
    const work = new DetachedWork(2);
    const a = { c: new AbortController(), p: pending() };
    const b = { c: new AbortController(), p: pending() };
    const c = { c: new AbortController(), p: pending() };
    work.add(a.c, a.p.promise);
    work.add(b.c, b.p.promise);
    assert.equal(work.count, 2);
    work.add(c.c, c.p.promise);
    assert.equal(work.count, 2);
    assert.equal(a.c.signal.aborted, true, 'the oldest, past the bound');
    assert.equal(b.c.signal.aborted, false);
    b.p.resolve();
    c.p.reject();
    await Promise.allSettled([b.p.promise, c.p.promise]);
    await new Promise((r) => setImmediate(r));
    assert.equal(work.count, 0);
    assert.equal(c.c.signal.aborted, false, 'settled work is never aborted');
  });
});

describe('core/detached: within', () => {
  it('the value when the promise settles in time, the late value when it does not, a rejection in time as a rejection', async () => {
    assert.equal(await within(Promise.resolve('answer'), 50, 'slow'), 'answer');
    assert.equal(await within(new Promise<string>(() => undefined), 5, 'slow'), 'slow');
    await assert.rejects(within(Promise.reject(new Error('node down')), 50, 'slow'), /node down/);
    assert.equal(await within(new Promise<string>((r) => setTimeout(() => r('late answer'), 40)), 5, undefined), undefined);
  });
});

describe('core/detached: answer, a hover waiting on its lookup', () => {
  /** A cancellation token whose cancel() fires its listeners, as VS Code's does. */
  function token() {
    const listeners = new Set<() => void>();
    return {
      isCancellationRequested: false,
      onCancellationRequested(l: () => void) {
        listeners.add(l);
        return { dispose: () => listeners.delete(l) };
      },
      cancel() {
        this.isCancellationRequested = true;
        for (const l of listeners) l();
      },
      get listening() {
        return listeners.size;
      },
    };
  }

  it('an answer in time is returned, nothing is detached, and the token is let go', async () => {
    const work = new DetachedWork(2);
    const t = token();
    assert.equal(await work.answer(async () => 'receipt', 50, t), 'receipt');
    assert.equal(work.count, 0);
    assert.equal(t.listening, 0);
  });

  it('a slow lookup is "slow", goes on detached until it settles, and a later cancel no longer aborts it', async () => {
    const work = new DetachedWork(2);
    const t = token();
    const p = pending();
    let signal: AbortSignal | undefined;
    assert.equal(
      await work.answer(
        (s) => {
          signal = s;
          return p.promise;
        },
        5,
        t,
      ),
      'slow',
    );
    assert.equal(work.count, 1);
    t.cancel();
    assert.equal(signal?.aborted, false, 'the hover is gone, the lookup is not');
    p.resolve();
    await p.promise;
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(work.count, 0);
  });

  it("the hover's cancellation while it waits aborts the lookup, and its rejection reaches the hover", async () => {
    const work = new DetachedWork(2);
    const t = token();
    const answered = work.answer((signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))), 1_000, t);
    t.cancel();
    await assert.rejects(answered, /aborted/);
    assert.equal(work.count, 0);
  });
});
