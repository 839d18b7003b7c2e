// The receipt panel's messages (src/receipts/protocol.ts): its own words (the webview has no l10n of
// its own: every button and table head comes from here), and how a view becomes excerpts at exactly
// the caps, a big receipt reaching the webview as excerpts with the whole texts kept on the host.
import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../src/api/stardustSchemas';
import { englishL10n } from '../../../src/core/l10n';
import { buildReceiptView, receiptJson, type PayloadView, type ReceiptView } from '../../../src/transactions/model/receiptView';
import { PAYLOAD_EXCERPT, RAW_JSON_EXCERPT, receiptDisplay, receiptPanelLabels } from '../../../src/receipts/protocol';
import { benchRequestId, bigReceipt, plainReceipt } from '../../../bench/shared';
import { stardustView } from '../helpers/receipts';
import { ENGLISH_COMMON_LABELS } from '../helpers/labels';

/** A view as the receipt panel shows it: with the receipt's raw JSON beside it. */
const shown = (view: ReceiptView, rawJson = '{}') => ({ ...view, rawJson });

describe('receipts/protocol: the panel words and the excerpts', () => {
  it('gives the webview every word it shows', () => {
    assert.deepEqual(receiptPanelLabels(englishL10n), {
      ...ENGLISH_COMMON_LABELS,
      copyRequestId: 'Copy Request ID',
      debugTransaction: 'Debug Transaction',
      refresh: 'Refresh',
      loadEvmLogs: 'Load EVM Logs',
      loadStateChanges: 'Show State Changes',
      senderAccount: 'Sender’s Account',
      recipientAccount: 'Recipient’s Account',
      openJson: 'Open as JSON',
      showChainInfo: 'Chain Info at This Block',
      hex: 'Hex',
      text: 'Text',
      json: 'JSON',
      none: 'none',
      burnCode: 'Burn code',
      gas: 'Gas',
      share: 'Share',
      records: 'Records',
      key: 'Key',
      value: 'Value',
      id: 'ID',
      amount: 'Amount',
      baseTokens: 'Base tokens',
      nativeTokens: 'Native tokens',
      nfts: 'NFTs',
      issuer: 'Issuer',
      owner: 'Owner',
      metadata: 'Metadata',
      fungibleTokens: 'Fungible tokens sent',
      allowance: 'Allowance',
      nft: 'NFT',
      params: 'Parameters',
      burnLog: 'Gas burn log',
      burnLogEmpty: 'No gas burn log: the node keeps it only for gas estimation, not in stored receipts.',
      burnLogChart: 'Gas burned per burn code',
      errorParams: 'Error parameters',
      rawJson: 'Receipt as JSON',
      rawError: 'Raw error data',
      feePolicy: 'Fee policy',
      bytes: 'bytes',
      truncated: '(cut for display)',
      payloadView: 'Show as',
      assetsSent: 'Assets sent',
      coins: 'Coins',
      objects: 'Objects',
      coinType: 'Coin type',
      balance: 'Balance',
      objectType: 'Type',
      allowanceError: 'The node could not decode the allowance',
      callTree: {
        title: 'Call tree',
        from: 'from',
        to: 'to',
        abi: 'ABI',
        load: 'Show Call Tree',
        loading: 'Asking for the call tree…',
        search: 'Find a call by name or address',
        noMatch: 'No call matches.',
        copyJson: 'Copy as JSON',
        revertBegan: 'the revert began here',
        native: 'runs natively in the node (its ISC gas is not in the EVM gas)',
        value: 'value (wei)',
        gasUsed: 'gas used',
        returned: 'returned',
        logs: 'logs',
        moreLogs: '{0} more logs not shown',
        matches: '{0} calls match',
        debugFromHere: 'Debug from Here',
      },
    });
  });

  it('names the JSON-RPC host on the buttons that ask it', () => {
    const L = receiptPanelLabels(englishL10n, 'rpc.example:8545');
    assert.equal(L.loadEvmLogs, 'Load EVM Logs from rpc.example:8545');
    assert.equal(L.callTree.load, 'Show Call Tree from rpc.example:8545');
    assert.equal(L.callTree.loading, 'Asking rpc.example:8545 for the call tree…');
    assert.equal(L.loadStateChanges, 'Show State Changes from rpc.example:8545');
    assert.equal(receiptPanelLabels(englishL10n).loadStateChanges, 'Show State Changes');
  });

  it('cuts a payload form only beyond the cap, keeps the whole text by key, and passes the truncated flag on', () => {
    const base = stardustView('gasBurnLogParams');
    const at: PayloadView = {
      hex: 'a'.repeat(PAYLOAD_EXCERPT),
      text: 't'.repeat(PAYLOAD_EXCERPT + 1),
      json: 'j',
      byteLength: 7,
      valid: true,
      preferred: 'json',
      truncated: true,
    };
    const { display, texts } = receiptDisplay({ ...shown(base), params: [{ key: { ...at, hex: `0x${'6b'.repeat(150)}` }, keyLabel: 'k', value: at }] });
    const p = display.params[0];
    assert.deepEqual(p?.value, {
      hex: { text: 'a'.repeat(PAYLOAD_EXCERPT), length: PAYLOAD_EXCERPT, key: 'param.0.hex' },
      text: { text: 't'.repeat(PAYLOAD_EXCERPT), length: PAYLOAD_EXCERPT + 1, key: 'param.0.text' },
      json: { text: 'j', length: 1, key: 'param.0.json' },
      byteLength: 7,
      truncated: true,
      preferred: 'json',
    });
    assert.deepEqual([...texts.keys()], ['param.0.text'], 'a text exactly at the cap is sent whole');
    assert.equal(p?.keyLabel, 'k');
    assert.equal(p?.keyHex, `0x${'6b'.repeat(99)}`, 'the key hex (a tooltip) is cut to 200 characters');
    const plain = receiptDisplay(shown(base)).display.params[0]?.value;
    assert.ok(plain && !('truncated' in plain), 'no flag on a payload that was not cut');
  });

  it("an NFT's metadata becomes excerpts under the nft key; no NFT stays null", () => {
    const withNft = stardustView('onLedgerNft');
    const { display } = receiptDisplay(shown(withNft));
    assert.equal(display.nft?.metadata.hex.key, 'nft.hex');
    assert.equal(display.nft?.metadata.json?.key, 'nft.json');
    assert.equal(display.nft?.metadata.text?.key, 'nft.text');
    assert.equal(display.nft?.id, withNft.nft?.id);
    assert.equal(receiptDisplay(shown(stardustView('evmSuccess'))).display.nft, null);
  });

  it('the raw JSON is cut only beyond its cap', () => {
    const base = stardustView('evmSuccess');
    const at = receiptDisplay({ ...base, rawJson: 'x'.repeat(RAW_JSON_EXCERPT) });
    assert.equal(at.texts.size, 0);
    assert.deepEqual(at.display.rawJson, { text: 'x'.repeat(RAW_JSON_EXCERPT), length: RAW_JSON_EXCERPT, key: 'rawJson' });
    const over = receiptDisplay({ ...base, rawJson: 'x'.repeat(RAW_JSON_EXCERPT + 1) });
    assert.equal(over.texts.get('rawJson')?.length, RAW_JSON_EXCERPT + 1);
  });
});

