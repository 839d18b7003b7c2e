// Hex <-> bytes, and the views of a hex payload (request params, NFT metadata): raw hex, text
// when it is readable, JSON when the text is JSON. Remote payloads can be megabytes, so every
// loop here is linear and builds strings in one step. No Buffer: this also runs in the webview.
import { CONTROL_EXCEPT_WHITESPACE } from './text';

/** Nibble value per char code, -1 for non-hex; a table beats parseInt on megabyte inputs. */
const NIBBLE = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    t[65 + i] = 10 + i;
    t[97 + i] = 10 + i;
  }
  return t;
})();

/** Bytes as `0x` + lower-case hex; at most the first `max` bytes. */
export function bytesToHex(bytes: Uint8Array, max = bytes.length): string {
  let s = '0x';
  const n = Math.min(bytes.length, max);
  for (let i = 0; i < n; i++) s += (bytes[i] ?? 0).toString(16).padStart(2, '0');
  return s;
}

/**
 * Decodes hex (optional 0x/0X prefix, either case) to bytes. Returns undefined for odd
 * length or a non-hex character instead of throwing: the input is remote data.
 */
export function hexToBytes(hex: string): Uint8Array | undefined {
  const start = hex.startsWith('0x') || hex.startsWith('0X') ? 2 : 0;
  const len = hex.length - start;
  if (len % 2 !== 0) return undefined;
  const out = new Uint8Array(len / 2);
  for (let i = 0, j = start; i < out.length; i++, j += 2) {
    const hiCode = hex.charCodeAt(j);
    const loCode = hex.charCodeAt(j + 1);
    const hi = hiCode < 128 ? (NIBBLE[hiCode] ?? -1) : -1;
    const lo = loCode < 128 ? (NIBBLE[loCode] ?? -1) : -1;
    if (hi < 0 || lo < 0) return undefined;
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/**
 * Share of characters that are control characters (tab/newline excepted). Used to decide
 * whether decoded bytes are "text": a few stray controls still read as text, binary does not.
 */
function controlRatio(s: string): number {
  if (s.length === 0) return 0;
  CONTROL_EXCEPT_WHITESPACE.lastIndex = 0;
  let count = 0;
  while (CONTROL_EXCEPT_WHITESPACE.exec(s) !== null) count++;
  return count / s.length;
}

/** Bytes decode to text when at most this share of the characters are control characters. */
const MAX_CONTROL_RATIO = 0.05;

export type HexPayload = {
  /** The hex as received, lowercased, with a 0x prefix ("0x" for empty). */
  hex: string;
  /** False when the input is not valid hex; then `byteLength` is 0 and no text/json is offered. */
  valid: boolean;
  byteLength: number;
  /** Present only for non-empty, valid UTF-8 that is mostly printable. Not sanitised: show it through {@link revealInvisible} or as plain text. */
  text?: string;
  /** Present only when `text` is a JSON object or array. */
  json?: unknown;
};

/** Decodes a hex payload into the views the UI toggles between (hex, text, JSON). */
export function decodeHexPayload(hex: string): HexPayload {
  const trimmed = hex.trim();
  const bytes = hexToBytes(trimmed);
  if (!bytes) return { hex: trimmed, valid: false, byteLength: 0 };
  const body = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
  const result: HexPayload = { hex: `0x${body.toLowerCase()}`, valid: true, byteLength: bytes.length };
  if (bytes.length === 0) return result;
  let text: string;
  try {
    // fatal: invalid UTF-8 means binary, not text with replacement characters.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return result;
  }
  if (controlRatio(text) > MAX_CONTROL_RATIO) return result;
  result.text = text;
  const first = text.trimStart()[0];
  // Only objects/arrays get a JSON view: "42" or "true" parse as JSON but are just text.
  if (first === '{' || first === '[') {
    try {
      result.json = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all; the text view stays.
    }
  }
  return result;
}
