// The zod schema of an account panel's identity in a saved webview state (the serializer's path).
// Pure; loaded only when a panel is restored.
import * as z from 'zod/mini';
import { normaliseBlock } from '../ui/model/blockState';
import type { AccountIdentity } from './protocol';

const nonEmpty = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((s) => s.trim() !== ''),
  );

/** The identity in a saved webview state; anything else in it is ignored. */
export const AccountIdentitySchema = z.pipe(
  z.object({
    chainName: nonEmpty(200),
    address: nonEmpty(200),
    block: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  }),
  z.transform((i): AccountIdentity => ({ chainName: i.chainName, address: i.address.trim(), block: normaliseBlock(i.block) })),
);
