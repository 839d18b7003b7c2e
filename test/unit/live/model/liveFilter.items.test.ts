// The Live view's filter at its edges (src/live/model/liveFilter.ts): which senders count as the
// workspace's, stored addresses outside the listed scope, typed lists cut and reported, and a
// stored filter with odd values read back.
import * as assert from 'node:assert/strict';
import type { FeedEntry } from '../../../../src/live/model/feed';
import { DEFAULT_VIEW_FILTER, filterFrom, parseFilterItems, passes, touchesWorkspace } from '../../../../src/live/model/liveFilter';

const X = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const Y = '0x1111111111111111111111111111111111111111';
const entry = (sender: string, target?: string): FeedEntry =>
  ({
    seq: 1,
    generation: 'rebased',
    chainId: 'c',
    requestId: 'r',
    failed: false,
    sender,
    contract: '07cb02c1',
    blockIndex: 1,
    requestIndex: 0,
    ...(target === undefined ? {} : { target }),
  }) as unknown as FeedEntry;
const anything = () => true;

describe('live/model/liveFilter: edges', () => {
  it('only a whole lower-case EVM address is looked up in the workspace', () => {
    assert.equal(touchesWorkspace(entry('iota1qpszqzadsym6wpppd6z037dvlejmjuke7s24hm95s9fg9vpua7vluaw60xu'), anything), false);
    assert.equal(touchesWorkspace(entry(`agent:${X}`), anything), false);
    assert.equal(touchesWorkspace(entry(X), anything), true);
  });

  it('addresses kept from a listed filter do not narrow the view once the scope is all', () => {
    assert.equal(passes(entry(X), { ...DEFAULT_VIEW_FILTER, addresses: [Y] }, anything, false), true);
  });

  it('a typed list is read from its first 10,000 characters', () => {
    assert.deepEqual(parseFilterItems(`${' '.repeat(10_000)}${X}`, 'address'), { items: [], rejected: [] });
  });

  it('separators before and after the items reject nothing; a rejected item is cut to 80 characters', () => {
    assert.deepEqual(parseFilterItems(` ,${X}; `, 'address'), { items: [X], rejected: [] });
    assert.deepEqual(parseFilterItems('z'.repeat(120), 'address'), { items: [], rejected: ['z'.repeat(80)] });
  });

  it('a stored filter: null is the default, each outcome and scope kept, anything else the default', () => {
    assert.deepEqual(filterFrom(null), DEFAULT_VIEW_FILTER);
    assert.equal(filterFrom({ outcome: 'success' }).outcome, 'success');
    assert.equal(filterFrom({ outcome: 'failure' }).outcome, 'failure');
    assert.equal(filterFrom({ scope: 'mine' }).scope, 'mine');
    assert.equal(filterFrom({ scope: 'weird' }).scope, 'all');
    assert.equal(filterFrom({ scope: 'listed', addresses: [X] }).scope, 'listed');
  });

  it('a stored list keeps only its strings', () => {
    assert.deepEqual(filterFrom({ contracts: [12345678, 'evm'] }).contracts, ['evm']);
  });
});
