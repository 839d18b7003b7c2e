// The receipt panel's script (browser side). It places the strings the host computed
// (model/receiptView.ts) into the DOM as text: node data never becomes HTML, a link or a style
// attribute. Bar widths are set through the CSSOM (element.style), which the CSP allows.
// A receipt may carry megabytes: the state holds excerpts of long texts (the host sends the
// rest on "Show all"), long lists show their first items, and the raw JSON is built only when
// its section is opened.
import type { AssetsView, RebasedAssetsView } from '../../transactions/model/receiptViewTypes';
import type { PayloadDisplay, ReceiptAction, ReceiptDisplay, ReceiptPanelLabels, ReceiptPanelState } from '../protocol';
import { callTreeSection } from './callTree';
import {
  appendFirst,
  button,
  copyButton,
  copyExcerptButton,
  errorBanner,
  h,
  lazyDetails,
  longText,
  mount,
  rowOf,
  section,
  type Mounted,
} from '../../ui/browser/dom';

type Api = Mounted<ReceiptAction>;
type OkState = Extract<ReceiptPanelState, { status: 'ok' }>;
type Labels = ReceiptPanelLabels;

/** Items of a long list shown at first, and per "Show more". */
const PARAMS_BATCH = 20;
const LIST_BATCH = 50;

mount<ReceiptPanelState, ReceiptAction>(render);

function render(state: ReceiptPanelState, api: Api): Node {
  const L = state.labels;
  const root = h('div', { class: 'panel' });
  root.append(h('h1', null, state.title));
  switch (state.status) {
    case 'loading':
      root.append(h('p', { class: 'busy', role: 'status' }, state.message));
      break;
    case 'error':
      root.append(toolbar(L, api, undefined), errorBanner(state.error, api));
      break;
    case 'ok':
      root.append(h('p', { class: 'muted subtitle' }, state.subtitle), toolbar(L, api, state), ...receipt(state, api));
      break;
    case 'evmTransaction':
      root.append(h('p', { class: 'muted subtitle' }, state.subtitle), toolbar(L, api, undefined, state.debuggable === true), ...evmOnly(state, api));
      break;
  }
  return root;
}

/** A chain known only by its JSON-RPC: the EVM side, and once what needs the web API. */
function evmOnly(state: Extract<ReceiptPanelState, { status: 'evmTransaction' }>, api: Api): HTMLElement[] {
  const L = state.labels;
  const cls = state.failed === true ? 'failed' : state.failed === false ? 'ok' : 'muted';
  const banner = h('div', { class: `banner ${cls}`, role: state.failed ? 'alert' : 'status', 'data-field': 'status' }, h('strong', null, state.statusText));
  if (state.headline !== undefined) banner.append(h('div', { class: 'headline' }, state.headline));
  const out: HTMLElement[] = [banner, h('p', { class: 'muted note', 'data-field': 'evmOnlyNote' }, state.note)];
  for (const s of state.sections) out.push(section(s.id, s.title, s.rows, api, L));
  // Nothing is asked of the JSON-RPC until this is clicked.
  if (!state.sections.some((s) => s.id === 'evmState'))
    out.push(
      h(
        'div',
        { class: 'toolbar' },
        button(L.loadStateChanges, () => api.post({ kind: 'loadStateChanges' })),
      ),
    );
  if (state.callTree) out.push(callTreeSection(state.callTree, L, api, state.debuggable === true));
  return out;
}

/** `debuggable`: the panel shows an EVM transaction (a bare one, or an EVM request's) that its chain can serve a replay of. */
function toolbar(L: Labels, api: Api, state: OkState | undefined, debuggable = state?.debuggable === true): HTMLElement {
  const bar = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': L.refresh });
  bar.append(button(L.refresh, () => api.post({ kind: 'refresh' }), { primary: true }));
  if (state) {
    bar.append(
      button(L.copyRequestId, () => api.post({ kind: 'copy', text: state.view.requestId, what: L.copyRequestId })),
      button(L.showChainInfo, () => api.post({ kind: 'showChainInfo' })),
      button(L.openJson, () => api.post({ kind: 'openJson' })),
    );
  }
  // The host knows the transaction and its chain: the message carries neither.
  if (debuggable) bar.append(button(L.debugTransaction, () => api.post({ kind: 'debugTransaction' })));
  return bar;
}

