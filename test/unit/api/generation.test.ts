// The per-node cache of detections (src/api/generation.ts): an answer is cached, joined while it
// runs, never a failure or a token error; a forget during a probe wins over the probe's late answer
// or failure; a route of the detected generation answering the unknown-route 404 forgets it.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { NetworkError, TokenExpiredError, UnauthorizedError } from '../../../src/api/errors';
import { type DetectedGeneration, GenerationCache } from '../../../src/api/generation';
import { detectGeneration } from '../../../src/api/generationProbe';
import { startRouteServer } from '../../fixtures/routeServer';
import { deferred } from '../helpers/async';
import { clientProbe, useRouteServer, versionReply } from '../helpers/routeServer';

const STARDUST: DetectedGeneration = { kind: 'stardust', version: '1.0.3' };

describe('api/generation: the cache of detections', () => {
  it('caches an answer: peek sees it, the next caller does not probe', async () => {
    const probes: Array<ReturnType<typeof deferred<DetectedGeneration>>> = [];
    const cache = new GenerationCache(() => {
      const d = deferred<DetectedGeneration>();
      probes.push(d);
      return d.promise;
    });
    const first = cache.detect('n');
    assert.equal(cache.peek('n'), undefined);
    probes[0]?.resolve(STARDUST);
    assert.deepEqual(await first, STARDUST);
    assert.deepEqual(cache.peek('n'), STARDUST);
    const next = cache.detect('n');
    // Counted before awaiting: a second probe would never be answered, and the test would hang.
    assert.equal(cache.started, 1);
    assert.deepEqual(await next, STARDUST);
  });

  it('a probe that fails is not cached; one forgotten while running neither caches nor removes the newer probe', async () => {
    const probes: Array<ReturnType<typeof deferred<DetectedGeneration>>> = [];
    const cache = new GenerationCache(() => {
      const d = deferred<DetectedGeneration>();
      probes.push(d);
      return d.promise;
    });
    const old = cache.detect('n');
    cache.forget('n');
    const fresh = cache.detect('n');
    assert.equal(cache.started, 2);
    probes[0]?.reject(new Error('old failure'));
    await assert.rejects(old);
    const joined = cache.detect('n');
    assert.equal(cache.started, 2, 'the late failure of the forgotten probe left the newer one in place');
    probes[1]?.resolve(STARDUST);
    assert.deepEqual(await Promise.all([fresh, joined]), [STARDUST, STARDUST]);

    const again = new GenerationCache(() => {
      const d = deferred<DetectedGeneration>();
      probes.push(d);
      return d.promise;
    });
    const late = again.detect('m');
    again.forget('m');
    probes.at(-1)?.resolve(STARDUST);
    await late;
    assert.equal(again.peek('m'), undefined, 'a forgotten probe does not fill the cache');
    const failing = again.detect('m');
    probes.at(-1)?.reject(new Error('down'));
    await assert.rejects(failing);
    assert.equal(again.peek('m'), undefined);
    void again.detect('m');
    assert.equal(again.started, 3, 'after a failure the next caller probes again');
  });
});

describe('api/generation: detections of a loopback node, cached', () => {
  const server = useRouteServer();
  const { seen, routes } = server;

  it('401 on both (a gateway that wants a token): the 401 itself, not cached, so the tree says "needs a token"', async () => {
    routes.set('/v1/node/version', { status: 401, body: '{"missingPermission":"read","error":"Missing permission"}' });
    routes.set('/v1/chain', { status: 401, body: '{"missingPermission":"read","error":"Missing permission"}' });
    const cache = new GenerationCache(() => detectGeneration(clientProbe(server.base)));
    await assert.rejects(cache.detect('n'), (e: unknown) => e instanceof UnauthorizedError && e.missingPermission === 'read');
    assert.equal(cache.peek('n'), undefined);
  });

  it('an unreachable node is an error, not a classification, and is not cached', async () => {
    // A port that was just free: nothing listens there.
    const closed = await startRouteServer({ routes: new Map(), seen: [], fallback: 'reset' });
    await closed.close();
    const url = closed.base;
    const cache = new GenerationCache(() => detectGeneration(clientProbe(url)));
    await assert.rejects(cache.detect('n'), NetworkError);
    assert.equal(cache.peek('n'), undefined);
    await assert.rejects(cache.detect('n'), NetworkError);
    assert.equal(cache.started, 2, 'tried again on the next use');
  });

  it('an expired stored token is not an answer: the error comes back (the tree says "token expired"), nothing is cached or sent', async () => {
    const client = new WaspClient({
      baseUrl: server.base,
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
    routes.set('/v1/node/version', versionReply('2.0.2'));
    let release!: () => void;
    server.gate = new Promise<void>((r) => (release = r));
    const cache = new GenerationCache(() => detectGeneration(clientProbe(server.base)));
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
    routes.set('/v1/node/version', versionReply('1.0.3'));
    const cache = new GenerationCache(() => detectGeneration(clientProbe(server.base)));
    await Promise.all([cache.detect('a'), cache.detect('b'), cache.detect('a')]);
    assert.equal(cache.started, 2);
  });

  it('re-detects after a route of the detected generation answered the unknown-route 404', async () => {
    routes.set('/v1/node/version', versionReply('1.0.3'));
    const cache = new GenerationCache(() => detectGeneration(clientProbe(server.base)));
    const client = new WaspClient({ baseUrl: server.base, onRouteNotFound: () => cache.forget('node') });
    assert.equal((await cache.detect('node')).kind, 'stardust');
    // The node was upgraded: its v1 routes now answer the unknown-route 404.
    routes.set('/v1/node/version', versionReply('2.0.2'));
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'));
    assert.equal(cache.peek('node'), undefined);
    assert.equal((await cache.detect('node')).kind, 'rebased');
    assert.equal(cache.started, 2);
  });

  it('a probe that was forgotten while in flight does not refill the cache (Refresh wins)', async () => {
    routes.set('/v1/node/version', versionReply('1.0.3'));
    let release!: () => void;
    server.gate = new Promise<void>((r) => (release = r));
    const cache = new GenerationCache(() => detectGeneration(clientProbe(server.base)));
    const first = cache.detect('node');
    await new Promise((r) => setTimeout(r, 30));
    cache.forgetAll();
    release();
    await first;
    assert.equal(cache.peek('node'), undefined);
    server.gate = undefined;
    routes.set('/v1/node/version', versionReply('2.0.2'));
    assert.equal((await cache.detect('node')).kind, 'rebased');
  });
});
