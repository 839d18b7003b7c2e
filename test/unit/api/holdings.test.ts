// An account's holdings (src/api/holdings.ts): the base tokens exact with the wei
// remainder only eth_getBalance carries, the decimals of each generation and network, no rounding,
// and what came and went between two reads.
import * as assert from 'node:assert/strict';
import { RebasedAccountBalanceSchema } from '../../../src/api/rebasedSchemas';
import { AccountBalanceSchema } from '../../../src/api/stardustSchemas';
import { REBASED_BASE_TOKEN, stardustBaseToken } from '../../../src/api/accountShape';
import { baseHoldingText, compareHoldings, formatBase, formatBaseDelta, holdingsOf, holdingsWords } from '../../../src/api/holdings';

const rebased = (body: unknown) => RebasedAccountBalanceSchema.parse(body);
const stardust = (body: unknown) => AccountBalanceSchema.parse(body);

describe('api/holdings: exact base tokens with the wei remainder', () => {
  it('adds the sub-nano remainder of eth_getBalance to the nanos of the route, exactly', () => {
    const h = holdingsOf(rebased({ baseTokens: '12500000000', nativeTokens: null }), REBASED_BASE_TOKEN, { evmBalanceWei: 12_500_000_000_000_000_123n });
    assert.deepEqual(h.evm, { remainderWei: 123n, totalWei: 12_500_000_000_000_000_123n, agrees: true });
    assert.deepEqual(baseHoldingText(h), { amount: '12.500000000000000123 IOTA', exact: '12,500,000,000 nanos + 123 wei' });
    assert.deepEqual(h.tokens, []);
  });

  it('says when the EVM balance and the route disagree (read at two states), keeping the route amount', () => {
    const h = holdingsOf(rebased({ baseTokens: '5', nativeTokens: null }), REBASED_BASE_TOKEN, { evmBalanceWei: 7_000_000_001n });
    assert.deepEqual(h.evm, { remainderWei: 1n, totalWei: 5_000_000_001n, agrees: false });
  });

  it('reads Stardust base units with 6 decimals: the remainder is below 10^12 wei', () => {
    const chain = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
    const h = holdingsOf(stardust({ baseTokens: '12500000', nativeTokens: [] }), stardustBaseToken(chain), { evmBalanceWei: 12_500_000_999_999_999_999n });
    assert.deepEqual(h.evm, { remainderWei: 999_999_999_999n, totalWei: 12_500_000_999_999_999_999n, agrees: true });
    assert.equal(baseHoldingText(h).amount, '12.500000999999999999 IOTA');
    assert.equal(formatBase(1n, stardustBaseToken('smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s')), '0.000001 SMR');
  });

  it('shows a private network amount exact only: its decimals are not public', () => {
    const token = stardustBaseToken('tst1prcw42l5u4g24tqg628d7qzh7n6m4k4ktvgayh44dyt68y930qzy2lr054v');
    assert.deepEqual(token, { symbol: undefined, decimals: undefined, unit: 'base units' });
    const h = holdingsOf(stardust({ baseTokens: '1234567', nativeTokens: [] }), token, { evmBalanceWei: 10n ** 30n });
    assert.equal(h.evm, undefined, 'no decimals: no remainder can be split off');
    assert.deepEqual(baseHoldingText(h), { amount: '1,234,567 base units', exact: '1,234,567 base units' });
  });

  it('keeps the largest uint64 exact, and the schema refuses 2^64 naming the field', () => {
    const max = (2n ** 64n - 1n).toString();
    const h = holdingsOf(rebased({ baseTokens: max, nativeTokens: [{ coinType: '0x2::x::X', balance: max }] }), REBASED_BASE_TOKEN);
    assert.equal(formatBase(h.baseUnits, REBASED_BASE_TOKEN), '18,446,744,073.709551615 IOTA');
    assert.deepEqual(h.tokens, [{ id: '0x2::x::X', amount: 2n ** 64n - 1n }]);
    const over = RebasedAccountBalanceSchema.safeParse({ baseTokens: (2n ** 64n).toString(), nativeTokens: null });
    assert.ok(!over.success);
    assert.deepEqual(over.error.issues[0]?.path, ['baseTokens']);
    const coin = RebasedAccountBalanceSchema.safeParse({ baseTokens: '1', nativeTokens: [{ coinType: 'c', balance: (2n ** 64n).toString() }] });
    assert.ok(!coin.success);
    assert.deepEqual(coin.error.issues[0]?.path, ['nativeTokens', 0, 'balance']);
    assert.ok(!RebasedAccountBalanceSchema.safeParse({ baseTokens: 1, nativeTokens: null }).success, 'a number, not a decimal string');
    assert.ok(!RebasedAccountBalanceSchema.safeParse({ baseTokens: '-1', nativeTokens: null }).success);
  });
});

