// The receipt panel's script (browser side). It places the strings the host computed
// (model/receiptView.ts) into the DOM as text: node data never becomes HTML, a link or a style
// attribute. Bar widths are set through the CSSOM (element.style), which the CSP allows.
import type { ErrorView } from '../webviews/protocol';
import type { AssetsView, PayloadView, ReceiptAction, ReceiptPanelLabels, ReceiptPanelState, ReceiptView, Row } from '../receipts/model/receiptView';
import { button, copyButton, h, mount, type Mounted } from './dom';

type Api = Mounted<ReceiptPanelState, ReceiptAction>;
type OkState = Extract<ReceiptPanelState, { status: 'ok' }>;

mount<ReceiptPanelState, ReceiptAction>(render);

function render(state: ReceiptPanelState, api: Api): Node {
  const L = state.labels;
  const root = h('div', { class: 'rc-root' });
  root.append(h('h1', null, state.title));
  switch (state.status) {
    case 'loading':
      root.append(h('p', { class: 'busy', role: 'status' }, state.message));
      break;
    case 'error':
      root.append(toolbar(L, api, undefined), errorBanner(state.error, state.details, api));
      break;
    case 'ok':
      root.append(h('p', { class: 'muted rc-subtitle' }, state.subtitle), toolbar(L, api, state), ...receipt(state, api));
      break;
  }
  return root;
}

function toolbar(L: ReceiptPanelLabels, api: Api, state: OkState | undefined): HTMLElement {
  const bar = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': L.refresh });
  bar.append(button(L.refresh, () => api.post({ kind: 'refresh' }), { primary: true }));
  if (state) {
    bar.append(
      button(L.copyRequestId, () => api.post({ kind: 'copy', text: state.view.requestId, what: L.copyRequestId })),
      button(L.showChainInfo, () => api.post({ kind: 'showChainInfo' })),
      button(L.openJson, () => api.post({ kind: 'openJson' })),
    );
  }
  return bar;
}

function errorBanner(e: ErrorView, details: string[], api: Api): HTMLElement {
  const buttons = h('div', { class: 'toolbar' });
  for (const a of e.actions) {
    buttons.append(button(a.label, () => api.post(a.command === 'retry' ? { kind: 'retry' } : { kind: a.command }), { primary: a.command !== 'retry' }));
  }
  const list = details.length > 0 ? h('ul', { class: 'rc-details' }, ...details.map((d) => h('li', null, d))) : null;
  return h(
    'div',
    { class: 'banner error', role: 'alert', 'data-field': `error.${e.kind}` },
    h('strong', null, e.title),
    h('div', null, e.message),
    e.hint ? h('div', { class: 'rc-hint' }, e.hint) : null,
    list,
    buttons,
  );
}

function receipt(state: OkState, api: Api): HTMLElement[] {
  const { view, labels: L } = state;
  const out: HTMLElement[] = [statusBanner(view)];
  for (const s of view.sections) {
    const el = h('section', { class: `rc-section rc-${s.id}`, 'aria-label': s.title }, h('h2', null, s.title));
    const dl = h('dl');
    for (const r of s.rows) dl.append(rowOf(r, api, L));
    if (s.id === 'gas') dl.append(feeRow(state));
    el.append(dl);
    out.push(el);
  }
  out.push(burnLog(view, L));
  out.push(assetsSection(L.fungibleTokens, 'fungibleTokens', view.fungibleTokens, api, L));
  out.push(assetsSection(L.allowance, 'allowance', view.allowance, api, L));
  if (view.nft) out.push(nftSection(view, api, L));
  out.push(paramsSection(view, api, L));
  out.push(rawJson(view, api, L));
  return out;
}

function statusBanner(view: ReceiptView): HTMLElement {
  const banner = h('div', { class: `banner ${view.failed ? 'failed' : 'ok'}`, role: view.failed ? 'alert' : 'status', 'data-field': 'status' }, h('strong', null, view.statusText));
  if (view.error) {
    banner.append(h('div', { class: 'rc-headline' }, view.error.headline));
    if (view.error.decodedRevert !== undefined && view.error.message !== undefined) banner.append(h('div', { class: 'muted rc-raw-message' }, view.error.message));
  }
  return banner;
}

