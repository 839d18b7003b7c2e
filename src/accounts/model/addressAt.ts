// Finding an EVM address (`0x` + 40 hex, any case) under the cursor, and deciding what a hover may
// do with it before anything is sent: look it up, say that its mixed case fails the EIP-55
// checksum (a typo: nothing is sent), or stay quiet because it is a trie root (a Wasp state
// commitment is also `0x` + 40 hex; where the words just before it say root, trie, commitment or
// block, it names a state, not an account). A request ID (64 or 68 hex) never matches: the hex
// must end where the address ends. Runs on every hover: a string test before any regex, and the
// regex only over the few characters around the position. Pure.
import { checkEvmAddress } from '../../api/ids';

/** "0x" + 40 hex. */
export const ADDRESS_CHARS = 42;
const WORD_CHAR = /[0-9A-Za-z_]/;
const ADDRESS = /0x[0-9a-fA-F]{40}/g;

export interface AddressAt {
  /** As written (case kept). */
  text: string;
  start: number;
  end: number;
}

/** The address whose characters include `character` (its end included, as VS Code's word ranges), or undefined. */
export function addressAt(line: string, character: number): AddressAt | undefined {
  if (line.length < ADDRESS_CHARS || !line.includes('0x')) return undefined;
  const from = Math.max(0, character - ADDRESS_CHARS);
  const window = line.slice(from, character + ADDRESS_CHARS);
  ADDRESS.lastIndex = 0;
  for (const m of window.matchAll(ADDRESS)) {
    const start = from + m.index;
    const end = start + ADDRESS_CHARS;
    if (character < start || character > end) continue;
    // Hex (or a word) running on past either end: a longer ID or a glued word, not an address.
    if (WORD_CHAR.test(line.charAt(start - 1)) || WORD_CHAR.test(line.charAt(end))) return undefined;
    return { text: m[0], start, end };
  }
  return undefined;
}

/** What precedes a trie root: `trieRoot:`, `"stateRoot": "`, `?block=`, `L1 commitment `… */
const STATE_BEFORE = /(?:trie[\s_-]*root|state[\s_-]*root|\broot|\bblock|commitment)[\s"'`)\]]*[:=]?[\s"'`(]*$/i;

export type AddressDecision =
  | { kind: 'lookup'; address: string }
  | { kind: 'badChecksum'; reason: string }
  /** A state (trie root), not an account: nothing said, nothing sent. */
  | { kind: 'state' };

/** What the hover does with `text` (an address found by addressAt), given the line's text before it. */
export function addressDecision(text: string, before: string): AddressDecision {
  if (STATE_BEFORE.test(before.slice(-48))) return { kind: 'state' };
  const check = checkEvmAddress(text);
  return check.ok ? { kind: 'lookup', address: check.address } : { kind: 'badChecksum', reason: check.reason };
}
