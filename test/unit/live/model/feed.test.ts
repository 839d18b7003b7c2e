// What the Live view keeps (src/live/model/feed.ts): receipts newest first in a ring of fixed size
// (older ones dropped and counted under a flood), the filters by outcome, by address (sender or
// the EVM transaction's recipient) and by contract (EVM address or ISC contract), and the latest
// block of each chain.
import * as assert from 'node:assert/strict';
import { parseLiveFrame, type LiveEvent } from '../../../../src/api/liveEvents';
import { hname } from '../../../../src/core/hname';
import { DEFAULT_FEED_CAP, LiveFeed, MAX_FEED_CAP, entryOf } from '../../../../src/live/model/feed';
import { asFrame, wsSample, wsSampleText, type WsSample } from '../liveSamples';

const V2_SENDER = '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
/** The recipient of the sample's signed transactions (v2, v1). */
const V2_TO = '0x79ec02651f11e79a071ed4eb96f2e0a0b098607e';
const V1_TO = '0x365a9d29da5efcc955c64c850b0a03e7e2e37f1b';
const V1_SENDER = '0xdb3009babf5415b64ef64275f0f23a87e90ea142';

type ReceiptEvent = Extract<LiveEvent, { kind: 'receipt' }>;

/** The sample receipt of a generation, under request ID number `n`, failed or not. */
function receipt(
  n: number,
  options: { failed?: boolean; generation?: 'rebased' | 'stardust'; edit?: (e: Record<string, unknown>) => void } = {},
): ReceiptEvent {
  const generation = options.generation ?? 'rebased';
  const name: WsSample = generation === 'rebased' ? 'v2-ws-receipt' : 'v1-ws-receipt';
  const e = wsSample(name);
  const p = e.payload as Record<string, unknown> & { request: Record<string, unknown> };
  const id = `0x${n.toString(16).padStart(64, '0')}${generation === 'stardust' ? '0000' : ''}`;
  e.requestID = id;
  p.request.requestId = id;
  if (options.failed) p.rawError = { code: '0003', params: [] };
  options.edit?.(e);
  const parsed = parseLiveFrame(asFrame(e), generation);
  if (!parsed.ok || parsed.frame.kind !== 'receipt') assert.fail(`not a receipt: ${JSON.stringify(parsed)}`);
  return parsed.frame;
}

const ids = (entries: Array<{ requestId: string }>) => entries.map((e) => Number.parseInt(e.requestId.slice(2, 66), 16));

describe('live/model/feed: the ring', () => {
  it('lists receipts newest first, each with a stable arrival number', () => {
    const feed = new LiveFeed(10);
    for (let i = 1; i <= 3; i++) feed.add(receipt(i));
    assert.deepEqual(ids(feed.list()), [3, 2, 1]);
    assert.deepEqual(
      feed.list().map((e) => e.seq),
      [3, 2, 1],
    );
  });

  it('past its cap the oldest are dropped and counted, memory stays the cap', () => {
    const feed = new LiveFeed(100);
    for (let i = 1; i <= 1_050; i++) feed.add(receipt(i % 7, { failed: i % 2 === 0 }));
    assert.equal(feed.size, 100);
    assert.equal(feed.dropped, 950);
    const list = feed.list();
    assert.equal(list.length, 100);
    assert.equal(list[0]?.seq, 1_050);
    assert.equal(list.at(-1)?.seq, 951);
  });

  it('a cap of nonsense becomes a sane one', () => {
    assert.equal(new LiveFeed(0).cap, 1);
    assert.equal(new LiveFeed(-5).cap, 1);
    assert.equal(new LiveFeed(Number.NaN).cap, DEFAULT_FEED_CAP);
    assert.equal(new LiveFeed(1e12).cap, MAX_FEED_CAP);
    assert.equal(new LiveFeed(2.9).cap, 2);
  });

  it('limit cuts the list; clear empties it and the count', () => {
    const feed = new LiveFeed(2);
    for (let i = 1; i <= 5; i++) feed.add(receipt(i));
    assert.deepEqual(ids(feed.list({}, 1)), [5]);
    feed.clear();
    assert.equal(feed.size, 0);
    assert.equal(feed.dropped, 0);
    assert.deepEqual(feed.list(), []);
    feed.add(receipt(9));
    assert.deepEqual(ids(feed.list()), [9]);
  });

  it('blocks are not entries: the latest block of each chain is kept, an older one does not replace it', () => {
    const feed = new LiveFeed(5);
    const block = (index: number) => {
      const e = wsSample('v2-ws-new_block');
      (e.payload as Record<string, unknown>).blockIndex = index;
      const p = parseLiveFrame(asFrame(e), 'rebased');
      assert.ok(p.ok);
      return p.frame as LiveEvent;
    };
    assert.equal(feed.add(block(7)), undefined);
    feed.add(block(5));
    const chain = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
    assert.equal(feed.latestBlock(chain)?.blockIndex, 7);
    feed.add(block(8));
    assert.equal(feed.latestBlock(chain)?.blockIndex, 8);
    const events = parseLiveFrame(wsSampleText('v2-ws-block_events'), 'rebased');
    assert.ok(events.ok);
    assert.equal(feed.add(events.frame as LiveEvent), undefined);
    assert.equal(feed.size, 0);
  });
});

