// The receipt panel's raw JSON (the node's answer as it sent it) and what a processed receipt
// weighs in the receipt cache. Pure.
import { prettyJsonExact } from '../../api/json';
import type { Receipt } from '../../api/schemas';
import { estimateReceiptBytes } from './receiptView';

/** The raw JSON shown: the node's body re-indented (unknown fields, exact numbers), else the fallback. */
export function rawJsonText(raw: string | undefined, fallback: string): string {
  return (raw !== undefined ? prettyJsonExact(raw) : undefined) ?? fallback;
}

/** The receipt cache's weight of one answer (roughly the bytes it holds). */
export function processedReceiptWeight(p: { receipt: Receipt; view: { rawJson: string } }): number {
  return estimateReceiptBytes(p.receipt);
}
