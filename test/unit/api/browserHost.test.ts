// What the browser entry changes in the one transport (src/api/browserHost.ts, transport.ts): a
// plain-http node elsewhere refused before a request; the browser's bare "Failed to fetch" said
// as a block, and a token refused by the node's CORS told apart by asking once without it; an
// opaque redirect taken for a redirect. Outside the browser nothing changes. The browser's own
// failures are made by a fetch that fails as Chromium's does; every answer comes from the real
// loopback node.
import * as assert from 'node:assert/strict';
import { browserRefusal, inBrowserHost, isBrowserBlock, setBrowserHost } from '../../../src/api/browserHost';
import { WaspClient } from '../../../src/api/client';
import { BrowserBlockedError, NetworkError, RedirectError } from '../../../src/api/errors';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';
import { openLiveSocket } from '../../../src/live/socket';
import { type LocalNode, startLocalNode } from '../../fixtures/localNode';
import { failure } from '../helpers/http';

const TOKEN = 'browser-token';

/** A fetch as a browser's: `blocks(request)` decides which requests fail as CORS or policy blocks do. */
function browserFetch(blocks: (headers: Headers, url: string) => boolean) {
  const calls: Array<{ url: string; authorization: string | null }> = [];
  const f: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const headers = new Headers(init?.headers);
    calls.push({ url, authorization: headers.get('authorization') });
    if (blocks(headers, url)) throw new TypeError('Failed to fetch');
    return fetch(input, init);
  };
  return { fetch: f, calls };
}

/** An opaque redirect, as a browser hands back for `redirect: 'manual'`: status 0, no headers. */
const opaqueRedirect: typeof fetch = async () =>
  Object.defineProperties(new Response(null, { status: 200 }), {
    status: { value: 0 },
    ok: { value: false },
    type: { value: 'opaqueredirect' },
  });

