// What an account holds on a chain's L2, exact: base tokens as the accounts route gives them (the
// smallest unit: nanos with 9 decimals on Rebased, base units with 6 on IOTA and Shimmer Stardust)
// plus the sub-unit remainder only `eth_getBalance` carries (wei, 18 decimals: the route drops it,
// FACTS §2), the other coins or native tokens, the objects or NFTs; shown in IOTA/SMR with every
// decimal; what came and went between two reads ("compare two blocks"); and the words each
// generation has for what it holds besides base tokens. BigInt throughout: no float anywhere. Pure.
import type { Generation } from './generation';
import type { RebasedAccountBalance } from './rebasedSchemas';
import type { AccountBalance } from './stardustSchemas';
import { formatBigInt } from '../core/format';
import { englishL10n, type L10n } from '../core/l10n';
import { formatUnits } from '../core/units';
import type { BaseToken } from './accountShape';

/** EVM values are wei: 18 decimals of the base token. */
export const EVM_DECIMALS = 18;

/** Another token: a Rebased coin (`coinType`) or a Stardust native token (`id`), exact in its smallest unit. */
export interface OtherToken {
  id: string;
  amount: bigint;
}

export interface Holdings {
  generation: Generation;
  baseToken: BaseToken;
  /** The base tokens as the accounts route counts them (smallest unit, no remainder). */
  baseUnits: bigint;
  /**
   * The EVM balance split: the remainder below one smallest unit (wei) and the exact total in wei,
   * when `eth_getBalance` was read (an EVM account) and the decimals are known.
   */
  evm?: { remainderWei: bigint; totalWei: bigint; agrees: boolean };
  tokens: OtherToken[];
  /** NFT IDs (Stardust) or object IDs (Rebased), when read. */
  nfts?: string[];
}

/**
 * One view of both generations' balance answers, with the EVM balance when read. `agrees` is false
 * when the EVM balance's whole units differ from the route's (two reads at different states): the
 * route's amount is shown, the remainder comes from the EVM balance all the same.
 */
export function holdingsOf(
  assets: AccountBalance | RebasedAccountBalance,
  baseToken: BaseToken,
  options: { evmBalanceWei?: bigint; nfts?: string[] } = {},
): Holdings {
  const tokens: OtherToken[] =
    assets.generation === 'rebased'
      ? assets.nativeTokens.map((c) => ({ id: c.coinType, amount: c.balance }))
      : assets.nativeTokens.map((t) => ({ id: t.id, amount: t.amount }));
  const out: Holdings = { generation: assets.generation, baseToken, baseUnits: assets.baseTokens, tokens };
  const wei = options.evmBalanceWei;
  if (wei !== undefined && baseToken.decimals !== undefined && baseToken.decimals <= EVM_DECIMALS && wei >= 0n) {
    const scale = 10n ** BigInt(EVM_DECIMALS - baseToken.decimals);
    const remainderWei = wei % scale;
    out.evm = { remainderWei, totalWei: assets.baseTokens * scale + remainderWei, agrees: wei / scale === assets.baseTokens };
  }
  if (options.nfts !== undefined) out.nfts = options.nfts;
  return out;
}

/** "12.500000001 IOTA" with every decimal the amount has (exact; no rounding), or the exact integer and unit when the decimals are not known. */
export function formatBase(units: bigint, baseToken: BaseToken, l10n: L10n = englishL10n): string {
  if (baseToken.decimals === undefined)
    return baseToken.unit === 'nanos' ? l10n.t('{0} nanos', formatBigInt(units)) : l10n.t('{0} base units', formatBigInt(units));
  const amount = formatUnits(units, baseToken.decimals);
  return baseToken.symbol === undefined ? amount : `${amount} ${baseToken.symbol}`;
}

/** The whole base-token holding in words: with the remainder when known ("1.000000000000000123 IOTA"), and its exact parts. */
export function baseHoldingText(h: Holdings, l10n: L10n = englishL10n): { amount: string; exact: string } {
  const exactUnits = h.baseToken.unit === 'nanos' ? l10n.t('{0} nanos', formatBigInt(h.baseUnits)) : l10n.t('{0} base units', formatBigInt(h.baseUnits));
  if (h.evm === undefined || h.baseToken.decimals === undefined) return { amount: formatBase(h.baseUnits, h.baseToken, l10n), exact: exactUnits };
  const amount = formatUnits(h.evm.totalWei, EVM_DECIMALS);
  return {
    amount: h.baseToken.symbol === undefined ? amount : `${amount} ${h.baseToken.symbol}`,
    exact: h.evm.remainderWei === 0n ? exactUnits : l10n.t('{0} + {1} wei', exactUnits, formatBigInt(h.evm.remainderWei)),
  };
}