describe('api/holdings: what came and went between two reads', () => {
  it('counts the base tokens in wei when both reads carry the EVM balance, and lists changed tokens and NFTs', () => {
    const before = holdingsOf(
      rebased({
        baseTokens: '1000000000',
        nativeTokens: [
          { coinType: 'a', balance: '5' },
          { coinType: 'b', balance: '1' },
        ],
      }),
      REBASED_BASE_TOKEN,
      {
        evmBalanceWei: 1_000_000_000_000_000_000n,
        nfts: ['0x01', '0x02'],
      },
    );
    const after = holdingsOf(
      rebased({
        baseTokens: '999999999',
        nativeTokens: [
          { coinType: 'b', balance: '1' },
          { coinType: 'c', balance: '7' },
        ],
      }),
      REBASED_BASE_TOKEN,
      {
        evmBalanceWei: 999_999_999_000_000_001n,
        nfts: ['0x02', '0x03'],
      },
    );
    const c = compareHoldings(before, after);
    assert.deepEqual(c.base, { before: 10n ** 18n, after: 999_999_999_000_000_001n, delta: -999_999_999n, inWei: true });
    assert.equal(formatBaseDelta(c.base, REBASED_BASE_TOKEN), '−0.000000000999999999 IOTA');
    assert.deepEqual(c.tokens, [
      { id: 'a', before: 5n, after: 0n, delta: -5n },
      { id: 'c', before: 0n, after: 7n, delta: 7n },
    ]);
    assert.deepEqual([c.nftsCame, c.nftsWent, c.same], [['0x03'], ['0x01'], false]);
  });

  it('says nothing changed, and counts in the smallest unit when one read lacks the EVM balance', () => {
    const a = holdingsOf(rebased({ baseTokens: '3', nativeTokens: null }), REBASED_BASE_TOKEN);
    const b = holdingsOf(rebased({ baseTokens: '3', nativeTokens: [] }), REBASED_BASE_TOKEN, { evmBalanceWei: 3_000_000_000n });
    const c = compareHoldings(a, b);
    assert.deepEqual([c.base.inWei, c.base.delta, c.same, c.nftsCame], [false, 0n, true, undefined]);
    assert.equal(
      formatBaseDelta(compareHoldings(a, holdingsOf(rebased({ baseTokens: '1500000003', nativeTokens: null }), REBASED_BASE_TOKEN)).base, REBASED_BASE_TOKEN),
      '+1.5 IOTA',
    );
  });
});

describe('api/holdings: the words of each generation for what it holds', () => {
  it('Rebased (a balance as FACTS gives it, no coins: null): other coins and objects', () => {
    const words = holdingsWords(holdingsOf(rebased({ baseTokens: '1', nativeTokens: null }), REBASED_BASE_TOKEN));
    assert.equal(words.tokens, 'Other coins');
    assert.equal(words.tokenList('9 0x2::c::C'), 'Other coins: 9 0x2::c::C');
    assert.equal(words.nfts, 'Objects');
    assert.equal(words.nftCount(1), '1 object');
    assert.equal(words.nftCount(1234), '1,234 objects');
  });

  it('Stardust: native tokens and NFTs', () => {
    const chain = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
    const words = holdingsWords(holdingsOf(stardust({ baseTokens: '1', nativeTokens: [] }), stardustBaseToken(chain)));
    assert.equal(words.tokens, 'Native tokens');
    assert.equal(words.tokenList('5 0x08'), 'Native tokens: 5 0x08');
    assert.equal(words.nfts, 'NFTs');
    assert.equal(words.nftCount(1), '1 NFT');
    assert.equal(words.nftCount(0), '0 NFTs');
  });
});
