// The one retry of the shared transport (src/api/transport.ts, src/api/transportRetry.ts), pinned
// rule by rule against the real loopback node: a GET is asked exactly once more on a connection
// closed before any answer, 502, 503 or 504; never on a 4xx or another 5xx, never a POST, never
// after the caller cancelled (also not during the wait before the retry), never after a timeout;
// Retry-After is waited for up to its cap and above it the answer surfaces as it is.
// The wait before a retry is the client's injected one, which records its length and ends after
// one timer turn; one test keeps the real timer and measures the gap between the two requests.
import { strict as assert } from 'node:assert';
import { WaspClient, type RequestLogEntry } from '../../../src/api/client';
import {
  CancelledError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  type WaspApiError,
} from '../../../src/api/errors';
import type { RetryWait } from '../../../src/api/transport';
import { MAX_RETRY_AFTER_MS, RETRY_DELAY_MS, retryAfterMs, retryDelayMs, waitUnlessAborted } from '../../../src/api/transportRetry';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { startLocalNode, type Fault, type LocalNode } from '../../fixtures/localNode';
import { failure, recordingWait } from '../helpers/http';

const IOTA = DEMO_CHAINS.iotaEvm;

/** Milliseconds between the arrivals of the node's first two requests. */
const gapBetweenRequests = (node: LocalNode): number => (node.requests[1]?.time ?? NaN) - (node.requests[0]?.time ?? NaN);

/** Long enough for a retry that was wrongly started to reach the node. */
const settle = (): Promise<unknown> => new Promise((r) => setTimeout(r, 50));

