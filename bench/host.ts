// The in-host half of `npm run bench`, loaded by the extension host through extensionTestsPath
// (the test-electron contract: export run(): Promise<void>). It drives the extension through its
// ExtensionApi, against the local nodes bench/run.mjs started in its own process (WASP_BENCH),
// and prints every figure as a `BENCH {json}` line. No figure is judged here: run.mjs holds the
// targets.
import { randomBytes } from 'node:crypto';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../src/constants';
import type { WaspClient } from '../src/api/client';
import type { ExtensionApi, ExtensionEntry } from '../src/extension';
import { DEFAULT_LOOKUP_CAPACITY } from '../src/transactions/model/receiptLookup';
import {
  BENCH_CHAIN_ID,
  BENCH_CHAIN_NAME,
  MIXED_REBASED_NODES,
  MIXED_STARDUST_CHAINS,
  PLANTED,
  REBASED_BENCH_CHAIN_NAME,
  REBASED_PLANTED,
  REFRESH_CHAINS,
  NARROW_LIMIT,
  benchRequestId,
  rebasedBenchRequestId,
  distinctChainId,
  emit,
  round,
  stats,
  type BenchConfig,
} from './shared';
import { callTreeTimes } from './callTree';
import { accountHoverTimes } from './accountHovers';
import { evmOnlyHoverTimes } from './evmOnlyHovers';
import { anvilFailedHoverTimes } from './anvilHovers';
import { liveTimes } from './live';

const NON_ID_LINES = 10_000;
const CACHED_SAMPLES = 2_000;
const VIA_COMMAND_SAMPLES = 300;
const UNCACHED_WARMUP = 5;
const CONCURRENT_HOVERS = 100;
const REFRESH_RUNS = 5;

type ChainSetting = { name: string; nodeUrl: string; chainId?: string };

export async function run(): Promise<void> {
  const config = JSON.parse(process.env.WASP_BENCH ?? 'null') as BenchConfig | null;
  if (!config) throw new Error('bench: WASP_BENCH is not set (run it through npm run bench)');
  emit('host.vscode', vscode.version);
  emit('host.node', process.versions.node);
  emit('host.app', `${vscode.env.appName} (uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`);

  const api = await activation();
  const token = new vscode.CancellationTokenSource().token;
  await setChains(api, [{ name: BENCH_CHAIN_NAME, nodeUrl: config.mainUrl, chainId: BENCH_CHAIN_ID }]);

  // Each scenario by name: WASP_BENCH_ONLY (bench/run.mjs) runs some of them alone.
  const scenarios: Array<[string, () => Promise<unknown>]> = [
    ['hoverOnText', () => hoverOnText(api, token)],
    ['cachedHover', () => cachedHover(api, token, STARDUST_HOVERS)],
    ['uncachedHover', () => uncachedHover(api, token, STARDUST_HOVERS)],
    ['concurrentHovers', () => concurrentHovers(api, token)],
    ['rebasedHovers', () => rebasedHovers(api, token, config)],
    ['accountHovers', () => accountHoverTimes(api, token, config, { setChains })],
    ['evmOnlyHovers', () => evmOnlyHoverTimes(api, token)],
    ['anvilHovers', () => anvilFailedHoverTimes(api, token, config)],
    [
      'memory',
      async () => {
        await setChains(api, [{ name: BENCH_CHAIN_NAME, nodeUrl: config.mainUrl, chainId: BENCH_CHAIN_ID }]);
        await memoryAfterManyIds(api, token);
      },
    ],
    ['panels', () => panelTimes(api)],
    ['bigReceipt', () => bigReceipt(api)],
    ['callTree', () => callTreeTimes(api, { floor: emptyPanel, setChains })],
    ['treeRefresh', () => treeRefresh(api, config)],
    ['mixedGenerations', () => mixedGenerations(api, config)],
    ['live', () => liveTimes(api, config, { setChains })],
  ];
  const unknown = (config.only ?? []).filter((name) => !scenarios.some(([n]) => n === name));
  if (unknown.length > 0) throw new Error(`bench: no scenario ${unknown.join(', ')} (there are ${scenarios.map(([n]) => n).join(', ')})`);
  for (const [name, scenario] of scenarios) if (!config.only || config.only.includes(name)) await scenario();
  emit('done', true);
}

