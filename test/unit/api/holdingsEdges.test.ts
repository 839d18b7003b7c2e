// The edges of an account's holdings (src/api/holdings.ts): a Stardust balance's native tokens, the
// EVM balance kept only when it can be split exactly (decimals up to 18, a balance not negative),
// the words of a token whose decimals or symbol are unknown, and a comparison that orders the
// tokens by id and says "same" only when nothing at all moved. Built in the test, no node.
import * as assert from 'node:assert/strict';
import type { BaseToken } from '../../../src/api/accountShape';
import { REBASED_BASE_TOKEN } from '../../../src/api/accountShape';
import { baseHoldingText, compareHoldings, formatBase, formatBaseDelta, holdingsOf, type Holdings } from '../../../src/api/holdings';
import { RebasedAccountBalanceSchema } from '../../../src/api/rebasedSchemas';
import { AccountBalanceSchema } from '../../../src/api/stardustSchemas';

const TOKEN_A = `0x08${'aa'.repeat(37)}`;
const TOKEN_B = `0x08${'bb'.repeat(37)}`;
const IOTA6: BaseToken = { symbol: 'IOTA', decimals: 6, unit: 'base units' };
const rebased = (baseTokens: string) => RebasedAccountBalanceSchema.parse({ baseTokens, nativeTokens: null });
const held = (tokens: Array<[string, bigint]>, more: Partial<Holdings> = {}): Holdings => ({
  generation: 'rebased',
  baseToken: REBASED_BASE_TOKEN,
  baseUnits: 1n,
  tokens: tokens.map(([id, amount]) => ({ id, amount })),
  ...more,
});

describe('api/holdings: what one read holds', () => {
  it("lists a Stardust balance's native tokens by their id and amount, and no NFT key when none were read", () => {
    const assets = AccountBalanceSchema.parse({ baseTokens: '7', nativeTokens: [{ id: TOKEN_A, amount: '0x05' }] });
    assert.deepStrictEqual(holdingsOf(assets, IOTA6), { generation: 'stardust', baseToken: IOTA6, baseUnits: 7n, tokens: [{ id: TOKEN_A, amount: 5n }] });
  });

  it('splits an EVM balance of zero, and one in a token of exactly 18 decimals (no remainder)', () => {
    assert.deepStrictEqual(holdingsOf(rebased('0'), REBASED_BASE_TOKEN, { evmBalanceWei: 0n }).evm, { remainderWei: 0n, totalWei: 0n, agrees: true });
    const wei18: BaseToken = { symbol: 'X', decimals: 18, unit: 'base units' };
    assert.deepStrictEqual(holdingsOf(rebased('5'), wei18, { evmBalanceWei: 5n }).evm, { remainderWei: 0n, totalWei: 5n, agrees: true });
  });

  it('keeps no EVM split for a negative balance or a token of more than 18 decimals', () => {
    assert.equal(holdingsOf(rebased('5'), REBASED_BASE_TOKEN, { evmBalanceWei: -1n }).evm, undefined);
    assert.equal(holdingsOf(rebased('5'), { symbol: 'X', decimals: 19, unit: 'base units' }, { evmBalanceWei: 5n }).evm, undefined);
  });
});

