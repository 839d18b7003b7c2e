// What an account read shows (src/accounts/model/accountView.ts): the hover's lines, the panel's
// sections with the agent ID in both its forms, and the comparison of two states, exact and with
// node text revealed.
import * as assert from 'node:assert/strict';
import { RebasedAccountBalanceSchema } from '../../../../src/api/rebasedSchemas';
import { AccountBalanceSchema } from '../../../../src/api/stardustSchemas';
import { accountHoverLines, accountSections, comparisonRows, HOVER_TOKENS, type AccountRead } from '../../../../src/accounts/model/accountView';
import { compareHoldings, holdingsOf } from '../../../../src/api/holdings';
import { REBASED_BASE_TOKEN, stardustBaseToken } from '../../../../src/api/accountShape';
import type { Row } from '../../../../src/ui/model/view';

const ADDRESS = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';
const CHAIN_ID = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const COIN = `0x${'c'.repeat(64)}::coin::COIN`;

function rebasedRead(
  baseTokens: string,
  wei: bigint | undefined,
  coins: Array<{ coinType: string; balance: string }> | null = null,
  nfts: string[] = [],
): AccountRead {
  const holdings = holdingsOf(RebasedAccountBalanceSchema.parse({ baseTokens, nativeTokens: coins }), REBASED_BASE_TOKEN, {
    ...(wei === undefined ? {} : { evmBalanceWei: wei }),
    nfts,
  });
  return { generation: 'rebased', agentId: ADDRESS, kind: 'evm', evmAddress: ADDRESS, holdings, evmNonce: 12n, missing: [], block: undefined };
}

const AGENT = 'iota1qrhacyfwlcnzkvzteumekfkrrwks98mpdm37cj4xx3drvmjvnep6xqgyzyx';
const PARTS = ['nfts', 'evmNonce', 'evmBalance', 'nonce'] as const;

/** A Stardust agent that is not an EVM address: no objects read, an off-ledger nonce. */
function agentRead(): AccountRead {
  const holdings = holdingsOf(AccountBalanceSchema.parse({ baseTokens: '5', nativeTokens: [] }), stardustBaseToken(CHAIN_ID));
  return { generation: 'stardust', agentId: AGENT, kind: 'address', holdings, offLedgerNonce: 4n, missing: [], block: undefined };
}

const byField = (rows: Row[]) => new Map(rows.map((r) => [r.field, r]));

