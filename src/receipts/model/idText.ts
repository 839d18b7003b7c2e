// The text around an ID-shaped hex string, as the hover's decision reads it (model/idEvidence.ts,
// model/secretContext.ts): names cut into parts, comments, the head of a list the ID is an item
// of, the header cell of a table column. Pure; every function reads a bounded window, so a line
// of any length costs the same.

/** Where an ID sits: the document and its neighbourhood. */
export interface IdPlace {
  /** The document's path (a URI path or a file system path). */
  path: string;
  /** The document's language ID, when known (an untitled `log` document is a log). */
  languageId?: string;
  /** The text of the ID's line. */
  line: string;
  /** Where the ID starts and ends in the line (end exclusive). */
  start: number;
  end: number;
  /** The lines above, nearest first (the hover passes at most ABOVE_LINES). */
  above?: readonly string[];
  /** The line below, when there is one. */
  below?: string;
  /** The document's first line (a CSV file's header), when the ID is not on it. */
  header?: string;
  /** The ID is on the document's first line. */
  isFirstLine?: boolean;
}

export const BEFORE_CHARS = 160;
export const AFTER_CHARS = 80;
/** How far up a list's head or a table's header is looked for. */
export const ABOVE_LINES = 24;
/** How many words before the ID describe it (the rest of a sentence does not). */
export const LAST_WORDS = 4;
const LINE_CHARS = 400;
/** A word longer than this with MANY_DIGITS digits or more is a hash, an address or Bech32, not a name. */
const MAX_PLAIN_WORD = 12;
const MANY_DIGITS = 4;
const HEX_WORD = /^(0x)?[0-9a-f]+$/i;

/**
 * Lower-case identifier parts, in order: `PRIVATE_KEY`, `privateKey`, `"private-key"` and
 * `alicePrivateKey1` all give `private`, `key`. Letters of any script count.
 */
export function parts(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (word.length > MAX_PLAIN_WORD && (HEX_WORD.test(word) || (word.match(/\p{N}/gu)?.length ?? 0) >= MANY_DIGITS)) continue;
    for (const p of word.match(/\p{Lu}+(?!\p{Ll})|\p{Lu}?\p{Ll}+|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}]+/gu) ?? []) out.push(p.toLowerCase());
  }
  return out;
}

/** The text before the ID on its line (at most BEFORE_CHARS). */
export function beforeText(place: IdPlace): string {
  return place.line.slice(Math.max(0, place.start - BEFORE_CHARS), place.start);
}

const TRAILING_COMMENT = /#|\/\/|\/\*|--|<!--/;

/** A comment after the ID on its line (`#`, `//`, `/*`, `--`, `<!--`), else an empty string. */
export function trailingComment(place: IdPlace): string {
  const after = place.line.slice(place.end, place.end + AFTER_CHARS);
  const i = after.search(TRAILING_COMMENT);
  return i < 0 ? '' : after.slice(i);
}

/** A line that is only a comment: `// …`, `# …`, `-- …`, `/* …`, ` * …`, `<!-- …`, `; …`, `% …`, `rem …`. */
export function isCommentLine(line: string): boolean {
  return /^\s*(\/\/|#|--|\/\*|\*|<!--|;|%|rem\s)/i.test(line.slice(0, LINE_CHARS));
}

const HEX_RUN = /0x[0-9a-fA-F]{8,}/;

/** True when no letter stands before the first hex value of the line: `  "0x…",`, `- 0x…`, `(3) 0x…`. */
export function isValueLine(line: string): boolean {
  const text = line.slice(0, LINE_CHARS);
  const i = text.search(HEX_RUN);
  return i >= 0 && !/\p{L}/u.test(text.slice(0, i));
}

/** True when nothing but the ID's value stands before it on its line (no letter). */
export function valueOnly(place: IdPlace): boolean {
  return !/\p{L}/u.test(beforeText(place));
}

/**
 * The line that names the list the ID is an item of: up the lines above, over other items and
 * lines of punctuation (`],`, `=====`), the first line with a letter. Undefined past ABOVE_LINES,
 * and at a blank line unless `overBlank` (Anvil prints a blank line under each heading: the
 * secret rules step over it; the evidence rules do not, a heading further up may be another's).
 * Only asked when the ID's own line names nothing.
 */
export function listHead(place: IdPlace, overBlank = false): string | undefined {
  for (const raw of (place.above ?? []).slice(0, ABOVE_LINES)) {
    const line = raw.slice(0, LINE_CHARS);
    if (line.trim() === '' && !overBlank) return undefined;
    if (isValueLine(line) || !/\p{L}/u.test(line)) continue;
    return line.slice(-BEFORE_CHARS);
  }
  return undefined;
}

/** The previous line, when it ends in a shell or Makefile continuation (`--private-key \`). */
export function continuedFrom(place: IdPlace): string | undefined {
  const prev = place.above?.[0];
  return prev !== undefined && /\\\s*$/.test(prev) ? prev.slice(-BEFORE_CHARS) : undefined;
}

/** The previous line when it is only a comment (it describes the ID's line). */
export function commentAbove(place: IdPlace): string | undefined {
  const prev = place.above?.[0];
  return prev !== undefined && isCommentLine(prev) ? prev.slice(0, BEFORE_CHARS) : undefined;
}

/**
 * In a Markdown table row, the header cell of the ID's column: the first row of the table (the
 * top of the run of `|` lines above), cell number = the `|` before the ID. Undefined elsewhere.
 */
export function tableHeaderCell(place: IdPlace): string | undefined {
  if (!place.line.trimStart().startsWith('|')) return undefined;
  let header: string | undefined;
  for (const line of (place.above ?? []).slice(0, ABOVE_LINES)) {
    if (!line.trimStart().startsWith('|')) break;
    header = line;
  }
  if (header === undefined) return undefined;
  const column = markdownCells(place.line.slice(0, place.start)).length - 1;
  return markdownCells(header.slice(0, LINE_CHARS))[column];
}

/** The cells of a Markdown table row (an unescaped `|` outside a code span ends a cell). */
export function markdownCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let code = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (c === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '`') {
      code = !code;
      cell += c;
    } else if (c === '|' && !code) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}