/** Activation as the extension measured it, and ext.activate() when the bench is the first to ask. */
async function activation(): Promise<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionEntry>(EXTENSION_ID);
  if (!ext) throw new Error(`bench: ${EXTENSION_ID} is not loaded`);
  const wasActive = ext.isActive;
  const t0 = performance.now();
  const entry = await ext.activate();
  const wall = performance.now() - t0;
  const wasLoaded = entry.featuresLoaded;
  const t1 = performance.now();
  const api = await entry.ready();
  emit('activation.features', wasLoaded ? 'already loaded' : round(performance.now() - t1, 2), wasLoaded ? undefined : 'ms');
  const a = entry.activation;
  emit('activation.ms', round(a.ms, 2), 'ms');
  emit('activation.load', round(a.moduleEvaluatedAt - a.moduleLoadedAt, 2), 'ms');
  emit('activation.activate', round(a.activatedAt - a.activateStartedAt, 2), 'ms');
  emit('activation.contextWait', round(a.activateStartedAt - a.moduleEvaluatedAt, 2), 'ms');
  emit('activation.wall', wasActive ? 'already active' : round(wall, 2), wasActive ? undefined : 'ms');
  const marks = vscodeMarks();
  if (marks) emit('activation.vscode', marks.codeLoading + marks.activateCall, 'ms', marks);
  return api;
}

/**
 * VS Code's own activation marks (internal, read only when present): the same code loading and
 * activate call times its Running Extensions view shows, in whole ms (Date.now() readings).
 */
function vscodeMarks(): { codeLoading: number; activateCall: number } | undefined {
  const perf = (globalThis as { MonacoPerformanceMarks?: { getMarks?: () => { name: string; startTime: number }[] } }).MonacoPerformanceMarks;
  const marks = perf?.getMarks?.() ?? [];
  const at = (what: string) => marks.find((m) => m.name === `code/extHost/${what}/${EXTENSION_ID}`)?.startTime;
  const [load0, load1, act0, act1] = ['willLoadExtensionCode', 'didLoadExtensionCode', 'willActivateExtension', 'didActivateExtension'].map(at);
  if (load0 === undefined || load1 === undefined || act0 === undefined || act1 === undefined) return undefined;
  return { codeLoading: load1 - load0, activateCall: act1 - act0 };
}

async function setChains(api: ExtensionApi, chains: ChainSetting[]): Promise<void> {
  await vscode.workspace.getConfiguration('waspChain').update('chains', chains, vscode.ConfigurationTarget.Global);
  const want = JSON.stringify(chains.map((c) => c.name));
  for (let i = 0; i < 500; i++) {
    if (JSON.stringify(api.services.chains.valid().map((c) => c.name)) === want) return;
    await sleep(10);
  }
  throw new Error('bench: the chain registry did not pick up the bench chains');
}