describe('api/holdings: the words of a token whose decimals or symbol are unknown', () => {
  it('says an amount in nanos or base units when the decimals are unknown, and without a symbol when it has none', () => {
    assert.equal(formatBase(1234n, { symbol: undefined, decimals: undefined, unit: 'nanos' }), '1,234 nanos');
    assert.equal(formatBase(1234n, { symbol: undefined, decimals: undefined, unit: 'base units' }), '1,234 base units');
    assert.equal(formatBase(1_500_000n, { symbol: undefined, decimals: 6, unit: 'base units' }), '1.5');
  });

  it('says the whole holding with its wei remainder, without a symbol when it has none, and no "+ 0 wei"', () => {
    const noSymbol: BaseToken = { symbol: undefined, decimals: 9, unit: 'nanos' };
    assert.deepStrictEqual(baseHoldingText(holdingsOf(rebased('2'), noSymbol, { evmBalanceWei: 2_000_000_003n })), {
      amount: '0.000000002000000003',
      exact: '2 nanos + 3 wei',
    });
    assert.deepStrictEqual(baseHoldingText(holdingsOf(rebased('2'), REBASED_BASE_TOKEN, { evmBalanceWei: 2_000_000_000n })), {
      amount: '0.000000002 IOTA',
      exact: '2 nanos',
    });
  });

  it('shows a holding exact only when its token has no decimals, even with an EVM split at hand', () => {
    const h = held([], {
      baseUnits: 42n,
      baseToken: { symbol: undefined, decimals: undefined, unit: 'nanos' },
      evm: { remainderWei: 1n, totalWei: 2n, agrees: true },
    });
    assert.deepStrictEqual(baseHoldingText(h), { amount: '42 nanos', exact: '42 nanos' });
  });

  it('signs a change: none for no change, and says a wei change of a token without symbol in 18 decimals', () => {
    assert.equal(formatBaseDelta({ before: 3n, after: 3n, delta: 0n, inWei: false }, REBASED_BASE_TOKEN), '0 IOTA');
    assert.equal(
      formatBaseDelta({ before: 0n, after: 10n ** 18n, delta: 10n ** 18n, inWei: true }, { symbol: undefined, decimals: 9, unit: 'nanos' }),
      '+1 (18 decimals)',
    );
  });
});

describe('api/holdings: comparing two reads', () => {
  it('lists the changed tokens in id order, whatever order the reads gave them in', () => {
    const c = compareHoldings(
      held([
        ['c', 1n],
        ['a', 1n],
      ]),
      held([
        ['b', 2n],
        ['d', 3n],
      ]),
    );
    assert.deepStrictEqual(
      c.tokens.map((t) => t.id),
      ['a', 'b', 'c', 'd'],
    );
    assert.deepStrictEqual(
      compareHoldings(
        held([]),
        held([
          ['z', 1n],
          ['y', 1n],
          ['x', 1n],
        ]),
      ).tokens.map((t) => t.id),
      ['x', 'y', 'z'],
    );
  });

  it('counts in the smallest unit when only the earlier read carries the EVM balance', () => {
    const before = holdingsOf(rebased('3'), REBASED_BASE_TOKEN, { evmBalanceWei: 3_000_000_007n });
    assert.deepStrictEqual(compareHoldings(before, holdingsOf(rebased('4'), REBASED_BASE_TOKEN)).base, { before: 3n, after: 4n, delta: 1n, inWei: false });
  });

  it('is not the same when only a token moved, or only an NFT came or went', () => {
    assert.equal(compareHoldings(held([[TOKEN_A, 1n]]), held([[TOKEN_A, 2n]])).same, false);
    assert.equal(compareHoldings(held([], { nfts: [] }), held([], { nfts: ['0x01'] })).same, false);
    assert.equal(compareHoldings(held([], { nfts: ['0x01'] }), held([], { nfts: [] })).same, false);
    assert.deepStrictEqual(compareHoldings(held([[TOKEN_B, 1n]], { nfts: ['0x01'] }), held([[TOKEN_B, 1n]], { nfts: ['0x01'] })), {
      base: { before: 1n, after: 1n, delta: 0n, inWei: false },
      tokens: [],
      nftsCame: [],
      nftsWent: [],
      same: true,
    });
  });

  it('compares no NFTs when only one read listed them', () => {
    const c = compareHoldings(held([], { nfts: ['0x01'] }), held([]));
    assert.deepStrictEqual(c, { base: { before: 1n, after: 1n, delta: 0n, inWei: false }, tokens: [], same: true });
    assert.deepStrictEqual(compareHoldings(held([]), held([], { nfts: ['0x01'] })), c);
  });
});
