// Text from a node or from (workspace) settings, made inert for surfaces that would otherwise
// interpret it. Notifications are the sharp one: VS Code turns `[label](command:…)`,
// `[label](https://…)` and `[label](file:…)` in a notification message into a link that, once
// clicked, runs the command with its arguments. Pure: no 'vscode', unit-tested.
import { revealInvisible } from './hex';

/** Code points kept in a notification; VS Code cuts longer messages itself, but not at a code point. */
const MAX_NOTIFICATION_CHARS = 1000;

/**
 * One line, invisible and control characters revealed (`⟨U+202E⟩`), at most `max` code points:
 * for tree labels and descriptions, which show text as is.
 */
export function plainLine(s: string, max: number): string {
  // Cut first: a node may send megabytes, and revealing only makes text longer.
  const head = s.length > max * 4 ? s.slice(0, max * 4) : s;
  const flat = revealInvisible(head.replace(/[\t\n\r\u2028\u2029]+/g, ' ')).trim();
  if (flat.length <= max) return flat;
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : flat;
}

/**
 * A notification message that cannot form a link: `](` becomes `] (`, which VS Code's link
 * syntax does not match, and invisible characters are revealed. Everything else reads the same.
 */
export function notificationText(s: string): string {
  return plainLine(s, MAX_NOTIFICATION_CHARS).replace(/\]\(/g, '] (');
}

/**
 * Text inside Markdown we build (tree and status bar tooltips), on one line: MarkdownString's
 * appendText leaves `&`, `:`, `.` and `@` alone (an entity would decode, a bare URL or mail
 * address become a link), so those are escaped too, along with every character that can start
 * Markdown, HTML or a theme icon; invisible characters are revealed. Quotes, commas and slashes
 * cannot form anything and stay as they are, so the source still reads well.
 */
export function markdownText(s: string, max = 2000): string {
  return plainLine(s, max).replace(/[\\`*_{}[\]()#+\-.!<>|~&:@$^]/g, '\\$&');
}
