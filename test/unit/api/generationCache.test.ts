// The generation cache: a detection is cached, joined while it runs, and a forget during a
// probe wins over the probe's late answer or failure; and two small tree helpers at their edges.
import * as assert from 'node:assert/strict';
import { GenerationCache, type DetectedGeneration } from '../../../src/api/generation';
import { newerBlocks } from '../../../src/chains/model/blockPaging';
import { parseChainArg } from '../../../src/chains/model/chainRef';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => ((resolve = a), (reject = b)));
  return { promise, resolve, reject };
}
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
    assert.deepEqual(await cache.detect('n'), STARDUST);
    assert.equal(cache.started, 1);
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

describe('chains: block paging and command arguments at their edges', () => {
  it('with nothing loaded, the newest page reaches down to block 0 and no further', () => {
    assert.deepEqual(newerBlocks(5, []), [5, 4, 3, 2, 1, 0]);
    assert.deepEqual(newerBlocks(5, [3]), [5, 4]);
  });
  it('only a plain object names a chain; a function carrying the same fields does not', () => {
    assert.deepEqual(parseChainArg(Object.assign(() => 0, { chainName: 'IOTA' })), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(5), { kind: 'unrecognised' });
  });
});
