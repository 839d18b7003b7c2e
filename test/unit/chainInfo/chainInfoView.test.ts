import * as assert from 'node:assert/strict';
import { ChainInfoSchema } from '../../../src/api/stardustSchemas';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import {
  buildChainInfoView,
  buildComparison,
  chainInfoJson,
  describeState,
  stateInProse,
  toJsonSafe,
  type ChainInfoView,
  type ChainInfoViewInput,
  type GeneralChainInfo,
} from '../../../src/chainInfo/model/chainInfoView';
import { iotaChainInfo } from '../../fixtures/wire';
import type { Row } from '../../../src/ui/model/view';

const CHAIN_ID = iotaChainInfo().chainID;
const OWNER = iotaChainInfo().chainOwnerId;

/** The shared IOTA EVM chain info, decoded, with a validator fee share to show. */
function info(): ChainInfoState {
  const decoded = ChainInfoSchema.parse(iotaChainInfo());
  return { ...decoded, gasFeePolicy: { ...decoded.gasFeePolicy, validatorFeeShare: 10 } };
}

function general(over: Partial<GeneralChainInfo> = {}): GeneralChainInfo {
  return { ...info(), isActive: true, evmChainId: 8822, ...over };
}

function input(over: Partial<ChainInfoViewInput> = {}): ChainInfoViewInput {
  return {
    chainName: 'IOTA',
    nodeUrl: 'http://127.0.0.1:9090',
    configuredChainId: CHAIN_ID,
    block: undefined,
    governance: info(),
    general: general(),
    ...over,
  };
}

function row(view: ChainInfoView, field: string): Row {
  const r = view.sections.flatMap((s) => s.rows).find((x) => x.field === field);
  assert.ok(r, `row ${field} exists`);
  return r;
}

function hasRow(view: ChainInfoView, field: string): boolean {
  return view.sections.flatMap((s) => s.rows).some((x) => x.field === field);
}

