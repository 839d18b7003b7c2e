import * as assert from 'node:assert/strict';
import { CancelledError, NetworkError, NotFoundError } from '../../../src/api/errors';
import { ReceiptLookup, type LookupChain } from '../../../src/receipts/model/receiptLookup';

const ID = `0x${'ab'.repeat(34)}`;
const chainA: LookupChain = { name: 'A', nodeUrl: 'http://node-a', chainId: 'iota1chainA' };
const chainB: LookupChain = { name: 'B', nodeUrl: 'http://node-b', chainId: 'iota1chainB' };
const chainC: LookupChain = { name: 'C', nodeUrl: 'http://node-c', chainId: 'iota1chainC' };

const notFound = () => new NotFoundError('No receipt', 'receipt', {});

/** A answers, B does not know the request, C is unreachable. */
function fetcher() {
  const calls: string[] = [];
  const fetch = async (chain: LookupChain) => {
    calls.push(chain.name);
    if (chain.name === 'A') return `receipt-${calls.length}`;
    if (chain.name === 'B') throw notFound();
    throw new NetworkError('down', 'ECONNREFUSED', {});
  };
  return { calls, fetch };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** One lookup per chain, so each outcome gets cached. */
async function fill(lookup: ReceiptLookup<LookupChain, string>) {
  for (const c of [chainA, chainB, chainC]) await lookup.lookup(ID, [c]);
}

describe('model/receiptLookup cache', () => {
  describe('invalidate', () => {
    it("'misses' forgets the not-found marks and the failures, keeps the answers", async () => {
      const lookup = new ReceiptLookup<LookupChain, string>(fetcher());
      await fill(lookup);
      assert.equal(lookup.cacheSize, 3);
      lookup.invalidate('misses');
      assert.equal(lookup.cacheSize, 1);
      assert.equal(lookup.peek(ID, chainA), 'receipt-1');
    });
    it("'errors' forgets only the failures, 'notFound' only the not-found marks", async () => {
      const f = fetcher();
      const lookup = new ReceiptLookup<LookupChain, string>(f);
      await fill(lookup);
      lookup.invalidate('errors');
      assert.equal(lookup.cacheSize, 2);
      await lookup.lookup(ID, [chainB, chainC]);
      assert.deepEqual(f.calls, ['A', 'B', 'C', 'C']);
      lookup.invalidate('notFound');
      assert.equal(lookup.cacheSize, 2);
      await lookup.lookup(ID, [chainB, chainC]);
      assert.deepEqual(f.calls, ['A', 'B', 'C', 'C', 'B']);
    });
  });

  describe('forgetMisses', () => {
    it("forgets one request's not-found marks and failures on every chain, keeps its answer and other requests'", async () => {
      const f = fetcher();
      const lookup = new ReceiptLookup<LookupChain, string>(f);
      const other = `0x${'cd'.repeat(34)}`;
      await fill(lookup);
      await lookup.lookup(other, [chainB]);
      assert.equal(lookup.cacheSize, 4);
      lookup.forgetMisses(ID.toUpperCase().replace('0X', '0x'));
      assert.equal(lookup.cacheSize, 2);
      assert.equal(lookup.peek(ID, chainA), 'receipt-1');
      await lookup.lookup(other, [chainB]);
      await lookup.lookup(ID, [chainB, chainC]);
      assert.deepEqual(f.calls, ['A', 'B', 'C', 'B', 'B', 'C'], 'the other request from the cache; this one asked again');
    });
    it('does not let a request sent before the news answer a later caller, nor be cached', async () => {
      const gates = [deferred<string>(), deferred<string>()];
      let n = 0;
      const lookup = new ReceiptLookup<LookupChain, string>({ fetch: () => (gates[n++] as { promise: Promise<string> }).promise });
      const stale = lookup.lookup(ID, [chainA]);
      await Promise.resolve();
      lookup.forgetMisses(ID);
      const fresh = lookup.lookup(ID, [chainA], { fresh: true });
      await Promise.resolve();
      assert.equal(n, 2, 'a new request, not the one in flight');
      gates[0]?.resolve('old');
      gates[1]?.resolve('new');
      assert.equal((await stale).found && (await stale).found, true);
      const r = await fresh;
      assert.ok(r.found && r.value === 'new', 'the later caller gets the new answer');
      assert.equal(lookup.peek(ID, chainA), 'new');
    });
  });

  describe('forgetAnswers', () => {
    it('forgets only the answers of the matching nodes under that token decision', async () => {
      const lookup = new ReceiptLookup<LookupChain, string>({ ...fetcher(), tokenDecision: (c) => (c.name === 'A' ? 'token' : 'none') });
      await fill(lookup);
      lookup.forgetAnswers('none', (url) => url === 'http://node-a');
      assert.equal(lookup.cacheSize, 3);
      lookup.forgetAnswers('token', (url) => url === 'http://node-b');
      assert.equal(lookup.cacheSize, 3);
      lookup.forgetAnswers('token', (url) => url === 'http://node-a');
      assert.equal(lookup.cacheSize, 2);
      assert.equal(lookup.peek(ID, chainA), undefined);
      lookup.forgetAnswers('none', (url) => url === 'http://node-c');
      assert.equal(lookup.cacheSize, 1);
    });
    it("the default token decision is ''", async () => {
      const lookup = new ReceiptLookup<LookupChain, string>(fetcher());
      await lookup.lookup(ID, [chainA]);
      lookup.forgetAnswers('', (url) => url === 'http://node-a');
      assert.equal(lookup.cacheSize, 0);
    });
    it('an answer to a request sent before is not cached', async () => {
      const gate = deferred<string>();
      const lookup = new ReceiptLookup<LookupChain, string>({ fetch: () => gate.promise });
      const pending = lookup.lookup(ID, [chainA]);
      lookup.forgetAnswers('', () => true);
      gate.resolve('late');
      assert.equal((await pending).found, true);
      assert.equal(lookup.cacheSize, 0);
    });
  });

  it('keeps to the weight budget it is given', async () => {
    let n = 0;
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: async () => `r${n++}`, maxWeight: 100, weigh: () => 60 });
    await lookup.lookup(ID, [chainA]);
    await lookup.lookup(ID, [chainB]);
    assert.equal(lookup.cacheSize, 1);
    assert.equal(lookup.cacheWeight, 60);
  });

  it('an aborted signal throws even when the answer is cached', async () => {
    const lookup = new ReceiptLookup<LookupChain, string>(fetcher());
    await lookup.lookup(ID, [chainA]);
    const c = new AbortController();
    c.abort();
    await assert.rejects(lookup.lookup(ID, [chainA], { signal: c.signal }), CancelledError);
  });

  it('one block is not another', async () => {
    const f = fetcher();
    const lookup = new ReceiptLookup<LookupChain, string>(f);
    await lookup.lookup(ID, [chainA], { block: '1' });
    await lookup.lookup(ID, [chainA], { block: '2' });
    await lookup.lookup(ID, [chainA], { block: '1' });
    assert.deepEqual(f.calls, ['A', 'A']);
  });

  it('a cancellation from the fetch itself is not cached', async () => {
    let calls = 0;
    const lookup = new ReceiptLookup<LookupChain, string>({
      fetch: async () => {
        calls++;
        throw new CancelledError();
      },
    });
    await lookup.lookup(ID, [chainA]);
    await lookup.lookup(ID, [chainA]);
    assert.equal(calls, 2);
  });

  it('an error TTL of 0 caches no failure', async () => {
    const f = fetcher();
    const lookup = new ReceiptLookup<LookupChain, string>({ ...f, errorTtlMs: 0 });
    await lookup.lookup(ID, [chainC]);
    await lookup.lookup(ID, [chainC]);
    assert.deepEqual(f.calls, ['C', 'C']);
    assert.equal(lookup.cacheSize, 0);
  });

  it('an abandoned request that settles late does not drop the newer request in flight', async () => {
    const gates = [deferred<string>(), deferred<string>()];
    let i = 0;
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: () => (gates[i++] as ReturnType<typeof deferred<string>>).promise });
    const c = new AbortController();
    const first = lookup.lookup(ID, [chainA], { signal: c.signal });
    await Promise.resolve();
    c.abort();
    await assert.rejects(first, CancelledError);
    const second = lookup.lookup(ID, [chainA]);
    await Promise.resolve();
    assert.equal(lookup.fetchCount, 2);
    gates[0]?.resolve('stale');
    for (let k = 0; k < 10; k++) await Promise.resolve();
    assert.equal(lookup.pending, 1);
    const third = lookup.lookup(ID, [chainA]);
    assert.equal(lookup.fetchCount, 2);
    gates[1]?.resolve('fresh');
    assert.equal((await second).found && (await third).found, true);
  });
});