describe('live/model/feed: what an entry says', () => {
  it('Rebased: the sender from the EIP-55 issuer in lower case, the recipient from the signed transaction, the evm contract', () => {
    const e = entryOf(receipt(1));
    assert.equal(e.sender, V2_SENDER.toLowerCase());
    assert.equal(e.target, V2_TO);
    assert.equal(e.contract, '07cb02c1');
    assert.equal(e.failed, false);
    assert.equal(e.generation, 'rebased');
  });

  it('Stardust: the EVM address of a 0x…@<chainID> sender, the recipient from the 0x74 parameter', () => {
    const e = entryOf(receipt(1, { generation: 'stardust' }));
    assert.equal(e.sender, V1_SENDER);
    assert.equal(e.target, V1_TO);
  });

  it('a receipt whose transaction cannot be read has no target, and is still kept', () => {
    const e = entryOf(
      receipt(1, {
        edit: (x) => {
          ((x.payload as Record<string, unknown>).request as Record<string, unknown>).params = ['0x00'];
        },
      }),
    );
    assert.equal(e.target, undefined);
    assert.equal(e.sender, V2_SENDER.toLowerCase());
  });
});

describe('live/model/feed: the filters', () => {
  let feed: LiveFeed;
  beforeEach(() => {
    feed = new LiveFeed(50);
    feed.add(receipt(1));
    feed.add(receipt(2, { failed: true }));
    feed.add(receipt(3, { generation: 'stardust' }));
    feed.add(
      receipt(4, {
        failed: true,
        edit: (x) => {
          const req = (x.payload as Record<string, unknown>).request as Record<string, unknown>;
          x.issuer = '';
          req.isEVM = false;
          req.senderAccount = '0x' + '12'.repeat(32);
          req.callTarget = { contractHName: '0x3c4b5e02', functionHName: '0x23f4e3a1' };
        },
      }),
    );
  });

  it('by outcome', () => {
    assert.deepEqual(ids(feed.list({ outcome: 'failure' })), [4, 2]);
    assert.deepEqual(ids(feed.list({ outcome: 'success' })), [3, 1]);
    assert.deepEqual(ids(feed.list({})), [4, 3, 2, 1]);
  });

  it('by address: the sender or the recipient, in any case, with or without @<chainID>', () => {
    assert.deepEqual(ids(feed.list({ addresses: [V2_SENDER.toUpperCase().replace('0X', '0x')] })), [2, 1]);
    assert.deepEqual(ids(feed.list({ addresses: [V1_TO.toUpperCase().replace('0X', '0x')] })), [3]);
    assert.deepEqual(ids(feed.list({ addresses: [`${V1_SENDER}@iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5`] })), [3]);
    assert.deepEqual(ids(feed.list({ addresses: ['0x' + '12'.repeat(32)] })), [4], 'an L1 sender by its agent ID');
    assert.deepEqual(ids(feed.list({ addresses: ['0x' + '00'.repeat(20)] })), []);
    assert.deepEqual(ids(feed.list({ addresses: [] })), [4, 3, 2, 1], 'an empty list filters nothing');
  });

  it('by contract: an EVM contract by address, an ISC contract by hname (with or without 0x) or by name', () => {
    assert.deepEqual(ids(feed.list({ contracts: [V2_TO] })), [2, 1]);
    assert.deepEqual(ids(feed.list({ contracts: ['0x3c4b5e02'] })), [4]);
    assert.deepEqual(ids(feed.list({ contracts: ['3C4B5E02'] })), [4]);
    assert.deepEqual(ids(feed.list({ contracts: ['accounts'] })), [4]);
    assert.deepEqual(ids(feed.list({ contracts: ['evm'] })), [3, 2, 1]);
    assert.deepEqual(ids(feed.list({ contracts: [''] })), []);
  });

  it('by contract: an empty list filters nothing, and several contracts are alternatives', () => {
    assert.deepEqual(ids(feed.list({ contracts: [] })), [4, 3, 2, 1]);
    assert.deepEqual(ids(feed.list({ contracts: [V2_TO, 'accounts'] })), [4, 2, 1]);
  });

  it('an address or a contract typed with spaces around it is the same filter', () => {
    assert.deepEqual(ids(feed.list({ addresses: [` ${V2_SENDER} `] })), [2, 1]);
    assert.deepEqual(ids(feed.list({ contracts: [` ${V2_TO} `] })), [2, 1]);
    assert.deepEqual(ids(feed.list({ contracts: [' accounts '] })), [4]);
  });

  it('filters combine: a failure of my contract', () => {
    assert.deepEqual(ids(feed.list({ outcome: 'failure', contracts: [V2_TO] })), [2]);
    assert.deepEqual(ids(feed.list({ outcome: 'failure', addresses: [V2_TO], contracts: ['accounts'] })), []);
  });
});

