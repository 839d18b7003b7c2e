// What a receipt carries, as the view shows it (src/transactions/model/receiptView.ts): assets, an NFT's
// IRC27 metadata, parameters as hex, text and JSON cut at exactly their caps, and the raw JSON.
import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../../../src/api/stardustSchemas';
import { buildReceiptView, MAX_PAYLOAD_HEX_CHARS, MAX_RAW_JSON_CHARS, receiptJson } from '../../../../../src/transactions/model/receiptView';
import { payload } from '../../../../../src/transactions/model/receiptSections';
import { createDemoChains, DEMO_RECEIPTS, type ReceiptJson, utf8Hex } from '../../../../fixtures/demoData';
import { stardustReceipt, stardustView } from '../../../helpers/receipts';

describe('transactions/model/receiptView: assets', () => {
  const base = { baseTokens: '0', nativeTokens: [] as Array<{ id: string; amount: string }>, nfts: [] as string[] };
  const NT = `0x08${'AB'.repeat(37)}`;
  const NFT = `0x${'CD'.repeat(32)}`;
  const allowance = (a: typeof base) => buildReceiptView(stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => (j.request.allowance = a))).allowance;
  it('empty only when there are no base tokens, native tokens or NFTs', () => {
    assert.equal(allowance(base)?.empty, true);
    assert.equal(allowance({ ...base, baseTokens: '1' })?.empty, false);
    assert.equal(allowance({ ...base, nativeTokens: [{ id: NT, amount: '5' }] })?.empty, false);
    assert.equal(allowance({ ...base, nfts: [NFT] })?.empty, false);
  });
  it('token and NFT IDs in lowercase', () => {
    assert.deepEqual(allowance({ baseTokens: '1000', nativeTokens: [{ id: NT, amount: '5' }], nfts: [NFT] }), {
      baseTokens: { raw: '1000', text: '1,000' },
      nativeTokens: [{ id: NT.toLowerCase(), amount: { raw: '5', text: '5' } }],
      nfts: [NFT.toLowerCase()],
      empty: false,
    });
  });
});

describe('transactions/model/receiptView: an NFT', () => {
  const nft = (metadata: string, id = `0x${'EF'.repeat(32)}`) =>
    buildReceiptView(
      stardustReceipt(DEMO_RECEIPTS.onLedgerNft, (j) => {
        j.request.nft = { id, issuer: 'smr1\u200bissuer', metadata, owner: '' };
      }),
    ).nft;
  it('every IRC27 field that is a string or a number, in order; other keys and values skipped', () => {
    const meta = {
      version: 1,
      standard: 'IRC27',
      uri: 'https://example.com/1.png',
      type: 'image/png',
      description: true,
      issuerName: 'Issuer',
      collectionName: 'Collection',
      name: 'N'.repeat(600),
      royalties: 'x',
    };
    const v = nft(utf8Hex(JSON.stringify(meta)));
    assert.deepEqual(v?.fields, [
      { key: 'name', value: `${'N'.repeat(499)}…` },
      { key: 'collectionName', value: 'Collection' },
      { key: 'issuerName', value: 'Issuer' },
      { key: 'type', value: 'image/png' },
      { key: 'uri', value: 'https://example.com/1.png' },
      { key: 'standard', value: 'IRC27' },
      { key: 'version', value: '1' },
    ]);
    assert.equal(v?.id, `0x${'ef'.repeat(32)}`);
    assert.equal(v?.issuer, 'smr1⟨U+200B⟩issuer');
  });
  it('the description field too; no fields from an array or from plain text', () => {
    assert.deepEqual(nft(utf8Hex(JSON.stringify({ description: 'D' })))?.fields, [{ key: 'description', value: 'D' }]);
    assert.deepEqual(nft(utf8Hex(JSON.stringify([{ name: 'x' }])))?.fields, []);
    assert.deepEqual(nft(utf8Hex('name'))?.fields, []);
    assert.deepEqual(nft('0x')?.fields, []);
  });

  it('labels IRC27 fields that are numbers too, in the standard order, and skips other types', () => {
    const meta = Buffer.from(JSON.stringify({ version: 2, name: 'N', uri: { x: 1 }, standard: 'IRC27', extra: 'e' })).toString('hex');
    const v = stardustView('onLedgerNft', (r) => {
      if (r.request.nft) r.request.nft.metadata = `0x${meta}`;
    });
    assert.deepEqual(v.nft?.fields, [
      { key: 'name', value: 'N' },
      { key: 'standard', value: 'IRC27' },
      { key: 'version', value: '2' },
    ]);
  });
});