/** A 10,000-line TypeScript source with hex numbers, addresses and a transaction hash, but no request ID. */
function nonIdSource(): string {
  const block = (n: number) => [
    `// Module ${n}: reads balances of the test token. Licensed under MIT; see LICENSE in the project root.`,
    `import { createPublicClient, http, parseAbi, type Address, type Hash } from 'viem';`,
    `const TOKEN_${n}: Address = '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984'; // the test token on the bench chain`,
    `const DEPLOY_TX_${n}: Hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060'; // its deployment`,
    `export const abi${n} = parseAbi(['function balanceOf(address owner) view returns (uint256)']);`,
    ``,
    `/** Reads a balance at the latest block; retries once when the JSON-RPC endpoint times out. */`,
    `export async function balanceOf${n}(owner: Address, client = createPublicClient({ transport: http() })): Promise<bigint> {`,
    `  try {`,
    `    return await client.readContract({ address: TOKEN_${n}, abi: abi${n}, functionName: 'balanceOf', args: [owner] });`,
    `  } catch (error) {`,
    `    if (!(error instanceof Error) || !/timeout/i.test(error.message)) throw error;`,
    `    const value = await client.readContract({ address: TOKEN_${n}, abi: abi${n}, functionName: 'balanceOf', args: [owner] });`,
    `    console.log(\`retried balanceOf for \${owner} after a timeout: \${value} (mask 0xffffffffffffffff)\`);`,
    `    return value;`,
    `  }`,
    `}`,
    ``,
    `for (let i = 0x00; i < 0x10; i++) {`,
    `  const flags = (i & 0x0f) | 0x80;`,
    `  if (flags === 0x8f) break;`,
    `}`,
    `export const gasLimit${n} = 0x5208n; // 21000`,
    `export type Balance${n} = { owner: Address; value: bigint; tx?: Hash };`,
    ``,
  ];
  const lines: string[] = [];
  for (let n = 0; lines.length < NON_ID_LINES; n++) lines.push(...block(n));
  return lines.slice(0, NON_ID_LINES).join('\n');
}

/** Our provider called directly at 5 columns of every line, and through VS Code for context. */
async function hoverOnText(api: ExtensionApi, token: vscode.CancellationToken): Promise<void> {
  // Plain text: a TypeScript document would start the built-in TypeScript server, which would
  // compete for the CPU; our provider does not look at the language.
  const doc = await vscode.workspace.openTextDocument({ content: nonIdSource(), language: 'plaintext' });
  const positions: vscode.Position[] = [];
  for (let line = 0; line < doc.lineCount; line++) {
    const length = doc.lineAt(line).text.length;
    for (const col of [0, 8, 24, 48, 72]) positions.push(new vscode.Position(line, Math.min(col, Math.max(0, length - 1))));
  }
  const hover = api.receipts.hover;
  let answered = 0;
  const pass = async () => {
    const t0 = performance.now();
    for (const p of positions) if (await hover.provideHover(doc, p, token)) answered++;
    return ((performance.now() - t0) * 1000) / positions.length;
  };
  await pass(); // warm-up: JIT
  const passes = [await pass(), await pass(), await pass()];
  if (answered > 0) throw new Error(`bench: the provider answered ${answered} times on text without a request ID`);
  const idLike = positions.filter((p) => doc.lineAt(p.line).text.length >= 66 && doc.lineAt(p.line).text.includes('0x')).length;
  emit('hover.nonId.direct', round(stats(passes).p50, 2), 'µs/call', {
    calls: positions.length,
    passes: passes.map((p) => round(p, 2)),
    lines: doc.lineCount,
    positionsPastPrecheck: idLike,
  });

  const step = Math.floor(positions.length / VIA_COMMAND_SAMPLES);
  const sample = positions.filter((_, i) => i % step === 0).slice(0, VIA_COMMAND_SAMPLES);
  const times: number[] = [];
  for (const p of sample) {
    const t0 = performance.now();
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, p);
    times.push(performance.now() - t0);
  }
  const s = stats(times);
  emit('hover.nonId.command', round(s.p50, 3), 'ms/call', { calls: times.length, mean: round(s.mean, 3), p99: round(s.p99, 3) });
  await closeAll();
}

function idDocument(ids: string[]): Promise<vscode.TextDocument> {
  return Promise.resolve(
    vscode.workspace.openTextDocument({ content: ids.map((id, i) => `const request${i} = '${id}'; // planted`).join('\n'), language: 'plaintext' }),
  );
}

/** Inside the ID on line i of idDocument. */
const idPosition = (i: number) => new vscode.Position(i, `const request${i} = '`.length + 10);

