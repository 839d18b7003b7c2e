// What an entry of the Live feed says for receipts off the usual path (src/live/model/feed.ts): a
// request that is not EVM, a contract creation, an issuer other than the sender account, and a
// block announced twice.
import * as assert from 'node:assert/strict';
import { parseLiveFrame, type LiveEvent } from '../../../../src/api/liveEvents';
import { LiveFeed, entryOf } from '../../../../src/live/model/feed';
import { asFrame, wsSample } from '../liveSamples';

type ReceiptEvent = Extract<LiveEvent, { kind: 'receipt' }>;
const CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const SIGNED =
  '0x70f86e118502540be4008252089479ec02651f11e79a071ed4eb96f2e0a0b098607e881158e460913d00008082450fa0fd4a7d56b71dd3a1c18c6e29aadd1bdb8c6bf442f80f4c6cd57acf56201b33f6a06236ce6475341c19c76ad64c6a765c5b549c948a8fdd722b8d69596796a1eb1f';

function receipt(edit: (e: Record<string, unknown>, request: Record<string, unknown>) => void): ReceiptEvent {
  const e = wsSample('v2-ws-receipt');
  const request = (e.payload as Record<string, unknown>).request as Record<string, unknown>;
  edit(e, request);
  const parsed = parseLiveFrame(asFrame(e), 'rebased');
  if (!parsed.ok || parsed.frame.kind !== 'receipt') assert.fail(`not a receipt: ${JSON.stringify(parsed)}`);
  return parsed.frame;
}

function block(index: number, timestamp: string): LiveEvent {
  const e = wsSample('v2-ws-new_block');
  Object.assign(e.payload as Record<string, unknown>, { blockIndex: index, timestamp });
  const p = parseLiveFrame(asFrame(e), 'rebased');
  assert.ok(p.ok);
  return p.frame as LiveEvent;
}

describe('live/model/feed: entries off the usual path', () => {
  it('a request that is not EVM has no target field at all', () => {
    const e = entryOf(
      receipt((_, r) => {
        r.isEVM = false;
      }),
    );
    assert.deepEqual(['target' in e, e.contract], [false, '07cb02c1']);
  });

  it('a contract creation has no target', () => {
    const creation = `0x5cf85a${SIGNED.slice(8, 28)}80${SIGNED.slice(70)}`;
    const e = entryOf(
      receipt((_, r) => {
        r.params = [creation];
      }),
    );
    assert.equal('target' in e, false);
  });

  it('the sender is the issuer when the event names one, else the request’s sender account', () => {
    const other = '0x1111111111111111111111111111111111111111';
    const e = entryOf(
      receipt((_, r) => {
        r.senderAccount = other;
      }),
    );
    assert.equal(e.sender, '0xef2bf31b7dc8187475a527cc8b26eaad55267e33');
    const noIssuer = entryOf(
      receipt((x, r) => {
        x.issuer = '';
        r.senderAccount = other;
      }),
    );
    assert.equal(noIssuer.sender, other);
  });

  it('a block announced again under the same index replaces the one kept', () => {
    const feed = new LiveFeed(5);
    feed.add(block(7, '2025-06-10T09:21:33.512Z'));
    feed.add(block(7, '2025-06-10T09:21:34.000Z'));
    assert.equal(feed.latestBlock(CHAIN)?.timestamp, '2025-06-10T09:21:34.000Z');
  });
});
