// One request for identical callers (src/api/sharedRequests.ts): joined while it runs, forgotten when
// settled; each caller's cancel frees only that caller, the last one's aborts the request.
import * as assert from 'node:assert/strict';
import { CancelledError } from '../../../src/api/errors';
import { SharedRequests } from '../../../src/api/sharedRequests';
import { deferred, tick } from '../helpers/async';

describe('api/sharedRequests: one request for identical callers', function () {
  // The tests take milliseconds: a promise that never settles fails its test within 2 s instead of hanging the run.
  this.timeout(2_000);
  it('starts one request for concurrent callers of a key, and one per key', async () => {
    const shared = new SharedRequests<string>();
    const d = deferred<string>();
    let starts = 0;
    const start = () => {
      starts++;
      return d.promise;
    };
    const a = shared.run('k', undefined, start);
    const b = shared.run('k', undefined, start);
    const other = shared.run('other', undefined, async () => 'x');
    d.resolve('answer');
    assert.deepEqual(await Promise.all([a, b, other]), ['answer', 'answer', 'x']);
    assert.equal(starts, 1);
    assert.equal(shared.started, 2);
  });

  it('forgets a settled request: the next call starts afresh', async () => {
    const shared = new SharedRequests<number>();
    let n = 0;
    assert.equal(await shared.run('k', undefined, async () => ++n), 1);
    assert.equal(await shared.run('k', undefined, async () => ++n), 2);
  });

  it('gives every caller the failure', async () => {
    const shared = new SharedRequests<string>();
    const d = deferred<string>();
    const a = shared.run('k', undefined, () => d.promise);
    const b = shared.run('k', undefined, () => d.promise);
    d.reject(new Error('down'));
    await assert.rejects(a, /down/);
    await assert.rejects(b, /down/);
  });

  it('frees a caller that gives up, and aborts the request only when the last one does', async () => {
    const shared = new SharedRequests<string>();
    const d = deferred<string>();
    let seen: AbortSignal | undefined;
    const start = (signal: AbortSignal) => {
      seen = signal;
      return d.promise;
    };
    const c1 = new AbortController();
    const c2 = new AbortController();
    const a = shared.run('k', c1.signal, start);
    const b = shared.run('k', c2.signal, start);
    c1.abort();
    await assert.rejects(a, CancelledError);
    await Promise.resolve();
    assert.equal(seen?.aborted, false, 'still wanted by the second caller');
    c2.abort();
    await assert.rejects(b, CancelledError);
    assert.equal(seen?.aborted, true);
    // Gone: a new caller starts a new request.
    let again = 0;
    d.resolve('late');
    assert.equal(await shared.run('k', undefined, async () => String(++again)), '1');
  });

  it('rejects at once when the signal is already aborted', async () => {
    const shared = new SharedRequests<string>();
    const c = new AbortController();
    c.abort();
    let started = false;
    await assert.rejects(
      shared.run('k', c.signal, async () => {
        started = true;
        return 'x';
      }),
      CancelledError,
    );
    assert.equal(started, false);
  });

  it('joins a running request; a caller that cancels is freed alone; the last one to cancel aborts it', async () => {
    const shared = new SharedRequests<string>();
    let seen: AbortSignal | undefined;
    let finish!: (v: string) => void;
    const start = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<string>((r) => (finish = r));
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = shared.run('k', a.signal, start);
    const second = shared.run('k', b.signal, start);
    await tick();
    assert.equal(shared.started, 1);
    a.abort();
    a.abort();
    await assert.rejects(first, CancelledError);
    assert.equal(seen?.aborted, false, 'still waited on');
    finish('v');
    assert.equal(await second, 'v');
    b.abort();
    assert.equal(seen?.aborted, false, 'a cancel after the answer changes nothing');

    const c = new AbortController();
    const third = shared.run('k', c.signal, start);
    await tick();
    assert.equal(shared.started, 2, 'a settled request is forgotten');
    c.abort();
    await assert.rejects(third, CancelledError);
    assert.equal(seen?.aborted, true, 'nobody waits: aborted');
    const fourth = shared.run('k', undefined, start);
    await tick();
    assert.equal(shared.started, 3, 'an aborted request is forgotten at once');
    finish('w');
    assert.equal(await fourth, 'w');
  });

  it('refuses an already cancelled caller; passes a failure to every caller', async () => {
    const shared = new SharedRequests<string>();
    await assert.rejects(
      shared.run('k', AbortSignal.abort(), async () => 'x'),
      CancelledError,
    );
    assert.equal(shared.started, 0);
    const boom = new Error('boom');
    const both = [shared.run('e', undefined, () => Promise.reject(boom)), shared.run('e', undefined, () => Promise.reject(boom))];
    for (const p of both) await assert.rejects(p, (e) => e === boom);
    assert.equal(shared.started, 1);
  });
});
