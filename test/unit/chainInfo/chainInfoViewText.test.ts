// The chain info panel's exact text: every row of a whole view, each notice, each owner/admin kind,
// each URL scheme and the order of a comparison (model/chainInfoView.ts).
import * as assert from 'node:assert/strict';
import { ChainInfoSchema } from '../../../src/api/stardustSchemas';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import {
  buildChainInfoView,
  buildComparison,
  describeState,
  stateInProse,
  type ChainInfoView,
  type ChainInfoViewInput,
  type GeneralChainInfo,
} from '../../../src/chainInfo/model/chainInfoView';
import { iotaChainInfo } from '../../fixtures/wire';
import type { Row } from '../../../src/ui/model/view';

const CHAIN_ID = iotaChainInfo().chainID;
const OWNER = iotaChainInfo().chainOwnerId;
const PUBLIC_URL = `https://api.evm.iotaledger.net/v1/chains/${CHAIN_ID}`;
const HEX40 = 'Db3009babf5415B64ef64275f0f23A87E90Ea142';
const HEX64 = 'a'.repeat(64);

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

function rows(view: ChainInfoView): Row[] {
  return view.sections.flatMap((s) => s.rows);
}

function row(view: ChainInfoView, field: string): Row {
  const r = rows(view).find((x) => x.field === field);
  assert.ok(r, `row ${field} exists`);
  return r;
}

/** A Rebased chain info: an admin instead of an owner. */
function rebased(admin: string): ChainInfoState {
  const i = info();
  delete i.chainOwnerId;
  i.chainAdmin = admin;
  return i;
}

const adminDetail = (admin: string): string | undefined => row(buildChainInfoView(input({ governance: rebased(admin), general: undefined })), 'owner').detail;

