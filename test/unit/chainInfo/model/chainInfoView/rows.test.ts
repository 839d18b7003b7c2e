// What the chain info panel shows (buildChainInfoView in src/chainInfo/model/chainInfoView.ts): every
// row of a whole view with its exact text, each notice, each owner and admin kind, each URL scheme,
// the fee examples, a past state, missing answers.
import * as assert from 'node:assert/strict';
import { buildChainInfoView, type ChainInfoView } from '../../../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../../../src/core/chainInfoFields';
import type { Row } from '../../../../../src/ui/model/view';
import { iotaChainInfo } from '../../../../fixtures/wire';
import { chainInfoInput, iotaGovernance, stardustChainInfo, stardustGeneral } from '../../../helpers/chainInfo';
import { hasRow, rowOf } from '../../../helpers/views';

const CHAIN_ID = iotaChainInfo().chainID;
const OWNER = iotaChainInfo().chainOwnerId;
const PUBLIC_URL = `https://api.evm.iotaledger.net/v1/chains/${CHAIN_ID}`;
const HEX40 = 'Db3009babf5415B64ef64275f0f23A87E90Ea142';
const HEX64 = 'a'.repeat(64);

/** A Rebased chain info: an admin instead of an owner. */
function rebased(admin: string): ChainInfoState {
  const i = stardustChainInfo();
  delete i.chainOwnerId;
  i.chainAdmin = admin;
  return i;
}

const adminDetail = (admin: string): string | undefined =>
  rowOf(buildChainInfoView(chainInfoInput({ governance: rebased(admin), general: undefined })), 'owner').detail;

function rowOfState(info: ChainInfoState, field: string) {
  const view = buildChainInfoView({ chainName: 'C', nodeUrl: 'http://n', configuredChainId: '', block: undefined, governance: info, general: undefined });
  return view.sections.flatMap((s) => s.rows).find((r) => r.field === field);
}

