// Detection of a node's generation against a loopback server that answers as a v1 or a v2 node
// (or a proxy, or a gate that wants a token), and the per-node cache: sharing, forgetting.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../../src/api/client';
import { NetworkError, TokenExpiredError, UnauthorizedError } from '../../../src/api/errors';
import { GenerationCache, type GenerationProbe } from '../../../src/api/generation';
import { detectGeneration, generationOfVersion } from '../../../src/api/generationProbe';
import { startRouteServer, type RouteReply } from '../../fixtures/routeServer';

const SAMPLES = join(process.cwd(), 'test/fixtures/samples/rebased');
const text = (name: string) => readFileSync(join(SAMPLES, name), 'utf8');
const V2_ROUTE_404 = text('error-404-route-not-found.json');
const CHAIN_ID = (JSON.parse(text('chain.json')) as { chainID: string }).chainID;

describe('api/generation', () => {
  let base: string;
  let close: () => Promise<void>;
  const seen: string[] = [];
  const routes = new Map<string, RouteReply>();
  /** Holds every answer until released (to observe sharing). */
  let gate: Promise<void> | undefined;

  before(async () => {
    ({ base, close } = await startRouteServer({ routes, seen, fallback: { status: 404, body: V2_ROUTE_404 }, gate: () => gate }));
  });
  after(() => close());
  beforeEach(() => {
    seen.length = 0;
    routes.clear();
    gate = undefined;
  });

  const probeOf = (url = base): GenerationProbe => {
    const client = new WaspClient({ baseUrl: url, timeoutMs: 2000 });
    return { version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }) };
  };
  const version = (v: string): RouteReply => ({ status: 200, body: JSON.stringify({ version: v }) });

  it('reads the generation from version strings: 1.x Stardust, 2.x Rebased, a v prefix tolerated, the rest inconclusive', () => {
    assert.equal(generationOfVersion('1.0.3'), 'stardust');
    assert.equal(generationOfVersion('v1.4.0-rc.2'), 'stardust');
    assert.equal(generationOfVersion('2.0.2'), 'rebased');
    assert.equal(generationOfVersion('v2.1.0+build.5'), 'rebased');
    for (const odd of ['v0.0.0-testing', '3.0.0', 'develop', '', '2', '2.0', 'fac0718', '12.0.1', '2.0.2 ; rm -rf', '\u202e2.0.2'])
      assert.equal(generationOfVersion(odd), undefined, odd);
  });

  it('a v1 node: one request, the version', async () => {
    routes.set('/v1/node/version', version('1.0.3'));
    assert.deepEqual(await detectGeneration(probeOf()), { kind: 'stardust', version: '1.0.3' });
    assert.deepEqual(seen, ['/v1/node/version']);
  });

  it('a v2 node: one request, the version', async () => {
    routes.set('/v1/node/version', { status: 200, body: text('node-version.json') });
    assert.deepEqual(await detectGeneration(probeOf()), { kind: 'rebased', version: '2.0.2' });
    assert.deepEqual(seen, ['/v1/node/version']);
  });

  it('an inconclusive version asks /v1/chain: 200 with a 0x chain ID is Rebased', async () => {
    routes.set('/v1/node/version', version('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 200, body: text('chain.json') });
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'rebased');
    assert.equal(g.kind === 'rebased' && g.chain?.chainID, CHAIN_ID);
    assert.deepEqual(seen, ['/v1/node/version', '/v1/chain']);
  });

  it('an inconclusive version, /v1/chain 404 with an empty body: Rebased without a chain', async () => {
    routes.set('/v1/node/version', version('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 404, body: '' });
    assert.deepEqual(await detectGeneration(probeOf()), { kind: 'rebased', version: 'v0.0.0-testing', chain: null });
  });

  it('an inconclusive version, /v1/chain the unknown-route 404: Stardust', async () => {
    routes.set('/v1/node/version', version('v0.0.0-testing'));
    assert.deepEqual(await detectGeneration(probeOf()), { kind: 'stardust', version: 'v0.0.0-testing' });
  });

  it('401 while probing the version (a gateway): /v1/chain decides', async () => {
    routes.set('/v1/node/version', { status: 401, body: '{"Message":"invalid or expired jwt","Error":"missing value"}' });
    routes.set('/v1/chain', { status: 200, body: text('chain.json') });
    assert.equal((await detectGeneration(probeOf())).kind, 'rebased');
  });

  it('401 on both (a gateway that wants a token): the 401 itself, not cached, so the tree says "needs a token"', async () => {
    routes.set('/v1/node/version', { status: 401, body: '{"missingPermission":"read","error":"Missing permission"}' });
    routes.set('/v1/chain', { status: 401, body: '{"missingPermission":"read","error":"Missing permission"}' });
    const cache = new GenerationCache(() => detectGeneration(probeOf()));
    await assert.rejects(cache.detect('n'), (e: unknown) => e instanceof UnauthorizedError && e.missingPermission === 'read');
    assert.equal(cache.peek('n'), undefined);
  });

  it('an odd version and a 404 with another body on /v1/chain: cannot classify, naming both answers', async () => {
    routes.set('/v1/node/version', version('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 403, body: '<html>Forbidden</html>', type: 'text/html' });
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'unknown');
    assert.match(g.kind === 'unknown' ? g.answered : '', /\/v1\/node\/version: version "v0\.0\.0-testing"; \/v1\/chain: .*403/);
  });

  it('a proxy answering HTML: cannot classify, saying it was an HTML page', async () => {
    const html: RouteReply = { status: 200, body: '<!doctype html><title>Welcome to nginx</title>', type: 'text/html' };
    routes.set('/v1/node/version', html);
    routes.set('/v1/chain', html);
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'unknown');
    assert.match(g.kind === 'unknown' ? g.answered : '', /HTML page/);
  });

  it('an odd version with an unreadable /v1/chain: cannot classify, the version revealed in the answer', async () => {
    routes.set('/v1/node/version', version('\u202eevil'));
    routes.set('/v1/chain', { status: 500, body: '{"message":"Internal Server Error"}' });
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'unknown');
    const answered = g.kind === 'unknown' ? g.answered : '';
    assert.ok(!answered.includes('\u202e'), 'no bidi override reaches the text');
    assert.match(answered, /U\+202E/i);
    assert.ok(!(g.version ?? '').includes('\u202e'), 'the version kept for the tooltip is revealed too');
    assert.match(answered, /500/);
  });

  it('a web server answering 404 with an HTML page everywhere: not a Wasp node, saying it sent an HTML page', async () => {
    const page: RouteReply = { status: 404, body: '<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>', type: 'text/html' };
    routes.set('/v1/node/version', page);
    routes.set('/v1/chain', page);
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'unknown', JSON.stringify(g));
    assert.equal(g.kind === 'unknown' && g.said, 'an HTML page (HTTP 404)');
  });

  it("another API's JSON 404, even echo's own words or an empty body: not a Wasp node (its version route does not answer)", async () => {
    for (const body of ['{"error":"no such route"}', V2_ROUTE_404, '']) {
      routes.set('/v1/node/version', { status: 404, body });
      routes.set('/v1/chain', { status: 404, body });
      const g = await detectGeneration(probeOf());
      assert.equal(g.kind, 'unknown', `${body}: ${JSON.stringify(g)}`);
      assert.equal(g.kind === 'unknown' && g.said, 'HTTP 404');
    }
  });

  it('a server answering 200 text/plain to everything: not a Wasp node, not JSON', async () => {
    const plain: RouteReply = { status: 200, body: 'hello', type: 'text/plain' };
    routes.set('/v1/node/version', plain);
    routes.set('/v1/chain', plain);
    const g = await detectGeneration(probeOf());
    assert.equal(g.kind, 'unknown', JSON.stringify(g));
    assert.equal(g.kind === 'unknown' && g.said, 'HTTP 200, not JSON');
  });

  it('an unreachable node is an error, not a classification, and is not cached', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startRouteServer({ routes: new Map(), seen: [], fallback: 'reset' });
    await closed.close();
    const url = closed.base;
    const cache = new GenerationCache(() => detectGeneration(probeOf(url)));
    await assert.rejects(cache.detect('n'), NetworkError);
    assert.equal(cache.peek('n'), undefined);
    await assert.rejects(cache.detect('n'), NetworkError);
    assert.equal(cache.started, 2, 'tried again on the next use');
  });

  it('an expired stored token is not an answer: the error comes back (the tree says "token expired"), nothing is cached or sent', async () => {
    const client = new WaspClient({
      baseUrl: base,
      token: () => {
        throw new TokenExpiredError(Date.now() - 1000);
      },
    });
    const cache = new GenerationCache(() => detectGeneration({ version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }) }));
    await assert.rejects(cache.detect('n'), TokenExpiredError);
    assert.equal(cache.peek('n'), undefined);
    assert.deepEqual(seen, []);
  });

  it('concurrent callers share one probe; later callers get the cached answer', async () => {
    routes.set('/v1/node/version', version('2.0.2'));
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    const cache = new GenerationCache(() => detectGeneration(probeOf()));
    const all = Promise.all(Array.from({ length: 20 }, () => cache.detect('node')));
    await new Promise((r) => setTimeout(r, 50));
    release();
    const results = await all;
    assert.ok(results.every((g) => g.kind === 'rebased'));
    await cache.detect('node');
    assert.deepEqual(seen, ['/v1/node/version'], 'one request for 21 callers');
    assert.equal(cache.started, 1);
  });

  it('each node is detected on its own', async () => {
    routes.set('/v1/node/version', version('1.0.3'));
    const cache = new GenerationCache(() => detectGeneration(probeOf()));
    await Promise.all([cache.detect('a'), cache.detect('b'), cache.detect('a')]);
    assert.equal(cache.started, 2);
  });

  it('re-detects after a route of the detected generation answered the unknown-route 404', async () => {
    routes.set('/v1/node/version', version('1.0.3'));
    const cache = new GenerationCache(() => detectGeneration(probeOf()));
    const client = new WaspClient({ baseUrl: base, onRouteNotFound: () => cache.forget('node') });
    assert.equal((await cache.detect('node')).kind, 'stardust');
    // The node was upgraded: its v1 routes now answer the unknown-route 404.
    routes.set('/v1/node/version', version('2.0.2'));
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'));
    assert.equal(cache.peek('node'), undefined);
    assert.equal((await cache.detect('node')).kind, 'rebased');
    assert.equal(cache.started, 2);
  });

  it('a probe that was forgotten while in flight does not refill the cache (Refresh wins)', async () => {
    routes.set('/v1/node/version', version('1.0.3'));
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    const cache = new GenerationCache(() => detectGeneration(probeOf()));
    const first = cache.detect('node');
    await new Promise((r) => setTimeout(r, 30));
    cache.forgetAll();
    release();
    await first;
    assert.equal(cache.peek('node'), undefined);
    gate = undefined;
    routes.set('/v1/node/version', version('2.0.2'));
    assert.equal((await cache.detect('node')).kind, 'rebased');
  });
});