describe('transactions/model/receiptView: payloads', () => {
  const param = (value: string, key = '0x6b') =>
    buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess, (j) => (j.request.params.Items = [{ key, value }]))).params[0];
  // The cut's logic at a cap the test passes: the same code as at the production cap, on small inputs.
  const CAP = 24;
  const cut = (hex: string) => payload(hex, CAP);
  it('cuts at a million characters', () => {
    assert.equal(MAX_PAYLOAD_HEX_CHARS, 1_000_000);
  });
  it('hex of exactly the limit is whole; one more character is cut and marked', () => {
    const whole = `0x${'a'.repeat(CAP - 2)}`;
    const at = cut(whole);
    assert.equal(at.hex, whole);
    assert.equal(at.truncated, undefined);
    assert.equal('truncated' in at, false);
    const over = cut(`0x${'a'.repeat(CAP)}`);
    assert.equal(over.hex, `0x${'a'.repeat(CAP - 2)}…`);
    assert.equal(over.truncated, true);
  });
  it('text of exactly the limit is whole, one more is cut; line breaks and tabs stay', () => {
    const at = cut(utf8Hex('a'.repeat(CAP)));
    assert.equal(at.text, 'a'.repeat(CAP));
    assert.equal(at.truncated, true, 'its hex is twice as long');
    const over = cut(utf8Hex('a'.repeat(CAP + 1)));
    assert.equal(over.text, `${'a'.repeat(CAP)}…`);
    assert.equal(param(utf8Hex('a\nb\tc'))?.value.text, 'a\nb\tc');
  });
  it('pretty JSON of exactly the limit is whole, one more is cut; its line breaks stay', () => {
    const json = (n: number) => JSON.stringify(['x'.repeat(n)], null, 2);
    // '[\n  "' (5) + n characters + '"\n]' (3)
    const n = CAP - 8;
    assert.equal(json(n).length, CAP);
    const at = cut(utf8Hex(JSON.stringify(['x'.repeat(n)])));
    assert.equal(at.json, json(n));
    assert.equal(at.preferred, 'json');
    const over = cut(utf8Hex(JSON.stringify(['x'.repeat(n + 1)])));
    assert.equal(over.json, `${json(n + 1).slice(0, CAP)}…`);
    assert.equal(param(utf8Hex('{"a":1}'))?.value.json, '{\n  "a": 1\n}');
  });
  it('a key is its text when up to 64 characters without whitespace, else its short hex', () => {
    assert.equal(param('0x00', utf8Hex('k'.repeat(64)))?.keyLabel, 'k'.repeat(64));
    const long = utf8Hex('k'.repeat(65));
    assert.equal(param('0x00', long)?.keyLabel, `${long.slice(0, 18)}…${long.slice(-6)}`);
  });

  it('cuts a payload beyond the cap and says so; a short one is whole and not marked', () => {
    const big = `0x${'41'.repeat(CAP / 2 + 8)}`;
    const value = cut(big);
    assert.equal(value.hex, `${big.slice(0, CAP)}…`);
    assert.equal(value.truncated, true);
    assert.equal(value.byteLength, CAP / 2 + 8);
    assert.equal(value.preferred, 'text');
    assert.equal(value.text, 'A'.repeat(CAP / 2 + 8), 'half the hex as text: under the cap, whole');
    const huge = cut(`0x${'41'.repeat(CAP + 8)}`);
    assert.equal(huge.text, `${'A'.repeat(CAP)}…`, 'text beyond the cap is cut too');
    const small = stardustView('contractError', () => undefined).params[0]?.value;
    assert.ok(small && !('truncated' in small));
  });
});

describe('transactions/model/receiptView: the raw JSON', () => {
  it('pretty-printed over several lines', () => {
    assert.match(receiptJson(stardustReceipt(DEMO_RECEIPTS.evmSuccess)), /^\{\n {2}"request": \{\n/);
  });
  it('whole at exactly MAX_RAW_JSON_CHARS, cut one character above', () => {
    const withValue = (hexDigits: number, blockIndex: number) =>
      stardustReceipt(DEMO_RECEIPTS.evmSuccess, (j) => {
        j.request.params.Items = [{ key: '0x6b', value: `0x${'a'.repeat(hexDigits)}` }];
        j.blockIndex = blockIndex;
      });
    const small = receiptJson(withValue(0, 10)).length;
    // Each hex digit adds one character; a one-digit block index one less.
    const need = MAX_RAW_JSON_CHARS - small;
    const [digits, block] = need % 2 === 0 ? [need, 10] : [need + 1, 1];
    const at = receiptJson(withValue(digits, block));
    assert.equal(at.length, MAX_RAW_JSON_CHARS);
    assert.equal(at.endsWith('}'), true);
    const over = receiptJson(withValue(digits + 2, block));
    assert.equal(over.length, MAX_RAW_JSON_CHARS + 1);
    assert.equal(over.endsWith('…'), true);
    assert.equal(over.slice(0, 100), at.slice(0, 100));
  });

  it('cuts the raw JSON beyond its cap', () => {
    const r = ReceiptSchema.parse(
      (() => {
        const ref = DEMO_RECEIPTS.contractError;
        const json = structuredClone(
          createDemoChains()
            .find((c) => c.chainId === ref.chainId)
            ?.receipts.find((x) => x.request.requestId === ref.requestId),
        ) as ReceiptJson;
        json.errorMessage = 'y'.repeat(MAX_RAW_JSON_CHARS);
        return json;
      })(),
    );
    const shown = receiptJson(r);
    assert.equal(shown.length, MAX_RAW_JSON_CHARS + 1);
    assert.ok(shown.endsWith('…'));
    assert.ok(!receiptJson(ReceiptSchema.parse(createDemoChains()[0]?.receipts[0])).endsWith('…'));
  });
});