describe('accounts/model/accountView: the hover', () => {
  it('says the exact balance with the wei remainder, the objects, the EVM nonce and the name', () => {
    const lines = accountHoverLines(rebasedRead('2000000000', 2_000_000_000_000_000_123n, null, [`0x${'1'.repeat(64)}`]), {
      chainName: 'Rebased EVM',
      name: 'Vault',
    });
    assert.deepEqual(lines, [
      `Account ${ADDRESS} (Vault) on Rebased EVM (the address was sent to its node)`,
      'Base tokens: 2.000000000000000123 IOTA (exact: 2,000,000,000 nanos + 123 wei)',
      '1 object · EVM nonce 12',
    ]);
  });

  it('lists at most HOVER_TOKENS other coins, exact, their types revealed', () => {
    const coins = Array.from({ length: HOVER_TOKENS + 2 }, (_, i) => ({ coinType: `${COIN}${i}\u202e`, balance: '18446744073709551615' }));
    const lines = accountHoverLines(rebasedRead('1', undefined, coins), { chainName: 'c', name: undefined });
    const other = lines.find((l) => l.startsWith('Other coins:')) ?? '';
    assert.match(other, /18,446,744,073,709,551,615/);
    assert.match(other, /…and 2 more$/);
    assert.ok(!other.includes('\u202e'), 'the bidi override is revealed');
  });

  it('says what could not be read, part by part', () => {
    const read = { ...rebasedRead('1', undefined), missing: [{ part: 'evmNonce' as const, reason: 'the JSON-RPC at h could not be reached' }] };
    assert.ok(accountHoverLines(read, { chainName: 'c', name: undefined }).includes('Not read: EVM nonce (the JSON-RPC at h could not be reached)'));
  });

  it('names an agent without an EVM address by its agent ID, the chain with where its entry came from, and its off-ledger nonce', () => {
    const lines = accountHoverLines(agentRead(), { chainName: 'c', name: undefined, sourceNote: 'workspace settings' });
    assert.deepEqual(lines, [
      `Account ${AGENT} on c (workspace settings) (the address was sent to its node)`,
      'Base tokens: 0.000005 IOTA (exact: 5 base units)',
      'nonce 4',
    ]);
  });

  it('says only the balance when neither objects nor nonces were read', () => {
    const read: AccountRead = { ...agentRead(), offLedgerNonce: undefined };
    assert.deepEqual(accountHoverLines(read, { chainName: 'c', name: undefined }), [
      `Account ${AGENT} on c (the address was sent to its node)`,
      'Base tokens: 0.000005 IOTA (exact: 5 base units)',
    ]);
  });

  it('warns when the EVM balance was read at another state than the accounts balance', () => {
    const lines = accountHoverLines(rebasedRead('2000000000', 3_000_000_000_000_000_005n), { chainName: 'c', name: undefined });
    assert.equal(lines[2], 'The EVM balance was read at another state than the accounts balance.');
  });

  it('lists exactly HOVER_TOKENS coins without "more", and one more coin as "…and 1 more"', () => {
    const coins = (n: number) => Array.from({ length: n }, (_, i) => ({ coinType: `0x${i}::c::C`, balance: `${i + 1}` }));
    const listed = (n: number) => accountHoverLines(rebasedRead('1', undefined, coins(n)), { chainName: 'c', name: undefined })[2];
    assert.equal(listed(HOVER_TOKENS), 'Other coins: 1 0x0::c::C; 2 0x1::c::C; 3 0x2::c::C; 4 0x3::c::C; 5 0x4::c::C');
    assert.equal(listed(HOVER_TOKENS + 1), 'Other coins: 1 0x0::c::C; 2 0x1::c::C; 3 0x2::c::C; 4 0x3::c::C; 5 0x4::c::C; …and 1 more');
  });

  it('names each part that could not be read in words', () => {
    const read: AccountRead = { ...agentRead(), missing: PARTS.map((part) => ({ part, reason: 'r' })) };
    assert.deepEqual(accountHoverLines(read, { chainName: 'c', name: undefined }).slice(3), [
      'Not read: objects/NFTs (r)',
      'Not read: EVM nonce (r)',
      'Not read: wei remainder (r)',
      'Not read: nonce (r)',
    ]);
  });
});

describe('accounts/model/accountView: the panel', () => {
  it('shows the agent ID in both forms: the address, and address@chainID on a Stardust chain', () => {
    const holdings = holdingsOf(AccountBalanceSchema.parse({ baseTokens: '1500000', nativeTokens: [] }), stardustBaseToken(CHAIN_ID), { nfts: [] });
    const read: AccountRead = {
      generation: 'stardust',
      agentId: `${ADDRESS}@${CHAIN_ID}`,
      kind: 'evm',
      evmAddress: ADDRESS,
      holdings,
      missing: [],
      block: '7',
    };
    const sections = accountSections(read, {
      chainName: 'IOTA EVM',
      stardustChainId: CHAIN_ID,
      links: { evmExplorer: `https://x.example/address/${ADDRESS}` },
    });
    const rows = new Map(sections.flatMap((s) => s.rows).map((r) => [r.field, r]));
    assert.equal(rows.get('baseTokens')?.value, '1.5 IOTA');
    assert.equal(rows.get('agentIdRebased')?.value, ADDRESS);
    assert.equal(rows.get('agentIdStardust')?.value, `${ADDRESS}@${CHAIN_ID}`);
    assert.deepEqual(rows.get('link.evm')?.link, { url: `https://x.example/address/${ADDRESS}`, web: true });
  });

  it('says when no explorer is known instead of a dead link', () => {
    const sections = accountSections(rebasedRead('1', undefined), { chainName: 'c', links: {} });
    const links = sections.find((s) => s.id === 'links');
    assert.equal(links?.title, 'Explorers');
    assert.deepEqual(links?.rows, []);
    assert.match(links?.note ?? '', /explorerUrl/);
  });
});

