// The raw JSON panel and the receipt cache's weight (src/transactions/model/rawJson.ts): a node's body is
// re-indented only while the result stays within what is shown and not too deep (the estimate is
// exact for bodies without empty containers, so the boundary is tested at the character); the weight
// grows with what a receipt holds.
import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../../src/api/stardustSchemas';
import { estimateReceiptBytes, MAX_RAW_JSON_CHARS, processedReceiptWeight, rawJsonText } from '../../../../src/transactions/model/rawJson';
import { createDemoChains, type ReceiptJson } from '../../../fixtures/demoData';
import { rebasedReceipt, stardustReceipt } from '../../helpers/receipts';

/** `{"k":"<filler>"}`, whose 2-space form is 5 characters longer: "{\n  " (3), ": " (1), "\n}" (1). */
function body(prettyLength: number): string {
  // Brackets, commas, colons and an escaped quote inside the string must not count.
  const inner = '\\"[{,:]}';
  const raw = `{"k":"${inner}${'x'.repeat(prettyLength - 5 - 8 - inner.length)}"}`;
  assert.equal(JSON.stringify(JSON.parse(raw), null, 2).length, prettyLength);
  return raw;
}
const isPretty = (shown: string) => shown.startsWith('{\n  "k": ');

describe('transactions/model/rawJson: when the body is re-indented', () => {
  it(`re-indents a body whose indented form is exactly ${MAX_RAW_JSON_CHARS} characters, not one more`, () => {
    assert.ok(isPretty(rawJsonText(body(MAX_RAW_JSON_CHARS), () => 'fallback')));
    const over = body(MAX_RAW_JSON_CHARS + 1);
    assert.equal(
      rawJsonText(over, () => 'fallback'),
      over,
      'shown as sent (it fits)',
    );
    assert.ok(isPretty(rawJsonText(body(1000), () => 'fallback')));
  });

  it('re-indents up to 64 levels deep; deeper is shown as sent', () => {
    const nested = (d: number) => `${'['.repeat(d)}1${']'.repeat(d)}`;
    assert.match(
      rawJsonText(nested(64), () => ''),
      /^\[\n {2}\[/,
    );
    assert.equal(
      rawJsonText(nested(65), () => ''),
      nested(65),
    );
  });

  it('counts structure outside strings only: a string full of brackets stays one line', () => {
    const raw = `["${'[{,:'.repeat(100)}", {"a": 1}]`;
    assert.equal(
      rawJsonText(raw, () => ''),
      JSON.stringify(JSON.parse(raw), null, 2),
    );
  });

  it('falls back when there is no body, and clips what is too long', () => {
    assert.equal(
      rawJsonText(undefined, () => 'the view'),
      'the view',
    );
    const huge = 'y'.repeat(MAX_RAW_JSON_CHARS * 2 + 10);
    const shown = rawJsonText(huge, () => '');
    assert.equal([...shown].length, MAX_RAW_JSON_CHARS);
    assert.ok(shown.endsWith('…'));
    assert.equal(
      rawJsonText('not json', () => 'fb'),
      'not json',
      'invalid JSON is shown as sent',
    );
  });

  it('makes the fallback only when there is no body', () => {
    let made = 0;
    const fallback = () => `${++made}`;
    rawJsonText('{"a": 1}', fallback);
    rawJsonText('y'.repeat(MAX_RAW_JSON_CHARS * 2 + 10), fallback);
    rawJsonText('not json', fallback);
    assert.equal(made, 0);
    assert.equal(rawJsonText(undefined, fallback), '1');
  });
});

describe('transactions/model/rawJson: the cache weight', () => {
  const stardust = (patch: (r: ReceiptJson) => void = () => undefined) => stardustReceipt('contractError', patch);
  const rebased = (extra: string[]) => rebasedReceipt('receipt-failed-isc', (b) => void (b.request as { params: string[] }).params.push(...extra));

  it('a param weighs six times its characters (held as hex, text and JSON) plus a little', () => {
    const L = 1000;
    const hex = `0x${'ab'.repeat(L / 2 - 1)}`;
    assert.equal(hex.length, L);
    assert.equal(estimateReceiptBytes(rebased([hex])) - estimateReceiptBytes(rebased([])), 6 * L + 2 * 16);
    const base = stardust();
    const more = stardust((r) => r.request.params.Items.push({ key: '0x6b', value: hex }));
    // The key and the value, each 4x here and 2x (+16) in the walk, and the item object (32).
    assert.equal(estimateReceiptBytes(more) - estimateReceiptBytes(base), 6 * (4 + L) + 2 * (16 + 16 + 32));
  });

  it('a burn record weighs 200 plus its values; the raw JSON two bytes a character', () => {
    const base = stardust();
    const burned = stardust((r) => r.gasBurnLog.push({ code: 1, gasBurned: 5 }));
    assert.equal(estimateReceiptBytes(burned) - estimateReceiptBytes(base), 200 + 2 * (32 + 8 + 8));
    assert.equal(processedReceiptWeight({ receipt: base, rawJson: 'x'.repeat(100) }), estimateReceiptBytes(base) + 200);
  });
});

describe('transactions/model/rawJson: estimateReceiptBytes', () => {
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
