// The Blocks list's filter (src/chains/model/blockFilter.ts): which blocks each filter keeps, and its name.
import * as assert from 'node:assert/strict';
import { blockMatches, filterName } from '../../../../src/chains/model/blockFilter';
import { block } from '../../helpers/blocks';

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
