// The chain info panel's script (browser side). It places the strings the host computed
// (model/chainInfoView.ts) into the DOM as text: node data never becomes HTML.
// Its own words come from the host too (state.labels, in the editor's language).
import type { ChainInfoComparison } from '../model/chainInfoView';
import type { ChainInfoAction, ChainInfoPanelLabels, ChainInfoPanelState } from '../protocol';
import { button, disabledUnless, h, mount, section, type Mounted } from '../../ui/browser/dom';
import { stateError, stateToolbar } from '../../ui/browser/stateBar';

type Api = Mounted<ChainInfoAction>;
type Labels = ChainInfoPanelLabels;

mount<ChainInfoPanelState, ChainInfoAction>(render);

function render(state: ChainInfoPanelState, api: Api): Node {
  const L = state.labels;
  const view = state.view;
  const root = h('div', { class: 'panel' });
  root.append(
    h('h1', null, view?.title ?? state.heading),
    h('p', { class: 'muted subtitle' }, view?.subtitle ?? `${state.heading} · ${state.stateLabel}`),
    toolbar(state, api, L),
  );
  if (state.error) root.append(stateError(state.error, api, L));
  if (!view && !state.error) root.append(h('p', { class: 'busy', role: 'status' }, L.loading));
  if (view) {
    if (state.error) root.append(h('p', { class: 'muted' }, L.lastAnswer));
    for (const n of view.notices) root.append(h('div', { class: `banner ${n.level === 'warning' ? 'warning' : 'ok'}`, role: 'note' }, n.text));
  }
  // The comparison comes first: it is what the user just asked for.
  if (state.compare) root.append(comparison(state, api, L));
  if (view) for (const s of view.sections) root.append(section(s.id, s.title, s.rows, api, L, { note: s.note }));
  return root;
}

function toolbar(state: ChainInfoPanelState, api: Api, L: Labels): HTMLElement {
  const hasData = state.view !== undefined;
  const bar = stateToolbar(L, api, state.identity.block !== undefined, hasData);
  bar.append(
    disabledUnless(
      hasData,
      button(L.copyJson, () => api.post({ kind: 'copyJson' }), { title: L.copyJsonTitle }),
    ),
    disabledUnless(
      hasData,
      button(L.openRawJson, () => api.post({ kind: 'openRawJson' }), { title: L.openRawJsonTitle }),
    ),
  );
  return bar;
}

function comparison(state: ChainInfoPanelState, api: Api, L: Labels): HTMLElement {
  const c = state.compare;
  const el = h('section', { class: 'section section-compare', 'aria-label': L.comparison }, h('h2', null, c?.label ?? L.comparison));
  if (!c) return el;
  const close = button(L.closeComparison, () => api.post({ kind: 'clearCompare' }));
  el.append(
    h(
      'div',
      { class: 'toolbar' },
      button(L.compareAnother, () => api.post({ kind: 'compare' })),
      close,
    ),
  );
  if (c.error) el.append(stateError(c.error, api, L));
  else if (!c.comparison) el.append(h('p', { class: 'busy', role: 'status' }, L.readingOther));
  else el.append(...comparisonTable(c.comparison, L));
  return el;
}

function comparisonTable(c: ChainInfoComparison, L: Labels): HTMLElement[] {
  const summary = h('p', { class: 'summary' }, c.summary);
  if (c.rows.length === 0) return [summary];
  const body = h('tbody');
  for (const r of c.rows) {
    const cells = [h('th', { scope: 'row' }, r.label), h('td', { class: 'mono before' }, r.before), h('td', { class: 'mono changed' }, r.after)];
    body.append(h('tr', { 'data-field': r.field }, ...cells));
  }
  const heads = [L.field, c.beforeLabel, c.afterLabel].map((t) => h('th', { scope: 'col' }, t));
  const head = h('thead', null, h('tr', null, ...heads));
  return [summary, h('table', { class: 'diff', 'aria-label': c.summary }, head, body)];
}
