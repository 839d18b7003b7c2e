// The EVM JSON-RPC calls (src/evm/model/jsonRpc.ts) of Load EVM Logs and the call tree, against a
// loopback server and a fake fetch: the request each sends, every answer a node gives, the size cap at
// exactly its limit, an error without a message, a receipt without status, and which URLs and hashes
// are asked at all.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchCallTrace, fetchEvmLogs, TRACE_MAX_BYTES } from '../../../../src/evm/model/jsonRpc';
import { evmSample } from '../../helpers/samples';

const HASH = `0x${'12'.repeat(32)}`;
const LOG = { address: `0x${'ab'.repeat(20)}`, topics: [`0x${'cd'.repeat(32)}`], data: '0x' };

describe('evm/model/jsonRpc: a loopback node', () => {
  let server: Server;
  let base: string;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const seen: Array<{ path: string; body: string; cookie?: string; auth?: string }> = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = req.url ?? '/';
        seen.push({
          path,
          body,
          ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
          ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
        });
        const reply = (status: number, text: string) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(text);
        };
        if (path === '/ok') reply(200, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { status: '0x1', logs: Array.from({ length: 600 }, () => LOG) } }));
        else if (path === '/gas') reply(200, JSON.stringify({ result: { status: '0x0', gasUsed: '0x7a0c', effectiveGasPrice: '0x2540be400', logs: [] } }));
        else if (path === '/badgas') reply(200, JSON.stringify({ result: { status: '0x0', gasUsed: '0x', logs: [] } }));
        else if (path === '/null') reply(200, '{"jsonrpc":"2.0","id":1,"result":null}');
        else if (path === '/error') reply(200, '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"boom"}}');
        else if (path === '/html') reply(200, '<html>');
        else if (path === '/badlog') reply(200, JSON.stringify({ result: { logs: [{ ...LOG, topics: ['zz'] }] } }));
        else if (path === '/huge') reply(200, `{"result":{"logs":[],"pad":"${'x'.repeat(3000)}"}}`);
        else if (path === '/redirect') {
          res.writeHead(302, { location: '/ok' });
          res.end();
        } else if (path === '/slow') timers.push(setTimeout(() => reply(200, '{"result":null}'), 2000));
        else reply(500, 'no');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    server.close();
  });

  const ask = (path: string, extra: { timeoutMs?: number; maxBytes?: number } = {}) =>
    fetchEvmLogs(`${base}${path}`, HASH, { fetch: globalThis.fetch, ...extra });

  it('POSTs one eth_getTransactionReceipt with the hash only, no cookie or token; logs capped with their total', async () => {
    seen.length = 0;
    const r = await ask('/ok');
    assert.ok(r.ok);
    assert.equal(r.logs.length, 500);
    assert.equal(r.total, 600);
    assert.equal(seen.length, 1);
    assert.deepEqual(JSON.parse(seen[0]?.body ?? ''), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH] });
    assert.equal(seen[0]?.cookie, undefined);
    assert.equal(seen[0]?.auth, undefined);
  });

  it("the EVM receipt's gas used and effective gas price, exact; a malformed one is named", async () => {
    assert.deepEqual(await ask('/gas'), { ok: true, logs: [], total: 0, status: '0x0', gasUsed: 0x7a0cn, effectiveGasPrice: 10_000_000_000n });
    assert.deepEqual(await ask('/badgas'), { ok: false, reason: 'invalid', detail: 'gasUsed: expected a hex quantity' });
  });

  it('every failure is an outcome, never an exception', async () => {
    assert.deepEqual(await ask('/null'), { ok: false, reason: 'notFound' });
    assert.deepEqual(await ask('/error'), { ok: false, reason: 'rpcError', detail: 'boom' });
    assert.deepEqual(await ask('/html'), { ok: false, reason: 'invalid' });
    assert.deepEqual(await ask('/badlog'), { ok: false, reason: 'invalid' });
    assert.deepEqual(await ask('/missing'), { ok: false, reason: 'http', detail: '500' });
    assert.deepEqual(await ask('/huge', { maxBytes: 1000 }), { ok: false, reason: 'tooLarge' });
    assert.deepEqual(await ask('/slow', { timeoutMs: 200 }), { ok: false, reason: 'timeout' });
    assert.equal((await ask('/redirect')).ok, false, 'a redirect is not followed');
    assert.deepEqual(await fetchEvmLogs('javascript:alert(1)', HASH, { fetch: globalThis.fetch }), { ok: false, reason: 'badUrl' });
  });
});

