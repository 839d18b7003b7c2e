// The live feed in the extension host (issue 27): with the Live view open against the bench's live
// node (bench/liveNode.ts, in run.mjs's process), the time from the node publishing a receipt to
// the view handing it to VS Code; a flood of 1,000 receipts a second for 5 s: the receipts the
// view absorbed per second, the node's own send buffer's drops, and a hover's time during the
// flood against before it, with the event loop's worst delay; and following the latest block for
// a minute with the feed open: the block requests the node received (the target is none).
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import type { FeedEntry } from '../src/live/model/feed';
import type { LiveService } from '../src/live/service';
import { emit, round, stats } from './shared';

const CHAIN_NAME = 'Bench Live';
const LATENCY_SAMPLES = 20;
const FLOOD_RATE = 1_000;
const FLOOD_SECONDS = 5;
const FOLLOW_SECONDS = 60;

interface Helpers {
  setChains(api: ExtensionApi, chains: Array<{ name: string; nodeUrl: string }>): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function control<T>(base: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`bench: the live node's control answered ${res.status} for ${path}`);
  return (await res.json()) as T;
}

async function until(cond: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`bench: timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Resolves with Date.now() when the view hands VS Code a listing holding `requestId`. */
function shownAt(live: LiveService, requestId: string): Promise<number> {
  const id = requestId.toLowerCase();
  return new Promise((resolve) => {
    const sub = live.view.onDidShow((entries: readonly FeedEntry[]) => {
      if (!entries.some((e) => e.requestId === id)) return;
      sub.dispose();
      resolve(Date.now());
    });
  });
}

export async function liveTimes(api: ExtensionApi, config: { liveUrl: string; liveControlUrl: string }, helpers: Helpers): Promise<void> {
  await helpers.setChains(api, [{ name: CHAIN_NAME, nodeUrl: config.liveUrl }]);
  const chain = api.services.chains.get(CHAIN_NAME);
  if (!chain) throw new Error('bench: the live chain is not configured');
  const live = await api.live.service();
  await vscode.commands.executeCommand('waspChain.live.scope', 'all');
  await vscode.commands.executeCommand('waspChain.live.show');
  await until(() => api.live.treeView.visible, 'the Live view to be visible');
  await until(() => live.hub.isLive(chain) && (live.hub.connectionOf(chain)?.status().acknowledged.includes('receipt') ?? false), 'the feed to open');
  await latencyTimes(live, config.liveControlUrl);
  await floodTimes(live, config.liveControlUrl);
  await followTimes(api, live, chain, config.liveControlUrl);
}

type LiveChain = NonNullable<ReturnType<ExtensionApi['services']['chains']['get']>>;

/** Publish → shown, one at a time (each after a quiet spell, as a developer's requests come). */
async function latencyTimes(live: LiveService, controlUrl: string): Promise<void> {
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    // Listening before asking: the view may show it before the control's answer comes back.
    const seen = new Map<string, number>();
    const sub = live.view.onDidShow((entries) => {
      const now = Date.now();
      for (const e of entries.slice(0, 5)) if (!seen.has(e.requestId)) seen.set(e.requestId, now);
    });
    const { id, at } = await control<{ id: string; at: number }>(controlUrl, '/publish');
    const shown = seen.get(id.toLowerCase()) ?? (await shownAt(live, id));
    sub.dispose();
    latencies.push(shown - at);
    await sleep(300);
  }
  const l = stats(latencies);
  emit('live.latency.p50', l.p50, 'ms', {
    samples: l.n,
    max: l.max,
    times: latencies,
    what: 'the node publishes a receipt → the Live view hands it to VS Code (Date.now() in both processes)',
  });
}

/** A hover (a receipt already cached) before and during a flood. */
async function floodTimes(live: LiveService, controlUrl: string): Promise<void> {
  const hoverId = live.view.kept.size > 0 ? (await live.view.getChildren())[0]?.requestId : undefined;
  if (!hoverId) throw new Error('bench: no receipt to hover');
  const doc = await vscode.workspace.openTextDocument({ content: `request ${hoverId}\n`, language: 'plaintext' });
  const at = doc.positionAt(12);
  const hover = async () => {
    const t0 = performance.now();
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at);
    return performance.now() - t0;
  };
  await hover();
  const quiet: number[] = [];
  for (let i = 0; i < 60; i++) quiet.push(await hover());
  const receivedBefore = live.view.received;
  let lag = 0;
  let last = performance.now();
  const lagTimer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
  }, 10);
  const flood = control<{ published: number; ms: number; sent: number; overflow: number }>(controlUrl, `/flood?rate=${FLOOD_RATE}&seconds=${FLOOD_SECONDS}`);
  let done = false;
  void flood.finally(() => (done = true));
  const during: number[] = [];
  const t0 = performance.now();
  while (!done) {
    during.push(await hover());
    await sleep(20);
  }
  const floodResult = await flood;
  // What the socket still holds arrives within a moment.
  const drainStart = Date.now();
  let seenCount = live.view.received;
  for (;;) {
    await sleep(250);
    if (live.view.received === seenCount || Date.now() - drainStart > 5_000) break;
    seenCount = live.view.received;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(lagTimer);
  const absorbed = live.view.received - receivedBefore;
  const q = stats(quiet);
  const d = stats(during);
  emit('live.flood.absorbedPerSecond', round(absorbed / (floodResult.ms / 1000), 0), 'events/s', {
    absorbed,
    published: floodResult.published,
    sentByNode: floodResult.sent,
    droppedByNodeBuffer: floodResult.overflow,
    seconds: round(seconds, 2),
    kept: live.view.kept,
  });
  emit('live.flood.hover.p50', round(d.p50, 2), 'ms', { quietP50: round(q.p50, 2), duringP99: round(d.p99, 2), samples: d.n });
  // Its runs: each hover during the flood over the quiet median.
  emit('live.flood.hover.overQuiet', round(d.p50 / q.p50, 2), 'x', { times: during.map((t) => round(t / q.p50, 2)) });
  emit('live.flood.eventLoopLag', round(lag, 1), 'ms', { what: 'the longest a 10 ms timer was late during the flood' });
}

/** Following the latest block for a minute with the feed open. */
async function followTimes(api: ExtensionApi, live: LiveService, chain: LiveChain, controlUrl: string): Promise<void> {
  await vscode.workspace.getConfiguration('waspChain').update('blocks.followLatest', true, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('waspChain.chains.focus');
  await until(() => api.chains.view.visible, 'the Chains view to be visible');
  api.chains.tree.getChildren();
  await api.chains.model.whenIdle();
  const chainNode = api.chains.tree.getChildren().find((n) => n.kind === 'chain' && n.chainName === CHAIN_NAME);
  const blocks = chainNode && api.chains.tree.getChildren(chainNode).find((n) => n.kind === 'blocks');
  if (!blocks) throw new Error('bench: the live chain has no Blocks list');
  api.chains.tree.getChildren(blocks);
  await api.chains.blocks.whenIdle();
  await until(() => live.hub.connectionOf(chain)?.status().needs.includes('followLatest') ?? false, 'following to need the feed');
  await control(controlUrl, '/mark');
  const { added } = await control<{ added: number[] }>(controlUrl, `/blocks?every=2000&seconds=${FOLLOW_SECONDS}`);
  await sleep(500);
  const seen = await control<{ total: number; blocks: number; paths: string[] }>(controlUrl, '/requests');
  const top = api.chains.tree.getChildren(blocks)[0];
  const topLabel = top ? api.chains.tree.getTreeItem(top).label : undefined;
  emit('live.follow.blockRequests', seen.blocks, 'requests', {
    seconds: FOLLOW_SECONDS,
    blocksAdded: added.length,
    latestAdded: added.at(-1),
    topShown: typeof topLabel === 'string' ? topLabel : topLabel?.label,
    allRequests: seen.total,
    paths: seen.paths,
  });
  await vscode.workspace.getConfiguration('waspChain').update('blocks.followLatest', undefined, vscode.ConfigurationTarget.Global);
}
