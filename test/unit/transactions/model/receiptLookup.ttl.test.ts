// How long the receipt lookup keeps what it learned, read on a clock the test sets: a not-found
// mark for the time given, an answer beyond the failures' time; what an answer weighs; a forgotten
// request's late cancel leaving the newer request alone; an empty block meaning no block.
import * as assert from 'node:assert/strict';
import { CancelledError, NotFoundError } from '../../../../src/api/errors';
import { type LookupChain, ReceiptLookup } from '../../../../src/transactions/model/receiptLookup';

const ID = `0x${'ab'.repeat(34)}`;
const OTHER = `0x${'cd'.repeat(34)}`;
const chainA: LookupChain = { name: 'A', nodeUrl: 'http://node-a', chainId: 'iota1chainA' };

/** A fetcher that answers (or says not found) at once and counts its calls. */
function counted(answer: 'found' | 'notFound') {
  let calls = 0;
  const fetch = () => {
    calls++;
    return answer === 'found' ? Promise.resolve(`receipt-${calls}`) : Promise.reject(new NotFoundError('No receipt', 'receipt', {}));
  };
  return { fetch, calls: () => calls };
}

/** A fetcher whose answers wait until the test releases them, or reject when their request is aborted. */
function held() {
  const release: (() => void)[] = [];
  const fetch = (_c: LookupChain, requestId: string, o: { signal: AbortSignal }) =>
    new Promise<string>((resolve, reject) => {
      release.push(() => resolve(`receipt of ${requestId.slice(0, 6)}`));
      o.signal.addEventListener('abort', () => reject(new CancelledError()));
    });
  return { fetch, release };
}

describe('transactions/model/receiptLookup: times, weights and late cancels', () => {
  it('a not-found mark is kept for the time given, then asked again', async () => {
    let now = 1000;
    const f = counted('notFound');
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: f.fetch, notFoundTtlMs: 50, now: () => now });
    await lookup.lookup(ID, [chainA]);
    now += 40;
    await lookup.lookup(ID, [chainA]);
    assert.equal(f.calls(), 1);
    now += 20;
    await lookup.lookup(ID, [chainA]);
    assert.equal(f.calls(), 2);
  });

  it('an answer stays cached long after the failures would have been forgotten', async () => {
    let now = 1000;
    const f = counted('found');
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: f.fetch, errorTtlMs: 10, notFoundTtlMs: 10, now: () => now });
    await lookup.lookup(ID, [chainA]);
    now += 3_600_000;
    assert.equal(lookup.peek(ID, chainA), 'receipt-1');
  });

  it('without a weigh function an answer weighs as a mark; with one, only answers are weighed by it', async () => {
    const plain = new ReceiptLookup<LookupChain, string>({ fetch: counted('found').fetch });
    await plain.lookup(ID, [chainA]);
    assert.equal(plain.cacheWeight, 256);
    const weighed = new ReceiptLookup<LookupChain, string>({ fetch: counted('notFound').fetch, weigh: (v) => v.length * 1000 });
    await weighed.lookup(ID, [chainA]);
    assert.equal(weighed.cacheWeight, 256);
  });

  it('an empty block is no block: the answer to a lookup without one is there for it', async () => {
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: counted('found').fetch });
    await lookup.lookup(ID, [chainA]);
    assert.equal(lookup.peek(ID, chainA, ''), 'receipt-1');
  });

  it('forgetting one request leaves the requests for others in flight', async () => {
    const h = held();
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: h.fetch });
    const a = lookup.lookup(ID, [chainA]);
    const b = lookup.lookup(OTHER, [chainA]);
    await Promise.resolve();
    assert.equal(lookup.pending, 2);
    lookup.forgetMisses(ID);
    assert.equal(lookup.pending, 1);
    h.release.forEach((r) => r());
    await Promise.all([a, b]);
  });

  it('a caller of a forgotten request who gives up does not stop the newer request for it', async () => {
    const h = held();
    const lookup = new ReceiptLookup<LookupChain, string>({ fetch: h.fetch });
    const first = new AbortController();
    const old = lookup.lookup(ID, [chainA], { signal: first.signal });
    lookup.forgetMisses(ID);
    const fresh = lookup.lookup(ID, [chainA]);
    await new Promise((r) => setImmediate(r));
    first.abort();
    await assert.rejects(old, CancelledError);
    assert.equal(lookup.pending, 1);
    h.release.forEach((r) => r());
    const result = await fresh;
    assert.equal(result.found, true);
    assert.equal(lookup.fetchCount, 2);
  });
});
