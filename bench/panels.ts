// The panels of `npm run bench` (in the host): the floor (an empty webview), the receipt panel
// against it (warm, and the first of a window), its HTML alone, and the receipt with 1 MiB of params.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { BENCH_CHAIN_NAME, PLANTED, benchRequestId, emit, round, stats, type BenchConfig } from './shared';
import { closeAll, sleep, withTimeout } from './hostUtil';

/** Empty panels after the first receipt panel of a window: its floor. */
const FIRST_PANEL_FLOORS = 3;
/** Renders of the big receipt: the runs of its timing row. */
const BIG_PANEL_RUNS = 5;

type ReceiptPanel = Awaited<ReturnType<ExtensionApi['receipts']['open']>>;

/**
 * The receipt is on screen with its fee check done. While the webview reports what it rendered,
 * that text says so; when its 'rendered' message is a bare ack (production), the state the panel
 * last posted does.
 */
function receiptShown(panel: ReceiptPanel): (r: unknown) => boolean {
  return (r) => {
    const text = renderedText(r);
    return text !== '' ? text.includes('Request succeeded') && !text.includes('checking against the fee policy') : panel.state.status === 'ok';
  };
}

/** The text a 'rendered' message carried, '' for a bare ack (typed loosely: the message may shrink). */
function renderedText(r: unknown): string {
  const text = typeof r === 'object' && r !== null ? (r as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * The floor: an empty webview panel whose one inline script posts a message, from
 * createWebviewPanel to that message. Nothing of the extension runs in it: it is what any panel
 * costs in this host (the workbench creating the iframe, its service worker, the first script).
 */
export async function emptyPanel(): Promise<number> {
  const nonce = randomBytes(18).toString('base64');
  return plainPanel(`<!DOCTYPE html><html><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'">
</head><body><script nonce="${nonce}">acquireVsCodeApi().postMessage({ type: 'ready' });</script></body></html>`);
}

/**
 * A webview panel that is nothing but `html` (no extension code behind it): createWebviewPanel to
 * the first message its script posts.
 */
async function plainPanel(html: string): Promise<number> {
  const t0 = performance.now();
  const column = { viewColumn: vscode.ViewColumn.Active, preserveFocus: false };
  const panel = vscode.window.createWebviewPanel('waspBench.empty', 'Empty', column, { enableScripts: true });
  try {
    const first = new Promise<void>((resolve) => {
      const sub = panel.webview.onDidReceiveMessage(() => {
        sub.dispose();
        resolve();
      });
    });
    panel.webview.html = html;
    await withTimeout(first, 30_000, 'the plain panel posted nothing');
    return performance.now() - t0;
  } finally {
    panel.dispose();
  }
}

/**
 * The floor, then Chain: Show Request Receipt (the command, as the palette or a hover link runs it)
 * to an ordinary receipt (about 2 KB, not looked up before) rendered in its panel, then that
 * panel's HTML alone in a plain panel, alternating where the floor goes; each trio is a run of the
 * ratios. The first trio is a warm-up (the first receipt panel of a window is firstPanel's figure).
 * The HTML alone is what the webview costs with no extension code behind it: the receipt panel
 * less it is the extension's own share.
 */
export async function panelTimes(api: ExtensionApi, config: BenchConfig): Promise<void> {
  await closeAll();
  await emptyPanel(); // warm-up: the workbench's webview machinery
  const floor: number[] = [];
  const receipt: number[] = [];
  const loaded: number[] = [];
  const content: number[] = [];
  let html = '';
  for (let i = 0; i < PLANTED.panel.count; i++) {
    const order = i % 2 === 0 ? ['floor', 'receipt', 'content'] : ['receipt', 'content', 'floor'];
    let f = 0;
    let c = 0;
    let r: Opened = { shown: 0, loaded: 0, html: '' };
    for (const what of order) {
      if (what === 'floor') f = await emptyPanel();
      else if (what === 'content') c = await plainPanel(html);
      else {
        r = await openReceipt(api, benchRequestId('panel', i));
        html = r.html;
      }
      await sleep(150);
    }
    if (i === 0) continue;
    floor.push(f);
    receipt.push(r.shown);
    loaded.push(r.loaded);
    content.push(c);
  }
  const f = stats(floor);
  const r = stats(receipt);
  const c = stats(content);
  emit('panel.floor', round(f.p50, 1), 'ms', { runs: floor.map((t) => round(t, 1)), what: 'createWebviewPanel to the first message of an inline script' });
  emit('panel.receipt', round(r.p50, 1), 'ms', {
    runs: receipt.map((t) => round(t, 1)),
    what: 'waspChain.showReceipt to the receipt rendered (fetched from the local node)',
  });
  emit('panel.receipt.overFloor', round(r.p50 / f.p50, 2), 'x', { times: receipt.map((t, i) => round(t / (floor[i] as number), 2)) });
  emit('panel.receipt.loaded', round(stats(loaded).p50, 1), 'ms', {
    runs: loaded.map((t) => round(t, 1)),
    what: "the command's promise: the panel's whole first load",
  });
  emit('panel.content', round(c.p50, 1), 'ms', {
    times: content.map((t) => round(t, 1)),
    what: "the receipt panel's HTML alone in a plain panel (no extension code behind it), created to its first message",
  });
  emit('panel.content.overFloor', round(c.p50 / f.p50, 2), 'x', { times: content.map((t, i) => round(t / (floor[i] as number), 2)) });
  // For firstHtml, in fresh hosts.
  writeFileSync(config.panelHtmlPath, html);
  await closeAll();
}

/** What one Show Request Receipt took: to the receipt on screen, and to the command's end. */
interface Opened {
  /** To the receipt rendered with its fee check (the first answer the panel gives). */
  shown: number;
  /** To the command's promise: its whole first load (the workspace's ABIs, the EVM JSON-RPC's receipt). */
  loaded: number;
  /** The HTML the panel was written with (its first paint). */
  html: string;
}

/**
 * Chain: Show Request Receipt (the command, as the palette or a hover link runs it) to the receipt
 * rendered in its panel. The command resolves once the panel's whole first load is done, later than
 * the receipt is on screen: the panel is found when its tab opens, and watched from there.
 */
async function openReceipt(api: ExtensionApi, requestId: string): Promise<Opened> {
  const before = new Set(api.receipts.panels());
  const newPanel = () => api.receipts.panels().find((p) => !before.has(p));
  let tabs: vscode.Disposable | undefined;
  const opened = new Promise<ReceiptPanel | undefined>((resolve) => {
    tabs = vscode.window.tabGroups.onDidChangeTabs(() => {
      const panel = newPanel();
      if (panel !== undefined) resolve(panel);
    });
  });
  const t0 = performance.now();
  const command = vscode.commands.executeCommand<unknown>('waspChain.showReceipt', { requestId, chainName: BENCH_CHAIN_NAME });
  let loaded = 0;
  const done = Promise.resolve(command).then(() => {
    loaded = performance.now() - t0;
  });
  const panel = await Promise.race([opened, done.then(newPanel)]).finally(() => tabs?.dispose());
  if (!panel) throw new Error(`bench: waspChain.showReceipt opened no panel for ${requestId}`);
  await panel.waitForRender(receiptShown(panel), 30_000);
  const shown = performance.now() - t0;
  await done;
  const html = panel.panel.webview.html;
  panel.dispose();
  return { shown, loaded, html };
}

/** FIRST_PANEL_FLOORS empty panels after a window's first panel: the floor it is judged against. */
async function windowFloors(): Promise<number[]> {
  const floors: number[] = [];
  for (let i = 0; i < FIRST_PANEL_FLOORS; i++) {
    await sleep(150);
    floors.push(await emptyPanel());
  }
  return floors;
}

/**
 * The first receipt panel of a window, right after activation: the panel's code when it is a lazy
 * chunk, the receipt webview's first load. Over the floor, the median of FIRST_PANEL_FLOORS empty
 * panels opened after it (the first empty panel of the window, before it, warms the workbench's
 * webview machinery as panelTimes does). One measurement per process: bench/run.mjs starts
 * fresh hosts for the runs.
 */
export async function firstPanel(api: ExtensionApi, config: BenchConfig): Promise<void> {
  await closeAll();
  await hostFetch(config.slowUrl);
  const firstEmpty = await emptyPanel();
  await sleep(150);
  const first = await openReceipt(api, benchRequestId('firstPanel', 0));
  const floors = await windowFloors();
  const floor = stats(floors).p50;
  emit('panel.first.receipt', round(first.shown, 1), 'ms', { what: 'the first waspChain.showReceipt of a window to the receipt rendered' });
  emit('panel.first.loaded', round(first.loaded, 1), 'ms', { what: "the first waspChain.showReceipt of a window to the command's end" });
  emit('panel.first.floor', round(floor, 1), 'ms', { firstEmpty: round(firstEmpty, 1), floors: floors.map((t) => round(t, 1)) });
  emit('panel.first.overFloor', round(first.shown / floor, 2), 'x');
  await closeAll();
}

/**
 * A receipt panel's HTML (the main run's, bench/run.mjs) alone in a plain panel as the first panel
 * of a fresh window, after the same first empty panel as firstPanel and over the same floor: what
 * the first receipt panel of a window costs the webview by itself, with no extension code behind it.
 */
export async function firstHtml(config: BenchConfig): Promise<void> {
  if (!existsSync(config.panelHtmlPath)) return;
  const html = readFileSync(config.panelHtmlPath, 'utf8');
  await closeAll();
  await emptyPanel();
  await sleep(150);
  const first = await plainPanel(html);
  const floors = await windowFloors();
  const floor = stats(floors).p50;
  emit('panel.firstHtml', round(first, 1), 'ms', { what: "a receipt panel's HTML alone as the first panel of a window" });
  emit('panel.firstHtml.floor', round(floor, 1), 'ms', { floors: floors.map((t) => round(t, 1)) });
  emit('panel.firstHtml.overFloor', round(first / floor, 2), 'x');
  await closeAll();
}

/**
 * The host's first fetch of a window: VS Code's fetch (proxy and certificate support) sets itself
 * up on first use, whichever extension fetches first, as the webview machinery does on the first
 * panel. Paid here, to another node than the receipt's (no connection of its is reused), and said
 * beside a second fetch: the first panel's row then is the extension's own first-use cost.
 */
async function hostFetch(nodeUrl: string): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const response = await fetch(`${nodeUrl}/v1/node/version`);
    await response.text();
    times.push(performance.now() - t0);
  }
  emit('host.firstFetch', round(times[0] as number, 1), 'ms', {
    second: round(times[1] as number, 1),
    what: "the window's first fetch, to a local node answering in 100 ms",
  });
}