describe('transport: one retry of a GET on a reset, 502, 503 or 504', function () {
  this.timeout(20_000);
  let node: LocalNode;
  let client: WaspClient;
  let log: RequestLogEntry[];
  let waits: number[];
  let wait: RetryWait;

  before(async () => {
    node = await startLocalNode();
  });
  after(() => node.close());
  beforeEach(() => {
    log = [];
    ({ waits, wait } = recordingWait());
    client = new WaspClient({ baseUrl: node.url, timeoutMs: 5_000, onRequest: (e) => log.push(e), waitBeforeRetry: wait });
  });
  afterEach(() => {
    node.clearFaults();
    node.clearRequests();
  });

  const failingOnce: Array<[string, Fault]> = [
    ['503', { type: 'status', status: 503 }],
    ['502', { type: 'html', status: 502 }],
    ['504', { type: 'status', status: 504 }],
    ['a connection closed before any answer', { type: 'reset' }],
  ];
  for (const [what, fault] of failingOnce) {
    it(`${what}: asked exactly once more, and the caller gets the second answer`, async () => {
      node.inject({ route: 'chaininfo', times: 1, fault });
      const info = await client.getChainInfo(IOTA);
      assert.equal(info.chainID, IOTA);
      assert.equal(node.requests.length, 2);
      assert.equal(node.requests[1]?.url, node.requests[0]?.url, 'the same request twice');
      assert.equal(waits.length, 1);
      const [waited = NaN] = waits;
      assert.ok(waited >= RETRY_DELAY_MS && waited <= RETRY_DELAY_MS * 1.5, `waited ${waited} ms before asking again`);
    });
  }

  it('without an injected wait the retry waits on a real timer: the node sees the second request after the base wait', async () => {
    const real = new WaspClient({ baseUrl: node.url, timeoutMs: 5_000 });
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 503 } });
    assert.equal((await real.getChainInfo(IOTA)).chainID, IOTA);
    assert.equal(node.requests.length, 2);
    const gap = gapBetweenRequests(node);
    assert.ok(gap >= RETRY_DELAY_MS - 20 && gap < 1_500, `waited ${gap} ms before asking again`);
  });

  it('a second failure is not retried again: the node saw 2 requests and the caller gets the second answer', async () => {
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 503 } });
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 504 } });
    const e = await failure(client.getChainInfo(IOTA));
    assert.ok(e instanceof ServerError, e.message);
    assert.equal(e.status, 504);
    assert.match(e.message, /^The node answered 504/);
    assert.equal(node.requests.length, 2);
    assert.equal(waits.length, 1, 'one wait, before the one retry');
  });

  it('a reset twice surfaces as the network error it always was, after two requests', async () => {
    node.inject({ route: 'chaininfo', fault: { type: 'reset' } });
    const e = await failure(client.getChainInfo(IOTA));
    assert.ok(e instanceof NetworkError, e.message);
    assert.equal(e.message, 'The node could not be reached: connection closed by the node');
    assert.equal(node.requests.length, 2);
    assert.equal(waits.length, 1, 'one wait, before the one retry');
  });

  it('the retried attempt is logged with its status, then the answer', async () => {
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 503 } });
    await client.getChainInfo(IOTA);
    assert.equal(log.length, 2);
    assert.equal(log[0]?.status, 503);
    assert.match(log[0]?.error ?? '', /^The node answered 503; asked once more in \d+ ms$/);
    assert.equal(log[1]?.status, 200);
    assert.equal(log[1]?.error, undefined);
  });

  const notRetried: Array<[string, Fault, abstract new (...a: never[]) => WaspApiError]> = [
    ['401', { type: 'status', status: 401 }, UnauthorizedError],
    ['404', { type: 'status', status: 404, body: { Message: 'not found', Error: 'chain id unknown' } }, NotFoundError],
    ['429 (with a short Retry-After)', { type: 'retryAfter', seconds: 1 }, RateLimitedError],
    ['500', { type: 'status', status: 500 }, ServerError],
  ];
  for (const [status, fault, type] of notRetried) {
    it(`${status}: not retried; the node saw 1 request`, async () => {
      node.inject({ route: 'chaininfo', times: 1, fault });
      const e = await failure(client.getChainInfo(IOTA));
      assert.ok(e instanceof type, `${e.constructor.name}: ${e.message}`);
      assert.equal(node.requests.length, 1);
      assert.deepEqual(waits, []);
    });
  }

  it('a timeout is not retried: the node saw 1 request', async () => {
    const quick = new WaspClient({ baseUrl: node.url, timeoutMs: 150, waitBeforeRetry: wait });
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'hang' } });
    const e = await failure(quick.getChainInfo(IOTA));
    assert.ok(e instanceof TimeoutError, e.message);
    await settle();
    assert.deepEqual(waits, []);
    assert.equal(node.requests.length, 1);
  });

  it('cancelled during the wait before the retry: ends at once with the cancelled error, the node saw 1 request', async () => {
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'retryAfter', status: 503, seconds: 2 } });
    const caller = new AbortController();
    const waiting: RetryWait = (ms, signal) => {
      waits.push(ms);
      return waitUnlessAborted(ms, signal);
    };
    const held = new WaspClient({ baseUrl: node.url, timeoutMs: 5_000, waitBeforeRetry: waiting });
    const pending = failure(held.getChainInfo(IOTA, { signal: caller.signal }));
    while (waits.length === 0) await new Promise((r) => setTimeout(r, 5));
    const abortedAt = Date.now();
    caller.abort();
    const e = await pending;
    const took = Date.now() - abortedAt;
    assert.ok(e instanceof CancelledError, e.message);
    assert.ok(took < 500, `the wait ended ${took} ms after the cancel`);
    assert.deepEqual(waits, [MAX_RETRY_AFTER_MS]);
    await settle();
    assert.equal(node.requests.length, 1, 'no request after the cancel');
  });

  it('cancelled before sending: nothing is sent, nothing retried', async () => {
    node.inject({ route: 'chaininfo', fault: { type: 'status', status: 503 } });
    const caller = new AbortController();
    caller.abort();
    const e = await failure(client.getChainInfo(IOTA, { signal: caller.signal }));
    assert.ok(e instanceof CancelledError, e.message);
    await settle();
    assert.deepEqual(waits, []);
    assert.equal(node.requests.length, 0);
  });

  it('Retry-After within the cap (seconds) is waited for, then asked again', async () => {
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'retryAfter', status: 503, seconds: 1 } });
    assert.equal((await client.getChainInfo(IOTA)).chainID, IOTA);
    assert.equal(node.requests.length, 2);
    assert.deepEqual(waits, [1_000]);
  });

  it('Retry-After within the cap (an HTTP date) is waited for, then asked again', async () => {
    const at = new Date(Date.now() + 1_900).toUTCString();
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 502, headers: { 'Retry-After': at } } });
    assert.equal((await client.getChainInfo(IOTA)).chainID, IOTA);
    assert.equal(node.requests.length, 2);
    assert.equal(waits.length, 1);
    const [waited = NaN] = waits;
    assert.ok(waited > 500 && waited <= 1_900, `waited ${waited} ms`);
  });

  it('Retry-After above the cap (seconds or a date): not retried, the answer surfaces at once', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString();
    const faults: Fault[] = [
      { type: 'retryAfter', status: 503, seconds: 3 },
      { type: 'status', status: 503, headers: { 'Retry-After': later } },
    ];
    for (const fault of faults) {
      node.clearRequests();
      node.inject({ route: 'chaininfo', times: 1, fault });
      const started = Date.now();
      const e = await failure(client.getChainInfo(IOTA));
      assert.ok(e instanceof ServerError, e.message);
      assert.equal(e.status, 503);
      assert.ok(Date.now() - started < 1_000, 'no wait');
      assert.deepEqual(waits, []);
      assert.equal(node.requests.length, 1);
    }
  });

  it('a wait the deadline would cut short is no retry: the 503 surfaces, not a timeout', async () => {
    const short = new WaspClient({ baseUrl: node.url, timeoutMs: 1_000, waitBeforeRetry: wait });
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'retryAfter', status: 503, seconds: 2 } });
    const e = await failure(short.getChainInfo(IOTA));
    assert.ok(e instanceof ServerError, e.message);
    assert.deepEqual(waits, []);
    assert.equal(node.requests.length, 1);
  });

  it('a POST (sign-in) is never retried: the node saw 1 request', async () => {
    node.inject({ route: 'auth', times: 1, fault: { type: 'status', status: 503 } });
    const e = await failure(client.login('alice', 'pw'));
    assert.ok(e instanceof ServerError, e.message);
    assert.equal(node.requests.length, 1);
  });
});