describe('receipts/protocol: a receipt as the webview gets it', () => {
  const ID = `0x${'ab'.repeat(34)}`;

  it('a big receipt reaches the webview as excerpts; the whole texts stay on the host by key', () => {
    // The bench's receipt at a 64th of its size: its code parameter and raw JSON are still far past their excerpts.
    const receipt = ReceiptSchema.parse(bigReceipt(benchRequestId('big', 0), { paramBytes: 64 * 1024, burnRecords: 100 }));
    const view = shown(buildReceiptView(receipt), receiptJson(receipt));
    const { display, texts } = receiptDisplay(view);
    assert.ok(view.params[0] && view.params[0].value.hex.length > 60 * PAYLOAD_EXCERPT && view.rawJson.length > 5 * RAW_JSON_EXCERPT);
    const state = JSON.stringify(display).length;
    assert.ok(state < view.rawJson.length, `the state is smaller than the raw JSON alone: ${state} characters`);
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
    const receipt = ReceiptSchema.parse(plainReceipt(ID));
    const view = shown(buildReceiptView(receipt), receiptJson(receipt));
    const { display, texts } = receiptDisplay(view);
    assert.equal(texts.size, 0);
    assert.equal(display.rawJson.text, view.rawJson);
    assert.equal(display.rawJson.length, view.rawJson.length);
  });
});
