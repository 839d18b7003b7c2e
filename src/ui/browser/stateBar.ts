// What the panels that show a state at a block (chain info, account) share in their webviews: the
// toolbar's Refresh, At Block…, Latest and Compare With…, and an error's Pick Block / Open Latest.
import type { ErrorView } from '../model/view';
import { button, disabledUnless, errorBanner, h, type Mounted } from './dom';

type StateAction = { kind: 'refresh' } | { kind: 'pickBlock' } | { kind: 'openLatest' } | { kind: 'compare' };

interface StateLabels {
  actions: string;
  refresh: string;
  refreshTitle: string;
  pickBlock: string;
  pickBlockTitle: string;
  latest: string;
  latestTitle: string;
  compare: string;
  compareTitle: string;
}

/** The toolbar with the state buttons; Latest only away from the latest state, Compare only with data shown. */
export function stateToolbar<A>(L: StateLabels, api: Mounted<A | StateAction>, atBlock: boolean, hasData: boolean): HTMLElement {
  const bar = h('div', { class: 'toolbar', role: 'group', 'aria-label': L.actions });
  bar.append(
    button(L.refresh, () => api.post({ kind: 'refresh' }), { title: L.refreshTitle, primary: true }),
    button(L.pickBlock, () => api.post({ kind: 'pickBlock' }), { title: L.pickBlockTitle }),
  );
  if (atBlock) bar.append(button(L.latest, () => api.post({ kind: 'openLatest' }), { title: L.latestTitle }));
  bar.append(
    disabledUnless(
      hasData,
      button(L.compare, () => api.post({ kind: 'compare' }), { title: L.compareTitle }),
    ),
  );
  return bar;
}

/** An error of a state panel, with Pick Block and Open Latest where the host offers them. */
export function stateError<A>(e: ErrorView & { extras: Array<'pickBlock' | 'openLatest'> }, api: Mounted<A | StateAction>, L: StateLabels): HTMLElement {
  const extra: HTMLElement[] = [];
  if (e.extras.includes('pickBlock')) extra.push(button(L.pickBlock, () => api.post({ kind: 'pickBlock' })));
  if (e.extras.includes('openLatest')) extra.push(button(L.latest, () => api.post({ kind: 'openLatest' })));
  return errorBanner(e, api, extra);
}