describe('model/chainInfoView', () => {
  describe('buildChainInfoView', () => {
    it('shows every field of the chain info with computed strings', () => {
      const v = buildChainInfoView(input({ fetchedAt: '12:00:00' }));
      assert.equal(v.title, 'IOTA EVM');
      assert.equal(v.subtitle, 'IOTA · latest state');
      assert.deepEqual(v.notices, []);
      assert.deepEqual(
        v.sections.map((s) => s.id),
        ['state', 'chain', 'fees', 'limits', 'metadata'],
      );
      assert.equal(row(v, 'state').value, 'Latest state');
      assert.equal(row(v, 'fetchedAt').value, '12:00:00');
      assert.equal(row(v, 'chainID').value, CHAIN_ID);
      assert.deepEqual(row(v, 'chainID').copy, { text: CHAIN_ID, what: 'chain ID' });
      assert.equal(row(v, 'owner').value, OWNER);
      assert.match(row(v, 'owner').detail ?? '', /Ed25519 address/);
      assert.equal(row(v, 'isActive').value, 'yes');
      assert.equal(row(v, 'evmChainId').value, '8822');
      assert.equal(row(v, 'evmChainId').detail, '0x2276');
      assert.equal(row(v, 'gasFeePolicy.gasPerToken').value, '100 gas = 1 base token');
      assert.match(row(v, 'gasFeePolicy.gasPerToken').detail ?? '', /ratio 100:1/);
      assert.equal(row(v, 'gasFeePolicy.feeFormula').value, 'fee = ceil(gas × 1 / 100)');
      assert.equal(
        row(v, 'gasFeePolicy.examples').value,
        '10,000 gas (minimum per request) → 100 base tokens; 50,000,000 gas (maximum per request) → 500,000 base tokens',
      );
      assert.equal(row(v, 'gasFeePolicy.evmGasRatio').value, '1 EVM gas = 1 ISC gas');
      assert.equal(row(v, 'gasFeePolicy.validatorFeeShare').value, '10%');
      assert.match(row(v, 'gasFeePolicy.validatorFeeShare').detail ?? '', /10% of each fee goes to the validators, 90% to the chain owner/);
      assert.equal(row(v, 'gasLimits.maxGasPerBlock').value, '1,000,000,000');
      assert.equal(row(v, 'gasLimits.minGasPerRequest').value, '10,000');
      assert.equal(row(v, 'gasLimits.maxGasPerRequest').value, '50,000,000');
      assert.equal(row(v, 'gasLimits.maxGasExternalViewCall').value, '50,000,000');
      assert.equal(row(v, 'metadata.name').value, 'IOTA EVM');
      assert.equal(row(v, 'metadata.description').value, 'IOTA EVM');
    });

    it('makes http(s) URLs links and keeps WebSocket URLs as text to copy', () => {
      const v = buildChainInfoView(input());
      assert.deepEqual(row(v, 'metadata.website').link, { url: 'https://www.iota.org', web: true });
      assert.deepEqual(row(v, 'metadata.evmJsonRpcURL').link, { url: 'https://json-rpc.evm.iotaledger.net', web: true });
      assert.deepEqual(row(v, 'publicURL').link?.web, true);
      const ws = row(v, 'metadata.evmWebSocketURL');
      assert.equal(ws.link, undefined);
      assert.equal(ws.value, 'wss://ws.json-rpc.evm.iotaledger.net');
      assert.deepEqual(ws.copy, { text: 'wss://ws.json-rpc.evm.iotaledger.net', what: 'EVM WebSocket URL' });
    });

    it('never offers to open a non-http link from a node', () => {
      const i = info();
      i.metadata.website = 'javascript:alert(1)';
      i.metadata.evmJsonRpcURL = 'command:workbench.action.terminal.new';
      i.publicURL = 'file:///etc/passwd';
      const v = buildChainInfoView(input({ governance: i }));
      for (const f of ['metadata.website', 'metadata.evmJsonRpcURL', 'publicURL']) {
        assert.equal(row(v, f).link, undefined, f);
        assert.match(row(v, f).detail ?? '', /not an http\(s\) link/, f);
      }
    });

    it('marks empty metadata as not set and falls back to the configured name as title', () => {
      const i = info();
      i.metadata = { name: '', description: '', website: '', evmJsonRpcURL: '', evmWebSocketURL: '' };
      i.publicURL = '';
      const v = buildChainInfoView(input({ governance: i, general: general({ metadata: i.metadata }) }));
      assert.equal(v.title, 'IOTA');
      for (const f of ['metadata.name', 'metadata.description', 'metadata.website', 'metadata.evmJsonRpcURL', 'metadata.evmWebSocketURL', 'publicURL']) {
        assert.equal(row(v, f).value, 'not set', f);
        assert.equal(row(v, f).empty, true, f);
        assert.equal(row(v, f).copy, undefined, f);
      }
    });

    it('reveals bidi and zero-width characters in remote text but copies the raw value', () => {
      const i = info();
      i.metadata.name = 'IOTA\u202eMVE';
      i.chainOwnerId = `${OWNER}\u200b`;
      const v = buildChainInfoView(input({ governance: i }));
      assert.equal(v.title, 'IOTA⟨U+202E⟩MVE');
      assert.equal(row(v, 'metadata.name').value, 'IOTA⟨U+202E⟩MVE');
      assert.equal(row(v, 'owner').value, `${OWNER}⟨U+200B⟩`);
      assert.equal(row(v, 'owner').copy?.text, `${OWNER}\u200b`);
      assert.match(row(v, 'owner').detail ?? '', /unrecognised format/);
    });

    it('keeps the line breaks of a multi-line description', () => {
      const i = info();
      i.metadata.description = 'line one\nline two';
      assert.equal(row(buildChainInfoView(input({ governance: i })), 'metadata.description').value, 'line one\nline two');
    });

    it('describes the owner kinds', () => {
      const evm = info();
      evm.chainOwnerId = `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${CHAIN_ID}`;
      assert.match(row(buildChainInfoView(input({ governance: evm })), 'owner').detail ?? '', /EVM account on chain iota1p/);
      const alias = info();
      alias.chainOwnerId = 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd';
      assert.match(row(buildChainInfoView(input({ governance: alias })), 'owner').detail ?? '', /alias address/);
      const contract = info();
      contract.chainOwnerId = `07cb02c1@${CHAIN_ID}`;
      assert.match(row(buildChainInfoView(input({ governance: contract })), 'owner').detail ?? '', /contract evm on chain/);
    });

    it('explains free gas without a fee example', () => {
      const i = info();
      i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 0, b: 0 }, validatorFeeShare: 25 };
      const v = buildChainInfoView(input({ governance: i }));
      assert.equal(row(v, 'gasFeePolicy.gasPerToken').value, 'gas is free');
      assert.equal(row(v, 'gasFeePolicy.feeFormula').value, 'fee = 0 (gas is free)');
      assert.equal(hasRow(v, 'gasFeePolicy.examples'), false);
      assert.equal(row(v, 'gasFeePolicy.validatorFeeShare').value, '25%');
    });

    it('formats limits above 2^53 exactly', () => {
      const i = info();
      i.gasLimits = { maxGasPerBlock: 18446744073709551615n, minGasPerRequest: 1, maxGasPerRequest: 9007199254740993n, maxGasExternalViewCall: 0 };
      const v = buildChainInfoView(input({ governance: i }));
      assert.equal(row(v, 'gasLimits.maxGasPerBlock').value, '18,446,744,073,709,551,615');
      assert.equal(row(v, 'gasLimits.maxGasPerRequest').value, '9,007,199,254,740,993');
      assert.equal(row(v, 'gasLimits.maxGasExternalViewCall').value, '0');
      assert.match(row(v, 'gasFeePolicy.examples').value, /9,007,199,254,740,993 gas \(maximum per request\) → 90,071,992,547,410 base tokens/);
    });

    it('names the state it was read at', () => {
      const atIndex = buildChainInfoView(input({ block: '2483095' }));
      assert.equal(atIndex.stateLabel, 'block 2483095');
      assert.equal(atIndex.subtitle, 'IOTA · block 2483095');
      assert.equal(row(atIndex, 'state').value, 'Block 2483095');
      assert.deepEqual(row(atIndex, 'state').copy, { text: '2483095', what: 'block' });
      assert.match(row(atIndex, 'isActive').detail ?? '', /always the latest state/);
      const atRoot = buildChainInfoView(input({ block: '0x9805a22d1527b71a9faa3c7a117b98da5054a906' }));
      assert.equal(row(atRoot, 'state').value, 'Trie root 0x9805a22d1527b71a9faa3c7a117b98da5054a906');
    });

    it('degrades gracefully without the general information', () => {
      const v = buildChainInfoView(input({ general: undefined, generalUnavailable: 'Not found (404)' }));
      assert.equal(hasRow(v, 'isActive'), false);
      const g = row(v, 'general');
      assert.equal(g.value, 'unavailable');
      assert.match(g.detail ?? '', /Not found \(404\)/);
      assert.equal(row(v, 'gasLimits.maxGasPerBlock').value, '1,000,000,000');
    });

    it('shows an inactive chain from its general information', () => {
      const g = general({ isActive: false, gasFeePolicy: null, gasLimits: null });
      const v = buildChainInfoView(input({ governance: undefined, governanceUnavailable: 'Chain not found', general: g }));
      assert.equal(v.notices.length, 1);
      assert.match(v.notices[0]?.text ?? '', /not active on this node/);
      assert.equal(row(v, 'isActive').value, 'no');
      assert.equal(row(v, 'gasFeePolicy').value, 'not available');
      assert.equal(row(v, 'gasLimits').value, 'not available');
      assert.equal(row(v, 'owner').value, OWNER);
    });

    it('warns when the node answers for another chain', () => {
      const i = info();
      i.chainID = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
      const v = buildChainInfoView(input({ governance: i }));
      assert.ok(v.notices.some((n) => n.level === 'warning' && /answered for chain smr1/.test(n.text)));
    });

    it('needs some chain info', () => {
      assert.throws(() => buildChainInfoView(input({ governance: undefined, general: undefined })));
    });

    it('is JSON-safe (no bigint, nothing lost in a round trip)', () => {
      const v = buildChainInfoView(input());
      assert.deepEqual(JSON.parse(JSON.stringify(v)), v);
    });
  });

  describe('describeState', () => {
    it('names latest, block indexes, trie roots and anything else', () => {
      assert.equal(describeState(undefined), 'latest state');
      assert.equal(describeState(''), 'latest state');
      assert.equal(describeState('42'), 'block 42');
      assert.equal(describeState('0xE3118DDE541EDA6C5D82023BA04D9DD919A05675'), 'trie root 0xe3118dde541eda6c5d82023ba04d9dd919a05675');
      assert.equal(describeState('abc\u202e'), 'block "abc⟨U+202E⟩"');
      assert.equal(stateInProse(undefined), 'the latest state');
      assert.equal(stateInProse('42'), 'block 42');
    });
  });

  describe('buildComparison', () => {
    it('lists what changed, the older state first', () => {
      const old = info();
      const now = info();
      now.chainOwnerId = 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd';
      now.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 50, b: 1 }, validatorFeeShare: 10 };
      now.gasLimits = { ...info().gasLimits!, minGasPerRequest: 15000n };
      // The panel shows the latest state and compares with an older block: the older one is "before".
      const c = buildComparison({ block: undefined, info: now }, { block: '2483095', info: old });
      assert.equal(c.beforeLabel, 'Block 2483095');
      assert.equal(c.afterLabel, 'Latest state');
      assert.deepEqual(
        c.rows.map((r) => [r.field, r.before, r.after]),
        [
          ['owner', OWNER, 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd'],
          ['gasFeePolicy.gasPerToken', '100 gas = 1 base token', '50 gas = 1 base token'],
          ['gasLimits.minGasPerRequest', '10,000', '15,000'],
        ],
      );
      assert.equal(c.summary, '3 fields changed between block 2483095 and the latest state.');
    });

    it('orders two block indexes numerically and keeps the panel first for trie roots', () => {
      const a = buildComparison({ block: '10', info: info() }, { block: '9', info: info() });
      assert.equal(a.beforeLabel, 'Block 9');
      const b = buildComparison({ block: '0x9805a22d1527b71a9faa3c7a117b98da5054a906', info: info() }, { block: '5', info: info() });
      assert.match(b.beforeLabel, /^Trie root/);
    });

    it('says when nothing changed, and shows empty values as not set', () => {
      const same = buildComparison({ block: '1', info: info() }, { block: '2', info: info() });
      assert.deepEqual(same.rows, []);
      assert.match(same.summary, /No changes between block 1 and block 2/);
      const withName = info();
      const noName = info();
      noName.metadata = { ...noName.metadata, name: '' };
      const c = buildComparison({ block: '1', info: noName }, { block: '2', info: withName });
      assert.deepEqual(
        c.rows.map((r) => [r.field, r.before, r.after]),
        [['metadata.name', 'not set', 'IOTA EVM']],
      );
      assert.match(buildComparison({ block: '3', info: info() }, { block: '3', info: info() }).summary, /nothing to compare/);
    });
  });

  describe('JSON', () => {
    it('turns bigints into decimal strings', () => {
      assert.deepEqual(toJsonSafe({ a: 18446744073709551615n, b: [1n, 'x', null], c: undefined }), { a: '18446744073709551615', b: ['1', 'x', null] });
    });

    it('copies what the panel shows', () => {
      const text = chainInfoJson({ chainName: 'IOTA', nodeUrl: 'http://n', block: '5', governance: info(), general: undefined });
      const parsed = JSON.parse(text) as { chain: string; state: string; chainInfo: { gasLimits: { maxGasPerBlock: string } }; general: null };
      assert.equal(parsed.chain, 'IOTA');
      assert.equal(parsed.state, '5');
      assert.equal(parsed.chainInfo.gasLimits.maxGasPerBlock, '1000000000');
      assert.equal(parsed.general, null);
      assert.equal(
        JSON.parse(chainInfoJson({ chainName: 'IOTA', nodeUrl: 'http://n', block: undefined, governance: info(), general: undefined })).state,
        'latest',
      );
    });
  });
});
