// The edges of reading what /v1/ws sends (src/api/liveEvents.ts): the exact reason each malformed
// frame is dropped for (not JSON, not an object, an ack or an envelope by its keys, an issuer on a
// block or block events, a receipt of another request), which receipt issuers each generation
// takes (none, the node's own form only, never padded), and how much of a hostile kind is shown.
import * as assert from 'node:assert/strict';
import { parseLiveFrame } from '../../../src/api/liveEvents';
import { asFrame, wsSample, type WsSample } from '../live/liveSamples';

const ADDRESS64 = `0x${'ab'.repeat(32)}`;
const ED25519 = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';

/** A sample with one change, as the node would write it. */
function edited(name: WsSample, edit: (e: Record<string, unknown>) => void): string {
  const e = wsSample(name);
  edit(e);
  return asFrame(e);
}

const withIssuer = (name: WsSample, issuer: string) =>
  edited(name, (e) => {
    e.issuer = issuer;
  });

describe('api/liveEvents: why a frame is dropped, exactly', () => {
  it('a frame that is not JSON, or JSON but no object', () => {
    const notObject = { ok: false, field: '', reason: 'expected a JSON object' };
    for (const text of ['{"kind":', '5', 'null', '[]']) assert.deepStrictEqual(parseLiveFrame(text, 'rebased'), notObject, text);
  });

  it('an object without "event" is read as an envelope, and one with "event" and "kind" too', () => {
    assert.deepStrictEqual(parseLiveFrame('{}', 'rebased'), { ok: false, field: 'kind', reason: 'expected an event kind' });
    const both = edited('v2-ws-receipt', (e) => {
      e.event = 'subscribed';
    });
    assert.equal(parseLiveFrame(both, 'rebased').ok, true);
  });

  it('an issuer on a block or on block events', () => {
    assert.deepStrictEqual(parseLiveFrame(withIssuer('v2-ws-new_block', ADDRESS64), 'rebased'), {
      ok: false,
      field: 'issuer',
      reason: 'expected no issuer ("") on a block',
    });
    assert.deepStrictEqual(parseLiveFrame(withIssuer('v2-ws-block_events', ADDRESS64), 'rebased'), {
      ok: false,
      field: 'issuer',
      reason: 'expected no issuer ("") on block events',
    });
  });

  it('a receipt of another request than its envelope names', () => {
    const other = edited('v2-ws-receipt', (e) => {
      (e.payload as { request: { requestId: string } }).request.requestId = `0x${'00'.repeat(32)}`;
    });
    assert.deepStrictEqual(parseLiveFrame(other, 'rebased'), { ok: false, field: 'payload.request.requestId', reason: 'expected the request ID of the event' });
  });

  it('an unknown kind is shown clipped to 40 characters', () => {
    const long = edited('v2-ws-receipt', (e) => {
      e.kind = 'k'.repeat(1000);
    });
    assert.deepStrictEqual(parseLiveFrame(long, 'rebased'), {
      ok: false,
      field: 'kind',
      reason: `expected new_block, receipt or block_events (got "${'k'.repeat(39)}…")`,
    });
  });
});

describe('api/liveEvents: the issuer of a receipt', () => {
  const dropped = (words: string) => ({ ok: false, field: 'issuer', reason: `expected ${words}` });

  it('Stardust: none, or a Bech32 address as the node prints it, never padded', () => {
    assert.equal(parseLiveFrame(withIssuer('v1-ws-receipt', ''), 'stardust').ok, true);
    assert.equal(parseLiveFrame(withIssuer('v1-ws-receipt', ED25519), 'stardust').ok, true);
    assert.deepStrictEqual(parseLiveFrame(withIssuer('v1-ws-receipt', ` ${ED25519}`), 'stardust'), dropped('an agent ID of Stardust'));
  });

  it('Rebased: an L1 address (0x + 64 hex), never padded', () => {
    assert.equal(parseLiveFrame(withIssuer('v2-ws-receipt', ADDRESS64), 'rebased').ok, true);
    assert.deepStrictEqual(
      parseLiveFrame(withIssuer('v2-ws-receipt', ` ${ADDRESS64}`), 'rebased'),
      dropped('an agent ID (EIP-55 EVM address, 0x + 64 or 8 hex)'),
    );
  });
});
