// One format for one thing (src/core/format.ts): every view model, fed the demo's receipts, the
// Rebased node's own samples, the demo's blocks and events, chains and accounts, shows integers
// grouped, times in the editor's locale with the exact UTC only in a tooltip, amounts with their
// unit and hnames without 0x. The walk reads what a user reads (labels, values, details, lines);
// what a user copies (copy texts, the raw JSON, payload hex) is exact on purpose and is not walked.
import * as assert from 'node:assert/strict';
import { RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { AccountBalanceSchema } from '../../../src/api/stardustSchemas';
import { stardustBaseToken } from '../../../src/api/accountShape';
import { holdingsOf } from '../../../src/api/holdings';
import { accountHoverLines, accountSections, type AccountRead } from '../../../src/accounts/model/accountView';
import { buildChainInfoView } from '../../../src/chainInfo/model/chainInfoView';
import { blockReceiptRow, blockReceiptRowText, blockRowText } from '../../../src/chains/model/blockRows';
import { chainLogSections } from '../../../src/transactions/model/chainLogView';
import { buildReceiptView, describeReceiptFeeCheck, type AnyReceipt, type ReceiptView } from '../../../src/transactions/model/receiptView';
import type { Row } from '../../../src/ui/model/view';
import { createRebasedDemoChain, DEMO_RECEIPTS } from '../../fixtures/demoData';
import { chainInfoInput, rebasedChainInfo, rebasedGeneral } from '../helpers/chainInfo';
import { rebasedReceipt, stardustReceipt } from '../helpers/receipts';
import { REBASED_RECEIPT_SAMPLES } from '../helpers/samples';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const STYLE = { locale: 'en-US', timeZone: 'UTC' };

/** An integer of five or more digits with no separators, not inside a hex string, a decimal fraction, a port or a word. */
const UNGROUPED = /(?<![\w.,:/#@-])\d{5,}(?![\w.,])/;
/** An ISO 8601 time with its Z: the wire's form, for a tooltip at most. */
const ISO_Z = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z/;
/** A unit an amount is read in. */
const UNIT = /\b(?:base tokens?|base units|IOTA|SMR|nanos|wei|gwei|glow)\b/;

interface Shown {
  where: string;
  text: string;
}

function rowTexts(where: string, rows: readonly Row[]): Shown[] {
  return rows.flatMap((r) => [r.label, r.value, r.detail ?? ''].map((text) => ({ where: `${where} ${r.field}`, text })));
}

function receiptTexts(name: string, v: ReceiptView): Shown[] {
  const at = (field: string, text: string | undefined): Shown[] => (text === undefined ? [] : [{ where: `${name} ${field}`, text }]);
  return [
    ...at('statusText', v.statusText),
    ...at('summary', v.summary),
    ...at('headline', v.error?.headline),
    ...at('codeText', v.error?.codeText),
    ...at('callTarget.label', v.callTarget.label),
    ...at('callTarget.hnames', v.callTarget.hnames),
    ...at('gas.budget', v.gas.budget.text),
    ...at('gas.burned', v.gas.burned.text),
    ...at('gas.feeDecimal', v.gas.feeDecimal),
    ...at('evmTxLine', v.evmTxLine),
    ...v.sections.flatMap((s) => [...at(`section ${s.id}`, s.title), ...rowTexts(`${name} ${s.id}`, s.rows)]),
  ];
}

/** Every receipt the demo and the samples hold, as the client reads it. */
function receipts(): Array<{ name: string; receipt: AnyReceipt }> {
  const stardust = (Object.keys(DEMO_RECEIPTS) as Array<keyof typeof DEMO_RECEIPTS>).map((name) => ({ name, receipt: stardustReceipt(name) }));
  const samples = REBASED_RECEIPT_SAMPLES.map((name) => ({ name, receipt: rebasedReceipt(name) }));
  const demo = createRebasedDemoChain().receipts.map((r, i) => ({ name: `rebased demo ${i}`, receipt: RebasedReceiptSchema.parse(r) }));
  return [...stardust, ...samples, ...demo];
}

/** The hnames the inputs carry, without 0x: shown with one, they read as another form. */
function hnamesOf(list: Array<{ receipt: AnyReceipt }>): string[] {
  const out = new Set<string>();
  for (const { receipt } of list) {
    for (const h of [receipt.request.callTarget.contractHName, receipt.request.callTarget.functionHName]) out.add(h.toLowerCase().replace(/^0x/, ''));
  }
  return [...out];
}

function blockTexts(): Shown[] {
  const block = {
    blockIndex: 2483101,
    timestamp: new Date(NOW - 2 * 60_000).toISOString(),
    totalRequests: 3,
    numSuccessfulRequests: 2,
    numOffLedgerRequests: 1,
    gasBurned: 1_843_201n,
    gasFeeCharged: 630_000n,
  };
  const row = blockRowText(block, NOW);
  const events = {
    events: [{ contractID: 0x07cb02c1, topic: 'evm.deposited', timestamp: BigInt(NOW - 60_000) * 1_000_000n + 123n, payload: '0x01' }],
  };
  const sections = chainLogSections({ ok: true, value: block }, { ok: true, value: events }, undefined, { now: NOW, time: STYLE });
  return [
    { where: 'block row label', text: row.label },
    { where: 'block row description', text: row.description },
    // A tooltip: its exact UTC time is the point, its numbers read as the row's.
    ...row.tooltip.split('\n').map((text) => ({ where: 'block row tooltip', text: text.replace(/^Time: .* UTC/, 'Time:') })),
    ...sections.flatMap((s) => rowTexts(`chain log ${s.id}`, s.rows)),
    ...receipts().flatMap(({ name, receipt }) => {
      const text = blockReceiptRowText(blockReceiptRow(receipt));
      return [
        { where: `${name} block receipt label`, text: text.label },
        { where: `${name} block receipt description`, text: text.description },
      ];
    }),
  ];
}

function chainInfoTexts(): Shown[] {
  const views = [
    buildChainInfoView(chainInfoInput({ fetchedAt: NOW, timeStyle: STYLE })),
    buildChainInfoView(chainInfoInput({ governance: rebasedChainInfo(), general: rebasedGeneral(), fetchedAt: NOW, timeStyle: STYLE })),
  ];
  return views.flatMap((v, i) => v.sections.flatMap((s) => rowTexts(`chain info ${i} ${s.id}`, s.rows)));
}

function accountTexts(): Shown[] {
  const chainId = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
  const holdings = holdingsOf(AccountBalanceSchema.parse({ baseTokens: '9007199254740993', nativeTokens: [] }), stardustBaseToken(chainId), { nfts: [] });
  const read: AccountRead = {
    generation: 'stardust',
    agentId: `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${chainId}`,
    kind: 'evm',
    evmAddress: '0xDb3009babf5415B64ef64275f0f23A87E90Ea142',
    holdings,
    evmNonce: 123_456n,
    missing: [],
    block: undefined,
  };
  const lines = accountHoverLines(read, { chainName: 'IOTA EVM (Stardust demo)', name: undefined });
  const sections = accountSections(read, { chainName: 'IOTA EVM (Stardust demo)', stardustChainId: chainId, links: {} });
  return [...lines.map((text) => ({ where: 'account hover', text })), ...sections.flatMap((s) => rowTexts(`account ${s.id}`, s.rows))];
}

function everything(): Shown[] {
  const list = receipts();
  return [...list.flatMap(({ name, receipt }) => receiptTexts(name, buildReceiptView(receipt))), ...blockTexts(), ...chainInfoTexts(), ...accountTexts()];
}

const strays = (shown: Shown[], test: (text: string) => boolean) => shown.filter((s) => test(s.text)).map((s) => `${s.where}: ${s.text}`);

describe('core/format: every view model speaks one format', () => {
  it('shows no integer of five or more digits without its thousands separators', () => {
    assert.deepEqual(
      strays(everything(), (t) => UNGROUPED.test(t)),
      [],
    );
  });

  it('shows no ISO time with its Z outside a tooltip', () => {
    assert.deepEqual(
      strays(everything(), (t) => ISO_Z.test(t)),
      [],
    );
  });

  it('prints every hname without 0x', () => {
    const forms = hnamesOf(receipts()).map((h) => new RegExp(`0x${h}(?![0-9a-f])`, 'i'));
    assert.deepEqual(
      strays(everything(), (t) => forms.some((f) => f.test(t))),
      [],
    );
  });

  it('shows every amount with its unit', () => {
    const amounts = everything().filter((s) => /\b(?:gasFeeCharged|storageDepositCharged|block\.fees|baseTokens|fee)\b/.test(s.where) && /\d/.test(s.text));
    assert.ok(amounts.length > 20, `the walk reaches the amounts (${amounts.length})`);
    assert.deepEqual(
      strays(amounts, (t) => !UNIT.test(t)),
      [],
    );
    // The fee checks that disagree name two amounts: the difference leads, the policy's fee closes.
    const policy = { a: 50, b: 1 };
    const checks = receipts().map(({ name, receipt }) => ({ where: `${name} fee check`, text: describeReceiptFeeCheck(receipt, policy).text }));
    const disagreeing = checks.filter((c) => /more|less/.test(c.text));
    assert.ok(disagreeing.length > 3, `the walk reaches fee checks that disagree (${disagreeing.length})`);
    const amountFirstAndLast = new RegExp(`^[\\d,]+ ${UNIT.source}.*: [\\d,]+ ${UNIT.source}\\)`);
    assert.deepEqual(
      strays(disagreeing, (t) => !amountFirstAndLast.test(t)),
      [],
    );
  });

  it('shows a time in the editor’s locale with its age, the exact UTC in the row’s tooltip', () => {
    const block = {
      blockIndex: 7,
      timestamp: new Date(NOW - 5 * 60_000).toISOString(),
      totalRequests: 0,
      numSuccessfulRequests: 0,
      numOffLedgerRequests: 0,
      gasBurned: 0n,
      gasFeeCharged: 0n,
    };
    const [section] = chainLogSections({ ok: true, value: block }, { ok: true, value: { events: [] } }, undefined, {
      now: NOW,
      time: { locale: 'de-DE', timeZone: 'UTC' },
    });
    const time = section?.rows.find((r) => r.field === 'block.time');
    assert.equal(time?.value, '25.11.2026, 11:55:00 (5 min ago)');
    assert.equal(time?.title, '2026-11-25 11:55:00 UTC');
  });
});