function hoverText(h: vscode.Hover | undefined): string {
  return (h?.contents ?? []).map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n');
}

function expectFound(h: vscode.Hover | undefined, what: string): void {
  const text = hoverText(h);
  if (!text.includes('Request succeeded')) throw new Error(`bench: ${what}: the hover did not show the receipt: ${text.slice(0, 300)}`);
}

/** One generation's hover measurements: which chain, which planted IDs, how its client asks. */
interface HoverTarget {
  /** The figures' ID prefix ('hover' for Stardust, the first and reference figures). */
  prefix: string;
  chainName: string;
  cachedId: string;
  uncachedIds: string[];
  url(client: WaspClient, id: string): string;
  get(client: WaspClient, id: string): Promise<unknown>;
}

const STARDUST_HOVERS: HoverTarget = {
  prefix: 'hover',
  chainName: BENCH_CHAIN_NAME,
  cachedId: benchRequestId('cached', 0),
  uncachedIds: Array.from({ length: PLANTED.uncached.count }, (_, i) => benchRequestId('uncached', i)),
  url: (client, id) => client.receiptUrl(BENCH_CHAIN_ID, id),
  get: (client, id) => client.getReceipt(BENCH_CHAIN_ID, id),
};

const REBASED_HOVERS: HoverTarget = {
  prefix: 'hover.rebased',
  chainName: REBASED_BENCH_CHAIN_NAME,
  cachedId: rebasedBenchRequestId('cached', 0),
  uncachedIds: Array.from({ length: REBASED_PLANTED.uncached.count }, (_, i) => rebasedBenchRequestId('uncached', i)),
  url: (client, id) => client.rebasedReceiptUrl(id),
  get: (client, id) => client.getRebasedReceipt(id),
};

/** The same hover figures on a Rebased chain (an entry without a chain ID), then the Stardust bench chain again. */
async function rebasedHovers(api: ExtensionApi, token: vscode.CancellationToken, config: BenchConfig): Promise<void> {
  await setChains(api, [{ name: REBASED_BENCH_CHAIN_NAME, nodeUrl: config.rebasedMainUrl }]);
  await cachedHover(api, token, REBASED_HOVERS);
  await uncachedHover(api, token, REBASED_HOVERS);
  await setChains(api, [{ name: BENCH_CHAIN_NAME, nodeUrl: config.mainUrl, chainId: BENCH_CHAIN_ID }]);
}

async function cachedHover(api: ExtensionApi, token: vscode.CancellationToken, target: HoverTarget): Promise<void> {
  const hover = api.receipts.hover;
  const doc = await idDocument([target.cachedId]);
  const at = idPosition(0);
  expectFound(await hover.provideHover(doc, at, token), 'first hover of the cached ID');
  const fetches = api.receipts.service.cache.fetchCount;
  for (let i = 0; i < 200; i++) await hover.provideHover(doc, at, token); // warm-up: JIT
  const times: number[] = [];
  for (let i = 0; i < CACHED_SAMPLES; i++) {
    const t0 = performance.now();
    const h = await hover.provideHover(doc, at, token);
    times.push(performance.now() - t0);
    if (!h) throw new Error('bench: a cached hover answered nothing');
  }
  const s = stats(times);
  const requests = api.receipts.service.cache.fetchCount - fetches;
  emit(`${target.prefix}.cached.p50`, round(s.p50, 4), 'ms', { calls: s.n, mean: round(s.mean, 4), max: round(s.max, 3), requestsMeanwhile: requests });
  emit(`${target.prefix}.cached.p99`, round(s.p99, 4), 'ms', { calls: s.n });

  const viaCommand: number[] = [];
  for (let i = 0; i < VIA_COMMAND_SAMPLES; i++) {
    const t0 = performance.now();
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at);
    viaCommand.push(performance.now() - t0);
  }
  const c = stats(viaCommand);
  emit(`${target.prefix}.cached.command.p50`, round(c.p50, 3), 'ms', { calls: c.n, p99: round(c.p99, 3) });
  await closeAll();
}

