// Gas fee policy math, mirroring Wasp v1.0 (packages/vm/gas/feepolicy.go, packages/util/ratio.go),
// so the UI can explain a receipt's fee and check it against the chain's policy.
import { formatBigInt, formatNumber } from './format';
import { englishL10n, type L10n } from './l10n';
import { ceilDiv } from './units';

/** A uint32 ratio `a:b` as the node sends it (`{"a":100,"b":1}`). */
export type Ratio32 = { a: number; b: number };

export type FeePolicy = {
  /** `a` gas units cost `b` base tokens; `{0,0}` (or a = 0) means gas is free. */
  gasPerToken: Ratio32;
  /** ISC gas = EVM gas × a / b (rounded up). */
  evmGasRatio: Ratio32;
  /** Percentage (uint8) of the fee paid to validators; the rest goes to the chain owner. */
  validatorFeeShare: number;
};

/** A ratio component as bigint; anything that is not a non-negative safe integer counts as 0. */
function component(n: number): bigint {
  return Number.isSafeInteger(n) && n >= 0 ? BigInt(n) : 0n;
}

/** True when the policy charges nothing for gas (Wasp: `GasPerToken.IsEmpty()`, and b = 0 yields 0). */
export function isFreeGas(gasPerToken: Ratio32): boolean {
  return component(gasPerToken.a) === 0n || component(gasPerToken.b) === 0n;
}

/**
 * Fee in base tokens for `gas` units: ceil(gas × b / a), as Wasp's `Ratio32.YCeil64`.
 * `{0,0}` or a = 0 means free (0n). Negative gas is treated as 0. Exact for any size (bigint).
 */
export function feeForGas(gas: bigint, gasPerToken: Ratio32): bigint {
  const a = component(gasPerToken.a);
  const b = component(gasPerToken.b);
  // b = 0 needs no check of its own: the formula gives (a - 1) / a = 0.
  if (a === 0n || gas <= 0n) return 0n;
  return (gas * b + (a - 1n)) / a;
}

/** Both components of the EVM gas ratio as bigint, or undefined when one is zero (the node refuses such a ratio). */
function evmRatio(r: Ratio32): { a: bigint; b: bigint } | undefined {
  const a = component(r.a);
  const b = component(r.b);
  return a > 0n && b > 0n ? { a, b } : undefined;
}

/** EVM gas in ISC gas: ⌈gas × a / b⌉ (the node's EVMGasToISC); undefined for an unusable ratio. */
export function evmToIsc(gas: bigint, r: Ratio32): bigint | undefined {
  const q = evmRatio(r);
  return q === undefined ? undefined : ceilDiv(gas * q.a, q.b);
}

/** ISC gas in EVM gas: ⌊gas × b / a⌋ (how an EVM receipt's gasUsed counts ISC gas); undefined for an unusable ratio. */
export function iscToEvm(gas: bigint, r: Ratio32): bigint | undefined {
  const q = evmRatio(r);
  return q === undefined ? undefined : (gas * q.b) / q.a;
}

/** "100 gas = 1 base token", "100 gas = 3 base tokens", or "gas is free". */
export function describeGasPerToken(r: Ratio32, l10n: L10n = englishL10n): string {
  if (isFreeGas(r)) return l10n.t('gas is free');
  const b = component(r.b);
  return b === 1n
    ? l10n.t('{0} gas = {1} base token', formatBigInt(component(r.a)), formatBigInt(b))
    : l10n.t('{0} gas = {1} base tokens', formatBigInt(component(r.a)), formatBigInt(b));
}

/**
 * Describes the EVM gas ratio in words. In Wasp, `EVMGasToISC` is ceil(EVM gas × a / b), so
 * b EVM gas cost a ISC gas: `{1,1}` -> "1 EVM gas = 1 ISC gas", `{2,1}` -> "1 EVM gas = 2 ISC gas".
 * A zero component is invalid in Wasp (the node rejects it); it is reported, not computed.
 */
export function describeEvmGasRatio(r: Ratio32, l10n: L10n = englishL10n): string {
  const a = component(r.a);
  const b = component(r.b);
  if (a === 0n || b === 0n) return l10n.t('invalid EVM gas ratio ({0}:{1})', String(r.a), String(r.b));
  return l10n.t('{0} EVM gas = {1} ISC gas', formatBigInt(b), formatBigInt(a));
}

/**
 * The validator fee share as a percentage, e.g. "0%". Wasp caps the share at 100, so a larger
 * stored value is shown with what is actually applied.
 */
export function validatorShareText(n: number, l10n: L10n = englishL10n): string {
  if (!Number.isFinite(n)) return String(n);
  if (n > 100) return l10n.t('{0}% (applied as 100%)', formatNumber(n));
  return `${formatNumber(n)}%`;
}

/** The fee formula in words, e.g. "fee = ceil(gas × 1 / 100)", or "fee = 0 (gas is free)". */
export function feeFormulaText(policy: FeePolicy, l10n: L10n = englishL10n): string {
  const r = policy.gasPerToken;
  if (isFreeGas(r)) return l10n.t('fee = 0 (gas is free)');
  return l10n.t('fee = ceil(gas × {0} / {1})', formatBigInt(component(r.b)), formatBigInt(component(r.a)));
}

export type FeeCheck = {
  /** The fee the policy prescribes for the gas burned. */
  expected: bigint;
  /** True when the charged fee equals the expected one. */
  matches: boolean;
  /**
   * charged − expected. Negative when less was charged: Wasp caps the fee at the funds the
   * sender had left, so a shortfall is normal for a request that ran out of funds.
   */
  difference: bigint;
};

/** Checks a receipt's `gasFeeCharged` against the policy for its `gasBurned`. */
export function checkFee(gasBurned: bigint, feeCharged: bigint, policy: FeePolicy): FeeCheck {
  const expected = feeForGas(gasBurned, policy.gasPerToken);
  return { expected, matches: expected === feeCharged, difference: feeCharged - expected };
}