function receipt(state: OkState, api: Api): HTMLElement[] {
  const { view, labels: L } = state;
  const out: HTMLElement[] = [statusBanner(view)];
  for (const s of view.sections)
    out.push(s.id === 'error' ? errorSection(s, state, api) : section(s.id, s.title, s.rows, api, L, { after: sectionAfter(s.id, state, api) }));
  if (state.callTree) out.push(callTreeSection(state.callTree, L, api, state.debuggable === true));
  out.push(burnLog(view, L));
  if (view.rebased) {
    out.push(coinsSection(L.assetsSent, 'assets', view.rebased.assets, undefined, api, L));
    out.push(coinsSection(L.allowance, 'allowance', view.rebased.allowance, view.rebased.allowanceError, api, L));
  } else {
    out.push(assetsSection(L.fungibleTokens, 'fungibleTokens', view.fungibleTokens, api, L));
    out.push(assetsSection(L.allowance, 'allowance', view.allowance, api, L));
  }
  if (view.nft) out.push(nftSection(view, api, L));
  for (const s of state.chainLog ?? []) {
    // The block links to the chain info at that block (the host runs the command with its own values).
    const after =
      s.id === 'block'
        ? [
            h(
              'div',
              { class: 'row' },
              h('dt'),
              h(
                'dd',
                null,
                button(L.showChainInfo, () => api.post({ kind: 'showChainInfo' })),
              ),
            ),
          ]
        : [];
    out.push(section(s.id, s.title, s.rows, api, L, { after, ...(s.note ? { note: s.note } : {}) }));
  }
  out.push(paramsSection(view, api, L));
  out.push(rawJson(view, api, L));
  return out;
}

function sectionAfter(id: ReceiptDisplay['sections'][number]['id'], state: OkState, api: Api): HTMLElement[] {
  if (id === 'gas') return [feeRow(state)];
  // Nothing is asked of the JSON-RPC until this is clicked; loaded, the logs have their own section.
  if (id !== 'evmAbi') return [];
  const has = (section: string) => state.view.sections.some((s) => s.id === section);
  const buttons: HTMLElement[] = [];
  if (!has('evmLogs')) buttons.push(button(state.labels.loadEvmLogs, () => api.post({ kind: 'loadEvmLogs' })));
  if (!has('evmState')) buttons.push(button(state.labels.loadStateChanges, () => api.post({ kind: 'loadStateChanges' })));
  buttons.push(button(state.labels.senderAccount, () => api.post({ kind: 'showAccount', who: 'sender' })));
  buttons.push(button(state.labels.recipientAccount, () => api.post({ kind: 'showAccount', who: 'recipient' })));
  return buttons;
}

function statusBanner(view: ReceiptDisplay): HTMLElement {
  const props = { class: `banner ${view.failed ? 'failed' : 'ok'}`, role: view.failed ? 'alert' : 'status', 'data-field': 'status' };
  const banner = h('div', props, h('strong', null, view.statusText));
  // The failure in words (a revert reason decoded); the raw message is in the Error section right below.
  if (view.error) banner.append(h('div', { class: 'headline' }, view.error.headline));
  return banner;
}

/**
 * The Error section. The revert data (the bytes the message and a parameter carry) is folded
 * under "Raw error data", closed, wrapped when opened: the decoded error leads.
 */
function errorSection(s: ReceiptDisplay['sections'][number], state: OkState, api: Api): HTMLElement {
  const L = state.labels;
  const isRaw = (field: string) => field === 'rawErrorData';
  const el = section(
    s.id,
    s.title,
    s.rows.filter((r) => !isRaw(r.field)),
    api,
    L,
  );
  const raw = s.rows.filter((r) => isRaw(r.field));
  if (raw.length > 0)
    el.append(h('details', { class: 'raw', 'data-field': 'rawError' }, h('summary', null, L.rawError), h('dl', null, ...raw.map((r) => rowOf(r, api, L)))));
  return el;
}

function feeRow(state: OkState): HTMLElement {
  const { fee, labels: L } = state;
  const cls = fee.ok === true ? 'good' : fee.ok === false ? 'bad' : 'muted';
  const mark = fee.ok === true ? '✓ ' : fee.ok === false ? '✗ ' : '';
  return h('div', { class: 'row', 'data-field': 'feeCheck' }, h('dt', null, L.feePolicy), h('dd', null, h('span', { class: cls }, mark + fee.text)));
}

