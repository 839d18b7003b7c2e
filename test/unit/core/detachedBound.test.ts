// The bound of detached work and a hover's cancellation: work that settles after it was aborted
// past the bound frees no other's place, a lookup answered in time is never detached (so it pushes
// no detached one out), and the hover's cancellation listener is let go of either way.
import { strict as assert } from 'node:assert';
import { DetachedWork, type Cancellation } from '../../../src/core/detached';

/** A hover's token that is never cancelled and counts the listeners let go of. */
function token(): Cancellation & { disposed: number } {
  const t = {
    disposed: 0,
    isCancellationRequested: false,
    onCancellationRequested: () => ({ dispose: () => void t.disposed++ }),
  };
  return t;
}

const never = () => new Promise<never>(() => {});
const settle = () => new Promise((r) => setImmediate(r));

describe('core/detached: the bound and the hover', () => {
  it('work aborted past the bound that settles later leaves the running one counted', async () => {
    const work = new DetachedWork(1);
    let settleOld = () => {};
    const old = new AbortController();
    work.add(old, new Promise<void>((r) => (settleOld = r)));
    const current = new AbortController();
    work.add(current, never());
    assert.equal(old.signal.aborted, true);
    settleOld();
    await settle();
    assert.equal(work.count, 1);
    assert.equal(current.signal.aborted, false);
  });

  it('a lookup answered in time is not detached: the detached one keeps running; both let the token go', async () => {
    const work = new DetachedWork(1);
    const t = token();
    let slowSignal: AbortSignal | undefined;
    const first = await work.answer(
      (signal) => {
        slowSignal = signal;
        return never();
      },
      0,
      t,
    );
    assert.equal(first, 'slow');
    assert.equal(await work.answer(() => Promise.resolve('answer'), 1000, t), 'answer');
    assert.equal(slowSignal?.aborted, false);
    assert.equal(work.count, 1);
    assert.equal(t.disposed, 2);
  });
});