describe("accounts/model/accountView: the panel's holdings", () => {
  it('lists every holding with what it copies: base tokens, the EVM balance in wei and its note, each coin, the objects, the nonces, what was not read', () => {
    const read: AccountRead = {
      ...rebasedRead('2000000000', 3_000_000_000_000_000_005n, [{ coinType: COIN, balance: '7' }], ['0xa']),
      offLedgerNonce: 3n,
      missing: [{ part: 'nonce', reason: 'no\u202eroute' }],
    };
    const holdings = accountSections(read, { chainName: 'c', links: {} }).find((s) => s.id === 'holdings');
    assert.deepEqual(holdings?.rows, [
      {
        field: 'baseTokens',
        label: 'Base tokens',
        value: '2.000000000000000005 IOTA',
        detail: '2,000,000,000 nanos + 5 wei',
        mono: true,
        copy: { text: '2.000000000000000005 IOTA', what: 'the base-token amount' },
      },
      {
        field: 'evmBalance',
        label: 'EVM balance (wei)',
        value: '2,000,000,000,000,000,005',
        mono: true,
        copy: { text: '2000000000000000005', what: 'the balance in wei' },
      },
      { field: 'evmBalanceNote', label: 'Note', value: 'The EVM balance was read at another state than the accounts balance.' },
      { field: `token.${COIN}`, label: COIN, value: '7', mono: true, copy: { text: COIN, what: 'the token ID' } },
      { field: 'nfts', label: 'Objects', value: '1 object' },
      { field: 'nft.0xa', label: '', value: '0xa', mono: true, copy: { text: '0xa', what: 'the ID' } },
      { field: 'evmNonce', label: 'EVM nonce', value: '12', detail: 'eth_getTransactionCount: the next nonce' },
      { field: 'nonce', label: 'Nonce', value: '3', detail: 'the next off-ledger nonce' },
      { field: 'missing.nonce', label: 'nonce', value: 'not read: no⟨U+202E⟩route', empty: true },
    ]);
  });

  it('adds no note beside an EVM balance that agrees with the accounts balance', () => {
    const rows = accountSections(rebasedRead('2000000000', 2_000_000_000_000_000_123n), { chainName: 'c', links: {} })[0]?.rows ?? [];
    assert.deepEqual(rows.map((r) => r.field).slice(0, 3), ['baseTokens', 'evmBalance', 'tokens']);
  });
});

describe("accounts/model/accountView: the panel's agent and links", () => {
  it('an agent that is not an EVM address: (none) for tokens, no objects row when they were not read, its agent ID to copy, the IOTA explorer', () => {
    const sections = accountSections(agentRead(), { chainName: 'IOTA', links: { iotaExplorer: 'https://iota.example/address/a' } });
    assert.deepEqual(
      sections.map((s) => [s.id, s.title, s.note]),
      [
        ['holdings', 'Holdings', undefined],
        ['identity', 'Account', undefined],
        ['links', 'Explorers', undefined],
      ],
    );
    assert.deepEqual(sections.flatMap((s) => s.rows).slice(1), [
      { field: 'tokens', label: 'Native tokens', value: '(none)', empty: true },
      { field: 'nonce', label: 'Nonce', value: '4', detail: 'the next off-ledger nonce' },
      { field: 'agentId', label: 'Agent ID', value: AGENT, mono: true, copy: { text: AGENT, what: 'the agent ID' } },
      { field: 'chain', label: 'Chain', value: 'IOTA' },
      {
        field: 'link.iota',
        label: 'IOTA explorer',
        value: 'https://iota.example/address/a',
        mono: true,
        link: { url: 'https://iota.example/address/a', web: true },
      },
    ]);
  });

  it('an EVM account: its address and name to copy, and the Wasp 1.x form described until the Stardust chain ID is known', () => {
    const identity = (stardustChainId?: string) =>
      accountSections(rebasedRead('1', undefined), { chainName: 'c', name: 'Vault\u202e', stardustChainId, links: {} }).find((s) => s.id === 'identity')
        ?.rows ?? [];
    assert.deepEqual(identity(), [
      { field: 'evmAddress', label: 'EVM address', value: ADDRESS, mono: true, copy: { text: ADDRESS, what: 'the address' } },
      { field: 'name', label: 'Name', value: 'Vault⟨U+202E⟩' },
      { field: 'agentIdRebased', label: 'Agent ID (Wasp 2.x)', value: ADDRESS, mono: true, copy: { text: ADDRESS, what: 'the agent ID' } },
      {
        field: 'agentIdStardust',
        label: 'Agent ID (Wasp 1.x)',
        value: `${ADDRESS}@<chain ID>`,
        mono: true,
        detail: 'on a Stardust chain, the address followed by @ and the chain ID',
      },
      { field: 'chain', label: 'Chain', value: 'c' },
    ]);
    assert.deepEqual(byField(identity(CHAIN_ID)).get('agentIdStardust'), {
      field: 'agentIdStardust',
      label: 'Agent ID (Wasp 1.x)',
      value: `${ADDRESS}@${CHAIN_ID}`,
      mono: true,
      copy: { text: `${ADDRESS}@${CHAIN_ID}`, what: 'the agent ID' },
    });
  });
});

