// Which account panel is which: (chain, account, block). Pure; shared by the registry (reuse, the
// serializer) and the panel.
import { normaliseBlock } from '../ui/model/blockState';
import type { AccountIdentity } from './protocol';

/** Chain names and hex addresses are case-insensitive, blocks are normalised. */
export function sameAccount(a: AccountIdentity, b: AccountIdentity): boolean {
  return (
    a.chainName.trim().toLowerCase() === b.chainName.trim().toLowerCase() &&
    a.address.trim().toLowerCase() === b.address.trim().toLowerCase() &&
    normaliseBlock(a.block) === normaliseBlock(b.block)
  );
}

/**
 * Which of two states comes first in time: the latest state last, block indexes in order; two trie
 * roots (or a root and an index) cannot be ordered without asking, so `a` is taken as the earlier.
 */
export function earlierFirst(a: string | undefined, b: string | undefined): [string | undefined, string | undefined] {
  if (a === undefined) return [b, a];
  if (b === undefined) return [a, b];
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) <= Number(b) ? [a, b] : [b, a];
  return [a, b];
}
