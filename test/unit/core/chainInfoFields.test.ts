// The one table of chain-info fields (src/core/chainInfoFields.ts): every surface that lists fields
// lists these, under these labels, so a field added to the table shows up in the panel and in the
// comparison; every field with the words each surface shows for it, written out.
import * as assert from 'node:assert/strict';
import { diffChainInfo } from '../../../src/chainInfo/model/chainInfoDiff';
import { buildChainInfoView } from '../../../src/chainInfo/model/chainInfoView';
import {
  CHAIN_INFO_FIELDS,
  chainInfoField,
  chainInfoFields,
  chainInfoGroupTitle,
  type ChainInfoState,
  isRebasedState,
} from '../../../src/core/chainInfoFields';
import { englishL10n } from '../../../src/core/l10n';

const CHAIN_ID = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

function state(n: number): ChainInfoState {
  return {
    chainID: `${CHAIN_ID}${n}`,
    chainOwnerId: `iota1owner${n}`,
    gasFeePolicy: { evmGasRatio: { a: 1, b: n }, gasPerToken: { a: 100, b: n }, validatorFeeShare: n },
    gasLimits: {
      maxGasPerBlock: BigInt(n),
      minGasPerRequest: BigInt(n + 1),
      maxGasPerRequest: BigInt(n + 2),
      maxGasExternalViewCall: BigInt(n + 3),
    },
    publicURL: `https://api.example/${n}`,
    metadata: {
      evmJsonRpcURL: `https://rpc/${n}`,
      evmWebSocketURL: `wss://ws/${n}`,
      name: `Chain ${n}`,
      description: `about ${n}`,
      website: `https://web/${n}`,
    },
  };
}

const META = { name: '', description: '', website: '', evmJsonRpcURL: '', evmWebSocketURL: '' };
const STARDUST: ChainInfoState = { chainID: 'iota1chain', chainOwnerId: 'iota1owner', gasFeePolicy: null, gasLimits: null, metadata: META, publicURL: '' };
const REBASED: ChainInfoState = {
  chainID: `0x${'1'.repeat(64)}`,
  chainAdmin: `0x${'2'.repeat(64)}`,
  gasFeePolicy: null,
  gasLimits: null,
  metadata: META,
  publicURL: '',
};

describe('core/chainInfoFields: every surface lists every field', () => {
  it('declares each field once, groups kept together in display order', () => {
    const ids = CHAIN_INFO_FIELDS.map((f) => f.id);
    assert.equal(new Set(ids).size, ids.length);
    const labels = CHAIN_INFO_FIELDS.map((f) => f.label(englishL10n));
    assert.equal(new Set(labels).size, labels.length, 'no two fields read the same');
    for (const g of ['fees', 'limits', 'metadata'] as const) {
      const at = ids.map((id, i) => (chainInfoField(id).group === g ? i : -1)).filter((i) => i >= 0);
      assert.deepEqual(
        at,
        at.map((_, k) => (at[0] ?? 0) + k),
        `${g} is contiguous`,
      );
    }
  });

  it('the panel shows every field under its label and value', () => {
    const s = state(2);
    const rows = buildChainInfoView({
      chainName: 'x',
      nodeUrl: 'http://n',
      configuredChainId: s.chainID,
      block: undefined,
      governance: s,
      general: undefined,
    }).sections.flatMap((sec) => sec.rows);
    for (const f of CHAIN_INFO_FIELDS) {
      const row = rows.find((r) => r.field === f.id);
      assert.ok(row, `the panel shows ${f.id}`);
      assert.equal(row.label, f.label(englishL10n), f.id);
      assert.equal(row.value, f.value(s, englishL10n), f.id);
    }
  });

  it('the comparison lists every compared field, with the same labels', () => {
    const changes = diffChainInfo(state(1), state(2));
    assert.deepEqual(
      changes.map((c) => c.field),
      CHAIN_INFO_FIELDS.filter((f) => f.compared).map((f) => f.id),
    );
    for (const c of changes) assert.equal(c.label, chainInfoField(c.field).label(englishL10n));
  });

  it('leaves fee and limit values out for an inactive chain (no policy, no limits)', () => {
    const s = { ...state(1), gasFeePolicy: null, gasLimits: null };
    for (const f of [...chainInfoFields('fees'), ...chainInfoFields('limits')]) assert.equal(f.value(s, englishL10n), undefined, f.id);
    assert.equal(chainInfoField('owner').value(s, englishL10n), 'iota1owner1');
  });
});

