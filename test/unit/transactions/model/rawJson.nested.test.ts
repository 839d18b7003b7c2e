// The raw JSON's size bound counted for a nested body (src/transactions/model/rawJson.ts): the
// indentation of each level, the commas and the closing brackets all count, so a body whose
// indented form is exactly the bound is re-indented and one character more is shown as sent; a
// body over twice the bound is shown as sent without being measured.
import * as assert from 'node:assert/strict';
import { MAX_RAW_JSON_CHARS, rawJsonText } from '../../../../src/transactions/model/rawJson';

const pretty = (raw: string) => JSON.stringify(JSON.parse(raw), null, 2);

/** `{"a":{"k":"<filler>","m":[1]}}`: two and three levels deep, with a comma, whose indented form has this length. */
function nested(prettyLength: number): string {
  const of = (filler: number) => `{"a":{"k":"${'x'.repeat(filler)}","m":[1]}}`;
  const growth = pretty(of(1)).length - 1;
  const raw = of(prettyLength - growth);
  assert.equal(pretty(raw).length, prettyLength);
  return raw;
}

describe('transactions/model/rawJson: the bound counted for a nested body', () => {
  it(`a nested body whose indented form is exactly ${MAX_RAW_JSON_CHARS} characters is re-indented`, () => {
    const raw = nested(MAX_RAW_JSON_CHARS);
    assert.equal(
      rawJsonText(raw, () => 'fallback'),
      pretty(raw),
    );
  });

  it('one character more and it is shown as sent', () => {
    const raw = nested(MAX_RAW_JSON_CHARS + 1);
    assert.equal(
      rawJsonText(raw, () => 'fallback'),
      raw,
    );
  });

  it('a body over twice the bound is shown as sent, cut to the bound', () => {
    const raw = `[${'1,'.repeat(530_000)}1]`;
    const shown = rawJsonText(raw, () => 'fallback');
    assert.ok(shown.startsWith('[1,1,1,'));
    assert.equal(shown.slice(0, 1000), raw.slice(0, 1000));
  });
});
