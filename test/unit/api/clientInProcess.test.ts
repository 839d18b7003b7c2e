// What the node client (src/api/client.ts) sends and makes of answers, against a fetch injected in
// process (no socket): the headers of a read and of a sign-in, the log entry of each request, the
// URL errors carry, a 404 in the words of each chain route, the generation of an account read, the
// long poll's outcomes, a receipt of another request, and a wait for a slot that is cancelled.
import * as assert from 'node:assert/strict';
import { onClock } from '../helpers/clock';
import { WaspClient, type RequestLogEntry } from '../../../src/api/client';
import type { WaspClientOptions } from '../../../src/api/clientOptions';
import { InvalidInputError, InvalidResponseError, NotFoundError, ServerError } from '../../../src/api/errors';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { failure } from '../helpers/http';
import { rebasedSampleText, stardustSampleText } from '../helpers/samples';

const IOTA = DEMO_CHAINS.iotaEvm;
const BASE = 'https://node.example/wasp/api';
const STARDUST = { generation: 'stardust', chainId: IOTA } as const;
const REBASED = { generation: 'rebased' } as const;
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const REBASED_REQUEST = `0x${'12'.repeat(32)}`;
const OBJECT_IDS = '{"nftIds":["not an ID"]}';

type Answer = { status: number; body?: string; headers?: Record<string, string> };

/** A client whose fetch answers from `answer` and records each request it was asked. */
function node(answer: (url: string) => Answer, options: Partial<WaspClientOptions> = {}) {
  const asked: Request[] = [];
  const log: RequestLogEntry[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    asked.push(request);
    const a = answer(request.url);
    return new Response(a.body ?? null, { status: a.status, headers: { 'content-type': 'application/json', ...a.headers } });
  };
  const client = new WaspClient({ baseUrl: BASE, fetch, onRequest: (e) => log.push(e), waitBeforeRetry: async () => undefined, ...options });
  return { client, asked, log };
}

const ok = (body: string): Answer => ({ status: 200, body });

describe('api/client in process: what a request carries', () => {
  it('a read asks for JSON with no content type; a sign-in sends JSON; neither carried a token', async () => {
    const n = node((url) => (url.endsWith('/auth') ? ok('{"jwt":"a.b"}') : ok(rebasedSampleText('chain'))));
    await n.client.getRebasedChain();
    await n.client.login('alice', 'pw');
    assert.deepStrictEqual(
      n.asked.map((r) => [r.method, r.url, r.headers.get('accept'), r.headers.get('content-type')]),
      [
        ['GET', `${BASE}/v1/chain`, 'application/json', null],
        ['POST', `${BASE}/auth`, 'application/json', 'application/json'],
      ],
    );
    assert.deepStrictEqual(
      n.log.map((e) => e.authenticated),
      [false, false],
    );
  });

  it('logs each request: its URL, no token sent, no time passed on a frozen clock, and the failure it ended with', async () => {
    const n = node(() => ({ status: 500, body: stardustSampleText('error-500-internal') }));
    await onClock(
      () => 1_000_000,
      () => failure(n.client.getChain(IOTA)),
    );
    assert.deepStrictEqual(n.log.at(-1), {
      method: 'GET',
      url: `${BASE}/v1/chains/${IOTA}`,
      status: 500,
      durationMs: 0,
      authenticated: false,
      error: 'The node answered 500: Internal Server Error',
    });
  });

  it('an error carries the URL asked', async () => {
    const e = await failure(node(() => ({ status: 500, body: '{}' })).client.getChain(IOTA));
    assert.deepStrictEqual([e.constructor, e.url], [ServerError, `${BASE}/v1/chains/${IOTA}`]);
  });

  it('keeps the path prefix of a base URL as written, leading slashes included, without its trailing ones', () => {
    for (const base of [`${BASE}/`, `${BASE}//`]) assert.equal(new WaspClient({ baseUrl: base }).urlOf(['x']), `${BASE}/v1/x`, base);
    assert.equal(new WaspClient({ baseUrl: 'https://node.example//wasp' }).urlOf(['x']), 'https://node.example//wasp/v1/x');
  });
});

describe('api/client in process: a 404 in the words of each route', () => {
  const notFound: Answer = { status: 404, body: '{"Message":"Not found","Error":"block 99 not found"}' };
  const what = async (p: Promise<unknown>) => {
    const e = await failure(p);
    assert.ok(e instanceof NotFoundError, e.message);
    return e.what;
  };

  it('is about the chain on every chain route', async () => {
    const { client } = node(() => notFound);
    assert.deepStrictEqual(
      [
        await what(client.getChainInfo(IOTA)),
        await what(client.getChain(IOTA)),
        await what(client.getRebasedChainInfo()),
        await what(client.getBlockInfo(STARDUST, 3)),
        await what(client.getRequestEvents(REBASED, REBASED_REQUEST)),
      ],
      ['chain', 'chain', 'chain', 'chain', 'chain'],
    );
  });

  it("an unknown route of /auth/info or /auth is an answer, not a sign to detect the node's generation again", async () => {
    const routes: string[] = [];
    const { client } = node(() => ({ status: 404, body: rebasedSampleText('error-404-route-not-found') }), { onRouteNotFound: (g) => routes.push(g) });
    assert.equal(await what(client.getAuthInfo()), 'route');
    assert.equal(await what(client.login('alice', 'pw')), 'route');
    assert.deepStrictEqual(routes, []);
  });
});

describe('api/client in process: account reads of each generation', () => {
  it("reads a Rebased node's total assets and objects with the Rebased schemas", async () => {
    const { client } = node((url) =>
      url.endsWith('/nfts') ? ok(OBJECT_IDS) : ok('{"baseTokens":"5","nativeTokens":[{"coinType":"0x2::c::C","balance":"1"}]}'),
    );
    assert.deepStrictEqual(await client.getTotalAssets(REBASED), {
      generation: 'rebased',
      baseTokens: 5n,
      nativeTokens: [{ coinType: '0x2::c::C', balance: 1n }],
    });
    const e = await failure(client.getAccountNfts(REBASED, EVM));
    assert.ok(e instanceof InvalidResponseError);
    assert.equal(e.expected, 'expected an object ID (0x + 64 hex)');
  });

  it("reads a Stardust node's NFTs with the Stardust schema", async () => {
    const e = await failure(node(() => ok(OBJECT_IDS)).client.getAccountNfts(STARDUST, EVM));
    assert.ok(e instanceof InvalidResponseError);
    assert.equal(e.expected, 'expected an NFT ID (0x + 64 hex)');
  });

  it('refuses the nonce of an EVM agent before any request, saying where to ask', async () => {
    const n = node(() => ok('{}'));
    const e = await failure(n.client.getAccountNonce(REBASED, EVM));
    assert.ok(e instanceof InvalidInputError);
    assert.deepStrictEqual(
      [e.field, e.message, e.hint, n.asked.length],
      ['agentId', "The node keeps no accounts nonce for an EVM address: its nonce is the EVM's (eth_getTransactionCount).", "Ask the chain's EVM JSON-RPC.", 0],
    );
  });
});
