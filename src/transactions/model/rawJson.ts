// The receipt panel's raw JSON (the node's answer as it sent it) and what a processed receipt
// weighs in the receipt cache. Pure.
import { prettyJsonExact } from '../../api/json';
import { clip, revealInvisible } from '../../core/text';
import { isRebasedReceipt } from '../../api/receiptKind';
import type { AnyReceipt } from './receiptView';

/** Code points of raw JSON shown at most: a node's answer may hold megabytes. */
export const MAX_RAW_JSON_CHARS = 512 * 1024;
/**
 * Deeper than this, the body is shown as sent instead of re-indented: indentation grows with
 * depth, so 4.7 KB nested 2,000 deep would become 8 MB.
 */
const MAX_PRETTY_DEPTH = 64;

/**
 * The raw JSON shown: the node's body re-indented (unknown fields, exact numbers) when that stays
 * within what is shown and is not too deep, else as sent; without a body, the fallback (made only
 * then). Like every node text: invisible characters revealed (line breaks kept), clipped.
 */
export function rawJsonText(raw: string | undefined, fallback: () => string): string {
  const head = raw === undefined ? undefined : raw.length > MAX_RAW_JSON_CHARS * 2 ? undefined : raw;
  const shape = head === undefined ? undefined : prettyShape(head);
  const pretty =
    head !== undefined && shape !== undefined && shape.depth <= MAX_PRETTY_DEPTH && shape.chars <= MAX_RAW_JSON_CHARS ? prettyJsonExact(head) : undefined;
  const text = pretty ?? raw ?? fallback();
  // Cut first: revealing only makes text longer.
  return clip(revealInvisible(clip(text, MAX_RAW_JSON_CHARS), { keepWhitespace: true }), MAX_RAW_JSON_CHARS);
}

/**
 * The deepest nesting of arrays and objects in JSON text, and about how long it becomes indented
 * by 2 (each value on its own line at its depth), found in one pass (strings skipped): a wide
 * array nested deep grows sixty-fold, so the size is known before anything is built.
 */
function prettyShape(text: string): { depth: number; chars: number } {
  let depth = 0;
  let max = 0;
  let chars = text.length;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      max = Math.max(max, ++depth);
      chars += 1 + 2 * depth;
    } else if (c === 0x7d || c === 0x5d) chars += 1 + 2 * --depth;
    else if (c === 0x2c) chars += 1 + 2 * depth;
    else if (c === 0x3a) chars += 1;
  }
  return { depth: max, chars };
}

/** The receipt cache's weight of one answer (roughly the bytes it holds): the raw JSON counts, at two bytes a character. */
export function processedReceiptWeight(p: { receipt: AnyReceipt; rawJson: string }): number {
  return estimateReceiptBytes(p.receipt) + 2 * p.rawJson.length;
}

/**
 * Roughly the bytes a processed receipt holds in memory: its view model keeps each payload in
 * hex, text and JSON form plus the raw JSON, about six times the params' hex; every other string
 * (coin and object types, allowance, error text, NFT metadata…) is held about twice, once
 * parsed and once in the view. Every string counts, whatever field it sits in, so no part of a
 * node's answer escapes the cache's byte bound. Used as the receipt cache's weight.
 */
export function estimateReceiptBytes(receipt: AnyReceipt): number {
  let params = 0;
  if (isRebasedReceipt(receipt)) for (const p of receipt.request.params) params += p.length;
  else for (const p of receipt.request.params) params += p.key.length + p.value.length;
  // The params are inside the walk too: 2 there + 4 here = 6.
  return 4096 + 4 * params + 2 * heldBytes(receipt) + 200 * receipt.gasBurnLog.length;
}

/** Characters of every string, plus a little per value and container, in a validated (bounded-depth) receipt. */
function heldBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 16;
  if (typeof value !== 'object' || value === null) return 8;
  let n = 32;
  if (Array.isArray(value)) for (const v of value) n += heldBytes(v);
  else for (const v of Object.values(value)) n += heldBytes(v);
  return n;
}
