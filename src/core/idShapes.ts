// Every shape of ID the extension recognises, each written once: the node client, the schemas,
// the routing of a request ID and the hover all test against these. Pure.

/** `0x` + 64 hex: a Rebased request or chain ID, an EVM transaction hash, an object or NFT ID (and a private key's shape). */
const HEX64_SOURCE = '0x[0-9a-fA-F]{64}';
/** What a Stardust request ID adds to an EVM transaction hash: the output index, 4 hex (`0000` for EVM requests). */
const OUTPUT_INDEX_SOURCE = '[0-9a-fA-F]{4}';
/** `0x` + 40 hex: an EVM address, or a trie root. */
const HEX40_SOURCE = '0x[0-9a-fA-F]{40}';

/** `0x` + 64 hex, the whole string. */
export const HEX64 = new RegExp(`^${HEX64_SOURCE}$`);
/** A Stardust request ID: `0x` + 68 hex (transaction ID + output index), the whole string. */
export const STARDUST_REQUEST_ID = new RegExp(`^${HEX64_SOURCE}${OUTPUT_INDEX_SOURCE}$`);
/** Either kind of request ID (64 or 68 hex), the whole string. */
export const ANY_REQUEST_ID = new RegExp(`^${HEX64_SOURCE}(?:${OUTPUT_INDEX_SOURCE})?$`);
/** The word regex of a request ID under the cursor (getWordRangeAtPosition): the longest form first. */
export const REQUEST_ID_WORD = new RegExp(`${HEX64_SOURCE}(?:${OUTPUT_INDEX_SOURCE})?`);
/** Request IDs inside text, each standing alone (no word character glued to either end). */
export const REQUEST_IDS_IN_TEXT = new RegExp(`(?<![0-9A-Za-z_])${HEX64_SOURCE}(?:${OUTPUT_INDEX_SOURCE})?(?![0-9A-Za-z_])`, 'g');
/** `0x` + 40 hex, the whole string: an EVM address or a trie root. */
export const HEX40 = new RegExp(`^${HEX40_SOURCE}$`);
/** An EVM address at the start of a string, alone or before `@` (an agent ID's chain part). */
export const LEADING_EVM_ADDRESS = new RegExp(`^(${HEX40_SOURCE})(?:@|$)`);

/** The two shapes a request ID (or EVM transaction hash) comes in. */
export type IdShape = 'hex64' | 'hex68';

/** A request ID or EVM hash, trimmed and lower-cased, with its shape: checked once, then passed on. */
export interface RequestIdShape {
  readonly id: string;
  readonly shape: IdShape;
}

/** A request ID or EVM hash, lower-cased, with its shape; undefined for anything else. */
export function classifyRequestId(input: string): RequestIdShape | undefined {
  const v = input.trim();
  if (HEX64.test(v)) return { id: v.toLowerCase(), shape: 'hex64' };
  if (STARDUST_REQUEST_ID.test(v)) return { id: v.toLowerCase(), shape: 'hex68' };
  return undefined;
}

/** The Stardust request ID of an EVM transaction hash: its output index is 0. */
export function stardustIdOfHash(hash: string): string {
  return `${hash}0000`;
}

/** The EVM transaction hash an EVM request's ID holds: a Rebased ID is the hash, a Stardust one adds its output index after it. */
export function evmTxHashOf(requestId: string): string {
  return requestId.slice(0, HEX64_LENGTH);
}

/**
 * The shape of an ID that classifyRequestId accepted where it entered (a lookup's key): told by its
 * length, not checked again. Anything else is passed on as a Stardust ID, which the client's own
 * check of the request (api/ids.ts) refuses before it is sent.
 */
export function checkedRequestId(id: string): RequestIdShape {
  return { id, shape: id.length === HEX64_LENGTH ? 'hex64' : 'hex68' };
}

/** `0x` + 64 hex digits. */
const HEX64_LENGTH = 66;

/** The lengths of what a hover looks up, with their `0x`: an address (40 hex), a hash or Rebased ID (64), a Stardust ID (68). */
const HOVERED_LENGTHS: ReadonlySet<number> = new Set([42, 66, 70]);
const HOVERED_MIN = 42;
const HOVERED_MAX = 70;
const WORD_CHAR = /[0-9A-Za-z_]/;
const HEX_WORD = /^0x[0-9a-fA-F]+$/;

/**
 * Whether the word at `character` (its end included, as VS Code's word ranges) has the shape of
 * something a hover looks up: `0x` + 40, 64 or 68 hex with no word character glued to either end.
 * A line of any length costs the same: the word is not followed past the longest shape.
 */
export function hoverableAt(line: string, character: number): boolean {
  if (line.length < HOVERED_MIN || !line.includes('0x')) return false;
  const at = Math.min(Math.max(character, 0), line.length);
  let start = at;
  while (start > 0 && WORD_CHAR.test(line.charAt(start - 1))) if (at - --start > HOVERED_MAX) return false;
  let end = at;
  while (end < line.length && WORD_CHAR.test(line.charAt(end))) if (++end - start > HOVERED_MAX) return false;
  return HOVERED_LENGTHS.has(end - start) && HEX_WORD.test(line.slice(start, end));
}
