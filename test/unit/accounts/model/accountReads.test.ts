// The shared account reads (src/accounts/model/accountReads.ts): one read in flight per key for any
// number of callers, answers at the latest state kept briefly and at a block for good, failures kept
// briefly, the token decision in the key, and a caller's cancellation freeing only that caller.
import * as assert from 'node:assert/strict';
import { CancelledError, ServerError } from '../../../../src/api/errors';
import { AccountReads, type ReadKey } from '../../../../src/accounts/model/accountReads';
import { deferred, flush } from '../../helpers/async';

interface Chain {
  nodeUrl: string;
  chainId: string;
  generation: string;
  token: boolean;
}

const chain: Chain = { nodeUrl: 'http://node', chainId: '', generation: 'rebased', token: false };
const key = (over: Partial<ReadKey> = {}): ReadKey => ({ agent: '0xAbC', block: undefined, part: 'full', ...over });

function reads(now = { t: 0 }) {
  const calls: Array<{ key: ReadKey; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }> = [];
  const r = new AccountReads<Chain, string>({
    fetch: (_c, k, signal) => {
      const answer = deferred<string>();
      calls.push({ key: k, signal, answer });
      return answer.promise;
    },
    tokenDecision: (c) => (c.token ? 'token' : 'none'),
    latestTtlMs: 1000,
    errorTtlMs: 500,
    now: () => now.t,
  });
  return { r, calls, now };
}

describe('accounts/model/accountReads: shared, cached account reads', function () {
  // The tests take milliseconds: a promise that never settles fails its test within 2 s instead of hanging the run.
  this.timeout(2_000);
  it('makes one read for 100 concurrent callers of one account, and none for the next caller', async () => {
    const { r, calls } = reads();
    const all = Array.from({ length: 100 }, () => r.read(chain, key()));
    await flush();
    assert.equal(calls.length, 1);
    calls[0]?.answer.resolve('held');
    assert.deepEqual(new Set(await Promise.all(all)), new Set(['held']));
    assert.equal(await r.read(chain, key({ agent: '0xabc' })), 'held');
    assert.equal(r.started, 1);
  });

  it('reads the latest state again once its answer is older than the TTL; a block state never', async () => {
    const { r, calls, now } = reads();
    const latest = r.read(chain, key());
    const atBlock = r.read(chain, key({ block: '5' }));
    await flush();
    calls[0]?.answer.resolve('latest');
    calls[1]?.answer.resolve('at 5');
    await Promise.all([latest, atBlock]);
    now.t = 1001;
    void r.read(chain, key());
    assert.equal(await r.read(chain, key({ block: '5' })), 'at 5');
    await flush();
    assert.equal(calls.length, 3);
    assert.equal(calls[2]?.key.block, undefined);
  });

  it('keeps a failure briefly (no retry storm), then asks again', async () => {
    const { r, calls, now } = reads();
    const first = r.read(chain, key());
    await flush();
    calls[0]?.answer.reject(new ServerError('boom', {}));
    await assert.rejects(first, ServerError);
    await assert.rejects(r.read(chain, key()), ServerError);
    assert.equal(calls.length, 1);
    now.t = 501;
    void r.read(chain, key()).catch(() => undefined);
    await flush();
    assert.equal(calls.length, 2);
  });

  it('keeps answers apart by token decision, part and block', async () => {
    const { r, calls } = reads();
    void r.read(chain, key());
    void r.read({ ...chain, token: true }, key());
    void r.read(chain, key({ part: 'balance' }));
    void r.read(chain, key({ block: '1' }));
    await flush();
    assert.equal(calls.length, 4);
  });

  it('frees a cancelled caller at once; the read is aborted only when nobody waits, and not cached', async () => {
    const { r, calls } = reads();
    const a = new AbortController();
    const b = new AbortController();
    const first = r.read(chain, key(), { signal: a.signal });
    const second = r.read(chain, key(), { signal: b.signal });
    await flush();
    a.abort();
    await assert.rejects(first, CancelledError);
    assert.equal(calls[0]?.signal.aborted, false);
    b.abort();
    await assert.rejects(second, CancelledError);
    assert.equal(calls[0]?.signal.aborted, true);
    calls[0]?.answer.reject(new CancelledError());
    await flush();
    void r.read(chain, key());
    await flush();
    assert.equal(calls.length, 2);
  });

  it('asks past the cache when fresh, and forgets everything on forget()', async () => {
    const { r, calls } = reads();
    const p = r.read(chain, key());
    await flush();
    calls[0]?.answer.resolve('old');
    await p;
    void r.read(chain, key(), { fresh: true });
    await flush();
    assert.equal(calls.length, 2);
    calls[1]?.answer.resolve('new');
    await flush();
    assert.equal(r.peek(chain, key()), 'new');
    r.forget();
    assert.equal(r.peek(chain, key()), undefined);
  });
});
