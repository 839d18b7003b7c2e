// The one text-safety module: text from a node or from (workspace) settings made inert for every
// surface that would otherwise interpret it. Invisible characters are revealed, long text is
// clipped at a code point, Markdown cannot form links, entities or icons, notifications cannot
// form links (VS Code turns `[label](command:…)` in a notification into a link that runs the
// command), and only plain http(s) links are opened. Pure: no 'vscode', unit-tested.

/** Code points kept in a notification; VS Code cuts longer messages itself, but not at a code point. */
const MAX_NOTIFICATION_CHARS = 1000;

/**
 * One line, invisible and control characters revealed (`⟨U+202E⟩`), at most `max` code points:
 * for tree labels and descriptions, which show text as is.
 */
export function plainLine(s: string, max: number): string {
  // Cut first: a node may send megabytes, and revealing only makes text longer.
  const head = s.length > max * 4 ? s.slice(0, max * 4) : s;
  return clip(revealInvisible(head.replace(/[\t\n\r\u2028\u2029]+/g, ' ')).trim(), max);
}

/**
 * A notification message that cannot form a link: `](` becomes `] (`, which VS Code's link
 * syntax does not match, and invisible characters are revealed. Everything else reads the same.
 */
export function notificationText(s: string): string {
  return plainLine(s, MAX_NOTIFICATION_CHARS).replace(/\]\(/g, '] (');
}

/** Text inside Markdown we build (hovers, tree and status bar tooltips): one line, clipped, escaped. */
export function markdownText(s: string, max = 2000): string {
  return escapeMarkdown(plainLine(s, max));
}

/**
 * Characters that change how text is displayed without being visible: every default-ignorable
 * code point (Unicode's own list: zero-width characters and joiners, variation selectors, tags,
 * Mongolian selectors, fillers, invisible operators…), the bidi controls (embeddings, overrides,
 * isolates, marks: they can reorder an ID), line/paragraph separators and interlinear annotation
 * characters.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufff9-\ufffb]/gu;

/** C0/C1 control characters and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
export const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * True when the text contains a C0/C1 control character other than tab, line feed and
 * carriage return (which are ordinary in multi-line text).
 */
export function hasControlChars(s: string): boolean {
  CONTROL_EXCEPT_WHITESPACE.lastIndex = 0;
  return CONTROL_EXCEPT_WHITESPACE.test(s);
}

/** True when the text has no control characters (tab/newline allowed) and no invisible ones. */
export function isPrintable(s: string): boolean {
  if (hasControlChars(s)) return false;
  INVISIBLE.lastIndex = 0;
  return !INVISIBLE.test(s);
}

/** Every character {@link revealInvisible} replaces, C0/C1 controls included. */
const REVEAL = new RegExp(`${INVISIBLE.source}|[\\u0000-\\u001f\\u007f-\\u009f]`, 'gu');
const REVEAL_KEEP_WHITESPACE = new RegExp(`${INVISIBLE.source}|[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]`, 'gu');

function codePointLabel(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  return `⟨U+${cp.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * Makes invisible and control characters visible as "⟨U+202E⟩", so remote text (names,
 * descriptions, decoded payloads) cannot spoof IDs or hide content. Tab, line feed and
 * carriage return are revealed too unless `keepWhitespace` is set (for multi-line text).
 */
export function revealInvisible(s: string, options: { keepWhitespace?: boolean } = {}): string {
  const re = options.keepWhitespace ? REVEAL_KEEP_WHITESPACE : REVEAL;
  re.lastIndex = 0;
  if (!re.test(s)) return s;
  re.lastIndex = 0;
  return s.replace(re, codePointLabel);
}

/** Cuts text at `max` code points (never inside a surrogate pair), with `…` when it was cut. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  // Only the head is split into code points (a node may send megabytes): 2·max code units hold
  // at least max code points, or the whole string.
  const head = Array.from(s.slice(0, max * 2));
  if (s.length <= max * 2 && head.length <= max) return s;
  return `${head.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * Escapes text for Markdown so that it renders literally, on one line: every ASCII punctuation
 * character gets a backslash (CommonMark allows that for all of them), so no link, image,
 * autolink (`https:`, `www.`, `a@b.c`), HTML tag, entity (`&#x202E;`) or code span can form;
 * line breaks and runs of whitespace become one space, and invisible characters are revealed.
 * `$` becomes the entity `&#36;`: VS Code forms theme icons from `$(name)` in the HTML that
 * Markdown produced, after backslash escapes are gone but while entities are still entities, so
 * `\$\(pass\)` would become an icon and `&#36;\(pass\)` cannot. MarkdownString's appendText
 * leaves `:`, `.`, `@`, `&` and `<` alone, so a bare URL from a node would still become a link:
 * this is stricter. Rendered, the text reads exactly as it was.
 */
export function escapeMarkdown(s: string): string {
  return revealInvisible(s.replace(/\s+/g, ' ')).replace(/[!-/:-@[-`{-~]/g, (c) => (c === '$' ? '&#36;' : `\\${c}`));
}

/**
 * A label shown where VS Code renders `$(name)` as a theme icon (QuickPick items, tree labels
 * with icons): each `$(` gets the documented escape `\$(`, so a name from settings or a node
 * shows its dollar sign and never an icon.
 */
export function iconSafeLabel(s: string): string {
  return s.replace(/\$\(/g, '\\$(');
}

/**
 * The URL to open for a link from a node, or undefined when it must not be opened: only http(s)
 * without credentials (`command:`, `file:`, `javascript:`, `data:` never). The URL returned is
 * the one checked, as WHATWG URL normalised it: `https://good.example\@evil.example/` is checked
 * with host good.example, and what is opened must not be re-read by another parser (vscode.Uri
 * takes the backslash literally and would find user info and the host evil.example).
 */
export function externalUrlToOpen(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const u = new URL(url);
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return undefined;
  return u.href;
}

/** Whether a link from a node may be opened (see {@link externalUrlToOpen}). */
export function isSafeExternalUrl(url: string): boolean {
  return externalUrlToOpen(url) !== undefined;
}
