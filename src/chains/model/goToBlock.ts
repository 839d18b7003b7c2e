// "Go to Block…" on the Blocks line: what the user types, checked as they type. Pure.
import { formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';

/**
 * The block index typed into "Go to block…": decimal digits (a leading '#' and ',' separators
 * allowed), at most `latest` when known. A string is an error message to show under the input.
 */
export function parseBlockIndex(input: string, latest: number | undefined, l10n: L10n = englishL10n): number | string {
  const s = input.trim().replace(/^#/, '').replace(/,/g, '');
  if (!/^[0-9]{1,10}$/.test(s)) return l10n.t('Type a block index: digits only, e.g. 2417');
  const n = Number(s);
  if (latest !== undefined && n > latest) return l10n.t('The latest block is {0}', formatBigInt(BigInt(latest)));
  if (n > 0xffffffff) return l10n.t('A block index is at most {0}', formatBigInt(0xffffffffn));
  return n;
}
