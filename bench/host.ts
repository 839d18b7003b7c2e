// The in-host half of `npm run bench`, loaded by the extension host through extensionTestsPath
// (the test-electron contract: export run(): Promise<void>). It drives the extension through its
// ExtensionApi, against the local nodes bench/run.mjs started in its own process (WASP_BENCH),
// and prints every figure as a `BENCH {json}` line. No figure is judged here: run.mjs holds the
// targets.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../src/constants';
import type { WaspClient } from '../src/api/client';
import type { ExtensionApi, ExtensionEntry } from '../src/extension';
import {
  BENCH_CHAIN_ID,
  BENCH_CHAIN_NAME,
  PLANTED,
  REBASED_BENCH_CHAIN_NAME,
  REBASED_PLANTED,
  benchRequestId,
  rebasedBenchRequestId,
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
import { closeAll, expectFound, idDocument, idPosition, sleep, type ChainSetting } from './hostUtil';
import { memoryAfterManyIds } from './memory';
import { bigReceipt, emptyPanel, firstHtml, firstPanel, panelTimes } from './panels';
import { mixedGenerations, treeRefresh } from './refresh';

const NON_ID_LINES = 10_000;
/** Timed passes over the 10,000 lines: the runs of the per-call row. */
const NON_ID_PASSES = 5;
const CACHED_SAMPLES = 2_000;
const VIA_COMMAND_SAMPLES = 300;
const UNCACHED_WARMUP = 5;
const CONCURRENT_HOVERS = 100;

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
  // 'startup' first: the first panel of a window, measured in every process (bench/run.mjs starts
  // fresh hosts that run it alone for the runs of the activation and first-panel rows).
  const scenarios: Array<[string, () => Promise<unknown>]> = [
    ['startup', () => firstPanel(api, config)],
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
    ['panels', () => panelTimes(api, config)],
    // Only in fresh hosts of its own (bench/run.mjs): its panel must be the window's first.
    ['firstHtml', async () => (config.only?.includes('firstHtml') ? firstHtml(config) : undefined)],
    ['bigReceipt', () => bigReceipt(api)],
    ['callTree', () => callTreeTimes(api, { floor: emptyPanel, setChains })],
    ['treeRefresh', () => treeRefresh(api, config, setChains)],
    ['mixedGenerations', () => mixedGenerations(api, config, setChains)],
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
  const api = await entry.ready();
  const features = entry.featuresMs;
  if (features !== undefined) emit('activation.features', round(features, 2), 'ms');
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
  const passes: number[] = [];
  for (let i = 0; i < NON_ID_PASSES; i++) passes.push(await pass());
  if (answered > 0) throw new Error(`bench: the provider answered ${answered} times on text without a request ID`);
  const idLike = positions.filter((p) => doc.lineAt(p.line).text.length >= 66 && doc.lineAt(p.line).text.includes('0x')).length;
  emit('hover.nonId.direct', round(stats(passes).p50, 2), 'µs/call', {
    calls: positions.length,
    times: passes.map((p) => round(p, 2)),
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
  // Its runs: each hover over its raw twin (a pair).
  emit(`${target.prefix}.uncached.overRawGet`, round(hs.p50 - gs.p50, 3), 'ms', { times: hoverMs.map((h, i) => round(h - (rawMs[i] as number), 3)) });
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
