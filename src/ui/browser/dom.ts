// The webview kit shared by the panels' scripts. Node data only ever becomes text (text nodes,
// textContent) or an attribute set through the DOM: never HTML parsed from a string.
// Large content renders on demand: collapsed sections are built when opened, long lists show
// their first items, long text its first characters, each with a button for the rest.
import type { CommonAction, CommonLabels, HostMessage, WebviewMessage } from '../protocol';
import type { ErrorView, Excerpt, Row } from '../model/view';
import { INITIAL_STATE_ID } from '../model/initialState';
import { formatNumber } from '../../core/format';

interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): void;
}
declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

export type Child = Node | string | number | bigint | false | null | undefined;
type Props = {
  class?: string;
  title?: string;
  role?: string;
  id?: string;
  tabindex?: number;
  'aria-label'?: string;
  'aria-live'?: string;
  'aria-expanded'?: string;
  'data-field'?: string;
  scope?: string;
};

/** Builds an element; strings become text nodes, so markup in node data stays inert. */
export function h(tag: string, props: Props | null = null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props) for (const [k, v] of Object.entries(props)) if (v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
  return el;
}

export interface Mounted<A> {
  post(action: CommonAction | A): void;
  /** The whole text of an excerpt, from the host. */
  fullText(key: string): Promise<string>;
}

/** Collapsed sections not opened yet, with what builds their content. */
const unbuilt = new WeakMap<Element, () => Node>();

/**
 * Wires a panel script: shows at once the state a reload saved, else the one the HTML carries (a
 * reload shows it while the host fetches again), renders each state the host sends, acknowledges
 * each render, says ready.
 */
export function mount<S, A>(render: (state: S, api: Mounted<A>) => Node): void {
  const vscode = acquireVsCodeApi<S>();
  const root = document.getElementById('app') as HTMLElement;
  // Set by the host outside production only: the content goes back to tests, never to users' hosts.
  const echo = root.dataset.echo === '1';
  const waiting = new Map<string, Array<(text: string) => void>>();
  const post = (action: CommonAction | A) => vscode.postMessage({ type: 'action', action } satisfies WebviewMessage<A>);
  const api: Mounted<A> = {
    post,
    fullText: (key) =>
      new Promise((resolve) => {
        waiting.set(key, [...(waiting.get(key) ?? []), resolve]);
        post({ kind: 'fullText', key });
      }),
  };
  const report = () => {
    const message: WebviewMessage<A> = echo ? { type: 'rendered', text: textOf(root), html: root.innerHTML } : { type: 'rendered' };
    vscode.postMessage(message);
  };
  const show = (state: S) => {
    vscode.setState(state);
    root.replaceChildren(render(state, api));
    report();
  };
  window.addEventListener('message', (event: MessageEvent<HostMessage<S>>) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'state') show(m.state);
    else if (m.type === 'fullText') {
      const resolvers = waiting.get(m.key) ?? [];
      waiting.delete(m.key);
      for (const r of resolvers) r(m.text);
    } else if (m.type === 'loading') {
      root.querySelector('.busy')?.remove();
      root.prepend(h('p', { class: 'busy', role: 'status' }, m.message));
      report();
    }
  });
  // What a reload saved is newer than the HTML (written once); a new panel has only the HTML's.
  const saved = vscode.getState() ?? initialState<S>();
  if (saved !== undefined) show(saved);
  vscode.postMessage({ type: 'ready' } satisfies WebviewMessage<A>);
}

/** The state the host put in the HTML (model/initialState.ts), if any. */
function initialState<S>(): S | undefined {
  const text = document.getElementById(INITIAL_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as S;
  } catch {
    return undefined;
  }
}

const BLOCKS = new Set([
  'ADDRESS',
  'CAPTION',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'H1',
  'H2',
  'H3',
  'LI',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'THEAD',
  'TR',
  'UL',
]);

/**
 * The text a user can reach, for tests: like innerText (block boundaries as new lines) but with
 * collapsed sections included, built aside without opening them.
 */
function textOf(root: Node): string {
  const out: string[] = [];
  // The separator owed before the next text: block boundaries become one new line, cells a tab.
  let owed = '';
  const owe = (sep: string) => {
    if (sep === '\n' || owed === '') owed = sep;
  };
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const data = (node as Text).data;
      if (data === '') return;
      if (owed !== '' && out.length > 0) out.push(owed);
      owed = '';
      out.push(data);
      return;
    }
    if (!(node instanceof Element)) return;
    const sep = BLOCKS.has(node.tagName) ? '\n' : node.tagName === 'TD' || node.tagName === 'TH' ? '\t' : node.tagName === 'BUTTON' ? ' ' : '';
    if (sep !== '') owe(sep);
    for (const c of node.childNodes) walk(c);
    const build = unbuilt.get(node);
    if (build) walk(build());
    if (sep !== '') owe(sep === '\n' ? '\n' : ' ');
  };
  walk(root);
  return out.join('');
}