function burnLog(view: ReceiptDisplay, L: Labels): HTMLElement {
  const el = h('section', { class: 'section section-burnlog', 'aria-label': L.burnLog }, h('h2', null, L.burnLog));
  const entries = view.burnLog.entries;
  if (entries.length === 0) {
    el.append(h('p', { class: 'muted' }, L.burnLogEmpty));
    return el;
  }
  // The chart: one bar per burn code, its width the code's share of the total.
  const chart = h('div', { class: 'chart', role: 'img', 'aria-label': L.burnLogChart });
  for (const e of entries) {
    const bar = h('div', { class: 'bar' });
    bar.style.width = `${Math.max(0, Math.min(100, e.share))}%`;
    const value = h('span', { class: 'num mono' }, e.shareText);
    chart.append(h('div', { class: 'chart-row' }, h('span', null, e.name), h('div', { class: 'bar-track' }, bar), value));
  }
  const num = (text: string) => h('th', { scope: 'col', class: 'num' }, text);
  const head = h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.burnCode), num(L.gas), num(L.share), num(L.records)));
  const body = h('tbody');
  for (const e of entries) {
    const cells = [h('td', null, `${e.name} (${e.code})`), h('td', { class: 'num mono' }, e.gasBurned.text), h('td', { class: 'num' }, e.shareText)];
    body.append(h('tr', { 'data-field': `burn.${e.code}` }, ...cells, h('td', { class: 'num' }, String(e.count))));
  }
  const total = h('td', { class: 'num mono' }, view.burnLog.total.text);
  body.append(h('tr', { class: 'total' }, h('td', null, '∑'), total, h('td', { class: 'num' }, '100%'), h('td')));
  el.append(chart, h('table', null, head, body));
  return el;
}

function assetsSection(title: string, field: string, a: AssetsView | null, api: Api, L: Labels): HTMLElement {
  const el = h('section', { class: 'section section-assets', 'aria-label': title, 'data-field': field }, h('h2', null, title));
  if (!a || a.empty) {
    el.append(h('p', { class: 'muted' }, L.none));
    return el;
  }
  const base = { field: 'baseTokens', label: L.baseTokens, value: a.baseTokens.text, mono: true, copy: { text: a.baseTokens.raw, what: L.baseTokens } };
  el.append(h('dl', null, rowOf(base, api, L)));
  if (a.nativeTokens.length > 0) {
    const body = h('tbody');
    const token = (t: AssetsView['nativeTokens'][number]) => h('tr', null, h('td', { class: 'mono id' }, t.id), h('td', { class: 'num mono' }, t.amount.text));
    const more = appendFirst(body, a.nativeTokens, LIST_BATCH, token, L);
    const head = h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.id), h('th', { scope: 'col', class: 'num' }, L.amount)));
    el.append(h('table', null, h('caption', { class: 'muted caption' }, L.nativeTokens), head, body), more ?? '');
  }
  if (a.nfts.length > 0) {
    const list = h('ul', { class: 'list' });
    const more = appendFirst(list, a.nfts, LIST_BATCH, (n) => h('li', { class: 'mono id' }, n, copyButton(api, n, L.nft, L)), L);
    el.append(h('h3', null, L.nfts), list, more ?? '');
  }
  return el;
}

/** Rebased coins (exact balance to copy, IOTA also with decimals) and objects (ID to copy, type). */
function coinsSection(title: string, field: string, a: RebasedAssetsView | null, error: string | undefined, api: Api, L: Labels): HTMLElement {
  const el = h('section', { class: 'section section-assets', 'aria-label': title, 'data-field': field }, h('h2', null, title));
  if (error !== undefined) el.append(h('p', { class: 'bad', 'data-field': 'allowanceError' }, `${L.allowanceError}: ${error}`));
  if (!a || a.empty) {
    if (error === undefined) el.append(h('p', { class: 'muted' }, L.none));
    return el;
  }
  if (a.coins.length > 0) {
    const body = h('tbody');
    const coin = (c: RebasedAssetsView['coins'][number]) =>
      h(
        'tr',
        { 'data-field': 'coin' },
        h('td', { class: 'mono id', title: c.coinType }, c.isBaseToken ? c.symbol : c.coinType),
        h('td', { class: 'num mono' }, c.balance.text, copyButton(api, c.balance.raw, c.symbol, L)),
        h('td', { class: 'num' }, c.balance.decimal ?? ''),
      );
    const more = appendFirst(body, a.coins, LIST_BATCH, coin, L);
    const th = (text: string, cls?: string) => h('th', { scope: 'col', class: cls }, text);
    const head = h('thead', null, h('tr', null, th(L.coinType), th(L.balance, 'num'), th('', 'num')));
    el.append(h('table', null, h('caption', { class: 'muted caption' }, L.coins), head, body), more ?? '');
  }
  if (a.objects.length > 0) {
    const body = h('tbody');
    const object = (o: RebasedAssetsView['objects'][number]) =>
      h('tr', { 'data-field': 'object' }, h('td', { class: 'mono id' }, o.id, copyButton(api, o.id, L.id, L)), h('td', { class: 'mono' }, o.type));
    const more = appendFirst(body, a.objects, LIST_BATCH, object, L);
    const head = h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.id), h('th', { scope: 'col' }, L.objectType)));
    el.append(h('table', null, h('caption', { class: 'muted caption' }, L.objects), head, body), more ?? '');
  }
  return el;
}

