// Browser-side helpers shared by the panels' scripts. Node data only ever becomes text
// (textContent) or an attribute set through the DOM: never HTML parsed from a string.
import type { CommonAction, HostMessage, WebviewMessage } from '../webviews/protocol';

interface VsCodeApi<S> {
  postMessage(message: unknown): void;
  getState(): S | undefined;
  setState(state: S): void;
}
declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

type Child = Node | string | number | bigint | false | null | undefined;
type Props = { class?: string; title?: string; role?: string; id?: string; tabindex?: number; 'aria-label'?: string; 'aria-live'?: string; 'aria-expanded'?: string; 'data-field'?: string; scope?: string };

/** Builds an element; strings become text nodes, so markup in node data stays inert. */
export function h(tag: string, props: Props | null = null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props) for (const [k, v] of Object.entries(props)) if (v !== undefined) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

export function append(el: HTMLElement, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

export interface Mounted<S, A> {
  post(action: CommonAction | A): void;
  state(): S | undefined;
}

/**
 * Wires a panel script: restores the last state at once (a reload shows it while the host
 * fetches again), renders each state the host sends, reports what it rendered, says ready.
 */
export function mount<S, A>(render: (state: S, api: Mounted<S, A>) => Node): Mounted<S, A> {
  const vscode = acquireVsCodeApi<S>();
  const root = document.getElementById('app') as HTMLElement;
  let current = vscode.getState();
  const api: Mounted<S, A> = {
    post: (action) => vscode.postMessage({ type: 'action', action } satisfies WebviewMessage<A>),
    state: () => current,
  };
  const show = (state: S) => {
    current = state;
    vscode.setState(state);
    root.replaceChildren(render(state, api));
    report();
  };
  const report = () => vscode.postMessage({ type: 'rendered', text: root.innerText, html: root.innerHTML } satisfies WebviewMessage<A>);
  window.addEventListener('message', (event: MessageEvent<HostMessage<S>>) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'state') show(m.state);
    else if (m.type === 'loading') {
      root.querySelector('.busy')?.remove();
      root.prepend(h('p', { class: 'busy', role: 'status' }, m.message));
      report();
    }
  });
  if (current !== undefined) show(current);
  vscode.postMessage({ type: 'ready' } satisfies WebviewMessage<A>);
  return api;
}

/** A button; keyboard accessible by being a real <button>. */
export function button(label: string, onClick: () => void, options: { title?: string; primary?: boolean } = {}): HTMLElement {
  const b = h('button', { class: options.primary ? 'primary' : 'secondary', title: options.title, 'aria-label': options.title ?? label }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** The words of the shared controls, localised by the host (English when an old saved state has none). */
export interface DomLabels {
  copy: string;
  open: string;
  notWebLink: string;
  onlyWebLinks: string;
}

const ENGLISH: DomLabels = { copy: 'Copy', open: 'Open', notWebLink: '(not a web link)', onlyWebLinks: 'Only http and https links are opened' };

export function copyButton<S, A>(api: Mounted<S, A>, text: string, what: string, L: Pick<DomLabels, 'copy'> = ENGLISH): HTMLElement {
  return button(L.copy, () => api.post({ kind: 'copy', text, what }), { title: `${L.copy} ${what}` });
}

/** A link from a node: shown as text with an Open button; the host checks the scheme before opening. */
export function externalLink<S, A>(api: Mounted<S, A>, url: string, label = url, L: DomLabels = ENGLISH): HTMLElement {
  const safe = /^https?:\/\//i.test(url);
  return h(
    'span',
    { class: 'link' },
    // Titles show the label (invisible characters revealed by the host), never the raw URL: a
    // bidi override in it would reorder the tooltip.
    h('span', { class: 'url', title: label }, label),
    safe ? button(L.open, () => api.post({ kind: 'openExternal', url }), { title: `${L.open} ${label}` }) : h('span', { class: 'muted', title: L.onlyWebLinks }, ` ${L.notWebLink}`),
  );
}

/** A definition-list row: label, value, optional extras (buttons). */
export function row(label: string, value: Child, ...extras: Child[]): HTMLElement {
  return h('div', { class: 'row' }, h('dt', null, label), h('dd', null, value, ...extras));
}

export function section(title: string, ...children: Child[]): HTMLElement {
  return h('section', { 'aria-label': title }, h('h2', null, title), h('dl', null, ...children));
}