function rowOf(r: Row, api: Api, L: ReceiptPanelLabels): HTMLElement {
  const dd = h('dd', null, h('span', { class: r.mono ? 'mono' : undefined }, r.value));
  if (r.copy) dd.append(copyButton(api, r.copy.text, r.copy.what, L));
  if (r.detail) dd.append(h('div', { class: 'muted rc-detail' }, r.detail));
  return h('div', { class: 'row', 'data-field': r.field }, h('dt', null, r.label), dd);
}

function feeRow(state: OkState): HTMLElement {
  const { fee, labels: L } = state;
  const cls = fee.ok === true ? 'rc-fee-ok' : fee.ok === false ? 'rc-fee-bad' : 'muted';
  const mark = fee.ok === true ? '✓ ' : fee.ok === false ? '✗ ' : '';
  return h('div', { class: 'row', 'data-field': 'feeCheck' }, h('dt', null, L.feePolicy), h('dd', null, h('span', { class: cls }, mark + fee.text)));
}

function burnLog(view: ReceiptView, L: ReceiptPanelLabels): HTMLElement {
  const el = h('section', { class: 'rc-section rc-burnlog', 'aria-label': L.burnLog }, h('h2', null, L.burnLog));
  const entries = view.burnLog.entries;
  if (entries.length === 0) {
    el.append(h('p', { class: 'muted' }, L.burnLogEmpty));
    return el;
  }
  // The chart: one bar per burn code, its width the code's share of the total.
  const chart = h('div', { class: 'rc-chart', role: 'img', 'aria-label': L.burnLogChart });
  for (const e of entries) {
    const bar = h('div', { class: 'bar rc-bar' });
    bar.style.width = `${Math.max(0, Math.min(100, e.share))}%`;
    chart.append(h('div', { class: 'rc-chart-row' }, h('span', { class: 'rc-chart-label' }, e.name), h('div', { class: 'rc-bar-track' }, bar), h('span', { class: 'rc-chart-value mono' }, e.shareText)));
  }
  const table = h(
    'table',
    { class: 'rc-burn-table' },
    h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.burnCode), h('th', { scope: 'col', class: 'num' }, L.gas), h('th', { scope: 'col', class: 'num' }, L.share), h('th', { scope: 'col', class: 'num' }, L.records))),
  );
  const body = h('tbody');
  for (const e of entries) {
    body.append(h('tr', { 'data-field': `burn.${e.code}` }, h('td', null, `${e.name} (${e.code})`), h('td', { class: 'num mono' }, e.gasBurned.text), h('td', { class: 'num' }, e.shareText), h('td', { class: 'num' }, String(e.count))));
  }
  body.append(h('tr', { class: 'rc-total' }, h('td', null, '∑'), h('td', { class: 'num mono' }, view.burnLog.total.text), h('td', { class: 'num' }, '100%'), h('td')));
  table.append(body);
  el.append(chart, table);
  return el;
}

function assetsSection(title: string, field: string, a: AssetsView | null, api: Api, L: ReceiptPanelLabels): HTMLElement {
  const el = h('section', { class: 'rc-section rc-assets', 'aria-label': title, 'data-field': field }, h('h2', null, title));
  if (!a || a.empty) {
    el.append(h('p', { class: 'muted' }, L.none));
    return el;
  }
  el.append(h('dl', null, h('div', { class: 'row' }, h('dt', null, L.baseTokens), h('dd', null, h('span', { class: 'mono' }, a.baseTokens.text), copyButton(api, a.baseTokens.raw, L.baseTokens, L)))));
  if (a.nativeTokens.length > 0) {
    const body = h('tbody');
    for (const t of a.nativeTokens) body.append(h('tr', null, h('td', { class: 'mono rc-id' }, t.id), h('td', { class: 'num mono' }, t.amount.text)));
    el.append(h('table', null, h('caption', { class: 'muted rc-caption' }, L.nativeTokens), h('thead', null, h('tr', null, h('th', { scope: 'col' }, L.id), h('th', { scope: 'col', class: 'num' }, L.amount))), body));
  }
  if (a.nfts.length > 0) {
    el.append(h('h3', null, L.nfts), h('ul', { class: 'rc-list' }, ...a.nfts.map((n) => h('li', { class: 'mono rc-id' }, n, copyButton(api, n, L.nft, L)))));
  }
  return el;
}