describe('core/chainInfoFields: a Rebased state', () => {
  const rebased: ChainInfoState = {
    chainID: '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05',
    chainAdmin: '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417',
    gasFeePolicy: { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 1, b: 10 }, validatorFeeShare: 0 },
    gasLimits: { maxGasPerBlock: 1000000000, minGasPerRequest: 10000, maxGasPerRequest: 50000000, maxGasExternalViewCall: 50000000 },
    publicURL: 'https://wasp.example.net/v1/chain',
    metadata: { evmJsonRpcURL: '', evmWebSocketURL: '', name: 'Example EVM', description: '', website: '' },
  };

  it('names the owner "Admin" and reads chainAdmin; a Stardust state keeps "Owner"', () => {
    const owner = chainInfoField('owner');
    assert.equal(owner.label(englishL10n, rebased), 'Admin');
    assert.equal(owner.value(rebased, englishL10n), rebased.chainAdmin);
    assert.equal(owner.label(englishL10n, state(1)), 'Owner');
  });

  it('the panel shows every field of a Rebased chain, the admin as an L1 address; the comparison lists an admin change', () => {
    const view = buildChainInfoView(
      {
        chainName: 'R',
        nodeUrl: 'http://n',
        configuredChainId: '',
        block: undefined,
        governance: rebased,
        general: { ...rebased, isActive: true, evmChainId: 8822 },
      },
      englishL10n,
    );
    const rows = view.sections.flatMap((s) => s.rows);
    const admin = rows.find((r) => r.field === 'owner');
    assert.equal(admin?.label, 'Admin');
    assert.equal(admin?.detail, 'an L1 address');
    assert.equal(rows.find((r) => r.field === 'evmChainId')?.value, '8822');
    assert.equal(view.notices.length, 0, 'an entry without a chain ID is the node chain: no mismatch notice');
    const changes = diffChainInfo(rebased, { ...rebased, chainAdmin: '0x' + '1'.repeat(40) }, englishL10n);
    assert.deepEqual(
      changes.map((c) => [c.label, c.after]),
      [['Admin', '0x' + '1'.repeat(40)]],
    );
  });
});

describe('core/chainInfoFields: the whole table', () => {
  it('lists each field with its group, kind, labels, noun and whether it is compared', () => {
    const rows = CHAIN_INFO_FIELDS.map((f) => [
      f.id,
      f.group,
      f.kind,
      f.label(englishL10n, STARDUST),
      f.label(englishL10n, REBASED),
      f.noun?.(englishL10n, STARDUST),
      f.noun?.(englishL10n, REBASED),
      f.compared,
    ]);
    assert.deepEqual(rows, [
      ['chainID', 'chain', 'id', 'Chain ID', 'Chain ID', 'chain ID', 'chain ID', true],
      ['owner', 'chain', 'id', 'Owner', 'Admin', 'chain owner', 'chain admin', true],
      ['gasFeePolicy.gasPerToken', 'fees', 'figure', 'Gas per token', 'Gas per token', undefined, undefined, true],
      ['gasFeePolicy.feeFormula', 'fees', 'figure', 'Fee formula', 'Fee formula', undefined, undefined, false],
      ['gasFeePolicy.evmGasRatio', 'fees', 'figure', 'EVM gas ratio', 'EVM gas ratio', undefined, undefined, true],
      ['gasFeePolicy.validatorFeeShare', 'fees', 'figure', 'Validator fee share', 'Validator fee share', undefined, undefined, true],
      ['gasLimits.maxGasPerBlock', 'limits', 'figure', 'Max gas per block', 'Max gas per block', undefined, undefined, true],
      ['gasLimits.minGasPerRequest', 'limits', 'figure', 'Min gas per request', 'Min gas per request', undefined, undefined, true],
      ['gasLimits.maxGasPerRequest', 'limits', 'figure', 'Max gas per request', 'Max gas per request', undefined, undefined, true],
      ['gasLimits.maxGasExternalViewCall', 'limits', 'figure', 'Max gas per external view call', 'Max gas per external view call', undefined, undefined, true],
      ['metadata.name', 'metadata', 'text', 'Name', 'Name', undefined, undefined, true],
      ['metadata.description', 'metadata', 'multiline', 'Description', 'Description', undefined, undefined, true],
      ['metadata.website', 'metadata', 'url', 'Website', 'Website', 'website', 'website', true],
      ['metadata.evmJsonRpcURL', 'metadata', 'url', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', 'EVM JSON-RPC URL', true],
      ['metadata.evmWebSocketURL', 'metadata', 'url', 'EVM WebSocket URL', 'EVM WebSocket URL', 'EVM WebSocket URL', 'EVM WebSocket URL', true],
      ['publicURL', 'chain', 'url', 'Public URL', 'Public URL', 'public URL', 'public URL', true],
    ]);
  });

  it('names the owner by the Stardust word when no state is given', () => {
    const owner = chainInfoField('owner');
    assert.equal(owner.label(englishL10n), 'Owner');
    assert.equal(owner.noun?.(englishL10n), 'chain owner');
  });

  it("reads the owner's value from either generation, '' when neither names one", () => {
    const owner = chainInfoField('owner');
    assert.equal(owner.value(STARDUST, englishL10n), 'iota1owner');
    assert.equal(owner.value(REBASED, englishL10n), `0x${'2'.repeat(64)}`);
    assert.equal(owner.value({ ...STARDUST, chainOwnerId: undefined }, englishL10n), '');
  });

  it('takes a state as Rebased only when it has chainAdmin and no chainOwnerId', () => {
    assert.equal(isRebasedState(REBASED), true);
    assert.equal(isRebasedState({ ...REBASED, chainAdmin: '' }), true, 'an admin the node does not know is still Rebased');
    assert.equal(isRebasedState(STARDUST), false);
    assert.equal(isRebasedState({ ...STARDUST, chainAdmin: 'x' }), false, 'both names: Stardust');
    assert.equal(isRebasedState({ ...STARDUST, chainOwnerId: undefined }), false, 'neither name');
  });

  it('titles each group', () => {
    assert.deepEqual(
      (['chain', 'fees', 'limits', 'metadata'] as const).map((g) => chainInfoGroupTitle(g, englishL10n)),
      ['Chain', 'Gas fee policy', 'Gas limits', 'Public metadata'],
    );
  });

  it('refuses an unknown field id, naming it', () => {
    assert.throws(() => chainInfoField('nope' as never), { message: 'unknown chain info field nope' });
  });
});