/** Each ID hovered once, next to a plain fetch of the very URL the client asks, alternating which goes first. */
async function uncachedHover(api: ExtensionApi, token: vscode.CancellationToken, target: HoverTarget): Promise<void> {
  const hover = api.receipts.hover;
  const chain = api.services.chains.get(target.chainName);
  if (!chain) throw new Error(`bench: the chain ${target.chainName} is not configured`);
  const client = api.services.clients.clientFor(chain);
  const ids = target.uncachedIds;
  const doc = await idDocument(ids);
  const hoverMs: number[] = [];
  const rawMs: number[] = [];
  const raw = async (url: string) => {
    const t0 = performance.now();
    const r = await fetch(url, { headers: { Accept: 'application/json' } });
    await r.text();
    if (!r.ok) throw new Error(`bench: GET ${url} answered ${r.status}`);
    return performance.now() - t0;
  };
  const viaHover = async (i: number) => {
    const t0 = performance.now();
    const h = await hover.provideHover(doc, idPosition(i), token);
    const ms = performance.now() - t0;
    expectFound(h, `uncached hover ${i}`);
    return ms;
  };
  const fetches = api.receipts.service.cache.fetchCount;
  for (let i = 0; i < ids.length; i++) {
    const url = target.url(client, ids[i] as string);
    let h: number;
    let g: number;
    if (i % 2 === 0) {
      g = await raw(url);
      h = await viaHover(i);
    } else {
      h = await viaHover(i);
      g = await raw(url);
    }
    if (i >= UNCACHED_WARMUP) {
      hoverMs.push(h);
      rawMs.push(g);
    }
  }
  const requests = api.receipts.service.cache.fetchCount - fetches;
  if (requests !== ids.length) throw new Error(`bench: ${ids.length} uncached hovers sent ${requests} requests`);
  const hs = stats(hoverMs);
  const gs = stats(rawMs);
  emit(`${target.prefix}.uncached.p50`, round(hs.p50, 3), 'ms', { samples: hs.n, p99: round(hs.p99, 3) });
  emit(`${target.prefix}.uncached.rawGet.p50`, round(gs.p50, 3), 'ms', { samples: gs.n, p99: round(gs.p99, 3) });
  emit(`${target.prefix}.uncached.overRawGet`, round(hs.p50 - gs.p50, 3), 'ms');
  emit(`${target.prefix}.uncached.ratio`, round(hs.p50 / gs.p50, 2), 'x');

  // Where the difference goes: the client alone (limiter, token, fetch, JSON, schema) and one
  // read of SecretStorage (a round trip to the workbench).
  const clientMs: number[] = [];
  const secretMs: number[] = [];
  for (let i = UNCACHED_WARMUP; i < ids.length; i++) {
    let t0 = performance.now();
    await target.get(api.services.clients.clientFor(chain), ids[i] as string);
    clientMs.push(performance.now() - t0);
    t0 = performance.now();
    await api.services.tokens.get(chain.nodeUrl);
    secretMs.push(performance.now() - t0);
  }
  emit(`${target.prefix}.uncached.client.p50`, round(stats(clientMs).p50, 3), 'ms', { samples: clientMs.length });
  emit(target.prefix === 'hover' ? 'diag.secretRead.p50' : `${target.prefix}.secretRead.p50`, round(stats(secretMs).p50, 3), 'ms', {
    samples: secretMs.length,
    p99: round(stats(secretMs).p99, 3),
  });
  await closeAll();
}