describe('chainInfo/model/chainInfoView: the rows of a view', () => {
  it('shows every field of the chain info with computed strings', () => {
    const v = buildChainInfoView(chainInfoInput({ fetchedAt: Date.UTC(2026, 10, 23, 12, 0, 0), timeStyle: { locale: 'en-GB', timeZone: 'UTC' } }));
    assert.equal(v.title, 'IOTA EVM');
    assert.equal(v.subtitle, 'IOTA · latest state');
    assert.deepEqual(v.notices, []);
    assert.deepEqual(
      v.sections.map((s) => s.id),
      ['state', 'chain', 'fees', 'limits', 'metadata'],
    );
    assert.equal(rowOf(v, 'state').value, 'Latest state');
    assert.equal(rowOf(v, 'fetchedAt').value, '23 Nov 2026, 12:00:00', 'in the editor’s locale');
    assert.equal(rowOf(v, 'fetchedAt').title, '2026-11-23 12:00:00 UTC', 'the exact UTC as its tooltip');
    assert.equal(rowOf(v, 'chainID').value, CHAIN_ID);
    assert.deepEqual(rowOf(v, 'chainID').copy, { text: CHAIN_ID, what: 'chain ID' });
    assert.equal(rowOf(v, 'owner').value, OWNER);
    assert.match(rowOf(v, 'owner').detail ?? '', /Ed25519 address/);
    assert.equal(rowOf(v, 'isActive').value, 'yes');
    assert.equal(rowOf(v, 'evmChainId').value, '8822');
    assert.equal(rowOf(v, 'evmChainId').detail, '0x2276');
    assert.equal(rowOf(v, 'gasFeePolicy.gasPerToken').value, '100 gas = 1 base token');
    assert.match(rowOf(v, 'gasFeePolicy.gasPerToken').detail ?? '', /ratio 100:1/);
    assert.equal(rowOf(v, 'gasFeePolicy.feeFormula').value, 'fee = ceil(gas × 1 / 100)');
    assert.equal(
      rowOf(v, 'gasFeePolicy.examples').value,
      '10,000 gas (minimum per request) → 100 base tokens; 50,000,000 gas (maximum per request) → 500,000 base tokens',
    );
    assert.equal(rowOf(v, 'gasFeePolicy.evmGasRatio').value, '1 EVM gas = 1 ISC gas');
    assert.equal(rowOf(v, 'gasFeePolicy.validatorFeeShare').value, '10%');
    assert.match(rowOf(v, 'gasFeePolicy.validatorFeeShare').detail ?? '', /10% of each fee goes to the validators, 90% to the chain owner/);
    assert.equal(rowOf(v, 'gasLimits.maxGasPerBlock').value, '1,000,000,000');
    assert.equal(rowOf(v, 'gasLimits.minGasPerRequest').value, '10,000');
    assert.equal(rowOf(v, 'gasLimits.maxGasPerRequest').value, '50,000,000');
    assert.equal(rowOf(v, 'gasLimits.maxGasExternalViewCall').value, '50,000,000');
    assert.equal(rowOf(v, 'metadata.name').value, 'IOTA EVM');
    assert.equal(rowOf(v, 'metadata.description').value, 'IOTA EVM');
  });

  it('makes http(s) URLs links and keeps WebSocket URLs as text to copy', () => {
    const v = buildChainInfoView(chainInfoInput());
    assert.deepEqual(rowOf(v, 'metadata.website').link, { url: 'https://www.iota.org', web: true });
    assert.deepEqual(rowOf(v, 'metadata.evmJsonRpcURL').link, { url: 'https://json-rpc.evm.iotaledger.net', web: true });
    assert.deepEqual(rowOf(v, 'publicURL').link?.web, true);
    const ws = rowOf(v, 'metadata.evmWebSocketURL');
    assert.equal(ws.link, undefined);
    assert.equal(ws.value, 'wss://ws.json-rpc.evm.iotaledger.net');
    assert.deepEqual(ws.copy, { text: 'wss://ws.json-rpc.evm.iotaledger.net', what: 'EVM WebSocket URL' });
  });

  it('never offers to open a non-http link from a node', () => {
    const i = stardustChainInfo();
    i.metadata.website = 'javascript:alert(1)';
    i.metadata.evmJsonRpcURL = 'command:workbench.action.terminal.new';
    i.publicURL = 'file:///etc/passwd';
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    for (const f of ['metadata.website', 'metadata.evmJsonRpcURL', 'publicURL']) {
      assert.equal(rowOf(v, f).link, undefined, f);
      assert.match(rowOf(v, f).detail ?? '', /not an http\(s\) link/, f);
    }
  });

  it('marks empty metadata as not set and falls back to the configured name as title', () => {
    const i = stardustChainInfo();
    i.metadata = { name: '', description: '', website: '', evmJsonRpcURL: '', evmWebSocketURL: '' };
    i.publicURL = '';
    const v = buildChainInfoView(chainInfoInput({ governance: i, general: stardustGeneral({ metadata: i.metadata }) }));
    assert.equal(v.title, 'IOTA');
    for (const f of ['metadata.name', 'metadata.description', 'metadata.website', 'metadata.evmJsonRpcURL', 'metadata.evmWebSocketURL', 'publicURL']) {
      assert.equal(rowOf(v, f).value, 'not set', f);
      assert.equal(rowOf(v, f).empty, true, f);
      assert.equal(rowOf(v, f).copy, undefined, f);
    }
  });

  it('reveals bidi and zero-width characters in remote text but copies the raw value', () => {
    const i = stardustChainInfo();
    i.metadata.name = 'IOTA\u202eMVE';
    i.chainOwnerId = `${OWNER}\u200b`;
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.equal(v.title, 'IOTA⟨U+202E⟩MVE');
    assert.equal(rowOf(v, 'metadata.name').value, 'IOTA⟨U+202E⟩MVE');
    assert.equal(rowOf(v, 'owner').value, `${OWNER}⟨U+200B⟩`);
    assert.equal(rowOf(v, 'owner').copy?.text, `${OWNER}\u200b`);
    assert.match(rowOf(v, 'owner').detail ?? '', /unrecognised format/);
  });

  it('keeps the line breaks of a multi-line description', () => {
    const i = stardustChainInfo();
    i.metadata.description = 'line one\nline two';
    assert.equal(rowOf(buildChainInfoView(chainInfoInput({ governance: i })), 'metadata.description').value, 'line one\nline two');
  });

  it('describes the owner kinds', () => {
    const evm = stardustChainInfo();
    evm.chainOwnerId = `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${CHAIN_ID}`;
    assert.match(rowOf(buildChainInfoView(chainInfoInput({ governance: evm })), 'owner').detail ?? '', /EVM account on chain iota1p/);
    const alias = stardustChainInfo();
    alias.chainOwnerId = 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd';
    assert.match(rowOf(buildChainInfoView(chainInfoInput({ governance: alias })), 'owner').detail ?? '', /alias address/);
    const contract = stardustChainInfo();
    contract.chainOwnerId = `07cb02c1@${CHAIN_ID}`;
    assert.match(rowOf(buildChainInfoView(chainInfoInput({ governance: contract })), 'owner').detail ?? '', /contract evm on chain/);
  });

  it('explains free gas without a fee example', () => {
    const i = stardustChainInfo();
    i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 0, b: 0 }, validatorFeeShare: 25 };
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.equal(rowOf(v, 'gasFeePolicy.gasPerToken').value, 'gas is free');
    assert.equal(rowOf(v, 'gasFeePolicy.feeFormula').value, 'fee = 0 (gas is free)');
    assert.equal(hasRow(v, 'gasFeePolicy.examples'), false);
    assert.equal(rowOf(v, 'gasFeePolicy.validatorFeeShare').value, '25%');
  });

  it('formats limits above 2^53 exactly', () => {
    const i = stardustChainInfo();
    i.gasLimits = { maxGasPerBlock: 18446744073709551615n, minGasPerRequest: 1, maxGasPerRequest: 9007199254740993n, maxGasExternalViewCall: 0 };
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.equal(rowOf(v, 'gasLimits.maxGasPerBlock').value, '18,446,744,073,709,551,615');
    assert.equal(rowOf(v, 'gasLimits.maxGasPerRequest').value, '9,007,199,254,740,993');
    assert.equal(rowOf(v, 'gasLimits.maxGasExternalViewCall').value, '0');
    assert.match(rowOf(v, 'gasFeePolicy.examples').value, /9,007,199,254,740,993 gas \(maximum per request\) → 90,071,992,547,410 base tokens/);
  });

  it('names the state it was read at', () => {
    const atIndex = buildChainInfoView(chainInfoInput({ block: '2483095' }));
    assert.equal(atIndex.stateLabel, 'block 2483095');
    assert.equal(atIndex.subtitle, 'IOTA · block 2483095');
    assert.equal(rowOf(atIndex, 'state').value, 'Block 2483095');
    assert.deepEqual(rowOf(atIndex, 'state').copy, { text: '2483095', what: 'block' });
    assert.match(rowOf(atIndex, 'isActive').detail ?? '', /always the latest state/);
    const atRoot = buildChainInfoView(chainInfoInput({ block: '0x9805a22d1527b71a9faa3c7a117b98da5054a906' }));
    assert.equal(rowOf(atRoot, 'state').value, 'Trie root 0x9805a22d1527b71a9faa3c7a117b98da5054a906');
  });

  it('degrades gracefully without the general information', () => {
    const v = buildChainInfoView(chainInfoInput({ general: undefined, generalUnavailable: 'Not found (404)' }));
    assert.equal(hasRow(v, 'isActive'), false);
    const g = rowOf(v, 'general');
    assert.equal(g.value, 'unavailable');
    assert.match(g.detail ?? '', /Not found \(404\)/);
    assert.equal(rowOf(v, 'gasLimits.maxGasPerBlock').value, '1,000,000,000');
  });

  it('shows an inactive chain from its general information', () => {
    const g = stardustGeneral({ isActive: false, gasFeePolicy: null, gasLimits: null });
    const v = buildChainInfoView(chainInfoInput({ governance: undefined, governanceUnavailable: 'Chain not found', general: g }));
    assert.equal(v.notices.length, 1);
    assert.match(v.notices[0]?.text ?? '', /not active on this node/);
    assert.equal(rowOf(v, 'isActive').value, 'no');
    assert.equal(rowOf(v, 'gasFeePolicy').value, 'not available');
    assert.equal(rowOf(v, 'gasLimits').value, 'not available');
    assert.equal(rowOf(v, 'owner').value, OWNER);
  });

  it('warns when the node answers for another chain', () => {
    const i = stardustChainInfo();
    i.chainID = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.ok(v.notices.some((n) => n.level === 'warning' && /answered for chain smr1/.test(n.text)));
  });

  it('needs some chain info', () => {
    assert.throws(() => buildChainInfoView(chainInfoInput({ governance: undefined, general: undefined })));
  });

  it('is JSON-safe (no bigint, nothing lost in a round trip)', () => {
    const v = buildChainInfoView(chainInfoInput());
    assert.deepEqual(JSON.parse(JSON.stringify(v)), v);
  });
});

