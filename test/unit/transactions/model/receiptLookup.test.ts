// Finding a request's receipt on the chains that may know it (src/transactions/model/receiptLookup.ts):
// one request for concurrent callers, the chains asked in order, answers, misses and failures cached
// for their time and forgotten on the news, each caller's cancel, keys by node, chain, block and
// generation, and the weight budget.
import * as assert from 'node:assert/strict';
import { CancelledError, NetworkError, NotFoundError, UnauthorizedError } from '../../../../src/api/errors';
import { type LookupChain, ReceiptLookup } from '../../../../src/transactions/model/receiptLookup';
import { deferred } from '../../helpers/async';

const ID = `0x${'ab'.repeat(34)}`;
const OTHER = `0x${'cd'.repeat(34)}`;

const chainA: LookupChain = { name: 'A', nodeUrl: 'http://node-a', chainId: 'iota1chainA' };
const chainB: LookupChain = { name: 'B', nodeUrl: 'http://node-b', chainId: 'iota1chainB' };
const chainC: LookupChain = { name: 'C', nodeUrl: 'http://node-c', chainId: 'iota1chainC' };

const notFound = () => new NotFoundError('No receipt', 'receipt', {});

interface Call {
  chain: string;
  requestId: string;
  block: string | undefined;
  signal: AbortSignal;
}

/** A fetcher whose answers the test controls: by default each chain resolves at once. */
function stubFetcher(answers: Record<string, () => Promise<string>>) {
  const calls: Call[] = [];
  const fetch = (chain: LookupChain, requestId: string, options: { block: string | undefined; signal: AbortSignal }) => {
    calls.push({ chain: chain.name, requestId, block: options.block, signal: options.signal });
    const answer = answers[chain.name];
    return answer ? answer() : Promise.reject(notFound());
  };
  return { calls, fetch };
}

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

/** One lookup per chain, so each outcome gets cached. */
async function fill(lookup: ReceiptLookup<LookupChain, string>) {
  for (const c of [chainA, chainB, chainC]) await lookup.lookup(ID, [c]);
}

