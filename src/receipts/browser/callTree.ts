// The receipt panel's call tree (browser side). Frames are <details> built when opened: the path to
// the revert's origin is open and built at once, every other frame only when its caller is opened,
// a caller's calls in batches. The search lists the frames whose names, addresses, call or error
// match, each with the path that leads to it. Every text is the host's string, placed as text.
import type { CallTreeState, CallTreeView, FrameView } from '../../transactions/model/callTree';
import { frameMatches } from '../../transactions/model/callTreeSearch';
import type { ReceiptAction, ReceiptPanelLabels } from '../protocol';
import type { Row } from '../../ui/model/view';
import { appendFirst, button, h, lazyDetails, rowOf, type Mounted } from '../../ui/browser/dom';
import { formatNumber } from '../../core/format';

type Api = Mounted<ReceiptAction>;

/** Calls of one frame built per "Show more", and search results listed at most. */
const CHILD_BATCH = 100;
const MAX_MATCHES = 200;

export function callTreeSection(tree: CallTreeState, L: ReceiptPanelLabels, api: Api, debuggable = false): HTMLElement {
  const T = L.callTree;
  const el = h('section', { class: 'section section-callTree', 'aria-label': T.title, 'data-field': 'callTree' }, h('h2', null, T.title));
  switch (tree.status) {
    case 'offer':
      el.append(
        h(
          'div',
          { class: 'toolbar' },
          button(T.load, () => api.post({ kind: 'loadCallTree' })),
        ),
      );
      break;
    case 'loading':
      el.append(h('p', { class: 'busy', role: 'status' }, T.loading));
      break;
    case 'error':
      el.append(
        h('p', { class: 'bad', 'data-field': 'callTreeError' }, tree.message),
        h(
          'div',
          { class: 'toolbar' },
          button(T.load, () => api.post({ kind: 'loadCallTree' })),
        ),
      );
      break;
    case 'ok':
      el.append(...treeContent(tree.view, L, api, debuggable));
      break;
  }
  return el;
}

function treeContent(view: CallTreeView, L: ReceiptPanelLabels, api: Api, debuggable: boolean): HTMLElement[] {
  const T = L.callTree;
  const tree = h('div', { class: 'calltree', role: 'tree' });
  const root = view.frames[0];
  if (root) tree.append(frameElement(view, root, L, api, debuggable));
  const results = h('div', { class: 'calltree-results', role: 'list' });
  const search = h('input', { class: 'search', 'aria-label': T.search, title: T.search }) as HTMLInputElement;
  search.setAttribute('type', 'search');
  search.setAttribute('placeholder', T.search);
  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => showMatches(view, search.value, tree, results, L, api, debuggable), 150);
  });
  const toolbar = h(
    'div',
    { class: 'toolbar' },
    search,
    button(T.copyJson, () => api.post({ kind: 'copyCallTree' })),
  );
  const notes = view.notes.map((n) => h('p', { class: 'muted note' }, n));
  return [h('p', { class: 'summary', 'data-field': 'callTreeSummary' }, view.summary), ...notes, toolbar, results, tree];
}

function showMatches(view: CallTreeView, query: string, tree: HTMLElement, results: HTMLElement, L: ReceiptPanelLabels, api: Api, debuggable: boolean): void {
  const q = query.trim().toLowerCase();
  results.replaceChildren();
  tree.hidden = q !== '';
  if (q === '') return;
  const matches = view.frames.filter((f) => frameMatches(f, q));
  if (matches.length === 0) {
    results.append(h('p', { class: 'muted' }, L.callTree.noMatch));
    return;
  }
  results.append(h('p', { class: 'muted' }, L.callTree.matches.replace('{0}', formatNumber(matches.length))));
  for (const f of matches.slice(0, MAX_MATCHES)) {
    results.append(
      h('div', { role: 'listitem', class: 'match' }, h('div', { class: 'muted path' }, pathText(view, f)), frameElement(view, f, L, api, debuggable)),
    );
  }
}

