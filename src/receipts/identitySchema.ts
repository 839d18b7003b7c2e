// The zod schema of a receipt panel's identity in a saved webview state (the serializer's
// path). Pure; loaded only when a panel is restored.
import * as z from 'zod/mini';
import { checkBlock } from '../api/ids';
import { classifyRequestId } from '../core/idShapes';
import type { ReceiptIdentity } from './protocol';

/** The identity in a saved webview state; anything else in it is ignored. */
export const ReceiptIdentitySchema = z.pipe(
  z.object({
    requestId: z.pipe(
      z.string(),
      z.transform((s, ctx) => {
        // Either generation's ID: a Rebased panel (0x + 64 hex) is restored like a Stardust one.
        const id = classifyRequestId(s);
        if (id) return id.id;
        ctx.issues.push({ code: 'custom', message: 'A request ID is 0x + 64 (Rebased) or 68 (Stardust) hex digits.', input: s });
        return z.NEVER;
      }),
    ),
    chainName: z.optional(
      z.nullable(
        z.string().check(
          z.maxLength(200),
          z.refine((s) => s.trim() !== ''),
        ),
      ),
    ),
    block: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  }),
  z.transform((i, ctx): ReceiptIdentity => {
    const result: ReceiptIdentity = { requestId: i.requestId };
    if (typeof i.chainName === 'string') result.chainName = i.chainName;
    if (i.block !== undefined && i.block !== null) {
      const b = checkBlock(i.block);
      if (!b.ok) {
        ctx.issues.push({ code: 'custom', message: b.reason, input: i.block });
        return z.NEVER;
      }
      if (b.block !== undefined) result.block = b.block;
    }
    return result;
  }),
);
