// How a state of a chain (its latest, a block, a trie root) is named and normalised, for every
// panel that reads a chain at a block (chain info, accounts). Pure.
import { checkBlock } from '../../api/ids';
import { shortId } from '../../core/format';
import { HEX40 } from '../../core/idShapes';
import { englishL10n, type L10n } from '../../core/l10n';
import { revealInvisible } from '../../core/text';

export const BLOCK_INDEX = /^[0-9]{1,10}$/;

/** "latest state", "block 2483105", "trie root 0x9805…a906"; anything else is shown as given (revealed). */
export function describeState(block: string | undefined, l10n: L10n = englishL10n): string {
  if (block === undefined || block === '') return l10n.t('latest state');
  if (BLOCK_INDEX.test(block)) return l10n.t('block {0}', block);
  if (HEX40.test(block)) return l10n.t('trie root {0}', block.toLowerCase());
  return l10n.t('block "{0}"', revealInvisible(shortId(block, 24, 8)));
}

/** The state in a sentence: "the latest state", "block 2483105", "trie root 0x…". */
export function stateInProse(block: string | undefined, l10n: L10n = englishL10n): string {
  return block === undefined || block === '' ? l10n.t('the latest state') : describeState(block, l10n);
}

/** Normalises a block as asked for: a valid one to its canonical form (latest = undefined), an invalid one kept as given. */
export function normaliseBlock(block: string | number | undefined | null): string | undefined {
  if (block === undefined || block === null) return undefined;
  const r = checkBlock(block);
  return r.ok ? r.block : String(block).trim();
}
