// The read caps of the ABI scan (src/workspace/model/scanGuard.ts) against endless and stalled sources.
import * as assert from 'node:assert/strict';
import { readCapped } from '../../../../src/workspace/model/scanGuard';
import { endlessChunks, stalledChunks } from '../../../fixtures/abiFiles';

describe('workspace/model/scanGuard: readCapped', () => {
  it('an endless source is abandoned one chunk past the cap, and its iterator returned (the stream closed)', async () => {
    const source = endlessChunks(1000);
    assert.deepEqual(await readCapped(source, 10_000, () => 1e9), { stopped: 'tooLarge' });
    assert.equal(source.pulled, 11);
    assert.equal(source.returned, true);
  });

  it('exactly the cap is read whole, in order', async () => {
    const chunks = (async function* () {
      yield new Uint8Array([1, 2]);
      yield new Uint8Array([3]);
    })();
    assert.deepEqual(await readCapped(chunks, 3, () => 1e9), { bytes: new Uint8Array([1, 2, 3]) });
  });

  it('a source that stalls is abandoned when the time left runs out', async () => {
    assert.deepEqual(await readCapped(stalledChunks(new Uint8Array(1)), 100, () => 20), { stopped: 'late' });
  });

  it('no time left: nothing is awaited', async () => {
    const source = endlessChunks(1);
    assert.deepEqual(await readCapped(source, 100, () => -1), { stopped: 'late' });
    assert.equal(source.returned, true);
  });
});