describe('api/browserHost: where a browser may send', () => {
  afterEach(() => setBrowserHost(false));

  it('outside a browser every URL may be asked', () => {
    assert.equal(inBrowserHost(), false);
    assert.equal(browserRefusal('http://wasp.example:9090'), undefined);
    assert.equal(isBrowserBlock(new TypeError('Failed to fetch')), false);
  });

  it('in a browser, plain http and ws reach only localhost and 127.0.0.1, as the web worker host allows', () => {
    setBrowserHost(true);
    for (const ok of [
      'http://localhost:9090',
      'http://127.0.0.1:1/wasp/api',
      'https://wasp.example',
      'wss://wasp.example/v1/ws',
      'ws://localhost/v1/ws',
      'not a url',
    ]) {
      assert.equal(browserRefusal(ok), undefined, ok);
    }
    for (const [url, host] of [
      ['http://wasp.example:9090', 'wasp.example:9090'],
      ['http://10.0.0.5', '10.0.0.5'],
      ['http://[::1]:9090', '[::1]:9090'],
      ['http://127.0.0.2', '127.0.0.2'],
      ['http://sub.localhost', 'sub.localhost'],
      ['ws://wasp.example/v1/ws', 'wasp.example'],
    ]) {
      assert.match(
        browserRefusal(url ?? '') ?? '',
        new RegExp(`only on this machine \\(localhost or 127\\.0\\.0\\.1\\), not ${(host ?? '').replace(/[.[\]]/g, '\\$&')}$`),
        url,
      );
    }
  });

  it("a browser's block is the bare TypeError of each engine, never one with a cause (Node's fetch failures have one)", () => {
    setBrowserHost(true);
    for (const m of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) assert.ok(isBrowserBlock(new TypeError(m)), m);
    assert.equal(isBrowserBlock(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') })), false);
    assert.equal(isBrowserBlock(new TypeError('Failed to fetch', { cause: 'x' })), false);
    assert.equal(isBrowserBlock(new Error('Failed to fetch')), false);
    assert.equal(isBrowserBlock(new TypeError('Failed to fetch!')), false);
  });
});

describe('api/transport in a browser', function () {
  this.timeout(20_000);
  let open: LocalNode;
  let guarded: LocalNode;

  before(async () => {
    open = await startLocalNode({ generation: 'rebased', evm: true, cors: {} });
    guarded = await startLocalNode({ generation: 'rebased', staticTokens: { [TOKEN]: ['read'] }, cors: { allowHeaders: 'Content-Type' } });
  });
  after(() => Promise.all([open.close(), guarded.close()]));
  beforeEach(() => setBrowserHost(true));
  afterEach(() => setBrowserHost(false));

  it('a plain-http node that is not on this machine is refused before any request, with what to do', async () => {
    const b = browserFetch(() => false);
    const e = await failure(new WaspClient({ baseUrl: 'http://wasp.example:9090', fetch: b.fetch }).getRebasedChainInfo());
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.equal(e.reason, 'plainHttp');
    assert.match(e.hint, /https URL/);
    assert.deepEqual(b.calls, [], 'nothing was sent');
  });

  it('the same for the EVM JSON-RPC and the live socket', async () => {
    const b = browserFetch(() => false);
    assert.deepEqual(await fetchEvmLogs('http://rpc.example/evm', `0x${'77'.repeat(32)}`, { fetch: b.fetch }), {
      ok: false,
      reason: 'network',
      detail: 'A browser reaches a plain-http node only on this machine (localhost or 127.0.0.1), not rpc.example',
    });
    assert.deepEqual(b.calls, []);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      openLiveSocket('ws://wasp.example/v1/ws', { open: () => undefined, message: () => undefined, error: () => undefined, close: resolve }),
    );
    assert.match(closed.reason, /only on this machine/);
  });

  it('a request the browser blocks is said to be blocked, with what to check', async () => {
    const b = browserFetch(() => true);
    const e = await failure(new WaspClient({ baseUrl: open.url, fetch: b.fetch }).getRebasedChainInfo());
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.equal(e.reason, 'blocked');
    assert.match(e.message, /^The browser blocked this request: CORS, mixed content or the page's security policy/);
    assert.equal(b.calls.length, 1, 'no token: nothing to tell apart, asked once');
  });

  it("a token the node's CORS refuses: asked once more without it, the node's answer tells the token apart", async () => {
    const b = browserFetch((h) => h.has('authorization'));
    const client = new WaspClient({ baseUrl: guarded.url, fetch: b.fetch, token: async () => TOKEN });
    const e = await failure(client.getRebasedChainInfo());
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.equal(e.reason, 'token');
    assert.match(e.message, /the node's CORS does not allow the Authorization header/);
    assert.deepEqual(
      b.calls.map((c) => c.authorization),
      [`Bearer ${TOKEN}`, null],
      'the second ask carries no token',
    );
    assert.ok(!e.message.includes(TOKEN) && !e.hint.includes(TOKEN));
  });

  it('a token request blocked both ways is a block, not a token problem', async () => {
    const b = browserFetch(() => true);
    const e = await failure(new WaspClient({ baseUrl: guarded.url, fetch: b.fetch, token: async () => TOKEN }).getRebasedChainInfo());
    assert.ok(e instanceof BrowserBlockedError);
    assert.equal(e.reason, 'blocked');
    assert.equal(b.calls.length, 2);
  });

  it('outside a browser the same failure stays a network error, and nothing is asked again', async () => {
    setBrowserHost(false);
    const b = browserFetch(() => true);
    const e = await failure(new WaspClient({ baseUrl: guarded.url, fetch: b.fetch, token: async () => TOKEN }).getRebasedChainInfo());
    assert.ok(e instanceof NetworkError && !(e instanceof BrowserBlockedError), e.constructor.name);
    assert.equal(b.calls.length, 1);
  });

  it("an opaque redirect (status 0, the browser's answer to redirect: 'manual') is a redirect whose target is not shown", async () => {
    const e = await failure(new WaspClient({ baseUrl: open.url, fetch: opaqueRedirect }).getRebasedChainInfo());
    assert.ok(e instanceof RedirectError, e.constructor.name);
    assert.equal(e.location, '(an address the browser does not show)');
  });
});
