// Token amounts with decimals: an exact integer in the smallest unit shown as a decimal number
// (1500000000 nanos with 9 decimals -> "1.5"). BigInt throughout, so uint256 wei stay exact. Pure.
import { formatBigInt } from './format';

/** `value / 10^decimals` as text: thousands separators in the integer part, no trailing zeros. */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals <= 0) return formatBigInt(value);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = formatBigInt(abs / scale);
  const fraction = (abs % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** ceil(a / b) for non-negative a and positive b. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