describe('chainInfo/model/chainInfoView: the exact text', () => {
  it('builds the whole view of an active chain at its latest state', () => {
    const v = buildChainInfoView(chainInfoInput({ fetchedAt: Date.UTC(2026, 10, 23, 12, 0, 0), timeStyle: { locale: 'en-GB', timeZone: 'UTC' } }));
    const url = (field: string, label: string, value: string, what: string, extra: Partial<Row>): Row => ({
      field,
      label,
      value,
      mono: true,
      copy: { text: value, what },
      ...extra,
    });
    const expected: ChainInfoView = {
      title: 'IOTA EVM',
      subtitle: 'IOTA · latest state',
      stateLabel: 'latest state',
      notices: [],
      sections: [
        {
          id: 'state',
          title: 'State',
          rows: [
            { field: 'state', label: 'Read at', value: 'Latest state', mono: false, detail: "the node's current state" },
            { field: 'node', label: 'Node', value: 'http://127.0.0.1:9090', mono: true },
            { field: 'fetchedAt', label: 'Fetched', value: '23 Nov 2026, 12:00:00', title: '2026-11-23 12:00:00 UTC' },
          ],
        },
        {
          id: 'chain',
          title: 'Chain',
          rows: [
            { field: 'chainID', label: 'Chain ID', value: CHAIN_ID, mono: true, copy: { text: CHAIN_ID, what: 'chain ID' } },
            {
              field: 'owner',
              label: 'Owner',
              value: OWNER,
              mono: true,
              copy: { text: OWNER, what: 'chain owner' },
              detail: 'an Ed25519 address (a single key)',
            },
            { field: 'isActive', label: 'Active', value: 'yes' },
            { field: 'evmChainId', label: 'EVM chain ID', value: '8822', mono: true, detail: '0x2276', copy: { text: '8822', what: 'EVM chain ID' } },
            url('publicURL', 'Public URL', PUBLIC_URL, 'public URL', { link: { url: PUBLIC_URL, web: true } }),
          ],
        },
        {
          id: 'fees',
          title: 'Gas fee policy',
          rows: [
            {
              field: 'gasFeePolicy.gasPerToken',
              label: 'Gas per token',
              value: '100 gas = 1 base token',
              detail: 'ratio 100:1 (a:b, a gas costs b base tokens)',
            },
            {
              field: 'gasFeePolicy.feeFormula',
              label: 'Fee formula',
              value: 'fee = ceil(gas × 1 / 100)',
              mono: true,
              detail: 'gas burned, rounded up to whole base tokens',
            },
            {
              field: 'gasFeePolicy.examples',
              label: 'Fee examples',
              // 10,000 / 100 = 100 tokens; 50,000,000 / 100 = 500,000 tokens.
              value: '10,000 gas (minimum per request) → 100 base tokens; 50,000,000 gas (maximum per request) → 500,000 base tokens',
            },
            { field: 'gasFeePolicy.evmGasRatio', label: 'EVM gas ratio', value: '1 EVM gas = 1 ISC gas', detail: 'ratio 1:1; ISC gas = ceil(EVM gas × 1 / 1)' },
            {
              field: 'gasFeePolicy.validatorFeeShare',
              label: 'Validator fee share',
              value: '10%',
              detail: '10% of each fee goes to the validators, 90% to the chain owner',
            },
          ],
        },
        {
          id: 'limits',
          title: 'Gas limits',
          note: 'in gas units',
          rows: [
            { field: 'gasLimits.maxGasPerBlock', label: 'Max gas per block', value: '1,000,000,000' },
            { field: 'gasLimits.minGasPerRequest', label: 'Min gas per request', value: '10,000', detail: 'every request is charged at least this much gas' },
            { field: 'gasLimits.maxGasPerRequest', label: 'Max gas per request', value: '50,000,000' },
            { field: 'gasLimits.maxGasExternalViewCall', label: 'Max gas per external view call', value: '50,000,000' },
          ],
        },
        {
          id: 'metadata',
          title: 'Public metadata',
          rows: [
            { field: 'metadata.name', label: 'Name', value: 'IOTA EVM' },
            { field: 'metadata.description', label: 'Description', value: 'IOTA EVM' },
            url('metadata.website', 'Website', 'https://www.iota.org', 'website', { link: { url: 'https://www.iota.org', web: true } }),
            url('metadata.evmJsonRpcURL', 'EVM JSON-RPC URL', 'https://json-rpc.evm.iotaledger.net', 'EVM JSON-RPC URL', {
              link: { url: 'https://json-rpc.evm.iotaledger.net', web: true },
            }),
            url('metadata.evmWebSocketURL', 'EVM WebSocket URL', 'wss://ws.json-rpc.evm.iotaledger.net', 'EVM WebSocket URL', {
              detail: 'WebSocket endpoint: copy it into your wallet or tool',
            }),
          ],
        },
      ],
    };
    assert.deepEqual(v, expected);
  });

  it('marks a past state as such in the state row', () => {
    const v = buildChainInfoView(chainInfoInput({ block: '42' }));
    assert.deepEqual(rowOf(v, 'state'), {
      field: 'state',
      label: 'Read at',
      value: 'Block 42',
      mono: true,
      detail: 'a past state of the chain',
      copy: { text: '42', what: 'block' },
    });
    assert.deepEqual(rowOf(v, 'isActive'), {
      field: 'isActive',
      label: 'Active',
      value: 'yes',
      detail: 'now (the general information is always the latest state)',
    });
  });

  it('shows an inactive chain from the general information only, with no fee policy or limits', () => {
    const g = stardustGeneral({ isActive: false, gasFeePolicy: null, gasLimits: null });
    const v = buildChainInfoView(chainInfoInput({ governance: undefined, general: g }));
    assert.deepEqual(v.notices, [
      { level: 'warning', text: "The chain is not active on this node: its governance state cannot be read, so this shows the node's general information." },
    ]);
    assert.deepEqual(v.sections[2]?.rows, [
      { field: 'gasFeePolicy', label: 'Fee policy', value: 'not available', detail: 'the node sends no fee policy for an inactive chain', empty: true },
    ]);
    assert.deepEqual(v.sections[3]?.rows, [
      { field: 'gasLimits', label: 'Gas limits', value: 'not available', detail: 'the node sends no gas limits for an inactive chain', empty: true },
    ]);
    assert.deepEqual(rowOf(v, 'isActive'), { field: 'isActive', label: 'Active', value: 'no' });
    const why = buildChainInfoView(chainInfoInput({ governance: undefined, governanceUnavailable: 'Chain not found', general: g }));
    assert.equal(
      why.notices[0]?.text,
      "The chain is not active on this node: its governance state cannot be read, so this shows the node's general information (Chain not found).",
    );
  });

  it('says why the governance state is missing when the chain is active', () => {
    const plain = buildChainInfoView(chainInfoInput({ governance: undefined }));
    assert.deepEqual(plain.notices, [{ level: 'warning', text: "The governance state could not be read: this shows the node's general information." }]);
    const why = buildChainInfoView(chainInfoInput({ governance: undefined, governanceUnavailable: 'Timeout' }));
    assert.deepEqual(why.notices, [{ level: 'warning', text: "The governance state could not be read (Timeout): this shows the node's general information." }]);
  });

  it('warns when the governance state is read but the node reports the chain as not active', () => {
    const v = buildChainInfoView(chainInfoInput({ general: stardustGeneral({ isActive: false }) }));
    assert.deepEqual(v.notices, [{ level: 'warning', text: 'The node reports this chain as not active (it is not running on this node).' }]);
  });

  it('compares chain IDs trimmed and case-insensitively, and not at all without a configured one', () => {
    const padded = stardustChainInfo();
    padded.chainID = `  ${CHAIN_ID.toUpperCase()} `;
    assert.deepEqual(buildChainInfoView(chainInfoInput({ governance: padded })).notices, []);
    assert.deepEqual(buildChainInfoView(chainInfoInput({ configuredChainId: `  ${CHAIN_ID.toUpperCase()}  ` })).notices, []);
    assert.deepEqual(buildChainInfoView(chainInfoInput({ configuredChainId: '   ' })).notices, []);
    const other = buildChainInfoView(chainInfoInput({ configuredChainId: 'iota1other' }));
    assert.deepEqual(other.notices, [
      { level: 'warning', text: `The node answered for chain ${CHAIN_ID}, not for the configured iota1other: check the chain's settings (or the node).` },
    ]);
  });

  it('says the general information is missing, with or without a reason', () => {
    assert.deepEqual(rowOf(buildChainInfoView(chainInfoInput({ general: undefined })), 'general'), {
      field: 'general',
      label: 'Active, EVM chain ID',
      value: 'unavailable',
      empty: true,
      detail: 'the node did not give its general chain information',
    });
    assert.equal(
      rowOf(buildChainInfoView(chainInfoInput({ general: undefined, generalUnavailable: 'Not found (404)' })), 'general').detail,
      'the node did not give its general chain information: Not found (404)',
    );
  });

  it('needs some chain info, and says so', () => {
    assert.throws(() => buildChainInfoView(chainInfoInput({ governance: undefined, general: undefined })), {
      message: 'buildChainInfoView needs the governance or the general chain info',
    });
  });

  it('uses the configured name as title when the public name is blank', () => {
    const i = stardustChainInfo();
    i.metadata.name = '   ';
    assert.equal(buildChainInfoView(chainInfoInput({ governance: i })).title, 'IOTA');
  });

  it('shows blank text and IDs as not set, with nothing to copy', () => {
    const i = stardustChainInfo();
    i.metadata.description = ' \n ';
    i.chainID = '  ';
    const v = buildChainInfoView(chainInfoInput({ governance: i, configuredChainId: '' }));
    assert.deepEqual(rowOf(v, 'metadata.description'), { field: 'metadata.description', label: 'Description', value: 'not set', empty: true });
    assert.deepEqual(rowOf(v, 'chainID'), { field: 'chainID', label: 'Chain ID', value: 'not set', mono: true });
  });

  it('reveals a line break in a one-line name but keeps it in the description', () => {
    const i = stardustChainInfo();
    i.metadata.name = 'IOTA\nEVM';
    i.metadata.description = 'IOTA\nEVM';
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.equal(rowOf(v, 'metadata.name').value, 'IOTA⟨U+000A⟩EVM');
    assert.equal(rowOf(v, 'metadata.description').value, 'IOTA\nEVM');
  });
});

