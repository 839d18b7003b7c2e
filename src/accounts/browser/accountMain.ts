// The account panel's script (browser side). It places the strings the host computed
// (accounts/model/accountView.ts) into the DOM as text: node data never becomes HTML.
// Its own words come from the host too (state.labels, in the editor's language).
import type { AccountAction, AccountPanelLabels, AccountPanelState } from '../protocol';
import type { Row } from '../../ui/model/view';
import { button, h, mount, section, type Mounted } from '../../ui/browser/dom';
import { stateError, stateToolbar } from '../../ui/browser/stateBar';

type Api = Mounted<AccountAction>;
type Labels = AccountPanelLabels;

mount<AccountPanelState, AccountAction>(render);

function render(state: AccountPanelState, api: Api): Node {
  const L = state.labels;
  const root = h('div', { class: 'panel' });
  root.append(h('h1', null, state.heading), h('p', { class: 'muted subtitle' }, state.stateLabel), toolbar(state, api, L));
  if (state.error) root.append(stateError(state.error, api, L));
  if (!state.sections && !state.error) root.append(h('p', { class: 'busy', role: 'status' }, L.loading));
  if (state.sections && state.error) root.append(h('p', { class: 'muted' }, L.lastAnswer));
  // The comparison comes first: it is what the user just asked for.
  if (state.compare) root.append(comparison(state, api, L));
  for (const s of state.sections ?? []) root.append(section(s.id, s.title, s.rows, api, L, { note: s.note }));
  return root;
}

function toolbar(state: AccountPanelState, api: Api, L: Labels): HTMLElement {
  const bar = stateToolbar(L, api, state.identity.block !== undefined, state.sections !== undefined);
  if (state.pin)
    bar.append(
      state.pin.pinned
        ? button(L.unpin, () => api.post({ kind: 'unpin' }), { title: L.unpinTitle })
        : button(L.pin, () => api.post({ kind: 'pin' }), { title: L.pinTitle }),
    );
  return bar;
}

function comparison(state: AccountPanelState, api: Api, L: Labels): HTMLElement {
  const c = state.compare;
  const el = h('section', { class: 'section section-compare', 'aria-label': L.comparison }, h('h2', null, c?.label ?? L.comparison));
  if (!c) return el;
  el.append(
    h(
      'div',
      { class: 'toolbar' },
      button(L.compareAnother, () => api.post({ kind: 'compare' })),
      button(L.closeComparison, () => api.post({ kind: 'clearCompare' })),
    ),
  );
  if (c.error) el.append(stateError(c.error, api, L));
  else if (c.summary === undefined) el.append(h('p', { class: 'busy', role: 'status' }, L.readingOther));
  else el.append(...changeTable(c.summary, c.rows ?? [], L));
  return el;
}

function changeTable(summary: string, rows: Row[], L: Labels): HTMLElement[] {
  const p = h('p', { class: 'summary' }, summary);
  if (rows.length === 0) return [p];
  const body = h('tbody');
  for (const r of rows)
    body.append(
      h(
        'tr',
        { 'data-field': r.field },
        h('th', { scope: 'row' }, r.label),
        h('td', { class: 'mono changed' }, r.value),
        h('td', { class: 'muted' }, r.detail ?? ''),
      ),
    );
  const head = h('thead', null, h('tr', null, h('th', { scope: 'col' }, ''), h('th', { scope: 'col' }, L.change), h('th', { scope: 'col' }, '')));
  return [p, h('table', { class: 'diff', 'aria-label': summary }, head, body)];
}