describe('transactions/model/receiptLookup: one request, the chains in order', () => {
  it('100 concurrent lookups of one ID send one request and all get the answer', async () => {
    const gate = deferred<string>();
    const { calls, fetch } = stubFetcher({ A: () => gate.promise });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const all = Array.from({ length: 100 }, () => lookup.lookup(ID, [chainA]));
    assert.equal(lookup.pending, 1);
    gate.resolve('receipt-A');
    const results = await Promise.all(all);
    assert.equal(calls.length, 1);
    assert.equal(lookup.fetchCount, 1);
    for (const r of results) {
      assert.ok(r.found);
      assert.equal(r.value, 'receipt-A');
      assert.equal(r.chain, chainA);
    }
  });

  it('caches an answer: a later lookup sends nothing', async () => {
    const { calls, fetch } = stubFetcher({ A: async () => 'r' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const first = await lookup.lookup(ID, [chainA]);
    const second = await lookup.lookup(ID.toUpperCase().replace('0X', '0x'), [chainA]);
    assert.ok(first.found && !first.fromCache);
    assert.ok(second.found && second.fromCache);
    assert.equal(calls.length, 1);
    assert.equal(lookup.peek(ID, chainA), 'r');
  });

  it('asks the chains in order: the first that knows the request answers, later ones are not asked', async () => {
    const { calls, fetch } = stubFetcher({ B: async () => 'from-B', C: async () => 'from-C' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const r = await lookup.lookup(ID, [chainA, chainB, chainC]);
    assert.ok(r.found);
    assert.equal(r.chain.name, 'B');
    assert.equal(r.value, 'from-B');
    assert.deepEqual(
      r.notFoundOn.map((c) => c.name),
      ['A'],
    );
    assert.deepEqual(
      calls.map((c) => c.chain),
      ['A', 'B'],
    );
  });

  it('reports every chain when none knows the request', async () => {
    const { fetch } = stubFetcher({});
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const r = await lookup.lookup(ID, [chainA, chainB]);
    assert.equal(r.found, false);
    assert.deepEqual(
      r.notFoundOn.map((c) => c.name),
      ['A', 'B'],
    );
    assert.deepEqual(r.failures, []);
  });

  it('remembers other errors, goes on, and reports them only when no chain answered', async () => {
    const down = new NetworkError('down', 'ECONNREFUSED', {});
    const denied = new UnauthorizedError('denied', 'read', false, {});
    const { fetch } = stubFetcher({ A: () => Promise.reject(down), B: () => Promise.reject(denied), C: async () => 'from-C' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });

    const found = await lookup.lookup(ID, [chainA, chainB, chainC]);
    assert.ok(found.found);
    assert.equal(found.chain.name, 'C');

    const none = await lookup.lookup(OTHER, [chainA, chainB]);
    assert.equal(none.found, false);
    assert.deepEqual(
      none.failures.map((f) => [f.chain.name, f.error]),
      [
        ['A', down],
        ['B', denied],
      ],
    );
  });

  it('keeps an error only briefly (errorTtlMs): the next lookup after it asks again', async () => {
    let now = 0;
    let n = 0;
    const { calls, fetch } = stubFetcher({ A: () => (++n === 1 ? Promise.reject(new NetworkError('down', undefined, {})) : Promise.resolve('ok')) });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch, errorTtlMs: 10_000, now: () => now });
    assert.equal((await lookup.lookup(ID, [chainA])).found, false);
    assert.equal((await lookup.lookup(ID, [chainA])).found, false, 'within the TTL: the error again, no request');
    assert.equal(calls.length, 1);
    now = 10_001;
    assert.equal((await lookup.lookup(ID, [chainA])).found, true);
    assert.equal(calls.length, 2);
  });

  it('caches "not found" briefly (TTL), then asks again', async () => {
    let now = 0;
    let known = false;
    const { calls, fetch } = stubFetcher({ A: () => (known ? Promise.resolve('landed') : Promise.reject(notFound())) });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch, notFoundTtlMs: 30_000, now: () => now });
    assert.equal((await lookup.lookup(ID, [chainA])).found, false);
    known = true;
    now = 29_000;
    assert.equal((await lookup.lookup(ID, [chainA])).found, false, 'still the cached not-found');
    assert.equal(calls.length, 1);
    now = 30_001;
    const r = await lookup.lookup(ID, [chainA]);
    assert.ok(r.found);
    assert.equal(r.value, 'landed');
    assert.equal(calls.length, 2);
  });

  it('only a 404 of the receipt counts as "not known here"', async () => {
    const chainGone = new NotFoundError('Chain not found', 'chain', {});
    const { fetch } = stubFetcher({ A: () => Promise.reject(chainGone), B: async () => 'b' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const r = await lookup.lookup(ID, [chainA, chainB]);
    assert.ok(r.found);
    assert.deepEqual(r.notFoundOn, []);
    assert.deepEqual(
      r.failures.map((f) => f.error),
      [chainGone],
    );
  });

  it('keeps the answers of a bounded number of requests (LRU)', async () => {
    const { calls, fetch } = stubFetcher({ A: async () => 'r' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch, capacity: 10 });
    const ids = Array.from({ length: 25 }, (_, i) => `0x${i.toString(16).padStart(68, '0')}`);
    for (const id of ids) await lookup.lookup(id, [chainA]);
    assert.equal(lookup.cacheSize, 10);
    await lookup.lookup(ids[24] ?? '', [chainA]);
    assert.equal(calls.length, 25, 'the newest is still cached');
    await lookup.lookup(ids[0] ?? '', [chainA]);
    assert.equal(calls.length, 26, 'the oldest was evicted');
  });

  it('keys by node, chain and block: other blocks and nodes are separate requests', async () => {
    const { calls, fetch } = stubFetcher({ A: async () => 'r', A2: async () => 'r2' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const sameNodeOtherName: LookupChain = { ...chainA, name: 'A2' };
    await lookup.lookup(ID, [chainA]);
    await lookup.lookup(ID, [chainA], { block: '5' });
    const shared = await lookup.lookup(ID, [sameNodeOtherName]);
    assert.deepEqual(
      calls.map((c) => [c.chain, c.block]),
      [
        ['A', undefined],
        ['A', '5'],
      ],
    );
    assert.ok(shared.found && shared.fromCache, 'two names of one (node, chain) share the cache');
    assert.equal(shared.chain.name, 'A2', 'and the answer names the chain the caller asked');
  });

  it('the same node asked as a Stardust and as a Rebased chain keeps two answers (generation in the key)', async () => {
    const rebased: LookupChain = { name: 'R', nodeUrl: 'http://node-a', chainId: '', generation: 'rebased' };
    const stardust: LookupChain = { name: 'S', nodeUrl: 'http://node-a', chainId: '', generation: 'stardust' };
    const { calls, fetch } = stubFetcher({ R: () => Promise.resolve('rebased'), S: () => Promise.resolve('stardust') });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const r = await lookup.lookup(ID, [rebased]);
    const s = await lookup.lookup(ID, [stardust]);
    assert.deepEqual(
      calls.map((c) => c.chain),
      ['R', 'S'],
    );
    assert.ok(r.found && r.value === 'rebased' && s.found && s.value === 'stardust' && !s.fromCache);
  });

  it('a caller that cancels is freed at once; the shared request goes on for the others', async () => {
    const gate = deferred<string>();
    const { calls, fetch } = stubFetcher({ A: () => gate.promise });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const quitter = new AbortController();
    const a = lookup.lookup(ID, [chainA], { signal: quitter.signal });
    const b = lookup.lookup(ID, [chainA]);
    quitter.abort();
    await assert.rejects(a, CancelledError);
    assert.equal(calls[0]?.signal.aborted, false, 'the shared request is not aborted while b waits');
    gate.resolve('r');
    const rb = await b;
    assert.ok(rb.found);
    assert.equal(calls.length, 1);
  });

  it('aborts the shared request once every caller has cancelled, and does not cache it', async () => {
    const { calls, fetch } = stubFetcher({
      A: () =>
        new Promise<string>((_, reject) => {
          const s = calls[calls.length - 1]?.signal;
          s?.addEventListener('abort', () => reject(new CancelledError()));
        }),
    });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = lookup.lookup(ID, [chainA], { signal: c1.signal });
    const p2 = lookup.lookup(ID, [chainA], { signal: c2.signal });
    await Promise.resolve();
    c1.abort();
    await assert.rejects(p1, CancelledError);
    assert.equal(calls[0]?.signal.aborted, false);
    c2.abort();
    await assert.rejects(p2, CancelledError);
    assert.equal(calls[0]?.signal.aborted, true);
    assert.equal(lookup.pending, 0);
    assert.equal(lookup.cacheSize, 0);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { calls, fetch } = stubFetcher({ A: async () => 'r' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    await assert.rejects(lookup.lookup(ID, [chainA], { signal: AbortSignal.abort() }), CancelledError);
    assert.equal(calls.length, 0);
  });

  it('fresh skips the cache; invalidate forgets answers (not-found marks only, or all)', async () => {
    const { calls, fetch } = stubFetcher({ A: async () => 'r' });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    await lookup.lookup(ID, [chainA]);
    await lookup.lookup(OTHER, [chainB]);
    assert.equal(calls.length, 2);
    await lookup.lookup(ID, [chainA], { fresh: true });
    assert.equal(calls.length, 3);
    lookup.invalidate('notFound');
    await lookup.lookup(ID, [chainA]);
    await lookup.lookup(OTHER, [chainB]);
    assert.equal(calls.length, 4, 'the answer stayed, the not-found was forgotten');
    lookup.invalidate();
    await lookup.lookup(ID, [chainA]);
    assert.equal(calls.length, 5);
  });

  it('an answer to a request started before invalidate() is not cached', async () => {
    const gate = deferred<string>();
    const { calls, fetch } = stubFetcher({ A: () => gate.promise });
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch });
    const p = lookup.lookup(ID, [chainA]);
    lookup.invalidate();
    gate.resolve('stale');
    assert.ok((await p).found);
    assert.equal(lookup.cacheSize, 0);
    await lookup.lookup(ID, [chainA]).catch(() => undefined);
    assert.equal(calls.length, 2);
  });

  it('a fetcher that throws synchronously is reported as a failure, not thrown', async () => {
    const lookup = new ReceiptLookup<LookupChain, string>({
      fetch: () => {
        throw new Error('boom');
      },
    });
    const r = await lookup.lookup(ID, [chainA]);
    assert.equal(r.found, false);
    assert.equal((r.failures[0]?.error as Error).message, 'boom');
  });
});

describe('transactions/model/receiptLookup: the cache', () => {
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