function nftSection(view: ReceiptDisplay, api: Api, L: Labels): HTMLElement {
  const nft = view.nft;
  const el = h('section', { class: 'section section-nft', 'aria-label': L.nft }, h('h2', null, L.nft));
  if (!nft) return el;
  const rows = [
    { field: 'nft.id', label: L.id, value: nft.id, mono: true, copy: { text: nft.id, what: L.nft } },
    { field: 'nft.issuer', label: L.issuer, value: nft.issuer, mono: true },
    nft.owner === ''
      ? { field: 'nft.owner', label: L.owner, value: L.none, empty: true }
      : { field: 'nft.owner', label: L.owner, value: nft.owner, mono: true },
    ...nft.fields.map((f) => ({ field: `nft.${f.key}`, label: f.key, value: f.value })),
  ];
  el.append(h('dl', null, ...rows.map((r) => rowOf(r, api, L))), h('h3', null, L.metadata), payload(nft.metadata, api, L, L.metadata));
  return el;
}

function paramsSection(view: ReceiptDisplay, api: Api, L: Labels): HTMLElement {
  const el = h('section', { class: 'section section-params', 'aria-label': L.params }, h('h2', null, L.params));
  if (view.params.length === 0) {
    el.append(h('p', { class: 'muted' }, L.none));
    return el;
  }
  const list = h('div');
  const param = (p: ReceiptDisplay['params'][number]) =>
    h('div', { class: 'param', 'data-field': 'param' }, h('h3', { class: 'mono', title: p.keyHex }, p.keyLabel), payload(p.value, api, L, p.keyLabel));
  const more = appendFirst(list, view.params, PARAMS_BATCH, param, L);
  el.append(list, more ?? '');
  return el;
}

/** A payload with a Hex / Text / JSON toggle: real buttons with aria-pressed, so keyboard and screen readers work. */
function payload(p: PayloadDisplay, api: Api, L: Labels, what: string): HTMLElement {
  const views = [
    { kind: 'json', label: L.json, text: p.json },
    { kind: 'text', label: L.text, text: p.text },
    { kind: 'hex', label: L.hex, text: p.hex },
  ] as const;
  const meta = h('span', { class: 'muted meta' }, `${p.byteLength} ${L.bytes}${p.truncated ? ` ${L.truncated}` : ''}`);
  const group = h('div', { class: 'toggle', role: 'group', 'aria-label': `${L.payloadView}: ${what}` });
  const holder = h('div', { class: 'payload-value' });
  const copyHolder = h('span');
  const buttons = new Map<string, HTMLElement>();
  const select = (kind: string) => {
    const v = views.find((x) => x.kind === kind && x.text !== undefined);
    if (!v?.text) return;
    holder.replaceChildren(longText(v.text, api, L));
    copyHolder.replaceChildren(copyExcerptButton(api, v.text, what, L));
    for (const [k, b] of buttons) b.setAttribute('aria-pressed', String(k === kind));
  };
  for (const v of views) {
    const b = button(v.label, () => select(v.kind));
    if (v.text === undefined) b.setAttribute('disabled', '');
    buttons.set(v.kind, b);
    group.append(b);
  }
  group.append(copyHolder, meta);
  select(views.some((v) => v.kind === p.preferred && v.text !== undefined) ? p.preferred : 'hex');
  return h('div', { class: 'payload' }, group, holder);
}

function rawJson(view: ReceiptDisplay, api: Api, L: Labels): HTMLElement {
  const build = () =>
    h('div', null, h('div', { class: 'toolbar' }, copyExcerptButton(api, view.rawJson, L.rawJson, L)), longText(view.rawJson, api, L, 'mono'));
  return h('section', { class: 'section', 'aria-label': L.rawJson }, lazyDetails(L.rawJson, build, { class: 'raw' }));
}
