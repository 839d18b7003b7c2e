import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../src/api/stardustSchemas';
import { receiptMatches } from '../../../src/receipts/identity';
import { ReceiptIdentitySchema } from '../../../src/receipts/identitySchema';
import { buildReceiptView } from '../../../src/receipts/model/receiptView';
import { PAYLOAD_EXCERPT, RAW_JSON_EXCERPT, receiptDisplay } from '../../../src/receipts/protocol';
import { benchRequestId, bigReceipt, plainReceipt } from '../../../bench/shared';

const ID = `0x${'ab'.repeat(34)}`;

describe('receipts/protocol and identity', () => {
  it('a big receipt reaches the webview as excerpts; the whole texts stay on the host by key', () => {
    const view = buildReceiptView(ReceiptSchema.parse(bigReceipt(benchRequestId('big', 0))));
    const { display, texts } = receiptDisplay(view);
    assert.ok(JSON.stringify(display).length < 1_000_000, `the state is small: ${JSON.stringify(display).length} characters`);
    const blob = display.params[0]?.value.hex;
    assert.ok(blob && blob.text.length === PAYLOAD_EXCERPT && blob.length === view.params[0]?.value.hex.length);
    assert.equal(texts.get(blob.key), view.params[0]?.value.hex, 'Show all gets the whole hex');
    assert.equal(display.rawJson.text, view.rawJson.slice(0, RAW_JSON_EXCERPT));
    assert.equal(texts.get(display.rawJson.key), view.rawJson);
    assert.equal(display.params.length, view.params.length);
  });

  it('reveals invisible characters in the raw JSON as the node sent it', () => {
    const view = buildReceiptView(ReceiptSchema.parse(plainReceipt(ID)));
    const { display } = receiptDisplay({ ...view, rawJson: '{"senderAccount": "iota1\u202e5uxq\u200bx"}' });
    assert.doesNotMatch(display.rawJson.text, /[\u202e\u200b]/);
    assert.ok(display.rawJson.text.includes('iota1⟨U+202E⟩5uxq⟨U+200B⟩x'), display.rawJson.text);
  });

  it('a small receipt is sent whole, with nothing kept aside', () => {
    const view = buildReceiptView(ReceiptSchema.parse(plainReceipt(ID)));
    const { display, texts } = receiptDisplay(view);
    assert.equal(texts.size, 0);
    assert.equal(display.rawJson.text, view.rawJson);
    assert.equal(display.rawJson.length, view.rawJson.length);
  });

  it('reads an identity from a saved state and nothing else; rejects what is not one', () => {
    const upper = ID.toUpperCase().replace('0X', '0x');
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: upper, chainName: 'IOTA EVM', block: 5 }), { requestId: ID, chainName: 'IOTA EVM', block: '5' });
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: ID, chainName: null, block: 'latest' }), { requestId: ID });
    const bads = [
      { requestId: 'javascript:alert(1)' },
      { requestId: ID, chainName: ' ' },
      { requestId: ID, block: 'nope' },
      { requestId: ID, chainName: 'x'.repeat(201) },
      { chainName: 'IOTA' },
    ];
    for (const bad of bads) {
      assert.equal(ReceiptIdentitySchema.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });

  it('restores the panel of a Rebased request (0x + 64 hex) as well as a Stardust one, lower-cased', () => {
    const rebased = `0x${'Ab'.repeat(32)}`;
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: rebased, chainName: 'IOTA EVM' }), { requestId: rebased.toLowerCase(), chainName: 'IOTA EVM' });
    assert.equal(ReceiptIdentitySchema.safeParse({ requestId: `0x${'ab'.repeat(33)}` }).success, false, '66 hex is neither');
  });

  it('a panel without a chain name matches the request on any chain; a named chain only itself', () => {
    assert.ok(receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID }));
    assert.ok(receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID, chainName: 'iota' }));
    assert.ok(!receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID, chainName: 'Shimmer' }));
    assert.ok(!receiptMatches({ requestId: ID }, { requestId: ID, block: '5' }));
  });
});
