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
