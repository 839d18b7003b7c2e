// How a node's generation is told (src/api/generationProbe.ts): which version strings name a
// generation, every combination of answers of its two endpoints, and a loopback server that answers
// as a v1 or a v2 node, a proxy, a web server, or a gate that wants a token.
import * as assert from 'node:assert/strict';
import { NetworkError, NotFoundError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { detectGeneration, generationOfVersion } from '../../../src/api/generationProbe';
import type { RouteReply } from '../../fixtures/routeServer';
import { clientProbe, useRouteServer, versionReply } from '../helpers/routeServer';
import { plainRebasedSample, rebasedSampleText } from '../helpers/samples';

const ctx = { url: 'http://n/v1/x' };
const fail = (e: unknown) => () => Promise.reject(e);
const ok =
  <T>(v: T) =>
  () =>
    Promise.resolve(v);

describe('api/generationProbe: telling the generation', () => {
  it('reads the major version only from a whole version string', () => {
    const cases: [string, 'stardust' | 'rebased' | undefined][] = [
      ['1.0.3', 'stardust'],
      [' v2.0.2 ', 'rebased'],
      ['2.0.2-rc.1', 'rebased'],
      ['1.3.0+build.5', 'stardust'],
      ['3.0.0', undefined],
      ['12.0.0', undefined],
      ['0.0.0-testing', undefined],
      ['1.0', undefined],
      ['1.0.3x', undefined],
      ['x1.0.3', undefined],
      ['1.0.3 extra', undefined],
      ['10000.0.0', undefined],
      ['1.1234567.0', undefined],
      ['1.0.1234567', undefined],
      ['1.12.34', 'stardust'],
      ['2.123456.123456', 'rebased'],
      ['1.0.3\u00a0', 'stardust'],
      ['', undefined],
    ];
    for (const [v, g] of cases) assert.equal(generationOfVersion(v), g, JSON.stringify(v));
  });

  it('every combination of the two answers', async () => {
    const chain = { chainID: '0xc8' } as never;
    const notFoundChain = new NotFoundError('Chain not found: the node runs no chain', 'chain', ctx);
    const notFoundRoute = new NotFoundError('Not found (404)', 'route', ctx);
    const denied = new UnauthorizedError('The node denied access (401)', undefined, false, ctx);
    const boom = new ServerError('The node answered 500', ctx);
    assert.deepEqual(await detectGeneration({ version: ok('1.0.3'), chain: fail(boom) }), { kind: 'stardust', version: '1.0.3' });
    assert.deepEqual(await detectGeneration({ version: ok('v2.0.2'), chain: fail(boom) }), { kind: 'rebased', version: 'v2.0.2' });
    assert.deepEqual(await detectGeneration({ version: ok('0.0.0-testing'), chain: ok(chain) }), { kind: 'rebased', version: '0.0.0-testing', chain });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: ok(chain) }), { kind: 'rebased', version: '', chain });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(notFoundChain) }), { kind: 'rebased', version: 'dev', chain: null });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail(notFoundChain) }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: Chain not found: the node runs no chain',
    });
    assert.deepEqual(await detectGeneration({ version: fail(denied), chain: fail(notFoundChain) }), { kind: 'rebased', version: '', chain: null });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(notFoundRoute) }), { kind: 'stardust', version: 'dev' });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail(notFoundRoute) }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: Not found (404)',
    });
    assert.deepEqual(await detectGeneration({ version: fail(denied), chain: fail(notFoundRoute) }), { kind: 'stardust', version: '' });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(boom) }), {
      kind: 'unknown',
      version: 'dev',
      said: '/v1/chain: The node answered 500',
      answered: '/v1/node/version: version "dev"; /v1/chain: The node answered 500',
    });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail('a string') }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: a string',
    });
    assert.deepEqual(await detectGeneration({ version: fail(new Error('plain')), chain: fail(new Error(`x${'y'.repeat(300)}`)) }), {
      kind: 'unknown',
      said: 'plain',
      answered: `/v1/node/version: plain; /v1/chain: x${'y'.repeat(198)}…`,
    });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(denied) }), {
      kind: 'unknown',
      version: 'dev',
      said: '/v1/chain: The node denied access (401)',
      answered: '/v1/node/version: version "dev"; /v1/chain: The node denied access (401)',
    });
    await assert.rejects(detectGeneration({ version: fail(denied), chain: fail(denied) }), (e) => e === denied, 'a token wanted by both is no answer');
    const down = new NetworkError('The node could not be reached: connection refused', 'ECONNREFUSED', ctx);
    await assert.rejects(detectGeneration({ version: fail(down), chain: ok(chain) }), (e) => e === down);
    const slow = new TimeoutError(100, ctx);
    await assert.rejects(detectGeneration({ version: ok('dev'), chain: fail(slow) }), (e) => e === slow);
    assert.deepEqual(await detectGeneration({ version: ok('dev\u202e'), chain: fail(notFoundRoute) }), { kind: 'stardust', version: 'dev⟨U+202E⟩' });
  });
});

