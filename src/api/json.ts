// JSON parsing that never loses precision: a node sends uint64 gas limits as JSON numbers, and
// JSON.parse rounds anything above 2^53. The fast path is JSON.parse; only when a body holds a
// number that JSON.parse cannot represent exactly is it parsed again with lossless-json, which
// then yields a bigint for that integer.
import { isSafeNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

export class JsonSyntaxError extends Error {}

export function parseJsonExact(text: string): unknown {
  let unsafe = false;
  let value: unknown;
  try {
    value = JSON.parse(text, (_key, v: unknown) => {
      if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) unsafe = true;
      return v;
    });
  } catch (e) {
    throw new JsonSyntaxError(e instanceof Error ? e.message : String(e));
  }
  if (!unsafe) return value;
  return parseLossless(text, null, (s: string) => {
    if (isSafeNumber(s)) return Number(s);
    // An integer beyond 2^53 stays exact; a fraction keeps JS semantics (and fails validation).
    return /^-?[0-9]+$/.test(s) ? BigInt(s) : Number(s);
  });
}

/**
 * Re-indents a node's JSON answer for reading without changing any value: numbers keep their
 * digits (lossless-json), fields the schemas do not know stay. Undefined if it is not JSON.
 */
export function prettyJsonExact(text: string): string | undefined {
  try {
    return stringifyLossless(parseLossless(text), undefined, 2);
  } catch {
    return undefined;
  }
}