describe('model/chainInfoView: the exact text', () => {
  it('builds the whole view of an active chain at its latest state', () => {
    const v = buildChainInfoView(input({ fetchedAt: '12:00:00' }));
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
            { field: 'fetchedAt', label: 'Fetched', value: '12:00:00' },
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
    const v = buildChainInfoView(input({ block: '42' }));
    assert.deepEqual(row(v, 'state'), {
      field: 'state',
      label: 'Read at',
      value: 'Block 42',
      mono: true,
      detail: 'a past state of the chain',
      copy: { text: '42', what: 'block' },
    });
    assert.deepEqual(row(v, 'isActive'), {
      field: 'isActive',
      label: 'Active',
      value: 'yes',
      detail: 'now (the general information is always the latest state)',
    });
  });

  it('shows an inactive chain from the general information only, with no fee policy or limits', () => {
    const g = general({ isActive: false, gasFeePolicy: null, gasLimits: null });
    const v = buildChainInfoView(input({ governance: undefined, general: g }));
    assert.deepEqual(v.notices, [
      { level: 'warning', text: "The chain is not active on this node: its governance state cannot be read, so this shows the node's general information." },
    ]);
    assert.deepEqual(v.sections[2]?.rows, [
      { field: 'gasFeePolicy', label: 'Fee policy', value: 'not available', detail: 'the node sends no fee policy for an inactive chain', empty: true },
    ]);
    assert.deepEqual(v.sections[3]?.rows, [
      { field: 'gasLimits', label: 'Gas limits', value: 'not available', detail: 'the node sends no gas limits for an inactive chain', empty: true },
    ]);
    assert.deepEqual(row(v, 'isActive'), { field: 'isActive', label: 'Active', value: 'no' });
    const why = buildChainInfoView(input({ governance: undefined, governanceUnavailable: 'Chain not found', general: g }));
    assert.equal(
      why.notices[0]?.text,
      "The chain is not active on this node: its governance state cannot be read, so this shows the node's general information (Chain not found).",
    );
  });

  it('says why the governance state is missing when the chain is active', () => {
    const plain = buildChainInfoView(input({ governance: undefined }));
    assert.deepEqual(plain.notices, [{ level: 'warning', text: "The governance state could not be read: this shows the node's general information." }]);
    const why = buildChainInfoView(input({ governance: undefined, governanceUnavailable: 'Timeout' }));
    assert.deepEqual(why.notices, [{ level: 'warning', text: "The governance state could not be read (Timeout): this shows the node's general information." }]);
  });

  it('warns when the governance state is read but the node reports the chain as not active', () => {
    const v = buildChainInfoView(input({ general: general({ isActive: false }) }));
    assert.deepEqual(v.notices, [{ level: 'warning', text: 'The node reports this chain as not active (it is not running on this node).' }]);
  });

  it('compares chain IDs trimmed and case-insensitively, and not at all without a configured one', () => {
    const padded = info();
    padded.chainID = `  ${CHAIN_ID.toUpperCase()} `;
    assert.deepEqual(buildChainInfoView(input({ governance: padded })).notices, []);
    assert.deepEqual(buildChainInfoView(input({ configuredChainId: `  ${CHAIN_ID.toUpperCase()}  ` })).notices, []);
    assert.deepEqual(buildChainInfoView(input({ configuredChainId: '   ' })).notices, []);
    const other = buildChainInfoView(input({ configuredChainId: 'iota1other' }));
    assert.deepEqual(other.notices, [
      { level: 'warning', text: `The node answered for chain ${CHAIN_ID}, not for the configured iota1other: check the chain's settings (or the node).` },
    ]);
  });

  it('says the general information is missing, with or without a reason', () => {
    assert.deepEqual(row(buildChainInfoView(input({ general: undefined })), 'general'), {
      field: 'general',
      label: 'Active, EVM chain ID',
      value: 'unavailable',
      empty: true,
      detail: 'the node did not give its general chain information',
    });
    assert.equal(
      row(buildChainInfoView(input({ general: undefined, generalUnavailable: 'Not found (404)' })), 'general').detail,
      'the node did not give its general chain information: Not found (404)',
    );
  });

  it('needs some chain info, and says so', () => {
    assert.throws(() => buildChainInfoView(input({ governance: undefined, general: undefined })), {
      message: 'buildChainInfoView needs the governance or the general chain info',
    });
  });

  it('uses the configured name as title when the public name is blank', () => {
    const i = info();
    i.metadata.name = '   ';
    assert.equal(buildChainInfoView(input({ governance: i })).title, 'IOTA');
  });

  it('shows blank text and IDs as not set, with nothing to copy', () => {
    const i = info();
    i.metadata.description = ' \n ';
    i.chainID = '  ';
    const v = buildChainInfoView(input({ governance: i, configuredChainId: '' }));
    assert.deepEqual(row(v, 'metadata.description'), { field: 'metadata.description', label: 'Description', value: 'not set', empty: true });
    assert.deepEqual(row(v, 'chainID'), { field: 'chainID', label: 'Chain ID', value: 'not set', mono: true });
  });

  it('reveals a line break in a one-line name but keeps it in the description', () => {
    const i = info();
    i.metadata.name = 'IOTA\nEVM';
    i.metadata.description = 'IOTA\nEVM';
    const v = buildChainInfoView(input({ governance: i }));
    assert.equal(row(v, 'metadata.name').value, 'IOTA⟨U+000A⟩EVM');
    assert.equal(row(v, 'metadata.description').value, 'IOTA\nEVM');
  });

  describe('URL rows', () => {
    const website = (url: string): Row => {
      const i = info();
      i.metadata.website = url;
      return row(buildChainInfoView(input({ governance: i })), 'metadata.website');
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

  describe('owner and admin kinds', () => {
    const ownerDetail = (owner: string | undefined): string | undefined => {
      const i = info();
      if (owner === undefined) delete i.chainOwnerId;
      else i.chainOwnerId = owner;
      return row(buildChainInfoView(input({ governance: i, general: undefined })), 'owner').detail;
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
      const v = buildChainInfoView(input({ governance: rebased(`0x${HEX64}`), general: undefined }));
      assert.deepEqual(row(v, 'owner'), {
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
      assert.equal(adminDetail('0xDEADBEEF'), 'contract 0xdeadbeef');
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
  });

  describe('fees', () => {
    it('explains free gas: the ratio alone, no formula note, no example', () => {
      const i = info();
      i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 0, b: 0 }, validatorFeeShare: 25 };
      const v = buildChainInfoView(input({ governance: i }));
      assert.deepEqual(v.sections[2]?.rows.slice(0, 2), [
        { field: 'gasFeePolicy.gasPerToken', label: 'Gas per token', value: 'gas is free', detail: 'ratio 0:0' },
        { field: 'gasFeePolicy.feeFormula', label: 'Fee formula', value: 'fee = 0 (gas is free)', mono: true },
      ]);
    });

    it('counts one base token in the singular and reads number limits', () => {
      const i = info();
      i.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 100, b: 1 }, validatorFeeShare: 0 };
      i.gasLimits = { maxGasPerBlock: 1000, minGasPerRequest: 100, maxGasPerRequest: 0, maxGasExternalViewCall: 0 };
      assert.equal(
        row(buildChainInfoView(input({ governance: i })), 'gasFeePolicy.examples').value,
        '100 gas (minimum per request) → 1 base token; 0 gas (maximum per request) → 0 base tokens',
      );
    });

    it('takes a negative or fractional number limit as 0 in the examples', () => {
      const i = info();
      i.gasLimits = { maxGasPerBlock: 1000, minGasPerRequest: -500, maxGasPerRequest: 1.5, maxGasExternalViewCall: 0 };
      assert.equal(
        row(buildChainInfoView(input({ governance: i })), 'gasFeePolicy.examples').value,
        '0 gas (minimum per request) → 0 base tokens; 0 gas (maximum per request) → 0 base tokens',
      );
    });
  });

  describe('states', () => {
    it('says "the latest state" in prose for an empty block too', () => {
      assert.equal(stateInProse(''), 'the latest state');
    });

    it('takes only a whole 40-digit hex string as a trie root', () => {
      assert.equal(describeState(`x0x${HEX40}`), `block "x0x${HEX40.slice(0, 21)}…${HEX40.slice(-8)}"`);
      assert.match(describeState(`0x${HEX40}0`), /^block "/);
    });
  });

  describe('comparison', () => {
    const named = (name: string): ChainInfoState => {
      const i = info();
      i.metadata = { ...i.metadata, name };
      return i;
    };

    it('keeps the panel first when the other state is newer or the same', () => {
      const newer = buildComparison({ block: '9', info: named('A') }, { block: '10', info: named('B') });
      assert.deepEqual([newer.beforeLabel, newer.afterLabel], ['Block 9', 'Block 10']);
      assert.deepEqual(newer.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'B' }]);
      assert.equal(newer.summary, '1 field changed between block 9 and block 10.');
      const latest = buildComparison({ block: '5', info: named('A') }, { block: undefined, info: named('B') });
      assert.deepEqual([latest.beforeLabel, latest.afterLabel], ['Block 5', 'Latest state']);
      const same = buildComparison({ block: '3', info: named('A') }, { block: '3', info: named('B') });
      assert.deepEqual(same.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'B' }]);
      const sameNumber = buildComparison({ block: '5', info: named('A') }, { block: '05', info: named('B') });
      assert.deepEqual([sameNumber.beforeLabel, sameNumber.afterLabel], ['Block 5', 'Block 05']);
    });

    it('shows a value emptied on the newer side as not set', () => {
      const c = buildComparison({ block: '1', info: named('A') }, { block: '2', info: named('') });
      assert.deepEqual(c.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'not set' }]);
    });
  });
});
