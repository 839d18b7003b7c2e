// The chain info panel's script (browser side). It places the strings the host computed
// (model/chainInfoView.ts) into the DOM as text: node data never becomes HTML.
import type { ChainInfoAction, ChainInfoComparison, ChainInfoErrorState, ChainInfoPanelState, ChainInfoRow, ChainInfoSection } from '../model/chainInfoView';
import { button, copyButton, externalLink, h, mount, type Mounted } from './dom';

type Api = Mounted<ChainInfoPanelState, ChainInfoAction>;

mount<ChainInfoPanelState, ChainInfoAction>(render);

function render(state: ChainInfoPanelState, api: Api): Node {
  const view = state.view;
  const root = h('div', { class: 'ci-root' });
  root.append(
    h('h1', null, view?.title ?? state.heading),
    h('p', { class: 'muted ci-subtitle' }, view?.subtitle ?? `${state.heading} · ${state.stateLabel}`),
    toolbar(state, api),
  );
  if (state.error) root.append(errorBanner(state.error, api));
  if (!view && !state.error) root.append(h('p', { class: 'busy', role: 'status' }, 'Loading…'));
  if (view) {
    if (state.error) root.append(h('p', { class: 'muted' }, 'Showing the last answer read before the error.'));
    for (const n of view.notices) root.append(h('div', { class: `banner ${n.level === 'warning' ? 'warning' : 'ok'}`, role: 'note' }, n.text));
  }
  // The comparison comes first: it is what the user just asked for.
  if (state.compare) root.append(comparison(state, api));
  if (view) for (const s of view.sections) root.append(section(s, api));
  return root;
}

function toolbar(state: ChainInfoPanelState, api: Api): HTMLElement {
  const hasData = state.view !== undefined;
  const bar = h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Chain info actions' });
  bar.append(
    button('Refresh', () => api.post({ kind: 'refresh' }), { title: 'Read the chain info again', primary: true }),
    button('State at block…', () => api.post({ kind: 'pickBlock' }), { title: 'Open the chain info at another block or trie root' }),
  );
  if (state.identity.block !== undefined) bar.append(button('Latest state', () => api.post({ kind: 'openLatest' }), { title: 'Open the chain info at the latest state' }));
  bar.append(
    disabledUnless(hasData, button('Compare with block…', () => api.post({ kind: 'compare' }), { title: 'Show what changed between this state and another one' })),
    disabledUnless(hasData, button('Copy as JSON', () => api.post({ kind: 'copyJson' }), { title: 'Copy the chain info as JSON' })),
    disabledUnless(hasData, button('Open raw JSON', () => api.post({ kind: 'openRawJson' }), { title: "Open the node's answer in an editor" })),
  );
  return bar;
}

function disabledUnless(enabled: boolean, b: HTMLElement): HTMLElement {
  if (!enabled) b.setAttribute('disabled', '');
  return b;
}

function errorBanner(e: ChainInfoErrorState, api: Api): HTMLElement {
  const buttons = h('div', { class: 'toolbar' });
  for (const a of e.actions) {
    buttons.append(
      button(a.label, () => api.post(a.command === 'retry' ? { kind: 'retry' } : { kind: 'errorAction', command: a.command }), { primary: a.command !== 'retry' }),
    );
  }
  if (e.extras.includes('pickBlock')) buttons.append(button('State at block…', () => api.post({ kind: 'pickBlock' })));
  if (e.extras.includes('openLatest')) buttons.append(button('Latest state', () => api.post({ kind: 'openLatest' })));
  return h(
    'div',
    { class: 'banner error', role: 'alert', 'data-field': `error.${e.kind}` },
    h('strong', null, e.title),
    h('div', null, e.message),
    e.hint ? h('div', { class: 'ci-hint' }, e.hint) : null,
    h('div', { class: 'muted ci-context' }, e.context),
    buttons,
  );
}

function section(s: ChainInfoSection, api: Api): HTMLElement {
  const headingId = `ci-${s.id}`;
  const el = h('section', { class: `ci-section ci-${s.id}`, 'aria-label': s.title }, h('h2', { id: headingId }, s.title));
  if (s.note) el.append(h('p', { class: 'muted ci-note' }, s.note));
  const dl = h('dl');
  for (const r of s.rows) dl.append(rowOf(r, api));
  el.append(dl);
  return el;
}

function rowOf(r: ChainInfoRow, api: Api): HTMLElement {
  const cls = [r.mono ? 'mono' : '', r.empty ? 'muted' : ''].filter(Boolean).join(' ');
  const value = r.link?.web ? externalLink(api, r.link.url, r.value) : h('span', { class: cls || undefined }, r.value);
  const dd = h('dd', null, value);
  if (r.copy) dd.append(copyButton(api, r.copy.text, r.copy.what));
  if (r.detail) dd.append(h('div', { class: 'muted ci-detail' }, r.detail));
  return h('div', { class: 'row', 'data-field': r.field }, h('dt', null, r.label), dd);
}

function comparison(state: ChainInfoPanelState, api: Api): HTMLElement {
  const c = state.compare;
  const el = h('section', { class: 'ci-section ci-compare', 'aria-label': 'Comparison' }, h('h2', null, c?.label ?? 'Comparison'));
  if (!c) return el;
  el.append(h('div', { class: 'toolbar' }, button('Compare with another block…', () => api.post({ kind: 'compare' })), button('Close comparison', () => api.post({ kind: 'clearCompare' }))));
  if (c.error) el.append(errorBanner(c.error, api));
  else if (!c.comparison) el.append(h('p', { class: 'busy', role: 'status' }, 'Reading the other state…'));
  else el.append(...comparisonTable(c.comparison));
  return el;
}

function comparisonTable(c: ChainInfoComparison): HTMLElement[] {
  const summary = h('p', { class: 'ci-summary' }, c.summary);
  if (c.rows.length === 0) return [summary];
  const table = h(
    'table',
    { class: 'ci-diff', 'aria-label': c.summary },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col' }, c.beforeLabel), h('th', { scope: 'col' }, c.afterLabel))),
  );
  const body = h('tbody');
  for (const r of c.rows) {
    body.append(
      h('tr', { 'data-field': r.field }, h('th', { scope: 'row' }, r.label), h('td', { class: 'mono ci-before' }, r.before), h('td', { class: 'mono ci-after changed' }, r.after)),
    );
  }
  table.append(body);
  return [summary, table];
}
