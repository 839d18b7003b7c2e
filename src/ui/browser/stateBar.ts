// What the panels that show a state at a block (chain info, account) share in their webviews: the
// toolbar's Refresh, At Block…, Latest and Compare With…, and an error's Pick Block / Open Latest.
import type { StateAction, StateErrorState, StateLabels } from '../protocol';
import { button, disabledUnless, errorBanner, h, type Mounted } from './dom';

type ToolbarAction = StateAction | { kind: 'refresh' };

/** The toolbar with the state buttons; Latest only away from the latest state, Compare only with data shown. */
export function stateToolbar<A>(L: StateLabels, api: Mounted<A | ToolbarAction>, atBlock: boolean, hasData: boolean): HTMLElement {
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
export function stateError<A>(e: StateErrorState, api: Mounted<A | ToolbarAction>, L: StateLabels): HTMLElement {
  const extra: HTMLElement[] = [];
  if (e.extras.includes('pickBlock')) extra.push(button(L.pickBlock, () => api.post({ kind: 'pickBlock' })));
  if (e.extras.includes('openLatest')) extra.push(button(L.latest, () => api.post({ kind: 'openLatest' })));
  return errorBanner(e, api, extra);
}