describe('api/generationProbe: a loopback node', () => {
  const server = useRouteServer();
  const { seen, routes } = server;

  it('reads the generation from version strings: 1.x Stardust, 2.x Rebased, a v prefix tolerated, the rest inconclusive', () => {
    assert.equal(generationOfVersion('1.0.3'), 'stardust');
    assert.equal(generationOfVersion('v1.4.0-rc.2'), 'stardust');
    assert.equal(generationOfVersion('2.0.2'), 'rebased');
    assert.equal(generationOfVersion('v2.1.0+build.5'), 'rebased');
    for (const odd of ['v0.0.0-testing', '3.0.0', 'develop', '', '2', '2.0', 'fac0718', '12.0.1', '2.0.2 ; rm -rf', '\u202e2.0.2'])
      assert.equal(generationOfVersion(odd), undefined, odd);
  });

  it('a v1 node: one request, the version', async () => {
    routes.set('/v1/node/version', versionReply('1.0.3'));
    assert.deepEqual(await detectGeneration(clientProbe(server.base)), { kind: 'stardust', version: '1.0.3' });
    assert.deepEqual(seen, ['/v1/node/version']);
  });

  it('a v2 node: one request, the version', async () => {
    routes.set('/v1/node/version', { status: 200, body: rebasedSampleText('node-version') });
    assert.deepEqual(await detectGeneration(clientProbe(server.base)), { kind: 'rebased', version: '2.0.2' });
    assert.deepEqual(seen, ['/v1/node/version']);
  });

  it('an inconclusive version asks /v1/chain: 200 with a 0x chain ID is Rebased', async () => {
    routes.set('/v1/node/version', versionReply('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 200, body: rebasedSampleText('chain') });
    const g = await detectGeneration(clientProbe(server.base));
    assert.equal(g.kind, 'rebased');
    assert.equal(g.kind === 'rebased' && g.chain?.chainID, (plainRebasedSample('chain') as { chainID: string }).chainID);
    assert.deepEqual(seen, ['/v1/node/version', '/v1/chain']);
  });

  it('an inconclusive version, /v1/chain 404 with an empty body: Rebased without a chain', async () => {
    routes.set('/v1/node/version', versionReply('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 404, body: '' });
    assert.deepEqual(await detectGeneration(clientProbe(server.base)), { kind: 'rebased', version: 'v0.0.0-testing', chain: null });
  });

  it('an inconclusive version, /v1/chain the unknown-route 404: Stardust', async () => {
    routes.set('/v1/node/version', versionReply('v0.0.0-testing'));
    assert.deepEqual(await detectGeneration(clientProbe(server.base)), { kind: 'stardust', version: 'v0.0.0-testing' });
  });

  it('401 while probing the version (a gateway): /v1/chain decides', async () => {
    routes.set('/v1/node/version', { status: 401, body: '{"Message":"invalid or expired jwt","Error":"missing value"}' });
    routes.set('/v1/chain', { status: 200, body: rebasedSampleText('chain') });
    assert.equal((await detectGeneration(clientProbe(server.base))).kind, 'rebased');
  });

  it('an odd version and a 404 with another body on /v1/chain: cannot classify, naming both answers', async () => {
    routes.set('/v1/node/version', versionReply('v0.0.0-testing'));
    routes.set('/v1/chain', { status: 403, body: '<html>Forbidden</html>', type: 'text/html' });
    const g = await detectGeneration(clientProbe(server.base));
    assert.equal(g.kind, 'unknown');
    assert.match(g.kind === 'unknown' ? g.answered : '', /\/v1\/node\/version: version "v0\.0\.0-testing"; \/v1\/chain: .*403/);
  });

  it('a proxy answering HTML: cannot classify, saying it was an HTML page', async () => {
    const html: RouteReply = { status: 200, body: '<!doctype html><title>Welcome to nginx</title>', type: 'text/html' };
    routes.set('/v1/node/version', html);
    routes.set('/v1/chain', html);
    const g = await detectGeneration(clientProbe(server.base));
    assert.equal(g.kind, 'unknown');
    assert.match(g.kind === 'unknown' ? g.answered : '', /HTML page/);
  });

  it('an odd version with an unreadable /v1/chain: cannot classify, the version revealed in the answer', async () => {
    routes.set('/v1/node/version', versionReply('\u202eevil'));
    routes.set('/v1/chain', { status: 500, body: '{"message":"Internal Server Error"}' });
    const g = await detectGeneration(clientProbe(server.base));
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
    const g = await detectGeneration(clientProbe(server.base));
    assert.equal(g.kind, 'unknown', JSON.stringify(g));
    assert.equal(g.kind === 'unknown' && g.said, 'an HTML page (HTTP 404)');
  });

  it("another API's JSON 404, even echo's own words or an empty body: not a Wasp node (its version route does not answer)", async () => {
    for (const body of ['{"error":"no such route"}', rebasedSampleText('error-404-route-not-found'), '']) {
      routes.set('/v1/node/version', { status: 404, body });
      routes.set('/v1/chain', { status: 404, body });
      const g = await detectGeneration(clientProbe(server.base));
      assert.equal(g.kind, 'unknown', `${body}: ${JSON.stringify(g)}`);
      assert.equal(g.kind === 'unknown' && g.said, 'HTTP 404');
    }
  });

  it('a server answering 200 text/plain to everything: not a Wasp node, not JSON', async () => {
    const plain: RouteReply = { status: 200, body: 'hello', type: 'text/plain' };
    routes.set('/v1/node/version', plain);
    routes.set('/v1/chain', plain);
    const g = await detectGeneration(clientProbe(server.base));
    assert.equal(g.kind, 'unknown', JSON.stringify(g));
    assert.equal(g.kind === 'unknown' && g.said, 'HTTP 200, not JSON');
  });
});
