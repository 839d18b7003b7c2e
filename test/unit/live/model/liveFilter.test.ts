// The Live view's filter (src/live/model/liveFilter.ts): outcome, the workspace's own addresses by
// default (an empty address book shows everything rather than nothing), typed addresses and
// contracts checked item by item, and a stored filter read back as untrusted input.
import * as assert from 'node:assert/strict';
import { parseLiveFrame, type LiveEvent } from '../../../../src/api/liveEvents';
import { LiveFeed, type FeedEntry } from '../../../../src/live/model/feed';
import {
  DEFAULT_VIEW_FILTER,
  MAX_FILTER_ITEMS,
  filterFrom,
  parseFilterItems,
  passes,
  touchesWorkspace,
  type LiveViewFilter,
} from '../../../../src/live/model/liveFilter';
import { asFrame, wsSample } from '../liveSamples';

/** The v2 sample receipt's sender and its transaction's recipient (lower case). */
const SENDER = '0xef2bf31b7dc8187475a527cc8b26eaad55267e33';
const TO = '0x79ec02651f11e79a071ed4eb96f2e0a0b098607e';

function entry(n: number, failed = false): FeedEntry {
  const e = wsSample('v2-ws-receipt');
  const p = e.payload as Record<string, unknown> & { request: Record<string, unknown> };
  const id = `0x${n.toString(16).padStart(64, '0')}`;
  e.requestID = id;
  p.request.requestId = id;
  if (failed) p.rawError = { code: '0003', params: [] };
  const parsed = parseLiveFrame(asFrame(e), 'rebased');
  if (!parsed.ok || parsed.frame.kind !== 'receipt') assert.fail(JSON.stringify(parsed));
  const added = new LiveFeed(10).add(parsed.frame as LiveEvent);
  assert.ok(added);
  return added;
}

const none = () => false;
const only =
  (...names: string[]) =>
  (a: string) =>
    names.includes(a);
const f = (part: Partial<LiveViewFilter>): LiveViewFilter => ({ ...DEFAULT_VIEW_FILTER, ...part });

describe('live/model/liveFilter: what the view shows', () => {
  it('by default shows every request the chains publish, whether or not the workspace names its addresses', () => {
    assert.equal(DEFAULT_VIEW_FILTER.scope, 'all');
    assert.equal(passes(entry(1), DEFAULT_VIEW_FILTER, only('0x' + '1'.repeat(40)), false), true, 'the workspace names neither sender nor recipient');
    assert.equal(passes(entry(1), DEFAULT_VIEW_FILTER, only(TO), false), true);
  });

  it('"mine" shows the requests whose sender or EVM recipient the workspace names', () => {
    const e = entry(1);
    const mine = f({ scope: 'mine' });
    assert.equal(passes(e, mine, only(TO), false), true, 'the recipient is a deployed contract');
    assert.equal(passes(e, mine, only(SENDER), false), true, 'the sender is my account');
    assert.equal(passes(e, mine, only('0x' + '1'.repeat(40)), false), false, 'neither');
  });

  it('with an address book that names nothing, "mine" shows every request', () => {
    assert.equal(passes(entry(1), f({ scope: 'mine' }), none, true), true);
  });

  it('"all" ignores the book; the outcome filter keeps failures or successes only', () => {
    const ok = entry(1);
    const failed = entry(2, true);
    assert.equal(passes(ok, f({ scope: 'all' }), none, false), true);
    assert.equal(passes(ok, f({ scope: 'all', outcome: 'failure' }), none, false), false);
    assert.equal(passes(failed, f({ scope: 'all', outcome: 'failure' }), none, false), true);
    assert.equal(passes(failed, f({ scope: 'all', outcome: 'success' }), none, false), false);
  });

  it('listed addresses match the sender or the recipient, in any case; an empty list shows nothing', () => {
    const e = entry(1);
    assert.equal(passes(e, f({ scope: 'listed', addresses: [TO.toUpperCase().replace('0X', '0x')] }), none, false), true);
    assert.equal(passes(e, f({ scope: 'listed', addresses: ['0x' + 'a'.repeat(40)] }), none, false), false);
    assert.equal(passes(e, f({ scope: 'listed', addresses: [] }), none, false), false);
  });

  it('contracts narrow on top of the address scope', () => {
    const e = entry(1);
    assert.equal(passes(e, f({ scope: 'all', contracts: [TO] }), none, false), true);
    assert.equal(passes(e, f({ scope: 'all', contracts: ['accounts'] }), none, false), false);
    assert.equal(passes(e, f({ scope: 'mine', contracts: [TO] }), none, false), false, 'still only mine');
  });

  it('touchesWorkspace looks up EVM addresses only, never an agent ID of another shape', () => {
    const e = { ...entry(1), sender: '0x' + 'b'.repeat(64), target: undefined } as FeedEntry;
    const asked: string[] = [];
    assert.equal(
      touchesWorkspace(e, (a) => {
        asked.push(a);
        return true;
      }),
      false,
    );
    assert.deepEqual(asked, []);
  });
});

describe('live/model/liveFilter: typed and stored filters', () => {
  it('splits on commas and spaces, keeps each shape once, names what it refused', () => {
    const r = parseFilterItems(`${TO}, evm  0x1074a5b3 ${TO};bad-thing <b>x</b>`, 'contract');
    assert.deepEqual(r.items, [TO, 'evm', '0x1074a5b3']);
    assert.deepEqual(r.rejected, ['bad-thing', '<b>x</b>']);
    const a = parseFilterItems(`${SENDER}@tst1prxxxxx 0x${'c'.repeat(64)} evm 0x1074a5b3`, 'address');
    assert.deepEqual(a.items, [`${SENDER}@tst1prxxxxx`, `0x${'c'.repeat(64)}`]);
    assert.deepEqual(a.rejected, ['evm', '0x1074a5b3'], 'a contract name or hname is no address');
  });

  it(`keeps at most ${MAX_FILTER_ITEMS} items and names at most 5 refused`, () => {
    const many = Array.from({ length: 80 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`).join(' ');
    assert.equal(parseFilterItems(many, 'address').items.length, MAX_FILTER_ITEMS);
    assert.equal(parseFilterItems('! @ # $ % ^ &', 'contract').rejected.length, 5);
  });

  it('a stored filter of the wrong shape is the default; odd items are dropped', () => {
    assert.deepEqual(filterFrom(undefined), DEFAULT_VIEW_FILTER);
    assert.deepEqual(filterFrom('x'), DEFAULT_VIEW_FILTER);
    assert.equal(filterFrom({ scope: 'mine' }).scope, 'mine', 'a stored choice of the workspace’s own is kept');
    assert.deepEqual(
      filterFrom({ outcome: 'nope', scope: 'listed', addresses: [42, 'x y'] }),
      DEFAULT_VIEW_FILTER,
      'listed with nothing left is every request',
    );
    assert.deepEqual(filterFrom({ outcome: 'failure', scope: 'listed', addresses: [TO, {}], contracts: ['evm', '$(x)'] }), {
      outcome: 'failure',
      scope: 'listed',
      addresses: [TO],
      contracts: ['evm'],
    });
  });
});