/** A fake `fetch` that answers `body` (or no body) with `status`, and remembers what it was asked. */
function fakeFetch(body: string | null, status = 200) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (init.signal?.aborted) throw new Error('aborted by the caller');
    return new Response(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const ask = (body: string | null, extra: { maxBytes?: number; signal?: AbortSignal; hash?: string } = {}) => {
  const f = fakeFetch(body);
  const { hash, ...rest } = extra;
  return fetchEvmLogs('https://rpc.example/evm', hash ?? HASH, { fetch: f.fetch, ...rest }).then((r) => ({ r, calls: f.calls }));
};

describe('evm/model/jsonRpc: a fake fetch', () => {
  it('one JSON POST to the checked URL, JSON both ways, no cookie, no redirect; the status is kept when given', async () => {
    const { r, calls } = await ask(JSON.stringify({ result: { status: '0x0', logs: [LOG] } }));
    assert.deepEqual(r, { ok: true, logs: [LOG], total: 1, status: '0x0' });
    assert.equal(calls.length, 1);
    const init = calls[0]?.init;
    assert.equal(calls[0]?.url, 'https://rpc.example/evm');
    assert.equal(init?.method, 'POST');
    assert.deepEqual(Object.fromEntries(new Headers(init?.headers)), { accept: 'application/json', 'content-type': 'application/json' });
    assert.equal(init?.credentials, 'omit');
    assert.equal(init?.redirect, 'error');
    assert.deepEqual(JSON.parse(String(init?.body)), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH] });
    // No status in the answer: none in the outcome (not an undefined one).
    assert.deepEqual((await ask(JSON.stringify({ result: { logs: [] } }))).r, { ok: true, logs: [], total: 0 });
  });

  it('a hash that is not exactly 0x + 64 hex is refused before any request', async () => {
    for (const hash of [`x${HASH}`, `${HASH}0`, `${HASH}\n`, HASH.slice(0, 65)]) {
      const { r, calls } = await ask('{"result":null}', { hash });
      assert.deepEqual(r, { ok: false, reason: 'badUrl' }, hash);
      assert.equal(calls.length, 0, hash);
    }
  });

  it('the size bound: exactly maxBytes is read, one byte more is too large', async () => {
    const text = '{"result":null}';
    assert.deepEqual((await ask(text, { maxBytes: text.length })).r, { ok: false, reason: 'notFound' });
    assert.deepEqual((await ask(text, { maxBytes: text.length - 1 })).r, { ok: false, reason: 'tooLarge' });
  });

  it('hex fields must be 0x + hex from start to end', async () => {
    for (const address of [`zz${LOG.address}`, `${LOG.address}zz`, LOG.address.slice(2)]) {
      const { r } = await ask(JSON.stringify({ result: { logs: [{ ...LOG, address }] } }));
      assert.deepEqual(r, { ok: false, reason: 'invalid' }, address);
    }
  });

  it('an RPC error: its message, else its code, else nothing', async () => {
    assert.deepEqual((await ask('{"error":{"code":-32000}}')).r, { ok: false, reason: 'rpcError', detail: '-32000' });
    assert.deepEqual((await ask('{"error":{}}')).r, { ok: false, reason: 'rpcError', detail: '' });
    assert.deepEqual((await ask('{"error":{"code":1,"message":"m"}}')).r, { ok: false, reason: 'rpcError', detail: 'm' });
  });

  it('no body is not a receipt; the caller aborting is a network failure, not a timeout', async () => {
    assert.deepEqual((await ask(null)).r, { ok: false, reason: 'invalid' });
    const caller = new AbortController();
    caller.abort();
    assert.deepEqual((await ask('{"result":null}', { signal: caller.signal })).r, { ok: false, reason: 'network', detail: 'aborted by the caller' });
    // A caller signal that is not aborted changes nothing.
    assert.deepEqual((await ask('{"result":null}', { signal: new AbortController().signal })).r, { ok: false, reason: 'notFound' });
  });
});

