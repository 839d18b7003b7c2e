// The Blocks list's filter (src/chains/model/blockFilter.ts): which blocks each filter keeps, and its name.
import * as assert from 'node:assert/strict';
import type { BlockInfo } from '../../../../src/api/chainLogSchemas';
import { blockMatches, filterName } from '../../../../src/chains/model/blockFilter';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function block(patch: Partial<BlockInfo> = {}): BlockInfo {
  return {
    blockIndex: 2417,
    timestamp: new Date(NOW - 2 * 60_000).toISOString(),
    totalRequests: 3,
    numSuccessfulRequests: 2,
    numOffLedgerRequests: 1,
    gasBurned: 12_345n,
    gasFeeCharged: 678n,
    ...patch,
  } as BlockInfo;
}

describe('chains/model/blockFilter', () => {
  it('the filter keeps the blocks with requests, or those with a failed request', () => {
    const empty = block({ totalRequests: 0, numSuccessfulRequests: 0 });
    const ok = block({ totalRequests: 2, numSuccessfulRequests: 2 });
    const failed = block();
    const kept = (f: Parameters<typeof blockMatches>[1]) => [empty, ok, failed].filter((b) => blockMatches(b, f));
    assert.deepEqual(kept('all'), [empty, ok, failed]);
    assert.deepEqual(kept('withRequests'), [ok, failed]);
    assert.deepEqual(kept('withFailures'), [failed]);
    assert.equal(filterName('withFailures'), 'blocks with failed requests');
  });
});