async function concurrentHovers(api: ExtensionApi, token: vscode.CancellationToken): Promise<void> {
  const hover = api.receipts.hover;
  const doc = await idDocument([benchRequestId('concurrent', 0)]);
  const fetches = api.receipts.service.cache.fetchCount;
  const t0 = performance.now();
  const all = await Promise.all(Array.from({ length: CONCURRENT_HOVERS }, () => hover.provideHover(doc, idPosition(0), token)));
  const ms = performance.now() - t0;
  all.forEach((h, i) => expectFound(h, `concurrent hover ${i}`));
  // The node's own count is the figure (run.mjs reads it); this is what the extension believes it sent.
  emit('hover.concurrent.fetches', api.receipts.service.cache.fetchCount - fetches, 'requests', { hovers: CONCURRENT_HOVERS, allAnsweredMs: round(ms, 2) });
  await closeAll();
}

/** `gc` even when the host was not started with --expose-gc (V8 can still be told to expose it). */
function collector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

async function memoryAfterManyIds(api: ExtensionApi, token: vscode.CancellationToken): Promise<void> {
  const hover = api.receipts.hover;
  const lookup = api.receipts.service.cache;
  const count = PLANTED.memory.count;
  const doc = await idDocument(Array.from({ length: count }, (_, i) => benchRequestId('memory', i)));
  const gc = collector();
  const heap = async () => {
    await sleep(50);
    for (let i = 0; i < 3; i++) gc?.();
    return process.memoryUsage().heapUsed;
  };
  const base = await heap();
  const fetches = lookup.fetchCount;
  let next = 0;
  let failures = 0;
  const hoverUpTo = async (end: number) => {
    // 16 hovers at a time (the client's limit keeps 6 requests in flight).
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < end) {
          const i = next++;
          const h = await hover.provideHover(doc, idPosition(i), token);
          if (!hoverText(h).includes('Request succeeded')) failures++;
        }
      }),
    );
  };
  // Heap and cache after 1,000 IDs (the cache, 500 entries, is full), 5,000 and 10,000: bounded
  // means flat from the first checkpoint on. Unbounded, 9,000 more answers would hold well over
  // 100 MB (memory.perEntry below).
  const checkpoints = [1_000, count / 2, count];
  const heapAt: number[] = [];
  const entriesAt: number[] = [];
  const t0 = performance.now();
  for (const end of checkpoints) {
    await hoverUpTo(end);
    heapAt.push(await heap());
    entriesAt.push(lookup.cacheSize);
  }
  const elapsed = performance.now() - t0;
  if (failures > 0) throw new Error(`bench: ${failures} of ${count} hovers did not show their receipt`);
  const mb = (b: number) => round(b / 1024 / 1024, 2);
  emit('memory.hovers', count, 'IDs', { requests: lookup.fetchCount - fetches, seconds: round(elapsed / 1000, 1), gcExposed: gc !== undefined });
  emit('memory.cacheEntries', lookup.cacheSize, 'entries', {
    capacity: DEFAULT_LOOKUP_CAPACITY,
    atCheckpoints: Object.fromEntries(checkpoints.map((c, i) => [c, entriesAt[i]])),
    inFlight: lookup.pending,
  });
  emit('memory.recentReceipts', api.services.recent.list(BENCH_CHAIN_NAME).length, 'entries');
  if (gc) {
    const first = heapAt[0] ?? 0;
    const last = heapAt[heapAt.length - 1] ?? 0;
    emit('memory.heap', mb(last - base), 'MB', { ids: count, atCheckpoints: Object.fromEntries(checkpoints.map((c, i) => [c, mb((heapAt[i] ?? 0) - base)])) });
    emit('memory.perEntry', round((first - base) / 1024 / DEFAULT_LOOKUP_CAPACITY, 1), 'KB', { note: 'heap after 1,000 IDs over the cache capacity' });
    emit('memory.growth', mb(last - first), 'MB', { from: checkpoints[0], to: count });
  }
  await closeAll();
}

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
async function emptyPanel(): Promise<number> {
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
    const nonce = randomBytes(18).toString('base64');
    panel.webview.html = `<!DOCTYPE html><html><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}'">
</head><body><script nonce="${nonce}">acquireVsCodeApi().postMessage({ type: 'ready' });</script></body></html>`;
    await withTimeout(first, 30_000, 'the empty panel posted nothing');
    return performance.now() - t0;
  } finally {
    panel.dispose();
  }
}

