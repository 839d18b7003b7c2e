// The API client and the receipt lookup against a local node that turns hostile: oversized,
// endless, silent, truncated and mistyped answers; redirects to another host; 429, 401 and 5xx
// that never stop; a flood of lookups. What must hold: a clear typed error every time, memory and
// time bounded by the limits, no retry storm, the concurrency limit kept, queue slots released by
// cancellation, and the token sent to its own node only (never along a redirect, never logged).
import * as assert from 'node:assert/strict';
import { WaspClient, type RequestLogEntry } from '../../../src/api/client';
import {
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  RateLimitedError,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  type BadRequestError,
} from '../../../src/api/errors';
import { Limiter } from '../../../src/api/limiter';
import { ReceiptLookup, MAX_RETRY_AFTER_MS, type LookupChain } from '../../../src/transactions/model/receiptLookup';
import { DEMO_CHAINS, DEMO_RECEIPTS, DEMO_UNKNOWN_REQUEST_ID } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { HOSTILE, RLO, ZWSP } from '../../fixtures/hostile';
import { countingFetch, failure } from '../helpers/http';

const IOTA = DEMO_CHAINS.iotaEvm;
const RID = DEMO_RECEIPTS.evmSuccess.requestId;
const TOKEN = 'hostile-suite-secret-token';
const MiB = 1024 * 1024;

function idOf(n: number): string {
  return `0x${n.toString(16).padStart(64, '0')}0000`;
}

