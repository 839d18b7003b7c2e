import * as assert from 'node:assert/strict';
import { ReceiptSchema, type Receipt } from '../../../src/api/stardustSchemas';
import { clip, escapeMarkdown } from '../../../src/core/text';
import { buildReceiptView, describeFeeCheck, englishL10n, receiptJson } from '../../../src/receipts/model/receiptView';
import { estimateReceiptBytes } from '../../../src/receipts/model/rawJson';
import { DEMO_EVM_REVERT_REASON, DEMO_RECEIPTS, createDemoChains, utf8Hex, type ReceiptJson } from '../../fixtures/demoData';

function demoJson(ref: { chainId: string; requestId: string }): ReceiptJson {
  const chain = createDemoChains().find((c) => c.chainId === ref.chainId);
  const r = chain?.receipts.find((x) => x.request.requestId === ref.requestId);
  if (!r) throw new Error(`demo receipt ${ref.requestId} missing`);
  return r;
}

function parse(json: unknown): Receipt {
  return ReceiptSchema.parse(json);
}

function demo(ref: { chainId: string; requestId: string }): Receipt {
  return parse(demoJson(ref));
}

function row(view: ReturnType<typeof buildReceiptView>, field: string) {
  for (const s of view.sections) for (const r of s.rows) if (r.field === field) return r;
  return undefined;
}

