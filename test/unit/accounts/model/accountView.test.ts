// What an account read shows (src/accounts/model/accountView.ts): the hover's lines, the panel's
// sections with the agent ID in both its forms, and the comparison of two states, exact and with
// node text revealed.
import * as assert from 'node:assert/strict';
import { RebasedAccountBalanceSchema } from '../../../../src/api/rebasedSchemas';
import { AccountBalanceSchema } from '../../../../src/api/stardustSchemas';
import { accountHoverLines, accountSections, comparisonRows, HOVER_TOKENS, type AccountRead } from '../../../../src/accounts/model/accountView';
import { compareHoldings, holdingsOf } from '../../../../src/api/holdings';
import { REBASED_BASE_TOKEN, stardustBaseToken } from '../../../../src/api/accountShape';

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
    assert.deepEqual(links?.rows, []);
    assert.match(links?.note ?? '', /explorerUrl/);
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
  });

  it('says nothing changed when nothing did', () => {
    const a = rebasedRead('5', undefined);
    assert.deepEqual(comparisonRows(compareHoldings(a.holdings, a.holdings), REBASED_BASE_TOKEN), { summary: 'Nothing changed.', rows: [] });
  });
});