describe('evm/model/jsonRpc: the request, the size cap, what is never asked', () => {
  const HASH = `0x${'AB'.repeat(32)}`;

  let server: Server;
  let base: string;
  const seen: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const bodies: Record<string, string> = {
    '/nostatus': JSON.stringify({ result: { logs: [] } }),
    '/codeonly': JSON.stringify({ error: { code: -32601 } }),
    '/bare': JSON.stringify({ error: {} }),
    '/exact': JSON.stringify({ result: { logs: [], pad: 'x'.repeat(100) } }),
    '/badhex': JSON.stringify({ result: { logs: [{ address: 'ab', topics: [], data: '0x' }] } }),
  };
  beforeEach(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(bodies[req.url ?? ''] ?? '{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    seen.length = 0;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
  });
  const ask = (path: string, o: { maxBytes?: number; hash?: string } = {}) =>
    fetchEvmLogs(`${base}${path}`, o.hash ?? HASH, { fetch: globalThis.fetch, maxBytes: o.maxBytes });

  it('posts one eth_getTransactionReceipt for the lower-cased hash, as JSON', async () => {
    assert.deepEqual(await ask('/nostatus'), { ok: true, logs: [], total: 0 });
    assert.equal(seen.length, 1);
    assert.deepEqual(JSON.parse(seen[0]?.body ?? ''), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH.toLowerCase()] });
    assert.equal(seen[0]?.headers['content-type'], 'application/json');
    assert.equal(seen[0]?.headers.accept, 'application/json');
  });

  it('an error names its message, else its code, else nothing; a log with bad hex is invalid', async () => {
    // -32601 is JSON-RPC's "method not found": the method is not offered there.
    assert.deepEqual(await ask('/codeonly'), { ok: false, reason: 'methodUnavailable', detail: '-32601' });
    assert.deepEqual(await ask('/bare'), { ok: false, reason: 'rpcError', detail: '' });
    assert.deepEqual(await ask('/badhex'), { ok: false, reason: 'invalid' });
  });

  it('reads a body of exactly the cap; one byte more is too large', async () => {
    const size = Buffer.byteLength(bodies['/exact'] ?? '');
    assert.deepEqual(await ask('/exact', { maxBytes: size }), { ok: true, logs: [], total: 0 });
    assert.deepEqual(await ask('/exact', { maxBytes: size - 1 }), { ok: false, reason: 'tooLarge' });
  });

  it('asks nothing for a hash that is not 0x + 64 hex, or a URL it may not open', async () => {
    for (const hash of [`${HASH}0`, `x${HASH}`, HASH.slice(0, -1)]) assert.deepEqual(await ask('/nostatus', { hash }), { ok: false, reason: 'badUrl' }, hash);
    assert.deepEqual(await fetchEvmLogs('file:///etc/passwd', HASH, { fetch: globalThis.fetch }), { ok: false, reason: 'badUrl' });
    assert.equal(seen.length, 0);
  });
});

