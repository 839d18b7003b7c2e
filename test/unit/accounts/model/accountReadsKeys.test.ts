// What the account reads keep and under which key: an answer or failure of a read started before
// forget() is not kept; a read that failed with a cancellation, or after everyone left it, is not
// kept as a failure; chains that differ only by generation, or whose node URL and chain ID would
// run together, never share an answer.
import * as assert from 'node:assert/strict';
import { CancelledError, ServerError } from '../../../../src/api/errors';
import { AccountReads, type ReadChain, type ReadKey } from '../../../../src/accounts/model/accountReads';
import { deferred, flush } from '../../helpers/async';

const chain: ReadChain = { nodeUrl: 'http://node', chainId: '1', generation: 'rebased' };
const key: ReadKey = { agent: '0xabc', block: undefined, part: 'full' };

function reads() {
  const calls: Array<{ signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }> = [];
  const r = new AccountReads<ReadChain, string>({
    fetch: (_c, _k, signal) => {
      const answer = deferred<string>();
      calls.push({ signal, answer });
      return answer.promise;
    },
    tokenDecision: () => 'none',
    now: () => 0,
  });
  return { r, calls };
}

describe('accounts/model/accountReads: what is kept, and under which key', function () {
  this.timeout(2_000);

  it('an answer that comes after forget() is not kept', async () => {
    const { r, calls } = reads();
    const first = r.read(chain, key);
    await flush();
    r.forget();
    calls[0]?.answer.resolve('old');
    assert.equal(await first, 'old');
    assert.equal(r.peek(chain, key), undefined);
  });

  it('a failure that comes after forget() is not kept: the next read asks again', async () => {
    const { r, calls } = reads();
    const first = r.read(chain, key);
    await flush();
    r.forget();
    calls[0]?.answer.reject(new ServerError('HTTP 500', { status: 500 }));
    await assert.rejects(first, ServerError);
    void r.read(chain, key);
    await flush();
    assert.equal(calls.length, 2);
  });

  it('a read that failed with a cancellation is not kept as a failure', async () => {
    const { r, calls } = reads();
    const first = r.read(chain, key);
    await flush();
    calls[0]?.answer.reject(new CancelledError());
    await assert.rejects(first, CancelledError);
    void r.read(chain, key);
    await flush();
    assert.equal(calls.length, 2);
  });

  it('a read everyone left that then fails is not kept as a failure', async () => {
    const { r, calls } = reads();
    const leave = new AbortController();
    const first = r.read(chain, key, { signal: leave.signal });
    await flush();
    leave.abort();
    await assert.rejects(first, CancelledError);
    assert.equal(calls[0]?.signal.aborted, true);
    calls[0]?.answer.reject(new ServerError('HTTP 500', { status: 500 }));
    await flush();
    void r.read(chain, key);
    await flush();
    assert.equal(calls.length, 2);
  });

  it('chains that differ only by generation, or whose node URL and chain ID would run together, are read apart', async () => {
    const { r, calls } = reads();
    void r.read(chain, key);
    void r.read({ ...chain, generation: 'stardust' }, key);
    void r.read({ nodeUrl: 'http://noderebased1', chainId: '', generation: '' }, key);
    await flush();
    assert.equal(calls.length, 3);
  });
});
