// Finding a request ID (0x + 68 hex) or an EVM transaction hash (0x + 64 hex) in text: under the
// cursor (hover, command) or inside a selection. Runs on every hover, so it stays cheap: a
// string test before any regex, and the regex only over the word around the position.
import type * as vscode from 'vscode';
import { REQUEST_IDS_IN_TEXT, REQUEST_ID_WORD, type RequestIdShape } from '../core/idShapes';

/** Shortest line that can hold one: "0x" + 64 hex. */
export const MIN_ID_LINE_LENGTH = 66;
const WORD_CHAR = /[0-9A-Za-z_]/;

export interface IdAt {
  /** As written (case kept). */
  text: string;
  range: vscode.Range;
  /** Lower-cased, with its shape: the word regex checked it, nothing checks it again. */
  id: RequestIdShape;
}

/**
 * The request ID or transaction hash under the position, or undefined. Exact: hex that runs on
 * past the match (a longer hex string, a hash glued to a word) is not an ID.
 */
export function requestIdAt(document: vscode.TextDocument, position: vscode.Position): IdAt | undefined {
  const line = document.lineAt(position.line).text;
  // The cheap precheck: most hovers end here without any regex.
  if (line.length < MIN_ID_LINE_LENGTH || !line.includes('0x')) return undefined;
  const range = document.getWordRangeAtPosition(position, REQUEST_ID_WORD);
  if (!range || range.start.line !== range.end.line) return undefined;
  const before = range.start.character > 0 ? line.charAt(range.start.character - 1) : '';
  const after = line.charAt(range.end.character);
  if (WORD_CHAR.test(before) || WORD_CHAR.test(after)) return undefined;
  const text = line.slice(range.start.character, range.end.character);
  if (text.length !== 66 && text.length !== 70) return undefined;
  return { text, range, id: { id: text.toLowerCase(), shape: text.length === 66 ? 'hex64' : 'hex68' } };
}

/** The IDs (and hashes) inside a piece of text, in order, without repeats. */
export function requestIdsIn(text: string): string[] {
  if (!text.includes('0x')) return [];
  const seen = new Set<string>();
  for (const m of text.matchAll(REQUEST_IDS_IN_TEXT)) seen.add(m[0]);
  return [...seen];
}