/** A button; keyboard accessible by being a real <button>. */
export function button(label: string, onClick: () => void, options: { title?: string; primary?: boolean } = {}): HTMLElement {
  const b = h('button', { class: options.primary ? 'primary' : 'secondary', title: options.title, 'aria-label': options.title ?? label }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function disabledUnless(enabled: boolean, b: HTMLElement): HTMLElement {
  if (!enabled) b.setAttribute('disabled', '');
  return b;
}

export function copyButton<A>(api: Mounted<A>, text: string, what: string, L: CommonLabels): HTMLElement {
  return button(L.copy, () => api.post({ kind: 'copy', text, what }), { title: `${L.copy} ${what}` });
}

/** A link from a node: shown as text with an Open button; the host checks the scheme before opening. */
export function externalLink<A>(api: Mounted<A>, url: string, label: string, L: CommonLabels): HTMLElement {
  const safe = /^https?:\/\//i.test(url);
  return h(
    'span',
    { class: 'link' },
    // Titles show the label (invisible characters revealed by the host), never the raw URL: a
    // bidi override in it would reorder the tooltip.
    h('span', { class: 'url', title: label }, label),
    safe
      ? button(L.open, () => api.post({ kind: 'openExternal', url }), { title: `${L.open} ${label}` })
      : h('span', { class: 'muted', title: L.onlyWebLinks }, ` ${L.notWebLink}`),
  );
}

/** A labelled value: the one row of every panel. `extras` go after the value (e.g. a check mark). */
export function rowOf<A>(r: Row, api: Mounted<A>, L: CommonLabels): HTMLElement {
  const cls = [r.mono ? 'mono' : '', r.empty ? 'muted' : ''].filter(Boolean).join(' ');
  const value = r.link?.web ? externalLink(api, r.link.url, r.value, L) : h('span', { class: cls || undefined, title: r.title }, r.value);
  const dd = h('dd', null, value);
  if (r.copy) dd.append(copyButton(api, r.copy.text, r.copy.what, L));
  if (r.detail) dd.append(h('div', { class: 'muted detail' }, r.detail));
  return h('div', { class: 'row', 'data-field': r.field }, h('dt', null, r.label), dd);
}

/** A titled section of rows; `note` is a muted line under the title, `after` more rows. */
export function section<A>(
  id: string,
  title: string,
  rows: Row[],
  api: Mounted<A>,
  L: CommonLabels,
  options: { note?: string; after?: Child[] } = {},
): HTMLElement {
  return h(
    'section',
    { class: `section section-${id}`, 'aria-label': title },
    h('h2', null, title),
    options.note ? h('p', { class: 'muted note' }, options.note) : null,
    h('dl', null, ...rows.map((r) => rowOf(r, api, L)), ...(options.after ?? [])),
  );
}

/** The error view of every panel; its buttons post the one errorAction shape. `extra` are the panel's own buttons. */
export function errorBanner<A>(e: ErrorView, api: Mounted<A>, extra: HTMLElement[] = []): HTMLElement {
  const buttons = h('div', { class: 'toolbar' });
  for (const a of e.actions) buttons.append(button(a.label, () => api.post({ kind: 'errorAction', command: a.command }), { primary: a.command !== 'retry' }));
  buttons.append(...extra);
  const details = e.details && e.details.length > 0 ? h('ul', { class: 'list' }, ...e.details.map((d) => h('li', null, d))) : null;
  return h(
    'div',
    { class: 'banner error', role: 'alert', 'data-field': `error.${e.kind}` },
    h('strong', null, e.title),
    h('div', null, e.message),
    e.hint ? h('div', { class: 'hint' }, e.hint) : null,
    e.context ? h('div', { class: 'muted context' }, e.context) : null,
    details,
    buttons,
  );
}

/** A section whose content is built the first time it is opened; `open`: shown open, built at once. */
export function lazyDetails(summary: Child, build: () => Node, props: Props = {}, open = false): HTMLElement {
  const details = h('details', props, h('summary', null, summary));
  if (open) {
    details.setAttribute('open', '');
    details.append(build());
    return details;
  }
  unbuilt.set(details, build);
  details.addEventListener('toggle', () => {
    const b = unbuilt.get(details);
    if (!(details as HTMLDetailsElement).open || !b) return;
    unbuilt.delete(details);
    details.append(b());
  });
  return details;
}

/**
 * Appends the first `batch` items to `container`; returns a "Show N more" button (or null) that
 * appends the next batch each time it is pressed.
 */
export function appendFirst<T>(container: HTMLElement, items: readonly T[], batch: number, item: (t: T) => Node, L: CommonLabels): HTMLElement | null {
  let shown = 0;
  const more = (): void => {
    const next = items.slice(shown, shown + batch);
    container.append(...next.map(item));
    shown += next.length;
  };
  more();
  if (shown >= items.length) return null;
  const label = () => L.showMore.replace('{0}', String(Math.min(batch, items.length - shown)));
  const b = button(label(), () => {
    more();
    if (shown >= items.length) b.remove();
    else b.textContent = label();
  });
  return h('div', { class: 'more' }, b);
}

/** An excerpt in a <pre>; when the host holds more, a "Show all" button fetches and shows it. */
export function longText<A>(e: Excerpt, api: Mounted<A>, L: CommonLabels, cls?: string): HTMLElement {
  const whole = e.text.length >= e.length;
  const pre = h('pre', { class: cls }, whole ? e.text : `${e.text}…`);
  if (whole) return pre;
  const b = button(L.showAll.replace('{0}', formatNumber(e.length)), () => {
    b.setAttribute('disabled', '');
    void api.fullText(e.key).then((text) => {
      pre.textContent = text;
      b.remove();
    });
  });
  return h('div', null, pre, b);
}

/** Copies the whole text of an excerpt (the host has it when the webview has only the start). */
export function copyExcerptButton<A>(api: Mounted<A>, e: Excerpt, what: string, L: CommonLabels): HTMLElement {
  const copy = () => api.post(e.text.length >= e.length ? { kind: 'copy', text: e.text, what } : { kind: 'copyExcerpt', key: e.key, what });
  return button(L.copy, copy, { title: `${L.copy}: ${what}` });
}