describe('chainInfo/model/chainInfoView: URL rows', () => {
  const website = (url: string): Row => {
    const i = stardustChainInfo();
    i.metadata.website = url;
    return rowOf(buildChainInfoView(chainInfoInput({ governance: i })), 'metadata.website');
  };

  it('trims a URL and opens plain http as well as https, whatever the scheme case', () => {
    assert.deepEqual(website('  http://example.org/x  '), {
      field: 'metadata.website',
      label: 'Website',
      value: 'http://example.org/x',
      mono: true,
      copy: { text: 'http://example.org/x', what: 'website' },
      link: { url: 'http://example.org/x', web: true },
    });
    assert.deepEqual(website('HTTPS://example.org/').link, { url: 'HTTPS://example.org/', web: true });
  });

  it('does not open an http(s) link with credentials, and says why', () => {
    for (const u of ['https://user:pw@example.org/', 'http://user:pw@example.org/']) {
      const r = website(u);
      assert.equal(r.link, undefined, u);
      assert.equal(r.detail, 'not opened: a link with a user name or password, or malformed', u);
    }
  });

  it('keeps ws and wss endpoints as text to copy', () => {
    for (const u of ['ws://127.0.0.1:9090/ws', 'wss://example.org/ws']) {
      const r = website(u);
      assert.equal(r.link, undefined, u);
      assert.equal(r.detail, 'WebSocket endpoint: copy it into your wallet or tool', u);
    }
  });

  it('reads the scheme only at the start', () => {
    const r = website('/http://example.org/');
    assert.equal(r.link, undefined);
    assert.equal(r.detail, 'not an http(s) link: it is not opened');
  });
});