/** 1 MiB of params and 10,000 burn records: fetch + validation + view, then the panel until it shows it all. */
export async function bigReceipt(api: ExtensionApi): Promise<void> {
  const id = benchRequestId('big', 0);
  const finds: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const r = await api.receipts.service.find(id, { chainName: BENCH_CHAIN_NAME, fresh: true });
    if (!r.found) throw new Error('bench: the big receipt was not found');
    if (i > 0) finds.push(performance.now() - t0);
  }
  emit('receipt.big.host.find', round(stats(finds).p50, 1), 'ms', { runs: finds.length, what: 'fetch, parse, validate, view model' });

  const renders: number[] = [];
  for (let i = 0; i < BIG_PANEL_RUNS; i++) {
    const t0 = performance.now();
    const panel = await api.receipts.open({ requestId: id, chainName: BENCH_CHAIN_NAME });
    const opened = performance.now() - t0;
    const rendered: unknown = await panel.waitForRender(receiptShown(panel), 60_000);
    renders.push(performance.now() - t0);
    if (i === 0) {
      const html = (rendered as { html?: unknown } | undefined)?.html;
      const htmlChars = typeof html === 'string' ? html.length : 0;
      emit('receipt.big.host.panelHtmlChars', htmlChars, 'chars', { textChars: renderedText(rendered).length, openResolvedMs: round(opened, 1) });
    }
    panel.dispose();
    await sleep(200);
  }
  emit('receipt.big.host.panel', round(stats(renders).p50, 1), 'ms', {
    runs: renders.map((r) => round(r, 1)),
    times: renders.map((r) => round(r, 1)),
    what: 'open() to the webview reporting the rendered receipt (cached lookup)',
  });
  await closeAll();
}
