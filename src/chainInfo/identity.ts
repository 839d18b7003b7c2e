// Which chain info panel is which: (chain, block). Pure; shared by the registry (reuse, the
// serializer) and the panel.
import { checkBlock } from '../api/ids';
import type { ChainInfoIdentity } from './protocol';

/** Normalises a block as asked for: a valid one to its canonical form (latest = undefined), an invalid one kept as given. */
export function normaliseBlock(block: string | number | undefined | null): string | undefined {
  if (block === undefined || block === null) return undefined;
  const r = checkBlock(block);
  return r.ok ? r.block : String(block).trim();
}

/** Chain names are case-insensitive, blocks are normalised. */
export function sameChainInfo(a: ChainInfoIdentity, b: ChainInfoIdentity): boolean {
  return a.chainName.trim().toLowerCase() === b.chainName.trim().toLowerCase() && normaliseBlock(a.block) === normaliseBlock(b.block);
}
