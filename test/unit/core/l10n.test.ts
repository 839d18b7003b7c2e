// The words go through the l10n argument (src/core/l10n.ts): with a marking l10n every label, title
// and sentence a model writes comes back marked, so a raw English literal added later fails here;
// English placeholders filled as vscode.l10n fills them.
import * as assert from 'node:assert/strict';
import { TokenExpiredError, UnauthorizedError } from '../../../src/api/errors';
import { buildChainInfoView, buildComparison } from '../../../src/chainInfo/model/chainInfoView';
import { describeState, stateInProse } from '../../../src/ui/model/blockState';
import { chainInfoPanelLabels } from '../../../src/chainInfo/protocol';
import { decideChainState } from '../../../src/chains/model/chainState';
import { describeSource, resolveChains } from '../../../src/config/model/chainConfig';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import { describeEvmGasRatio, describeGasPerToken, feeFormulaText, validatorShareText } from '../../../src/core/fees';
import { englishL10n, type L10n } from '../../../src/core/l10n';
import { receiptPanelLabels } from '../../../src/receipts/protocol';

const CHAIN_ID = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

/** Wraps every translated string in ⟦ ⟧ (placeholders filled as vscode.l10n does). */
const marked: L10n = { t: (m, ...a) => `⟦${englishL10n.t(m, ...a)}⟧` };
const isMarked = (s: string) => s.startsWith('⟦') && s.endsWith('⟧');

function info(over: Partial<ChainInfoState> = {}): ChainInfoState {
  return {
    chainID: CHAIN_ID,
    chainOwnerId: '',
    gasFeePolicy: { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 100, b: 1 }, validatorFeeShare: 10 },
    gasLimits: { maxGasPerBlock: 1000n, minGasPerRequest: 10n, maxGasPerRequest: 500n, maxGasExternalViewCall: 500n },
    publicURL: '',
    metadata: { evmJsonRpcURL: '', evmWebSocketURL: 'wss://x', name: '', description: '', website: 'ftp://x' },
    ...over,
  };
}

describe('core/l10n: every word a model writes is translated', () => {
  it('chain info view: every section title, row label, notice and placeholder is translated', () => {
    const v = buildChainInfoView(
      {
        chainName: 'C',
        nodeUrl: 'http://n',
        configuredChainId: 'iota1other',
        block: '5',
        governance: undefined,
        general: { ...info(), isActive: false, evmChainId: 1 },
        governanceUnavailable: 'x',
      },
      marked,
    );
    // Loops with assertions inside prove nothing when they run zero times: count first.
    assert.ok(v.sections.length >= 2 && v.sections.every((s) => s.rows.length > 0), 'sections with rows');
    for (const s of v.sections) {
      assert.ok(isMarked(s.title), s.title);
      if (s.note !== undefined) assert.ok(isMarked(s.note), s.note);
      for (const r of s.rows) {
        assert.ok(isMarked(r.label), `label of ${r.field}: ${r.label}`);
        if (r.empty) assert.ok(isMarked(r.value), `placeholder of ${r.field}: ${r.value}`);
        if (r.copy) assert.ok(isMarked(r.copy.what), `copy label of ${r.field}`);
      }
    }
    assert.ok(v.notices.length >= 2);
    for (const n of v.notices) assert.ok(isMarked(n.text), n.text);
    const free = buildChainInfoView(
      {
        chainName: 'C',
        nodeUrl: 'http://n',
        configuredChainId: CHAIN_ID,
        block: undefined,
        governance: info({ gasFeePolicy: null, gasLimits: null }),
        general: undefined,
      },
      marked,
    );
    const freeRows = free.sections.flatMap((s) => s.rows);
    assert.ok(freeRows.length > 0);
    for (const r of freeRows) assert.ok(isMarked(r.label), r.label);
  });

  it('comparison, states, panel labels, fees, sources and settings problems are translated', () => {
    const c = buildComparison({ block: '1', info: info() }, { block: '2', info: info({ metadata: { ...info().metadata, name: 'new' } }) }, marked);
    assert.ok(isMarked(c.summary) && c.rows.every((r) => isMarked(r.label)), JSON.stringify(c));
    for (const b of [undefined, '7', `0x${'a'.repeat(40)}`, 'bad']) {
      assert.ok(isMarked(describeState(b, marked)) && isMarked(stateInProse(b, marked)));
    }
    const { callTree, ...receiptLabels } = receiptPanelLabels(marked, 'rpc.example');
    const labels = Object.entries({ ...chainInfoPanelLabels(marked), ...receiptLabels, ...callTree });
    assert.ok(labels.length >= 10, `${labels.length} panel labels`);
    for (const [k, v] of labels) assert.ok(isMarked(v), k);
    const policy = { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 0, b: 1 }, validatorFeeShare: 150 };
    for (const s of [
      describeGasPerToken(policy.gasPerToken, marked),
      describeGasPerToken({ a: 0, b: 0 }, marked),
      describeEvmGasRatio(policy.evmGasRatio, marked),
      feeFormulaText(policy, marked),
      validatorShareText(150, marked),
    ]) {
      assert.ok(isMarked(s), s);
    }
    assert.ok(isMarked(describeSource({ scope: 'folder', folder: 'f' }, marked)));
    const bad = resolveChains([{ source: { scope: 'user' }, value: [{}, 'x'] }], marked);
    assert.equal(bad.length, 2);
    for (const r of bad) assert.ok(!r.valid && r.invalid.problems.every(isMarked), JSON.stringify(r));
  });

  it('chain states: every label and hint is translated', () => {
    const decisions = [
      decideChainState({ loaded: false }, marked),
      decideChainState({ loaded: true }, marked),
      decideChainState({ loaded: true, problems: ['p'] }, marked),
      decideChainState({ loaded: true, tokenStatus: { kind: 'expired', expiredAt: 0 } }, marked),
      decideChainState({ loaded: true, error: new UnauthorizedError('no', 'write', false, {}), tokenStatus: { kind: 'ok' } }, marked),
      decideChainState({ loaded: true, error: new UnauthorizedError('no', undefined, false, {}) }, marked),
      decideChainState({ loaded: true, error: new TokenExpiredError(0) }, marked),
      decideChainState({ loaded: true, error: new Error('boom') }, marked),
    ];
    for (const d of decisions) {
      assert.ok(isMarked(d.label), d.label);
      if (d.hint !== undefined) assert.ok(isMarked(d.hint), d.hint);
    }
  });

  it('defaults to English, so callers without l10n read what they read before', () => {
    assert.equal(describeState(undefined), 'latest state');
    assert.equal(decideChainState({ loaded: true }).label, 'ok');
    assert.equal(describeGasPerToken({ a: 100, b: 3 }), '100 gas = 3 base tokens');
  });
});

describe('core/l10n: englishL10n', () => {
  it('fills multi-digit placeholders and leaves missing ones as written', () => {
    const args = Array.from({ length: 11 }, (_, i) => `a${i}`);
    assert.equal(englishL10n.t('{10}-{0}', ...args), 'a10-a0');
    assert.equal(englishL10n.t('{0} and {1}', 'x'), 'x and {1}');
    assert.equal(englishL10n.t('{0}{1}', false, 0), 'false0');
  });
});
