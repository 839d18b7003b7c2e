// Which chain info panel is which: (chain, block). Pure; shared by the registry (reuse, the
// serializer) and the panel.
import { normaliseBlock } from '../ui/model/blockState';
import type { ChainInfoIdentity } from './protocol';

/** Chain names are case-insensitive, blocks are normalised. */
export function sameChainInfo(a: ChainInfoIdentity, b: ChainInfoIdentity): boolean {
  return a.chainName.trim().toLowerCase() === b.chainName.trim().toLowerCase() && normaliseBlock(a.block) === normaliseBlock(b.block);
}