describe('hostile node: the client', function () {
  this.timeout(30_000);
  let node: LocalNode;
  let log: RequestLogEntry[];
  let client: WaspClient;

  before(async () => {
    node = await startLocalNode();
  });
  after(() => node.close());
  beforeEach(() => {
    log = [];
    client = new WaspClient({ baseUrl: node.url, token: () => TOKEN, timeoutMs: 3_000, onRequest: (e) => log.push(e) });
  });
  afterEach(() => {
    node.clearFaults();
    node.clearRequests();
    node.setLatency(0);
    assert.doesNotMatch(JSON.stringify(log), new RegExp(TOKEN), 'the token never appears in what may be logged');
  });

  describe('answers too big, endless or missing', () => {
    for (const contentLength of [false, true]) {
      it(`a 50 MB body ${contentLength ? 'with' : 'without'} Content-Length is refused at maxResponseBytes, having read at most that much`, async () => {
        const counter = countingFetch();
        const small = new WaspClient({ baseUrl: node.url, maxResponseBytes: MiB, fetch: counter.fetch });
        node.inject({ route: 'chaininfo', times: 1, fault: { type: 'huge', bytes: 50 * MiB, contentLength } });
        const e = await failure(small.getChainInfo(IOTA));
        assert.ok(e instanceof ResponseTooLargeError, e.message);
        assert.equal(e.limitBytes, MiB);
        assert.match(e.hint, /waspChain\.request\.maxResponseBytes/);
        // A declared length is refused before reading; a streamed one is cut within a chunk or two.
        assert.ok(counter.bytes() <= 2 * MiB, `read ${counter.bytes()} bytes`);
        if (contentLength) assert.ok(counter.bytes() < 256 * 1024, `refused from the header, read ${counter.bytes()} bytes`);
      });
    }

    it('a body that never ends stops at the limit', async () => {
      const counter = countingFetch();
      const small = new WaspClient({ baseUrl: node.url, maxResponseBytes: MiB, timeoutMs: 10_000, fetch: counter.fetch });
      node.inject({ route: 'receipt', times: 1, fault: { type: 'endless' } });
      const e = await failure(small.getReceipt(IOTA, RID));
      assert.ok(e instanceof ResponseTooLargeError, e.message);
      assert.ok(counter.bytes() <= 2 * MiB, `read ${counter.bytes()} bytes`);
    });

    it('a connection that never answers times out, while other requests through the same limiter go on', async () => {
      const limiter = new Limiter(2);
      const quick = new WaspClient({ baseUrl: node.url, timeoutMs: 300, limiter });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'hang' } });
      const hanging = failure(quick.getChainInfo(IOTA));
      // The hang holds one slot of two: the rest still flows meanwhile.
      for (let i = 0; i < 5; i++) assert.equal(await quick.getNodeVersion(), '1.0.3');
      const e = await hanging;
      assert.ok(e instanceof TimeoutError, e.message);
      assert.match(e.message, /did not answer within 300 ms/);
      assert.match(e.hint, /waspChain\.request\.timeoutMs/);
      assert.equal(limiter.running, 0, 'the slot is free again');
    });
  });

  describe('answers that are not what they claim', () => {
    it('truncated JSON (cut short, or the connection dropped mid-body) is a clear error', async () => {
      node.inject({ route: 'receipt', times: 1, fault: { type: 'truncated' } });
      const cut = await failure(client.getReceipt(IOTA, RID));
      assert.ok(cut instanceof InvalidResponseError, cut.message);
      assert.match(cut.message, /not valid JSON/);
      node.inject({ route: 'receipt', times: 1, fault: { type: 'truncated', abort: true } });
      const dropped = await failure(client.getReceipt(IOTA, RID));
      assert.ok(dropped instanceof NetworkError || dropped instanceof InvalidResponseError, dropped.message);
    });

    it('wrong types anywhere name the field and what was expected', async () => {
      const cases: Array<[string, (r: Record<string, unknown> & { request: Record<string, unknown> }) => void]> = [
        ['request.senderAccount', (r) => (r.request.senderAccount = { $gt: '' })],
        ['request.isEVM', (r) => (r.request.isEVM = 'true')],
        ['request.requestId', (r) => (r.request.requestId = '<script>')],
        ['request.callTarget.contractHName', (r) => (r.request.callTarget = { contractHName: 7, functionHName: 'x' })],
        ['errorMessage', (r) => (r.errorMessage = ['a'])],
        ['gasBurnLog', (r) => (r.gasBurnLog = 'all of it')],
        ['blockIndex', (r) => (r.blockIndex = -1)],
        ['requestIndex', (r) => (r.requestIndex = 1.5)],
      ];
      for (const [field, mutate] of cases) {
        const body = JSON.parse(JSON.stringify(node.chains.find((c) => c.chainId === IOTA)?.receipts.find((x) => x.request.requestId === RID))) as Record<
          string,
          unknown
        > & { request: Record<string, unknown> };
        mutate(body);
        node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
        const e = await failure(client.getReceipt(IOTA, RID));
        assert.ok(e instanceof InvalidResponseError, `${field}: ${e.message}`);
        assert.ok(e.field.startsWith(field), `${field}: named ${e.field}`);
      }
    });

    it('numbers above 2^64 and negative amounts are refused, naming the field; values up to 2^64-1 stay exact', async () => {
      const base = () =>
        JSON.parse(JSON.stringify(node.chains.find((c) => c.chainId === IOTA)?.receipts.find((x) => x.request.requestId === RID))) as Record<
          string,
          unknown
        > & { request: Record<string, unknown> };
      const bad: Array<[string, (r: ReturnType<typeof base>) => void]> = [
        ['gasBurned', (r) => (r.gasBurned = '18446744073709551616')],
        ['gasFeeCharged', (r) => (r.gasFeeCharged = '-1')],
        ['request.gasBudget', (r) => (r.request.gasBudget = '"99999999999999999999999"')],
        ['request.fungibleTokens.baseTokens', (r) => (r.request.fungibleTokens = { baseTokens: '-5', nativeTokens: [], nfts: [] })],
        [
          'request.allowance.nativeTokens.0.amount',
          (r) => (r.request.allowance = { baseTokens: '0', nativeTokens: [{ id: `0x08${'ab'.repeat(37)}`, amount: `1${'0'.repeat(78)}` }], nfts: [] }),
        ],
        ['gasBurnLog.0.gasBurned', (r) => (r.gasBurnLog = [{ code: 1, gasBurned: -3 }])],
      ];
      for (const [field, mutate] of bad) {
        const body = base();
        mutate(body);
        node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
        const e = await failure(client.getReceipt(IOTA, RID));
        assert.ok(e instanceof InvalidResponseError, `${field}: ${e.message}`);
        assert.ok(e.field.startsWith(field), `${field}: named ${e.field}`);
      }
      // A gas limit is a JSON number: above 2^64 it is refused, not rounded to something plausible.
      node.inject({
        route: 'chaininfo',
        times: 1,
        fault: {
          type: 'status',
          status: 200,
          body: '{"chainID":"x","chainOwnerId":"-","gasFeePolicy":{"evmGasRatio":{"a":1,"b":1},"gasPerToken":{"a":1,"b":1},"validatorFeeShare":0},"gasLimits":{"maxGasPerBlock":18446744073709551616,"minGasPerRequest":1,"maxGasPerRequest":1,"maxGasExternalViewCall":1},"publicURL":"","metadata":null}',
        },
      });
      const e = await failure(client.getChainInfo(IOTA));
      assert.ok(e instanceof InvalidResponseError && e.field === 'gasLimits.maxGasPerBlock', e.message);
      const max = base();
      max.gasBurned = '18446744073709551615';
      node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: max } });
      assert.equal((await client.getReceipt(IOTA, RID)).gasBurned, 2n ** 64n - 1n);
    });

    it('a 500 with an HTML page says so in words, quoting none of it', async () => {
      node.inject({ route: 'receipt', times: 1, fault: { type: 'html', status: 500, html: `<html><body><script>alert(1)</script>${HOSTILE}</body></html>` } });
      const e = await failure(client.getReceipt(IOTA, RID));
      assert.ok(e instanceof ServerError, e.message);
      assert.match(e.message, /HTML page/);
      assert.doesNotMatch(e.message, /<|script/);
    });

    it("a node's error words are revealed and cut short before any message is built from them", async () => {
      const long = `${RLO}gnp.exe${ZWSP} ${HOSTILE} ${'x'.repeat(100_000)}`;
      node.inject({ route: 'receipt', times: 1, fault: { type: 'status', status: 500, body: { Message: long, Error: long } } });
      const server = await failure(client.getReceipt(IOTA, RID));
      assert.doesNotMatch(server.message, new RegExp(`[${RLO}${ZWSP}]`));
      assert.match(server.message, /⟨U\+202E⟩gnp\.exe⟨U\+200B⟩/);
      assert.ok(server.message.length < 1_000, `${server.message.length} characters`);
      node.inject({
        route: 'receipt',
        times: 1,
        fault: { type: 'status', status: 401, body: { error: 'Missing permission', missingPermission: `write${RLO}${'y'.repeat(10_000)}` } },
      });
      const denied = await failure(client.getReceipt(IOTA, RID));
      assert.ok(denied instanceof UnauthorizedError);
      assert.ok((denied.missingPermission ?? '').length <= 41 && !denied.missingPermission?.includes(RLO), denied.missingPermission);
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 400, body: { Message: 'bad', Error: long } } });
      const bad = (await failure(client.getChainInfo(IOTA))) as BadRequestError;
      assert.ok((bad.nodeMessage ?? '').length <= 301 && !bad.nodeMessage?.includes(RLO));
      node.inject({ route: 'receipt', times: 1, fault: { type: 'status', status: 200, body: `{"oops": "${RLO}` } });
      const syntax = await failure(client.getReceipt(IOTA, RID));
      assert.doesNotMatch(syntax.message, new RegExp(RLO), syntax.message);
    });
  });

  describe('the token stays with its node', () => {
    for (const status of [301, 302, 303, 307, 308]) {
      it(`a ${status} redirect to another host is not followed: the other host receives nothing, the token least of all`, async () => {
        const other = await startLocalNode();
        try {
          node.inject({
            route: 'receipt',
            times: 1,
            fault: { type: 'redirect', status, location: `http://user:pw@127.0.0.1:${other.port}/v1/chains/${IOTA}/core/blocklog/requests/${RID}?steal=1` },
          });
          const e = await failure(client.getReceipt(IOTA, RID));
          assert.ok(e instanceof RedirectError, e.message);
          assert.equal(other.requests.length, 0, 'the other node was never contacted');
          assert.equal(node.requests.length, 1);
          assert.equal(node.requests[0]?.headers.authorization, `Bearer ${TOKEN}`, 'the token went to its own node only');
          assert.doesNotMatch(`${e.message} ${e.hint}`, /user|pw@|steal/, 'the location is shown without credentials or query');
          assert.match(e.hint, /never sent along a redirect/);
        } finally {
          await other.close();
        }
      });
    }

    it('a redirect to a path on the same node is not followed either (one request, a clear error)', async () => {
      node.inject({ route: 'receipt', times: 1, fault: { type: 'redirect', location: '/v1/node/version' } });
      const e = await failure(client.getReceipt(IOTA, RID));
      assert.ok(e instanceof RedirectError);
      assert.equal(node.requests.length, 1);
    });

    it('a node URL with credentials is refused before any request, without repeating them', async () => {
      const withCreds = `http://alice:s3cret@127.0.0.1:${node.port}`;
      assert.throws(
        () => new WaspClient({ baseUrl: withCreds }),
        (e: unknown) => e instanceof InvalidInputError && !/alice|s3cret/.test(`${e.message} ${e.hint}`),
      );
      assert.equal(node.requests.length, 0);
    });

    it('no error message ever carries the token', async () => {
      for (const fault of [
        { type: 'status', status: 401 },
        { type: 'html', status: 500 },
        { type: 'retryAfter', seconds: 3 },
        { type: 'truncated' },
      ] as const) {
        node.inject({ route: 'receipt', times: 1, fault });
        const e = await failure(client.getReceipt(IOTA, RID));
        assert.doesNotMatch(JSON.stringify({ m: e.message, h: e.hint, u: e.url }), new RegExp(TOKEN));
      }
    });
  });

  describe('no retry storm', () => {
    it('a 429 is one request: no retry inside the client, Retry-After reported', async () => {
      node.inject({ route: 'receipt', fault: { type: 'retryAfter', seconds: 42 } });
      const e = await failure(client.getReceipt(IOTA, RID));
      assert.ok(e instanceof RateLimitedError);
      assert.equal(e.retryAfterSeconds, 42);
      assert.match(e.hint, /wait 42 s/);
      assert.equal(node.requests.length, 1);
    });

    for (const [what, fault] of [
      ['401 forever', { type: 'status', status: 401 }],
      ['500 with an HTML page forever', { type: 'html', status: 500 }],
      ['a hanging node', { type: 'hang' }],
    ] as const) {
      it(`${what}: 20 lookups of the same ID send one request, and ask again only once the short negative cache expires`, async () => {
        let now = 0;
        // A short timeout: the hanging node's three requests are what this test waits for.
        const quick = new WaspClient({ baseUrl: node.url, timeoutMs: 200 });
        const lookup = new ReceiptLookup<LookupChain, unknown>({ fetch: (c, id, o) => quick.getReceipt(c.chainId, id, o), errorTtlMs: 10_000, now: () => now });
        const chain = { name: 'Hostile', nodeUrl: node.url, chainId: IOTA };
        node.inject({ route: 'receipt', fault });
        for (let i = 0; i < 20; i++) {
          const r = await lookup.lookup(RID, [chain]);
          assert.equal(r.found, false);
          assert.equal(r.failures.length, 1, 'the failure is reported each time');
        }
        assert.equal(node.requests.length, 1, 'one request for 20 lookups');
        now += 10_001;
        await lookup.lookup(RID, [chain]);
        assert.equal(node.requests.length, 2, 'asked again after the TTL');
        await lookup.lookup(RID, [chain], { fresh: true });
        assert.equal(node.requests.length, 3, 'an explicit refresh asks at once');
      });
    }

    it("a 429's Retry-After holds the lookup back for as long as it asks, within bounds", async () => {
      let now = 0;
      const lookup = new ReceiptLookup<LookupChain, unknown>({ fetch: (c, id, o) => client.getReceipt(c.chainId, id, o), errorTtlMs: 10_000, now: () => now });
      const chain = { name: 'Hostile', nodeUrl: node.url, chainId: IOTA };
      node.inject({ route: 'receipt', fault: { type: 'retryAfter', seconds: 60 } });
      await lookup.lookup(RID, [chain]);
      now = 59_000;
      await lookup.lookup(RID, [chain]);
      assert.equal(node.requests.length, 1, 'still waiting as asked');
      now = 60_001;
      await lookup.lookup(RID, [chain]);
      assert.equal(node.requests.length, 2);
      node.clearFaults();
      node.inject({ route: 'receipt', fault: { type: 'retryAfter', seconds: 10_000_000 } });
      await lookup.lookup(RID, [chain], { fresh: true });
      now += MAX_RETRY_AFTER_MS + 1;
      await lookup.lookup(RID, [chain]);
      assert.equal(node.requests.length, 4, 'a Retry-After of months is capped');
    });
  });

  describe('a flood', () => {
    it('1,000 distinct IDs looked up at once stay within the concurrency limit; cancelled ones free their slots at once; the cache stays bounded', async () => {
      const limiter = new Limiter(4);
      // What the extension holds open: a fetch counts from its call until it settles. The node's
      // own count is looser: it still counts a request the client cancelled until its socket closes.
      let open = 0;
      let peak = 0;
      const counting: typeof fetch = async (...args) => {
        peak = Math.max(peak, ++open);
        try {
          return await fetch(...args);
        } finally {
          open--;
        }
      };
      const limited = new WaspClient({ baseUrl: node.url, limiter, timeoutMs: 10_000, fetch: counting });
      const lookup = new ReceiptLookup<LookupChain, unknown>({ fetch: (c, id, o) => limited.getReceipt(c.chainId, id, o), capacity: 100 });
      const chain = { name: 'Flooded', nodeUrl: node.url, chainId: IOTA };
      node.setLatency(20);
      const controllers = Array.from({ length: 1000 }, () => new AbortController());
      const all = controllers.map((c, i) =>
        lookup.lookup(idOf(i), [chain], { signal: c.signal }).then(
          () => 'done',
          () => 'cancelled',
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
      assert.ok(limiter.pending > 900, `queued behind 4 slots: ${limiter.pending}`);
      // The user moved on: every hover but the last 10 is cancelled.
      for (const c of controllers.slice(0, 990)) c.abort();
      assert.ok(limiter.pending <= 10, `cancelled lookups left the queue at once: ${limiter.pending} still queued`);
      assert.ok(lookup.pending <= 14, `and the lookup forgot them: ${lookup.pending} in flight`);
      const outcomes = await Promise.all(all);
      assert.deepEqual(outcomes.slice(990), Array(10).fill('done'), 'the last 10 were answered');
      assert.ok(peak <= 4, `at most 4 requests open from the client (saw ${peak})`);
      // Up to 4 live requests plus up to 4 just-cancelled ones whose sockets are still closing.
      assert.ok(node.maxConcurrent <= 8, `the node never saw more than the limit and the cancelled stragglers (saw ${node.maxConcurrent})`);
      assert.ok(node.requests.length < 100, `the cancelled ones were never sent (${node.requests.length} requests)`);
      assert.equal(limiter.running + limiter.pending, 0);
      assert.equal(lookup.pending, 0);
      assert.ok(lookup.cacheSize <= 100, `cache bounded: ${lookup.cacheSize}`);
    });

    it('the cache stays bounded when every one of 300 IDs (six times its capacity) is answered', async () => {
      const lookup = new ReceiptLookup<LookupChain, unknown>({ fetch: (c, id, o) => client.getReceipt(c.chainId, id, o), capacity: 50 });
      const chain = { name: 'Flooded', nodeUrl: node.url, chainId: IOTA };
      await Promise.all(Array.from({ length: 300 }, (_, i) => lookup.lookup(i === 0 ? DEMO_UNKNOWN_REQUEST_ID : idOf(i), [chain])));
      assert.ok(lookup.cacheSize <= 50, `${lookup.cacheSize}`);
      assert.equal(lookup.pending, 0);
    });
  });
});