/** "Vault.transfer › Token.transferFrom": the callers of a frame, outermost first. */
function pathText(view: CallTreeView, f: FrameView): string {
  const names: string[] = [];
  for (let at = view.frames[f.parent]; at !== undefined; at = view.frames[at.parent]) names.unshift(at.toName ?? at.to ?? at.type);
  return names.join(' › ');
}

function frameLine(f: FrameView, L: ReceiptPanelLabels): HTMLElement {
  const T = L.callTree;
  // Caller → callee, each by its name where the workspace knows it: a frame deep in the tree says who called it.
  const caller = f.fromName ?? f.from;
  const callee = f.toName ?? f.to;
  const line = h(
    'span',
    { class: 'frame-line' },
    h('span', { class: 'frame-type mono' }, f.type),
    ' ',
    h('span', { class: 'mono' }, caller),
    ...(callee === undefined ? [] : [' → ', h('span', { class: 'mono' }, callee)]),
    ' · ',
    h('span', { class: 'mono' }, f.call),
  );
  if (f.magic !== undefined) line.append(' ', h('span', { class: 'badge', title: T.native }, f.magic));
  if (f.value !== undefined) line.append(h('span', { class: 'muted' }, ` · ${T.value} ${f.value}`));
  line.append(h('span', { class: 'muted' }, ` · ${T.gasUsed} ${f.gasUsed}`));
  if (f.error !== undefined) line.append(h('span', { class: 'bad' }, ` ✗ ${f.error}`));
  if (f.origin) line.append(h('strong', { class: 'origin bad' }, ` ⟵ ${T.revertBegan}`));
  return line;
}

function frameElement(view: CallTreeView, f: FrameView, L: ReceiptPanelLabels, api: Api, debuggable: boolean): HTMLElement {
  const cls = ['frame', f.failed ? 'failed' : '', f.origin ? 'origin' : ''].filter(Boolean).join(' ');
  return lazyDetails(frameLine(f, L), () => frameBody(view, f, L, api, debuggable), { class: cls, 'data-field': `frame.${f.index}`, role: 'treeitem' }, f.open);
}

function frameBody(view: CallTreeView, f: FrameView, L: ReceiptPanelLabels, api: Api, debuggable: boolean): HTMLElement {
  const T = L.callTree;
  const rows: Row[] = [
    { field: 'from', label: T.from, value: f.fromName === undefined ? f.from : `${f.fromName} (${f.from})`, mono: true, copy: { text: f.from, what: T.from } },
  ];
  if (f.to !== undefined)
    rows.push({ field: 'to', label: T.to, value: f.toName === undefined ? f.to : `${f.toName} (${f.to})`, mono: true, copy: { text: f.to, what: T.to } });
  if (f.callSource !== undefined) rows.push({ field: 'abi', label: T.abi, value: f.callSource });
  if (f.magic !== undefined) rows.push({ field: 'native', label: f.magic, value: T.native });
  if (f.result !== undefined) rows.push({ field: 'returned', label: T.returned, value: f.result, mono: true });
  if (f.error !== undefined) rows.push({ field: 'error', label: '✗', value: f.error, mono: true });
  f.logs.forEach((log, i) => rows.push({ field: `log.${i}`, label: i === 0 ? T.logs : '', value: log.line, detail: log.address, mono: true }));
  if (f.logsCut > 0) rows.push({ field: 'moreLogs', label: '', value: T.moreLogs.replace('{0}', formatNumber(f.logsCut)) });
  const body = h('div', { class: 'frame-body' }, h('dl', null, ...rows.map((r) => rowOf(r, api, L))));
  // A native frame (the magic contract) has no EVM code to step through: the debugger answers it from the node's record.
  if (debuggable && f.magic === undefined)
    body.append(
      h(
        'div',
        { class: 'toolbar' },
        button(T.debugFromHere, () => api.post({ kind: 'debugTransaction', frame: f.index })),
      ),
    );
  const calls = h('div', { class: 'frame-calls', role: 'group' });
  const children = f.children.map((i) => view.frames[i]).filter((c): c is FrameView => c !== undefined);
  const more = appendFirst(calls, children, CHILD_BATCH, (c) => frameElement(view, c, L, api, debuggable), L);
  body.append(calls, more ?? '');
  return body;
}
