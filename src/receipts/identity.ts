// Which receipt panel is which: (chain, request, block). Pure; used by the registry (reuse,
// the serializer).
import * as z from 'zod/mini';
import { checkBlock, checkRequestId } from '../api/ids';
import type { ReceiptIdentity } from './protocol';

/** A panel showing this request at this state: on the chain named, or (no chain named) on any chain. */
export function receiptMatches(have: ReceiptIdentity, want: ReceiptIdentity): boolean {
  return (
    have.requestId === want.requestId &&
    (have.block ?? '') === (want.block ?? '') &&
    (want.chainName === undefined || (have.chainName ?? '').toLowerCase() === want.chainName.toLowerCase())
  );
}

/** The identity in a saved webview state; anything else in it is ignored. */
export const ReceiptIdentitySchema = z.pipe(
  z.object({
    requestId: z.pipe(
      z.string(),
      z.transform((s, ctx) => {
        const id = checkRequestId(s);
        if (id.ok) return id.requestId;
        ctx.issues.push({ code: 'custom', message: id.reason, input: s });
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