/** One amount that changed between two reads. */
export interface AmountChange {
  before: bigint;
  after: bigint;
  /** after − before: positive came in, negative went out. */
  delta: bigint;
}

export interface HoldingsChange {
  /** In the smallest unit; in wei when both reads carry the EVM balance. */
  base: AmountChange & { inWei: boolean };
  /** Tokens whose amount changed (a token absent on one side counts as 0 there), in id order. */
  tokens: Array<AmountChange & { id: string }>;
  /** Present only when both reads listed them. */
  nftsCame?: string[];
  nftsWent?: string[];
  /** Nothing changed. */
  same: boolean;
}

const change = (before: bigint, after: bigint): AmountChange => ({ before, after, delta: after - before });

/** What came and went from `before` to `after` (the account panel's comparison of two blocks). */
export function compareHoldings(before: Holdings, after: Holdings): HoldingsChange {
  const inWei = before.evm !== undefined && after.evm !== undefined;
  const base = { ...(inWei ? change(before.evm?.totalWei ?? 0n, after.evm?.totalWei ?? 0n) : change(before.baseUnits, after.baseUnits)), inWei };
  const ids = [...new Set([...before.tokens.map((t) => t.id), ...after.tokens.map((t) => t.id)])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const amount = (h: Holdings, id: string) => h.tokens.filter((t) => t.id === id).reduce((n, t) => n + t.amount, 0n);
  const tokens = ids.map((id) => ({ id, ...change(amount(before, id), amount(after, id)) })).filter((t) => t.delta !== 0n);
  const out: HoldingsChange = { base, tokens, same: base.delta === 0n && tokens.length === 0 };
  if (before.nfts !== undefined && after.nfts !== undefined) {
    const had = new Set(before.nfts);
    const has = new Set(after.nfts);
    out.nftsCame = after.nfts.filter((id) => !had.has(id));
    out.nftsWent = before.nfts.filter((id) => !has.has(id));
    out.same = out.same && out.nftsCame.length === 0 && out.nftsWent.length === 0;
  }
  return out;
}

/** A signed change of the base token in words ("+1.5 IOTA", "−0.000000000000000001 IOTA"). */
export function formatBaseDelta(c: HoldingsChange['base'], baseToken: BaseToken, l10n: L10n = englishL10n): string {
  const sign = c.delta > 0n ? '+' : c.delta < 0n ? '−' : '';
  const magnitude = c.delta < 0n ? -c.delta : c.delta;
  if (!c.inWei) return `${sign}${formatBase(magnitude, baseToken, l10n)}`;
  const amount = formatUnits(magnitude, EVM_DECIMALS);
  return `${sign}${baseToken.symbol === undefined ? l10n.t('{0} (18 decimals)', amount) : `${amount} ${baseToken.symbol}`}`;
}

/** What a generation calls the holdings besides base tokens, in the user's language. */
export interface HoldingsWords {
  /** The other tokens' title: "Other coins" (Rebased coins), "Native tokens" (Stardust). */
  tokens: string;
  /** The hover's line listing them. */
  tokenList(list: string): string;
  /** The title of the objects (Rebased) or NFTs (Stardust). */
  nfts: string;
  /** How many of them, in words ("1 object", "3 NFTs"). */
  nftCount(n: number): string;
}

/** The words of the generation whose node answered these holdings. */
export function holdingsWords(h: Pick<Holdings, 'generation'>, l10n: L10n = englishL10n): HoldingsWords {
  return h.generation === 'rebased'
    ? {
        tokens: l10n.t('Other coins'),
        tokenList: (list) => l10n.t('Other coins: {0}', list),
        nfts: l10n.t('Objects'),
        nftCount: (n) => (n === 1 ? l10n.t('1 object') : l10n.t('{0} objects', formatBigInt(BigInt(n)))),
      }
    : {
        tokens: l10n.t('Native tokens'),
        tokenList: (list) => l10n.t('Native tokens: {0}', list),
        nfts: l10n.t('NFTs'),
        nftCount: (n) => (n === 1 ? l10n.t('1 NFT') : l10n.t('{0} NFTs', formatBigInt(BigInt(n)))),
      };
}