describe('live/model/feed: a contract whose name looks like hex', () => {
  // ISC contract names are free text: one may end or begin with hex digits, or be an address's shape.
  const NAMES = ['my0xdeadbeef', 'deadbeefcafe', `0x${'ab'.repeat(20)}ff`, `vault0x${'ab'.repeat(20)}`, ''];
  const feedOf = () => {
    const feed = new LiveFeed(50);
    NAMES.forEach((name, i) =>
      feed.add(
        receipt(i + 1, {
          edit: (x) => {
            const req = (x.payload as Record<string, unknown>).request as Record<string, unknown>;
            req.isEVM = false;
            req.callTarget = { contractHName: `0x${hname(name)}`, functionHName: '0x23f4e3a1' };
          },
        }),
      ),
    );
    return feed;
  };

  it('is found by its name, not read as an hname or an address', () => {
    const feed = feedOf();
    assert.deepEqual(ids(feed.list({ contracts: ['my0xdeadbeef'] })), [1]);
    assert.deepEqual(ids(feed.list({ contracts: ['deadbeefcafe'] })), [2]);
    assert.deepEqual(ids(feed.list({ contracts: [`0x${'ab'.repeat(20)}ff`] })), [3]);
    assert.deepEqual(ids(feed.list({ contracts: [`vault0x${'ab'.repeat(20)}`] })), [4]);
  });

  it('an empty contract filter finds nothing, not the contract whose hname is that of the empty name', () => {
    assert.deepEqual(ids(feedOf().list({ contracts: [''] })), []);
  });
});
