// Edges of the retry rule (src/api/transportRetry.ts) and of shared requests
// (src/api/sharedRequests.ts): a Retry-After that is not wholly a number or an HTTP date is no
// wait; a connection reset is looked for five causes deep and no deeper; a cancelled shared request
// that settles late does not drop the newer request of its key. Pure: no socket, no timer.
import * as assert from 'node:assert/strict';
import { CancelledError } from '../../../src/api/errors';
import { SharedRequests } from '../../../src/api/sharedRequests';
import { retryAfterMs, retryDelayMs } from '../../../src/api/transportRetry';

const NOW = Date.UTC(2029, 11, 31, 23, 59, 59);

/** An error whose system code sits at the given depth of its cause chain (0: the error itself). */
function resetAt(depth: number): unknown {
  let e: Record<string, unknown> = { code: 'ECONNRESET' };
  for (let i = 0; i < depth; i++) e = { cause: e };
  return e;
}

describe('api/transportRetry: what Retry-After asks for', () => {
  it('delay-seconds are whole digits only, one or many', () => {
    assert.equal(retryAfterMs('12', NOW), 12_000);
    assert.equal(retryAfterMs('5abc', NOW), undefined);
  });

  it('an HTTP date starts with the three letters of its day; anything else is no date', () => {
    assert.equal(retryAfterMs('Tue, 01 Jan 2030 00:00:00 GMT', NOW), 1000);
    assert.equal(retryAfterMs('Mo, 01 Jan 2030 00:00:00 GMT', NOW), undefined);
    assert.equal(retryAfterMs('1 Jan 2030 00:00:00 GMT', NOW), undefined);
  });
});

describe('api/transportRetry: a connection closed before any answer', () => {
  it('is found up to five errors deep (the error and four causes), not deeper', () => {
    assert.equal(
      retryDelayMs({ method: 'GET', error: resetAt(4) }, NOW, () => 0),
      250,
    );
    assert.equal(
      retryDelayMs({ method: 'GET', error: resetAt(5) }, NOW, () => 0),
      undefined,
    );
  });
});

describe('api/sharedRequests: a cancelled request that settles late', () => {
  it('leaves the newer request of its key shared: a later caller joins it', async () => {
    const shared = new SharedRequests<number>();
    const cancel = new AbortController();
    let failFirst: (e: Error) => void = () => undefined;
    const first = shared.run('k', cancel.signal, () => new Promise<number>((_, reject) => (failFirst = reject)));
    await new Promise(setImmediate);
    cancel.abort();
    await assert.rejects(first, CancelledError);
    let finishSecond: (n: number) => void = () => undefined;
    const second = shared.run('k', undefined, () => new Promise<number>((resolve) => (finishSecond = resolve)));
    await new Promise(setImmediate);
    failFirst(new Error('the cancelled request ends late'));
    await new Promise(setImmediate);
    const third = shared.run('k', undefined, () => Promise.resolve(3));
    finishSecond(2);
    assert.deepStrictEqual(await Promise.all([second, third]), [2, 2]);
    assert.equal(shared.started, 2);
  });
});