describe('accounts/model/accountView: what came and went', () => {
  it('shows the base-token change in wei when both reads carry it, and the objects that came and went', () => {
    const before = rebasedRead('2000000000', 2_000_000_000_000_000_000n, null, ['0xa', '0xb']);
    const after = rebasedRead('1000000000', 1_000_000_000_000_000_001n, null, ['0xb', '0xc']);
    const { summary, rows } = comparisonRows(compareHoldings(before.holdings, after.holdings), REBASED_BASE_TOKEN);
    assert.equal(summary, '3 changes.');
    assert.deepEqual(
      rows.map((r) => [r.field, r.value]),
      [
        ['baseTokens', '−0.999999999999999999 IOTA'],
        ['came.0xc', '0xc'],
        ['went.0xa', '0xa'],
      ],
    );
    assert.deepEqual(rows[0], {
      field: 'baseTokens',
      label: 'Base tokens',
      value: '−0.999999999999999999 IOTA',
      detail: '2,000,000,000,000,000,000 → 1,000,000,000,000,000,001 wei',
      mono: true,
    });
  });

  it('each coin that changed is a signed amount with before → after, each object that came or went is its own row, and an unchanged base has none', () => {
    const before = rebasedRead(
      '5',
      undefined,
      [
        { coinType: `${COIN}A`, balance: '10' },
        { coinType: `${COIN}B`, balance: '3' },
      ],
      ['0xa'],
    );
    const after = rebasedRead(
      '5',
      undefined,
      [
        { coinType: `${COIN}A`, balance: '4' },
        { coinType: `${COIN}B`, balance: '7' },
      ],
      ['0xd'],
    );
    assert.deepEqual(comparisonRows(compareHoldings(before.holdings, after.holdings), REBASED_BASE_TOKEN), {
      summary: '4 changes.',
      rows: [
        { field: `token.${COIN}A`, label: `${COIN}A`, value: '−6', detail: '10 → 4', mono: true },
        { field: `token.${COIN}B`, label: `${COIN}B`, value: '+4', detail: '3 → 7', mono: true },
        { field: 'came.0xd', label: 'Came', value: '0xd', mono: true },
        { field: 'went.0xa', label: 'Went', value: '0xa', mono: true },
      ],
    });
  });

  it('a base-token change without the wei on both sides is in nanos, and one change is said in the singular', () => {
    const change = compareHoldings(rebasedRead('5', undefined).holdings, rebasedRead('7', 7_000_000_000n).holdings);
    assert.deepEqual(comparisonRows(change, REBASED_BASE_TOKEN), {
      summary: '1 change.',
      rows: [{ field: 'baseTokens', label: 'Base tokens', value: '+0.000000002 IOTA', detail: '5 → 7', mono: true }],
    });
  });

  it('says nothing changed when nothing did', () => {
    const a = rebasedRead('5', undefined);
    assert.deepEqual(comparisonRows(compareHoldings(a.holdings, a.holdings), REBASED_BASE_TOKEN), { summary: 'Nothing changed.', rows: [] });
  });
});