describe('model/receiptView', () => {
  it('an EVM success: status, gas of budget, fee, call target by name, kind, sender', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.evmSuccess));
    assert.equal(v.failed, false);
    assert.equal(v.statusText, 'Request succeeded');
    assert.equal(v.error, undefined);
    assert.equal(v.gas.burned.text, '21,000');
    assert.equal(v.gas.budget.text, '21,000');
    assert.equal(v.gas.burnedShare, '100.0% of the budget');
    assert.equal(v.gas.fee.text, '210');
    assert.equal(v.gas.fee.raw, '210');
    assert.equal(v.callTarget.label, 'evm.sendTransaction');
    assert.equal(v.kind, 'evm');
    assert.equal(v.kindText, 'EVM transaction (off-ledger)');
    assert.equal(v.sender.kind, 'evm');
    assert.match(v.sender.raw, /^0xDb3009babf5415B64ef64275f0f23A87E90Ea142@iota1p/);
    assert.equal(v.summary, 'evm.sendTransaction');
    assert.equal(v.blockIndex, DEMO_RECEIPTS.evmSuccess.blockIndex);
    assert.deepEqual(
      v.sections.map((s) => s.id),
      ['receipt', 'gas', 'request'],
    );
    assert.equal(row(v, 'requestId')?.copy?.text, DEMO_RECEIPTS.evmSuccess.requestId);
  });

  it('an EVM revert leads with the decoded Error(string) reason', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.evmRevert));
    assert.equal(v.failed, true);
    assert.equal(v.statusText, 'Request failed');
    assert.equal(v.error?.decodedRevert, DEMO_EVM_REVERT_REASON);
    assert.equal(v.error?.headline, `Reverted: ${DEMO_EVM_REVERT_REASON}`);
    assert.equal(v.error?.code, 'a774');
    assert.equal(v.sections[0]?.id, 'error', 'the error section comes first');
    assert.equal(v.sections[0]?.rows[0]?.value, DEMO_EVM_REVERT_REASON);
    assert.equal(v.summary, `Reverted: ${DEMO_EVM_REVERT_REASON}`);
  });

  it('an ISC failure shows the message and the core error code', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.iscOffLedgerFailure));
    assert.equal(v.error?.headline, 'not enough funds for allowance');
    assert.equal(v.error?.code, 'd9b6');
    assert.equal(v.kind, 'offLedger');
    assert.equal(v.callTarget.label, 'accounts.withdraw');
    assert.equal(v.fungibleTokens, null);
    assert.equal(v.allowance?.baseTokens.text, '5,000,000');
  });

  it('a contract-defined error names the contract and error id', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.contractError));
    assert.equal(v.error?.code, 'fa9fa907:1');
    assert.equal(v.error?.codeText, 'error 1 of contract fa9fa907');
    assert.deepEqual(v.error?.params, [{ value: 'invoice-42', type: 'string' }]);
  });

  it('uint64 values beyond 2^53 stay exact', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.bigAmounts));
    assert.equal(v.gas.budget.raw, '18446744073709551615');
    assert.equal(v.gas.budget.text, '18,446,744,073,709,551,615');
    assert.equal(v.allowance?.baseTokens.text, '9,007,199,254,740,993');
    assert.equal(v.allowance?.nativeTokens[0]?.amount.text, '18,446,744,073,709,551,615');
    assert.equal(v.gas.requestBudget.raw, '18446744073709551615');
    assert.match(v.rawJson, /"gasBudget": "18446744073709551615"/);
  });

  it('an on-ledger request: tokens, NFT with its IRC27 metadata decoded, storage deposit', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.onLedgerNft));
    assert.equal(v.kind, 'onLedger');
    assert.equal(v.kindText, 'on-ledger request');
    assert.equal(v.gas.storageDeposit.text, '47,600');
    assert.equal(v.fungibleTokens?.baseTokens.text, '1,000,000,000');
    assert.equal(v.fungibleTokens?.nativeTokens.length, 2);
    assert.equal(v.fungibleTokens?.nfts.length, 1);
    assert.equal(v.nft?.metadata.preferred, 'json');
    assert.match(v.nft?.metadata.json ?? '', /"name": "Wasp Explorer Demo #4711"/);
    assert.deepEqual(
      v.nft?.fields.find((f) => f.key === 'name'),
      { key: 'name', value: 'Wasp Explorer Demo #4711' },
    );
    assert.equal(v.nft?.owner, '');
  });

  it('params get hex, text and JSON views; a burn log is summarised per code', () => {
    const v = buildReceiptView(demo(DEMO_RECEIPTS.gasBurnLogParams));
    assert.deepEqual(
      v.params.map((p) => p.keyLabel),
      ['doc', 'h', 'n', 'name'],
    );
    const [doc, h, , name] = v.params;
    assert.equal(doc?.value.preferred, 'json');
    assert.match(doc?.value.json ?? '', /"id": "invoice-42"/);
    assert.equal(h?.value.preferred, 'hex');
    assert.equal(h?.value.text, undefined);
    assert.equal(name?.value.text, 'Wasp Chain Explorer — démo ✓');
    assert.equal(v.burnLog.total.text, '10,000');
    assert.equal(v.burnLog.entries[0]?.name, 'storage');
    assert.equal(v.burnLog.entries[0]?.gasBurned.text, '5,120');
    assert.equal(v.burnLog.entries[0]?.shareText, '51.20%');
    assert.ok(v.burnLog.entries.some((e) => e.name === 'wasm'));
  });

  it('reveals invisible characters in remote text (bidi, zero-width)', () => {
    const json = demoJson(DEMO_RECEIPTS.iscOffLedgerFailure);
    json.errorMessage = 'evil\u202Etxt.exe';
    json.request.senderAccount = 'iota1\u200bfake';
    const v = buildReceiptView(parse(json));
    assert.equal(v.error?.headline, 'evil⟨U+202E⟩txt.exe');
    assert.equal(v.sender.raw, 'iota1⟨U+200B⟩fake');
  });

  it('the raw JSON has bigints as strings and invisibles revealed', () => {
    const json = demoJson(DEMO_RECEIPTS.evmSuccess);
    json.request.params.Items = [{ key: '0x74', value: utf8Hex('a\u202Eb') }];
    const raw = receiptJson(parse(json));
    assert.doesNotThrow(() => JSON.parse(raw.replace(/⟨U\+[0-9A-F]+⟩/g, '')));
    assert.match(raw, /"gasBurned": "21000"/);
  });

  it('uses the l10n function given for every label', () => {
    const upper = { t: (m: string, ...a: Array<string | number | boolean>) => englishL10n.t(m, ...a).toUpperCase() };
    const v = buildReceiptView(demo(DEMO_RECEIPTS.evmSuccess), upper);
    assert.equal(v.statusText, 'REQUEST SUCCEEDED');
    assert.ok(v.sections.every((s) => s.title === s.title.toUpperCase()));
  });

  describe('describeFeeCheck', () => {
    it('says when the fee matches the policy', () => {
      const f = describeFeeCheck(21000n, 210n, { a: 100, b: 1 });
      assert.deepEqual(f, { ok: true, text: 'matches the fee policy (100 gas = 1 base token)' });
    });
    it('names the difference when it does not', () => {
      const more = describeFeeCheck(21000n, 300n, { a: 100, b: 1 });
      assert.equal(more.ok, false);
      assert.match(more.text, /^90 more than the fee policy asks \(100 gas = 1 base token: 210\)$/);
      const less = describeFeeCheck(21000n, 10n, { a: 100, b: 1 });
      assert.match(less.text, /^200 less than the fee policy asks/);
    });
    it('free gas', () => {
      assert.deepEqual(describeFeeCheck(10000n, 0n, { a: 0, b: 0 }), { ok: true, text: 'matches the fee policy (gas is free)' });
    });
  });

  describe('escapeMarkdown', () => {
    it('leaves no Markdown construct alive: links, images, autolinks, HTML, entities, code, icons', () => {
      const hostile =
        '[click](command:waspChain.setToken?["x"]) ![i](https://e/x.png) <img src=x onerror=alert(1)> https://evil.example www.evil.example a@b.example &#x202E; `code` $(alert) **bold** # h';
      const out = escapeMarkdown(hostile);
      // Every ASCII punctuation character is escaped: none stands alone.
      for (let i = 0; i < out.length; i++) {
        if (out[i] === '\\') i++;
        // `$` is written `&#36;`, so that no theme icon can form.
        else if (out.startsWith('&#36;', i)) i += 4;
        else assert.doesNotMatch(out[i] ?? '', /[!-/:-@[-`{-~]/, `unescaped at ${i}: ${out}`);
      }
      assert.ok(out.includes('\\[click\\]\\(command\\:waspChain\\.setToken'));
      assert.ok(out.includes('https\\:\\/\\/evil\\.example'));
      assert.ok(out.includes('\\&\\#x202E\\;'));
    });
    it('makes it one line', () => {
      assert.equal(escapeMarkdown('a\n\n  b\tc'), 'a b c');
    });
    it('keeps letters, digits and non-ASCII text as they are', () => {
      assert.equal(escapeMarkdown('Wasp Chain Explorer démo ✓ 123'), 'Wasp Chain Explorer démo ✓ 123');
    });
  });

  it('clip cuts at a code point boundary', () => {
    assert.equal(clip('abcdef', 4), 'abc…');
    assert.equal(clip('😀😀😀😀😀', 3), '😀😀…');
    assert.equal(clip('short', 10), 'short');
  });

  describe('estimateReceiptBytes', () => {
    it('grows with the params, so a 1 MiB receipt weighs megabytes and a plain one kilobytes', () => {
      const chains = createDemoChains();
      const plain = chains.flatMap((c) => c.receipts).find((r) => r.request.params.Items.length === 0);
      assert.ok(plain);
      const small = ReceiptSchema.parse(plain);
      const bigJson = structuredClone(plain) as ReceiptJson;
      bigJson.request.params.Items = [{ key: '0x01', value: `0x${'ab'.repeat(1024 * 1024)}` }];
      const big = ReceiptSchema.parse(bigJson);
      assert.ok(estimateReceiptBytes(small) < 16 * 1024, String(estimateReceiptBytes(small)));
      assert.ok(estimateReceiptBytes(big) > 6 * 2 * 1024 * 1024, String(estimateReceiptBytes(big)));
    });
  });
});