describe('chainInfo/model/chainInfoView: owners and admins', () => {
  const ownerDetail = (owner: string | undefined): string | undefined => {
    const i = stardustChainInfo();
    if (owner === undefined) delete i.chainOwnerId;
    else i.chainOwnerId = owner;
    return rowOf(buildChainInfoView(chainInfoInput({ governance: i, general: undefined })), 'owner').detail;
  };

  it('names every Stardust owner kind', () => {
    assert.equal(ownerDetail(OWNER), 'an Ed25519 address (a single key)');
    assert.equal(ownerDetail('iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd'), 'an alias address (e.g. a multisig or a committee)');
    assert.equal(ownerDetail('iota1zqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd'), 'an NFT address');
    assert.equal(ownerDetail(`0x${HEX40}@${CHAIN_ID}`), `an EVM account on chain ${CHAIN_ID}`);
    assert.equal(ownerDetail(`07cb02c1@${CHAIN_ID}`), `contract evm on chain ${CHAIN_ID}`);
    assert.equal(ownerDetail(`DEADBEEF@${CHAIN_ID}`), `contract deadbeef on chain ${CHAIN_ID}`);
    assert.equal(ownerDetail('-'), 'no owner');
    assert.equal(ownerDetail('garbage'), 'an agent ID in an unrecognised format');
  });

  it('labels a Rebased chain admin and tells its kinds apart by length', () => {
    const v = buildChainInfoView(chainInfoInput({ governance: rebased(`0x${HEX64}`), general: undefined }));
    assert.deepEqual(rowOf(v, 'owner'), {
      field: 'owner',
      label: 'Admin',
      value: `0x${HEX64}`,
      mono: true,
      copy: { text: `0x${HEX64}`, what: 'chain admin' },
      detail: 'an L1 address',
    });
    assert.equal(adminDetail(''), 'not known to the node');
    assert.equal(adminDetail('-'), 'no admin');
    assert.equal(adminDetail(' - '), 'no admin');
    assert.equal(adminDetail(`  0x${HEX64}  `), 'an L1 address');
    assert.equal(adminDetail(`0x${HEX40}`), 'an EVM account');
    assert.equal(adminDetail('0xDEADBEEF'), 'contract deadbeef');
    assert.equal(adminDetail('0x1234'), 'an agent ID in an unrecognised format');
  });

  it('needs the whole admin ID to match a length', () => {
    const unknown = 'an agent ID in an unrecognised format';
    for (const s of [`0x${HEX64}0`, `x0x${HEX64}`, `0x${HEX40}0`, `x0x${HEX40}`, '0xDEADBEEF0', 'x0xDEADBEEF', `0x${'g'.repeat(40)}`, '0xdeadbeeg']) {
      assert.equal(adminDetail(s), unknown, s);
    }
    // 41 and 65 hex digits are neither length; 42 would not be a length either.
    assert.equal(adminDetail(`0x${'a'.repeat(41)}`), unknown);
  });

  it('words a Stardust owner by its kind', () => {
    const cases: [string, string][] = [
      [`iota1q${'q'.repeat(58)}`, 'an Ed25519 address (a single key)'],
      [`iota1p${'q'.repeat(58)}`, 'an alias address (e.g. a multisig or a committee)'],
      [`iota1z${'q'.repeat(58)}`, 'an NFT address'],
      [`0x${'ab'.repeat(20)}@${CHAIN_ID}`, `an EVM account on chain ${CHAIN_ID}`],
      [`07cb02c1@${CHAIN_ID}`, `contract evm on chain ${CHAIN_ID}`],
      [`12345678@${CHAIN_ID}`, `contract 12345678 on chain ${CHAIN_ID}`],
      ['-', 'no owner'],
      ['what?', 'an agent ID in an unrecognised format'],
    ];
    for (const [owner, detail] of cases) assert.equal(rowOfState({ ...iotaGovernance(), chainOwnerId: owner }, 'owner')?.detail, detail, owner);
  });

  it('words a Rebased admin by its length', () => {
    const rebased = (chainAdmin: string): ChainInfoState => ({ ...iotaGovernance(), chainOwnerId: undefined, chainAdmin });
    const cases: [string, string][] = [
      ['', 'not known to the node'],
      [' - ', 'no admin'],
      [`0x${'1'.repeat(64)}`, 'an L1 address'],
      [`0x${'a'.repeat(40)}`, 'an EVM account'],
      ['0x07CB02C1', 'contract 07cb02c1'],
      [`0x${'1'.repeat(63)}`, 'an agent ID in an unrecognised format'],
      [`x0x${'1'.repeat(64)}`, 'an agent ID in an unrecognised format'],
      [`0x${'1'.repeat(40)}0`, 'an agent ID in an unrecognised format'],
      ['0x07cb02c1 0', 'an agent ID in an unrecognised format'],
    ];
    for (const [admin, detail] of cases) assert.equal(rowOfState(rebased(admin), 'owner')?.detail, detail, admin);
    const empty = rowOfState(rebased(''), 'owner');
    assert.deepEqual(empty, { field: 'owner', label: 'Admin', value: 'not set', mono: true, detail: 'not known to the node' });
  });
});