describe('transport: the JSON-RPC POST is never retried', function () {
  this.timeout(20_000);
  let node: LocalNode;
  const HASH = `0x${'77'.repeat(32)}`;

  before(async () => {
    node = await startLocalNode({ generation: 'rebased', evm: true });
  });
  after(() => node.close());
  afterEach(() => {
    node.clearFaults();
    node.clearRequests();
  });

  it('503 and a reset each reach the caller after 1 request', async () => {
    node.inject({ route: 'evmRpc', times: 1, fault: { type: 'status', status: 503 } });
    assert.deepEqual(await fetchEvmLogs(`${node.url}/evm`, HASH, { fetch: globalThis.fetch }), { ok: false, reason: 'http', detail: '503' });
    assert.equal(node.requests.length, 1);
    node.clearRequests();
    node.inject({ route: 'evmRpc', times: 1, fault: { type: 'reset' } });
    const reset = await fetchEvmLogs(`${node.url}/evm`, HASH, { fetch: globalThis.fetch });
    assert.equal(reset.ok === false && reset.reason, 'network');
    assert.equal(node.requests.length, 1);
  });
});

describe('transportRetry: the rule as a table', () => {
  const NOW = Date.UTC(2026, 0, 1);
  const reset = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

  it('502, 503, 504 and a closed connection: a short wait with jitter, from the base to one and a half times it', () => {
    for (const status of [502, 503, 504]) {
      assert.equal(
        retryDelayMs({ method: 'GET', status }, NOW, () => 0),
        RETRY_DELAY_MS,
      );
      assert.equal(
        retryDelayMs({ method: 'GET', status }, NOW, () => 0.999),
        Math.round(RETRY_DELAY_MS * 1.4995),
      );
    }
    assert.equal(
      retryDelayMs({ method: 'GET', error: reset }, NOW, () => 0.5),
      Math.round(RETRY_DELAY_MS * 1.25),
    );
    assert.equal(
      retryDelayMs({ method: 'GET', error: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }, NOW, () => 0),
      RETRY_DELAY_MS,
    );
  });

  it('never a POST, a 4xx, another 5xx, a refused connection or an abort', () => {
    assert.equal(retryDelayMs({ method: 'POST', status: 503 }, NOW), undefined);
    assert.equal(retryDelayMs({ method: 'POST', error: reset }, NOW), undefined);
    for (const status of [400, 401, 403, 404, 408, 429, 500, 501, 505]) assert.equal(retryDelayMs({ method: 'GET', status }, NOW), undefined, String(status));
    assert.equal(retryDelayMs({ method: 'GET', error: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }, NOW), undefined);
    assert.equal(retryDelayMs({ method: 'GET', error: new DOMException('aborted', 'AbortError') }, NOW), undefined);
    assert.equal(retryDelayMs({ method: 'GET' }, NOW), undefined);
  });

  it('Retry-After: seconds or an HTTP date, up to the cap; unreadable is the usual wait', () => {
    assert.equal(retryDelayMs({ method: 'GET', status: 503, retryAfter: '2' }, NOW), MAX_RETRY_AFTER_MS);
    assert.equal(retryDelayMs({ method: 'GET', status: 503, retryAfter: '3' }, NOW), undefined);
    assert.equal(retryDelayMs({ method: 'GET', status: 503, retryAfter: '0' }, NOW), 0);
    assert.equal(retryDelayMs({ method: 'GET', status: 503, retryAfter: new Date(NOW + 1_000).toUTCString() }, NOW), 1_000);
    assert.equal(retryDelayMs({ method: 'GET', status: 503, retryAfter: new Date(NOW + 3_000).toUTCString() }, NOW), undefined);
    assert.equal(
      retryDelayMs({ method: 'GET', status: 503, retryAfter: 'soon' }, NOW, () => 0),
      RETRY_DELAY_MS,
    );
    assert.equal(retryAfterMs(new Date(NOW - 5_000).toUTCString(), NOW), 0, 'a past date is no wait');
    assert.equal(retryAfterMs(' 1 ', NOW), 1_000);
    assert.equal(retryAfterMs('-1', NOW), undefined);
    assert.equal(retryAfterMs('', NOW), undefined);
    assert.equal(retryAfterMs(null, NOW), undefined);
  });

  it('the wait ends at once when its signal aborts, and never starts on an aborted one', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = waitUnlessAborted(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await assert.rejects(waiting, /stop/);
    assert.ok(Date.now() - started < 1_000);
    await assert.rejects(waitUnlessAborted(10, controller.signal), /stop/);
    await waitUnlessAborted(1, new AbortController().signal);
  });
});
