// Which chain info panel is which: (chain, block). Pure; shared by the registry (reuse, the
// serializer) and the panel.
import * as z from 'zod/mini';
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

/** The identity in a saved webview state; anything else in it is ignored. */
export const ChainInfoIdentitySchema = z.pipe(
  z.object({
    chainName: z.string().check(
      z.maxLength(200),
      z.refine((s) => s.trim() !== ''),
    ),
    block: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  }),
  z.transform((i): ChainInfoIdentity => ({ chainName: i.chainName, block: normaliseBlock(i.block) })),
);
