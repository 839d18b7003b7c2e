// The zod schema of a chain info panel's identity in a saved webview state (the serializer's
// path). Pure; loaded only when a panel is restored.
import * as z from 'zod/mini';
import { normaliseBlock } from '../ui/model/blockState';
import type { ChainInfoIdentity } from './protocol';

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
