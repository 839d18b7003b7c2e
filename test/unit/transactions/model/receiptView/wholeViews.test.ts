// The whole receipt view of each demo receipt (Stardust) and each receipt a real Rebased node
// sent (test/fixtures/samples/rebased), against wholeViews.golden.json: every label, value,
// detail, copy text and flag the hover and the panel show. The golden file was written from the
// builder's output and checked by hand against the receipts and the rules in receiptView.ts
// (fee = ceil(gas × b / a), the burned share truncated to tenths, Owner/Admin wording, which rows
// a generation has). A change to any text a user reads fails here; update the file on purpose.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReceiptView } from '../../../../../src/transactions/model/receiptView';
import { DEMO_RECEIPTS } from '../../../../fixtures/demoData';
import { repoRoot } from '../../../../fixtures/paths';
import { type DemoReceiptName, rebasedView, stardustView } from '../../../helpers/receipts';
import { REBASED_RECEIPT_SAMPLES } from '../../../helpers/samples';

const GOLDEN = JSON.parse(readFileSync(join(repoRoot(__dirname), 'test/unit/transactions/model/receiptView/wholeViews.golden.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** The view as JSON data. */
export function viewData(v: ReceiptView): unknown {
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)));
}

/**
 * Each view as a function: built inside its test, never while mocha loads the file (code run at
 * load time is a "static" mutant for Stryker, which then runs every test for each of its mutants).
 */
function goldenViews(): Record<string, () => unknown> {
  const out: Record<string, () => unknown> = {};
  for (const name of Object.keys(DEMO_RECEIPTS) as DemoReceiptName[]) out[`stardust:${name}`] = () => viewData(stardustView(name));
  for (const name of REBASED_RECEIPT_SAMPLES) out[`rebased:${name}`] = () => viewData(rebasedView(name));
  return out;
}

describe('transactions/model/receiptView: the whole view of every demo and sample receipt', () => {
  const views = goldenViews();
  it('covers 7 Stardust demo receipts and 4 Rebased node samples', () => {
    assert.deepEqual(Object.keys(views), Object.keys(GOLDEN));
    assert.equal(Object.keys(views).length, 11);
  });
  for (const name of Object.keys(GOLDEN)) {
    it(name, () => {
      assert.deepEqual(views[name]?.(), GOLDEN[name]);
    });
  }
});
