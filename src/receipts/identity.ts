// Which receipt panel is which: (chain, request, block). Pure; used by the registry to reuse
// an open panel.
import type { ReceiptIdentity } from './protocol';

/** A panel showing this request at this state: on the chain named, or (no chain named) on any chain. */
export function receiptMatches(have: ReceiptIdentity, want: ReceiptIdentity): boolean {
  return (
    have.requestId === want.requestId &&
    (have.block ?? '') === (want.block ?? '') &&
    (want.chainName === undefined || (have.chainName ?? '').toLowerCase() === want.chainName.toLowerCase())
  );
}