/**
 * The floor, then Chain: Show Request Receipt (the command, as the palette or a hover link runs it)
 * to an ordinary receipt (about 2 KB, not looked up before) rendered in its panel, alternating
 * which goes first. The first receipt run also loads the panel's code (a lazy chunk in the ESM
 * build): it is reported apart, as `cold`.
 */
async function panelTimes(api: ExtensionApi): Promise<void> {
  await closeAll();
  await emptyPanel(); // warm-up: the workbench's webview machinery
  const floor: number[] = [];
  const receipt: number[] = [];
  let cold: number | undefined;
  const openReceipt = async (i: number) => {
    const requestId = benchRequestId('panel', i);
    const before = new Set(api.receipts.panels());
    const t0 = performance.now();
    const result = await vscode.commands.executeCommand<unknown>('waspChain.showReceipt', { requestId, chainName: BENCH_CHAIN_NAME });
    const panel = api.receipts.panels().find((p) => !before.has(p) && (p === result || result === undefined));
    if (!panel) throw new Error(`bench: waspChain.showReceipt opened no panel for ${requestId}`);
    await panel.waitForRender(receiptShown(panel), 30_000);
    const ms = performance.now() - t0;
    panel.dispose();
    return ms;
  };
  for (let i = 0; i < PLANTED.panel.count; i++) {
    const order = i % 2 === 0 ? ['floor', 'receipt'] : ['receipt', 'floor'];
    for (const what of order) {
      if (what === 'floor') floor.push(await emptyPanel());
      else if (i === 0) cold = await openReceipt(i);
      else receipt.push(await openReceipt(i));
      await sleep(150);
    }
  }
  const f = stats(floor);
  const r = stats(receipt);
  emit('panel.floor', round(f.p50, 1), 'ms', { runs: floor.map((t) => round(t, 1)), what: 'createWebviewPanel to the first message of an inline script' });
  emit('panel.receipt', round(r.p50, 1), 'ms', {
    runs: receipt.map((t) => round(t, 1)),
    cold: round(cold ?? NaN, 1),
    what: 'waspChain.showReceipt to the receipt rendered (fetched from the local node)',
  });
  emit('panel.receipt.overFloor', round(r.p50 / f.p50, 2), 'x');
  await closeAll();
}

/** 1 MiB of params and 10,000 burn records: fetch + validation + view, then the panel until it shows it all. */
async function bigReceipt(api: ExtensionApi): Promise<void> {
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
  for (let i = 0; i < 3; i++) {
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
    what: 'open() to the webview reporting the rendered receipt (cached lookup)',
  });
  await closeAll();
}