function nftSection(view: ReceiptView, api: Api, L: ReceiptPanelLabels): HTMLElement {
  const nft = view.nft;
  const el = h('section', { class: 'rc-section rc-nft', 'aria-label': L.nft }, h('h2', null, L.nft));
  if (!nft) return el;
  const dl = h(
    'dl',
    null,
    h('div', { class: 'row' }, h('dt', null, L.id), h('dd', null, h('span', { class: 'mono' }, nft.id), copyButton(api, nft.id, L.nft, L))),
    h('div', { class: 'row' }, h('dt', null, L.issuer), h('dd', null, h('span', { class: 'mono' }, nft.issuer))),
    h('div', { class: 'row' }, h('dt', null, L.owner), h('dd', null, nft.owner === '' ? h('span', { class: 'muted' }, L.none) : h('span', { class: 'mono' }, nft.owner))),
  );
  for (const f of nft.fields) dl.append(h('div', { class: 'row', 'data-field': `nft.${f.key}` }, h('dt', null, f.key), h('dd', null, f.value)));
  el.append(dl, h('h3', null, L.metadata), payload(nft.metadata, api, L, L.metadata));
  return el;
}

function paramsSection(view: ReceiptView, api: Api, L: ReceiptPanelLabels): HTMLElement {
  const el = h('section', { class: 'rc-section rc-params', 'aria-label': L.params }, h('h2', null, L.params));
  if (view.params.length === 0) {
    el.append(h('p', { class: 'muted' }, L.none));
    return el;
  }
  for (const p of view.params) {
    el.append(h('div', { class: 'rc-param', 'data-field': 'param' }, h('h3', { class: 'mono', title: p.key.hex }, p.keyLabel), payload(p.value, api, L, p.keyLabel)));
  }
  return el;
}

/** A payload with a Hex / Text / JSON toggle: real buttons with aria-pressed, so keyboard and screen readers work. */
function payload(p: PayloadView, api: Api, L: ReceiptPanelLabels, what: string): HTMLElement {
  const views: Array<{ kind: 'hex' | 'text' | 'json'; label: string; text: string | undefined }> = [
    { kind: 'json', label: L.json, text: p.json },
    { kind: 'text', label: L.text, text: p.text },
    { kind: 'hex', label: L.hex, text: p.hex },
  ];
  const pre = h('pre', { class: 'rc-payload-value' });
  const meta = h('span', { class: 'muted rc-payload-meta' }, `${p.byteLength} ${L.bytes}${p.truncated ? ` ${L.truncated}` : ''}`);
  const group = h('div', { class: 'rc-toggle', role: 'group', 'aria-label': `${L.payloadView}: ${what}` });
  let current = views.find((v) => v.kind === p.preferred) ?? views[2];
  const buttons = new Map<string, HTMLElement>();
  const select = (kind: string) => {
    const v = views.find((x) => x.kind === kind && x.text !== undefined);
    if (!v) return;
    current = v;
    pre.textContent = v.text ?? '';
    for (const [k, b] of buttons) b.setAttribute('aria-pressed', String(k === kind));
  };
  for (const v of views) {
    const b = button(v.label, () => select(v.kind));
    if (v.text === undefined) b.setAttribute('disabled', '');
    buttons.set(v.kind, b);
    group.append(b);
  }
  group.append(button(L.copy, () => api.post({ kind: 'copy', text: current?.text ?? p.hex, what }), { title: `${L.copy}: ${what}` }), meta);
  select(current?.kind ?? 'hex');
  return h('div', { class: 'rc-payload' }, group, pre);
}

function rawJson(view: ReceiptView, api: Api, L: ReceiptPanelLabels): HTMLElement {
  const details = h('details', { class: 'rc-raw' }, h('summary', null, L.rawJson));
  details.append(h('div', { class: 'toolbar' }, copyButton(api, view.rawJson, L.rawJson, L)), h('pre', { class: 'mono' }, view.rawJson));
  return h('section', { class: 'rc-section', 'aria-label': L.rawJson }, details);
}
