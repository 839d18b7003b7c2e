// The checks the hostile suites share (unit and integration): whether hostile text stayed inert
// on each surface (webview HTML, Markdown, notifications). What a hostile node sends is in
// test/fixtures/hostile.ts.
import { LRI, RLO, ZWSP } from '../../fixtures/hostile';

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------

/** Elements the panels build themselves (the browser folders under src): anything else came from somewhere else. */
const OUR_TAGS = new Set([
  'div',
  'span',
  'p',
  'h1',
  'h2',
  'h3',
  'section',
  'dl',
  'dt',
  'dd',
  'strong',
  'button',
  'ul',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'pre',
  'details',
  'summary',
]);
/** Attributes the panels set themselves. */
const OUR_ATTRIBUTES = /^(class|title|role|id|tabindex|scope|disabled|data-field|aria-[a-z]+|style|open)$/;

export interface MarkupFinding {
  tag: string;
  attribute?: string;
  value?: string;
}

/**
 * Every element and attribute in serialized HTML (a webview's innerHTML) that the panels do not
 * create: empty when node text stayed text. A real tokenizer, not a regex over the string:
 * text has `<` serialized as `&lt;`, so a `<` outside a quoted attribute value opens a real tag,
 * and attribute values (which may hold a raw `<`) are skipped as a whole.
 */
export function foreignMarkup(html: string): MarkupFinding[] {
  const found: MarkupFinding[] = [];
  let i = 0;
  while ((i = html.indexOf('<', i)) >= 0) {
    if (html.startsWith('<!--', i)) {
      found.push({ tag: '!--' });
      i = html.indexOf('-->', i) + 3;
      if (i < 3) break;
      continue;
    }
    const closing = html[i + 1] === '/';
    const nameMatch = /^[a-zA-Z][\w-]*/.exec(html.slice(i + (closing ? 2 : 1)));
    const tag = (nameMatch?.[0] ?? '').toLowerCase();
    i += (closing ? 2 : 1) + tag.length;
    if (!OUR_TAGS.has(tag)) found.push({ tag });
    // Attributes up to '>': name, optionally ="value" (serialization always double-quotes).
    for (;;) {
      while (/\s/.test(html[i] ?? '')) i++;
      if (i >= html.length) return found;
      if (html[i] === '>') {
        i++;
        break;
      }
      if (html[i] === '/') {
        i++;
        continue;
      }
      const attr = /^[^\s=>/]+/.exec(html.slice(i))?.[0] ?? html[i] ?? '';
      i += attr.length;
      let value: string | undefined;
      if (html[i] === '=') {
        i++;
        const end = html.indexOf('"', i + 1);
        value = html.slice(i + 1, end);
        i = end + 1;
      }
      const name = attr.toLowerCase();
      const badStyle = name === 'style' && !/^width: [\d.]+%;?$/.test(value ?? '');
      if (!OUR_ATTRIBUTES.test(name) || badStyle) found.push({ tag, attribute: name, value });
    }
  }
  return found;
}

/**
 * Markdown constructs in a MarkdownString's source that did not come from us: links other than
 * our own command links, images, HTML tags, autolinks, entities, theme icons. `ours` are the
 * command ids the extension links to.
 */
export function foreignMarkdown(value: string, ours: readonly string[]): string[] {
  const problems: string[] = [];
  for (const m of value.matchAll(/(^|[^\\])\]\(([^)]*)\)/g)) {
    const target = m[2] ?? '';
    const command = /^command:([\w.]+)/.exec(target)?.[1];
    if (!command || !ours.includes(command)) problems.push(`link to ${target}`);
  }
  for (const m of value.matchAll(/command:([\w.]+)/g)) if (!ours.includes(m[1] ?? '')) problems.push(`command URI ${m[0]}`);
  if (/(^|[^\\])!\[/.test(value)) problems.push('image');
  if (/(^|[^\\])<[a-zA-Z/!]/.test(value)) problems.push('HTML tag or autolink');
  // `&#36;` is how the escaper writes `$` (it can only ever read as a dollar sign).
  for (const m of value.matchAll(/(^|[^\\])(&#?\w+;)/g)) if (m[2] !== '&#36;') problems.push(`entity ${m[2]}`);
  if (/https?:\/\//.test(value)) problems.push('bare URL (autolink)');
  if (/(^|[^\\])www\./.test(value)) problems.push('www autolink');
  // GFM makes `user@host.tld` a mailto link unless the @ is escaped.
  if (/[\w.+-](?<!\\)@[\w-]+\.\w/.test(value)) problems.push('e-mail autolink');
  // Icons as VS Code renders them, not as the source looks: ours start a line, node text never does.
  for (const icon of iconsAsRendered(value)) if (!icon.lineStart) problems.push(`theme icon $(${icon.name}) inside text`);
  for (const ch of [RLO, ZWSP, LRI]) if (value.includes(ch)) problems.push(`invisible U+${ch.codePointAt(0)?.toString(16)}`);
  return problems;
}

/** VS Code's own notification link syntax (workbench notifications): a match is a clickable link. */
export const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

export interface RenderedIcon {
  name: string;
  /** True when the icon is the first thing on its line (where our own icons go). */
  lineStart: boolean;
}

/**
 * The theme icons VS Code renders from a MarkdownString, following its renderer: with
 * supportThemeIcons it first doubles the backslash of an escaped icon (`\$(x)`), Markdown then
 * removes backslash escapes (entities such as `&#36;` stay in the HTML), and `$(name)` in the
 * result becomes an icon unless a backslash precedes it.
 */
export function iconsAsRendered(value: string, supportThemeIcons = true): RenderedIcon[] {
  if (!supportThemeIcons) return [];
  const escaped = value.replace(/\\\$\([a-z0-9-]+?(?:~[a-z0-9-]*?)?\)/gi, (m) => `\\${m}`);
  const rendered = escaped.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  const icons: RenderedIcon[] = [];
  for (const m of rendered.matchAll(/(\\)?\$\(([a-z0-9-]+(?:~[a-z0-9-]*)?)\)/gi)) {
    if (m[1]) continue;
    const before = rendered.slice(0, m.index).split('\n').pop() ?? '';
    icons.push({ name: m[2] ?? '', lineStart: before.trim() === '' });
  }
  return icons;
}

/** Every bidi control and a sample of each group of default-ignorable code points. */
export const INVISIBLES: readonly string[] = [
  ...'\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
  ...'\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f\u200b\u200c\u200d\u2060\u2061\u2064\u2065\u206a\u206f\u3164',
  ...'\ufe00\ufe0e\ufe0f\ufeff\uffa0\ufff0\ufff8',
  '\u{1bca0}',
  '\u{1bca3}',
  '\u{1d173}',
  '\u{1d17a}',
  '\u{e0001}',
  '\u{e0041}',
  '\u{e007f}',
  '\u{e0100}',
  '\u{e01ef}',
  '\u{e0fff}',
];