describe('chainInfo/model/chainInfoView: links', () => {
  it('opens only plain http(s) links; says why another URL is not opened', () => {
    const site = (website: string) => rowOfState({ ...iotaGovernance(), metadata: { ...iotaGovernance().metadata, website } }, 'metadata.website');
    assert.deepEqual(site('https://ok.example/'), {
      field: 'metadata.website',
      label: 'Website',
      value: 'https://ok.example/',
      mono: true,
      copy: { text: 'https://ok.example/', what: 'website' },
      link: { url: 'https://ok.example/', web: true },
    });
    assert.equal(site('HTTP://ok.example/')?.link?.url, 'HTTP://ok.example/', 'the scheme in any case');
    assert.deepEqual(site('https://user:pw@evil.example/'), {
      field: 'metadata.website',
      label: 'Website',
      value: 'https://user:pw@evil.example/',
      mono: true,
      copy: { text: 'https://user:pw@evil.example/', what: 'website' },
      detail: 'not opened: a link with a user name or password, or malformed',
    });
    assert.equal(site('ftp://files.example/')?.detail, 'not an http(s) link: it is not opened');
    assert.equal(site('javascript:alert(1)')?.detail, 'not an http(s) link: it is not opened');
    assert.equal(site('ws://x.example')?.detail, 'WebSocket endpoint: copy it into your wallet or tool');
    assert.equal(site('  https://ok.example/  ')?.copy?.text, 'https://ok.example/', 'trimmed');
    assert.deepEqual(site('   '), { field: 'metadata.website', label: 'Website', value: 'not set', empty: true });
  });
});