describe('evm/model/jsonRpc: debug_traceTransaction for the call tree', () => {
  const trace = evmSample('v2-debug_traceTransaction-callTracer').result;
  const traceOf = (body: string | null, hash = HASH) => {
    const f = fakeFetch(body);
    return fetchCallTrace('https://rpc.example/evm', hash, { fetch: f.fetch }).then((r) => ({ r, calls: f.calls }));
  };

  it("asks for the callTracer with the logs, always with a config object, for the lower-cased hash; keeps the node's answer", async () => {
    const { r, calls } = await traceOf(JSON.stringify({ jsonrpc: '2.0', id: 1, result: trace }), HASH.toUpperCase().replace('0X', '0x'));
    assert.equal(calls.length, 1);
    assert.deepEqual(JSON.parse(String(calls[0]?.init.body)), {
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceTransaction',
      params: [HASH, { tracer: 'callTracer', tracerConfig: { withLog: true } }],
    });
    assert.ok(r.ok);
    assert.equal(r.trace.frames.length, 4);
    assert.deepEqual(r.raw, trace);
  });

  const answers: Array<[string, string | null, unknown]> = [
    ['a null result: not found', '{"jsonrpc":"2.0","id":1,"result":null}', { ok: false, reason: 'notFound' }],
    [
      "Rebased's unknown hash",
      '{"error":{"code":-32000,"message":"transaction not found"}}',
      { ok: false, reason: 'notFound', detail: 'transaction not found' },
    ],
    ["Stardust's unknown hash", '{"error":{"code":-32000,"message":"tx not found"}}', { ok: false, reason: 'notFound', detail: 'tx not found' }],
    [
      'a tracer the node lacks',
      '{"error":{"code":-32000,"message":"unsupported tracer type: callTracer"}}',
      { ok: false, reason: 'methodUnavailable', detail: 'unsupported tracer type: callTracer' },
    ],
    [
      'a method not offered',
      '{"error":{"code":-32601,"message":"the method debug_traceTransaction does not exist/is not available"}}',
      { ok: false, reason: 'methodUnavailable', detail: 'the method debug_traceTransaction does not exist/is not available' },
    ],
    ["the node's 30 s limit", '{"error":{"code":-32002,"message":"request timed out"}}', { ok: false, reason: 'rpcError', detail: 'request timed out' }],
    [
      'a frame with a bad field: named',
      JSON.stringify({ result: { ...(trace as object), calls: [{ type: 'CALL' }] } }),
      { ok: false, reason: 'invalid', detail: 'result.calls[0].from: expected an address' },
    ],
    ['an HTML page', '<html>', { ok: false, reason: 'invalid' }],
  ];
  for (const [what, body, expected] of answers) {
    it(`${what}`, async () => {
      assert.deepEqual((await traceOf(body)).r, expected);
    });
  }

  it('a hash that is not 0x + 64 hex is refused before any request', async () => {
    const { r, calls } = await traceOf('{"result":null}', `${HASH}00`);
    assert.deepEqual(r, { ok: false, reason: 'badUrl' });
    assert.equal(calls.length, 0);
  });

  /** A callTracer answer of `frames` plain calls under one root, each with an ERC-20 transfer's input (a selector and 2 words). */
  const wideTrace = (frames: number) => {
    const frame = (i: number) =>
      `{"type":"CALL","from":"0x${'ab'.repeat(20)}","to":"0x${i.toString(16).padStart(40, '0')}","gas":"0x30d40","gasUsed":"0x5208","input":"0xa9059cbb${'00'.repeat(64)}","output":"0x","value":"0x0"}`;
    const calls = Array.from({ length: frames }, (_, i) => frame(i)).join(',');
    return `{"jsonrpc":"2.0","id":1,"result":{"type":"CALL","from":"0x${'ab'.repeat(20)}","to":"0x${'cd'.repeat(20)}","gas":"0x1","gasUsed":"0x1","input":"0x","value":"0x0","calls":[${calls}]}}`;
  };

  it('a trace of the 20,000 calls the tree keeps fits under the cap and is read', async () => {
    const body = wideTrace(19_999);
    assert.ok(body.length < TRACE_MAX_BYTES, `${body.length} bytes`);
    const { r } = await traceOf(body);
    assert.ok(r.ok);
    assert.deepEqual([r.trace.frames.length, r.trace.cut], [20_000, 0]);
  });

  it('a trace above 8 MiB (what the panel shows fits well under it) is refused as too large, unparsed', async () => {
    const body = wideTrace(30_000);
    assert.ok(body.length > 8 * 1024 * 1024 && body.length < 16 * 1024 * 1024, `${body.length} bytes`);
    assert.deepEqual((await traceOf(body)).r, { ok: false, reason: 'tooLarge' });
  });

  it('a body past the trace bound is cut while it streams', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1 << 20;
        controller.enqueue(new Uint8Array(1 << 20).fill(0x20));
      },
    });
    const fetch = (async () => new Response(endless, { status: 200 })) as unknown as typeof globalThis.fetch;
    assert.deepEqual(await fetchCallTrace('https://rpc.example/evm', HASH, { fetch }), { ok: false, reason: 'tooLarge' });
    assert.ok(sent <= TRACE_MAX_BYTES + 4 * (1 << 20), `read ${sent} bytes`);
  });
});