/** model.refresh() with one chain, 50 names of that chain, and 50 distinct chains, on nodes answering in 100 ms. */
async function treeRefresh(api: ExtensionApi, benchConfig: BenchConfig): Promise<void> {
  const model = api.chains.model;
  try {
    await vscode.commands.executeCommand('waspChain.chains.focus');
  } catch {
    // Without the view shown the model still loads; the tree only redraws less.
  }
  const measure = async (phase: string, chains: ChainSetting[], runs: number) => {
    await setChains(api, chains);
    await model.refresh();
    await model.whenIdle();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await model.refresh();
      times.push(performance.now() - t0);
    }
    const notOk = model.validRows().filter((r) => model.snapshot(r).state !== 'ok').length;
    if (notOk > 0) throw new Error(`bench: ${notOk} of ${chains.length} chains did not load (${phase})`);
    const s = stats(times);
    emit(`refresh.${phase}`, round(s.p50, 1), 'ms', { chains: chains.length, runs: times.map((t) => round(t, 1)) });
    return s.p50;
  };
  const one = await measure('one', [{ name: 'Slow 1', nodeUrl: benchConfig.slowUrl, chainId: BENCH_CHAIN_ID }], REFRESH_RUNS);
  const names = await measure(
    'names',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Slow ${i + 1}`, nodeUrl: benchConfig.slowUrl, chainId: BENCH_CHAIN_ID })),
    REFRESH_RUNS,
  );
  emit('refresh.names.ratio', round(names / one, 2), 'x');
  const distinct = await measure(
    'distinct',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Distinct ${i + 1}`, nodeUrl: benchConfig.distinctUrl, chainId: distinctChainId(i) })),
    3,
  );
  emit('refresh.distinct.ratio', round(distinct / one, 2), 'x');
  // The same under a tight limit set by the user: what the default of 64 buys.
  const config = vscode.workspace.getConfiguration('waspChain');
  await config.update('request.maxConcurrent', NARROW_LIMIT, vscode.ConfigurationTarget.Global);
  for (let i = 0; i < 200 && vscode.workspace.getConfiguration('waspChain').get('request.maxConcurrent') !== NARROW_LIMIT; i++) await sleep(10);
  await sleep(50); // NodeClients applies it from the same change event
  const narrow = await measure(
    'narrow',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Narrow ${i + 1}`, nodeUrl: benchConfig.narrowUrl, chainId: distinctChainId(i) })),
    3,
  );
  emit('refresh.narrow.ratio', round(narrow / one, 2), 'x', { maxConcurrent: NARROW_LIMIT });
  await config.update('request.maxConcurrent', undefined, vscode.ConfigurationTarget.Global);
  await setChains(api, []);
}

/** 50 chains over a Stardust node and 5 Rebased nodes (100 ms each): detection per node, and the refresh. */
async function mixedGenerations(api: ExtensionApi, benchConfig: BenchConfig): Promise<void> {
  const model = api.chains.model;
  const generations = api.services.clients.generations;
  const perRebased = (REFRESH_CHAINS - MIXED_STARDUST_CHAINS) / MIXED_REBASED_NODES;
  const chains = (suffix: string): ChainSetting[] => [
    ...Array.from({ length: MIXED_STARDUST_CHAINS }, (_, i) => ({
      name: `Stardust ${i + 1}${suffix}`,
      nodeUrl: benchConfig.mixedStardustUrl,
      chainId: distinctChainId(i),
    })),
    // Rebased entries as users write them: without a chain ID (the node's one chain).
    ...benchConfig.mixedRebasedUrls.flatMap((url, n) =>
      Array.from({ length: perRebased }, (_, i) => ({ name: `Rebased ${n + 1}.${i + 1}${suffix}`, nodeUrl: url })),
    ),
  ];
  const nodes = 1 + benchConfig.mixedRebasedUrls.length;
  // A window's life without Refresh: the first load, then a settings change that reloads every chain.
  const before = generations.started;
  const t0 = performance.now();
  await setChains(api, chains(''));
  await model.ensureLoaded();
  await model.whenIdle();
  const firstLoad = performance.now() - t0;
  await setChains(api, chains(' (renamed)'));
  await model.ensureLoaded();
  await model.whenIdle();
  const probes = generations.started - before;
  emit('detect.perNode', round(probes / nodes, 2), 'requests', { nodes, probes, loads: 2, chains: chains('').length });
  emit('refresh.mixed.firstLoad', round(firstLoad, 1), 'ms', { what: 'settings written → every chain loaded, detection included' });
  const notOk = model.validRows().filter((r) => model.snapshot(r).state !== 'ok').length;
  if (notOk > 0) throw new Error(`bench: ${notOk} of ${chains('').length} mixed chains did not load`);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await model.refresh();
    times.push(performance.now() - t);
  }
  const s = stats(times);
  emit('refresh.mixed', round(s.p50, 1), 'ms', { chains: chains('').length, nodes, runs: times.map((x) => round(x, 1)) });
  await setChains(api, []);
}

async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`bench: ${what} in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