describe('chainInfo/model/chainInfoView: fees', () => {
  it('explains free gas: the ratio alone, no formula note, no example', () => {
    const i = stardustChainInfo();
    i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 0, b: 0 }, validatorFeeShare: 25 };
    const v = buildChainInfoView(chainInfoInput({ governance: i }));
    assert.deepEqual(v.sections[2]?.rows.slice(0, 2), [
      { field: 'gasFeePolicy.gasPerToken', label: 'Gas per token', value: 'gas is free', detail: 'ratio 0:0' },
      { field: 'gasFeePolicy.feeFormula', label: 'Fee formula', value: 'fee = 0 (gas is free)', mono: true },
    ]);
  });

  it('counts one base token in the singular and reads number limits', () => {
    const i = stardustChainInfo();
    i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 100, b: 1 }, validatorFeeShare: 0 };
    i.gasLimits = { maxGasPerBlock: 1000, minGasPerRequest: 100, maxGasPerRequest: 0, maxGasExternalViewCall: 0 };
    assert.equal(
      rowOf(buildChainInfoView(chainInfoInput({ governance: i })), 'gasFeePolicy.examples').value,
      '100 gas (minimum per request) → 1 base token; 0 gas (maximum per request) → 0 base tokens',
    );
  });

  it('takes a negative or fractional number limit as 0 in the examples', () => {
    const i = stardustChainInfo();
    i.gasLimits = { maxGasPerBlock: 1000, minGasPerRequest: -500, maxGasPerRequest: 1.5, maxGasExternalViewCall: 0 };
    assert.equal(
      rowOf(buildChainInfoView(chainInfoInput({ governance: i })), 'gasFeePolicy.examples').value,
      '0 gas (minimum per request) → 0 base tokens; 0 gas (maximum per request) → 0 base tokens',
    );
  });
});
