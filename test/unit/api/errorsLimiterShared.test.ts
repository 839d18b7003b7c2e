// The hint of every API error (what the user is told to do), the limiter's slot accounting at its
// edges, and the sharing of identical requests with each caller's cancel.
import * as assert from 'node:assert/strict';
import {
  BadRequestError,
  CancelledError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  TokenExpiredError,
} from '../../../src/api/errors';
import { Limiter } from '../../../src/api/limiter';
import { SharedRequests } from '../../../src/api/sharedRequests';

const ctx = { url: 'http://n/v1/x', status: 500 };
const tick = () => new Promise((r) => setTimeout(r, 1));

describe('api/errors: what each error tells the user to do', () => {
  it('hints and messages', () => {
    const table: [Error & { hint: string; kind: string }, string, string][] = [
      [new InvalidInputError('f', 'bad'), 'bad', 'Correct the value and try again.'],
      [new NotFoundError('m', 'receipt', ctx), 'm', 'The request is not known to this chain at that state: check the request ID, the chain, and the block.'],
      [new NotFoundError('m', 'chain', ctx), 'm', 'The node does not run this chain: check the chain ID and the node URL.'],
      [new NotFoundError('m', 'route', ctx), 'm', 'Check the node URL: it should be the web API base (without /v1).'],
      [new NotFoundError('m', 'unknown', ctx), 'm', 'Check the node URL: it should be the web API base (without /v1).'],
      [new BadRequestError('m', undefined, ctx), 'm', 'The node rejected the request: check the chain ID, the request ID and the block.'],
      [new RateLimitedError('m', 12, ctx), 'm', 'The node asks to wait 12 s before trying again.'],
      [new RateLimitedError('m', 0, ctx), 'm', 'The node asks to wait 0 s before trying again.'],
      [new RateLimitedError('m', undefined, ctx), 'm', 'The node is rate limiting requests: wait a moment and try again.'],
      [
        new ServerError('m', ctx),
        'm',
        'The node failed to answer: try again later, or check the node (for an unknown chain or block the receipt route also answers 500).',
      ],
      [new NetworkError('m', 'ECONNREFUSED', ctx), 'm', 'The node could not be reached: check the node URL and that the node is running.'],
      [
        new ResponseTooLargeError(1024, ctx),
        "The node's answer exceeded 1024 bytes",
        'The answer was larger than allowed: raise waspChain.request.maxResponseBytes if you trust this node.',
      ],
      [
        new InvalidResponseError('a.b', 'a string', ctx),
        'Invalid response: field "a.b": a string',
        'The node sent an answer this extension does not understand: check that the node URL points at a Wasp web API (v1).',
      ],
      [
        new InvalidResponseError('', 'JSON', ctx),
        'Invalid response: JSON',
        'The node sent an answer this extension does not understand: check that the node URL points at a Wasp web API (v1).',
      ],
      [new CancelledError(ctx), 'The request was cancelled', ''],
      [
        new TokenExpiredError(Date.UTC(2026, 0, 2)),
        'The access token expired at 2026-01-02T00:00:00.000Z',
        'The access token has expired: sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).',
      ],
    ];
    for (const [e, message, hint] of table) {
      assert.equal(e.message, message, e.kind);
      assert.equal(e.hint, hint, e.kind);
      assert.equal(e.name, 'WaspApiError');
    }
    const s = new ServerError('m', ctx);
    assert.equal(s.url, 'http://n/v1/x');
    assert.equal(s.status, 500);
  });
});

describe('api/limiter: slots at their edges', () => {
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

describe('api/sharedRequests: one request for identical callers', () => {
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
