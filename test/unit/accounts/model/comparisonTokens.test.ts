// The comparison's token rows from a change built in the test: a token that went down reads with
// a minus and its amount, one that went up with a plus; no NFT rows when the reads listed none.
import * as assert from 'node:assert/strict';
import { REBASED_BASE_TOKEN } from '../../../../src/api/accountShape';
import type { HoldingsChange } from '../../../../src/api/holdings';
import { comparisonRows } from '../../../../src/accounts/model/accountView';

describe('accounts/model/accountView: token rows of a comparison', () => {
  it('down with a minus, up with a plus, and no NFT rows when neither read listed NFTs', () => {
    const change: HoldingsChange = {
      same: false,
      base: { before: 1n, after: 1n, delta: 0n, inWei: false },
      tokens: [
        { id: '0xa', before: 1500n, after: 500n, delta: -1000n },
        { id: '0xb', before: 0n, after: 3n, delta: 3n },
      ],
    };
    assert.deepStrictEqual(comparisonRows(change, REBASED_BASE_TOKEN), {
      summary: '2 changes.',
      rows: [
        { field: 'token.0xa', label: '0xa', value: '−1,000', detail: '1,500 → 500', mono: true },
        { field: 'token.0xb', label: '0xb', value: '+3', detail: '0 → 3', mono: true },
      ],
    });
  });
});
