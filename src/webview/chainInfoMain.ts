// The chain info panel's script (browser side). It places the strings the host computed
// (model/chainInfoView.ts) into the DOM as text: node data never becomes HTML.
// Its own words come from the host too (state.labels, in the editor's language).
import { chainInfoPanelLabels, type ChainInfoAction, type ChainInfoComparison, type ChainInfoErrorState, type ChainInfoPanelLabels, type ChainInfoPanelState, type ChainInfoRow, type ChainInfoSection } from '../chainInfo/model/chainInfoView';
import { button, copyButton, externalLink, h, mount, type Mounted } from './dom';

type Api = Mounted<ChainInfoPanelState, ChainInfoAction>;
type Labels = ChainInfoPanelLabels;

mount<ChainInfoPanelState, ChainInfoAction>(render);

function render(state: ChainInfoPanelState, api: Api): Node {
  // A state saved by an older version has no labels: English until the host sends a new one.
  const L = state.labels ?? chainInfoPanelLabels();
  const view = state.view;
  const root = h('div', { class: 'ci-root' });
  root.append(
    h('h1', null, view?.title ?? state.heading),
    h('p', { class: 'muted ci-subtitle' }, view?.subtitle ?? `${state.heading} · ${state.stateLabel}`),
    toolbar(state, api, L),
  );
  if (state.error) root.append(errorBanner(state.error, api, L));
  if (!view && !state.error) root.append(h('p', { class: 'busy', role: 'status' }, L.loading));
  if (view) {
    if (state.error) root.append(h('p', { class: 'muted' }, L.lastAnswer));
    for (const n of view.notices) root.append(h('div', { class: `banner ${n.level === 'warning' ? 'warning' : 'ok'}`, role: 'note' }, n.text));
  }
  // The comparison comes first: it is what the user just asked for.
  if (state.compare) root.append(comparison(state, api, L));
  if (view) for (const s of view.sections) root.append(section(s, api, L));
  return root;
}

function toolbar(state: ChainInfoPanelState, api: Api, L: Labels): HTMLElement {
  const hasData = state.view !== undefined;
  const bar = h('div', { class: 'toolbar', role: 'group', 'aria-label': L.actions });
  bar.append(
    button(L.refresh, () => api.post({ kind: 'refresh' }), { title: L.refreshTitle, primary: true }),
    button(L.pickBlock, () => api.post({ kind: 'pickBlock' }), { title: L.pickBlockTitle }),
  );
  if (state.identity.block !== undefined) bar.append(button(L.latest, () => api.post({ kind: 'openLatest' }), { title: L.latestTitle }));
  bar.append(
    disabledUnless(hasData, button(L.compare, () => api.post({ kind: 'compare' }), { title: L.compareTitle })),
    disabledUnless(hasData, button(L.copyJson, () => api.post({ kind: 'copyJson' }), { title: L.copyJsonTitle })),
    disabledUnless(hasData, button(L.openRawJson, () => api.post({ kind: 'openRawJson' }), { title: L.openRawJsonTitle })),
  );
  return bar;
}

function disabledUnless(enabled: boolean, b: HTMLElement): HTMLElement {
  if (!enabled) b.setAttribute('disabled', '');
  return b;
}

function errorBanner(e: ChainInfoErrorState, api: Api, L: Labels): HTMLElement {
  const buttons = h('div', { class: 'toolbar' });
  for (const a of e.actions) {
    buttons.append(
      button(a.label, () => api.post(a.command === 'retry' ? { kind: 'retry' } : { kind: 'errorAction', command: a.command }), { primary: a.command !== 'retry' }),
    );
  }
  if (e.extras.includes('pickBlock')) buttons.append(button(L.pickBlock, () => api.post({ kind: 'pickBlock' })));
  if (e.extras.includes('openLatest')) buttons.append(button(L.latest, () => api.post({ kind: 'openLatest' })));
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

function section(s: ChainInfoSection, api: Api, L: Labels): HTMLElement {
  const headingId = `ci-${s.id}`;
  const el = h('section', { class: `ci-section ci-${s.id}`, 'aria-label': s.title }, h('h2', { id: headingId }, s.title));
  if (s.note) el.append(h('p', { class: 'muted ci-note' }, s.note));
  const dl = h('dl');
  for (const r of s.rows) dl.append(rowOf(r, api, L));
  el.append(dl);
  return el;
}

function rowOf(r: ChainInfoRow, api: Api, L: Labels): HTMLElement {
  const cls = [r.mono ? 'mono' : '', r.empty ? 'muted' : ''].filter(Boolean).join(' ');
  const value = r.link?.web ? externalLink(api, r.link.url, r.value, L) : h('span', { class: cls || undefined }, r.value);
  const dd = h('dd', null, value);
  if (r.copy) dd.append(copyButton(api, r.copy.text, r.copy.what, L));
  if (r.detail) dd.append(h('div', { class: 'muted ci-detail' }, r.detail));
  return h('div', { class: 'row', 'data-field': r.field }, h('dt', null, r.label), dd);
}

function comparison(state: ChainInfoPanelState, api: Api, L: Labels): HTMLElement {
  const c = state.compare;
  const el = h('section', { class: 'ci-section ci-compare', 'aria-label': L.comparison }, h('h2', null, c?.label ?? L.comparison));
  if (!c) return el;
  el.append(h('div', { class: 'toolbar' }, button(L.compareAnother, () => api.post({ kind: 'compare' })), button(L.closeComparison, () => api.post({ kind: 'clearCompare' }))));
  if (c.error) el.append(errorBanner(c.error, api, L));
  else if (!c.comparison) el.append(h('p', { class: 'busy', role: 'status' }, L.readingOther));
  else el.append(...comparisonTable(c.comparison, L));
  return el;
}

function comparisonTable(c: ChainInfoComparison, L: Labels): HTMLElement[] {
  const summary = h('p', { class: 'ci-summary' }, c.summary);
  if (c.rows.length === 0) return [summary];
  const table = h(
    'table',
    { class: 'ci-diff', 'aria-label': c.summary },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.field), h('th', { scope: 'col' }, c.beforeLabel), h('th', { scope: 'col' }, c.afterLabel))),
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
