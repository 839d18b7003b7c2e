// npm run bench: every performance figure of the extension in one run, printed as a table (target
// and pass/miss per row) and written to bench/results/latest.json (and latest.md, the same table
// for the README), with the machine it ran on.
//   1. builds a production copy (node esbuild.mjs --production --bench --outroot=<tmp>): the
//      minified bundles are measured and run; the tree's own dist/ and out/ are left alone; the
//      startup bytes are the main file plus the chunks it imports statically (the metafile's
//      import-statement edges, transitively), what loads through import() is counted apart;
//   2. plain Node (bench/node/receipt.ts, with --expose-gc): validation and view building of a big receipt;
//   3. starts the local nodes (bench/node/nodes.ts) in this process;
//   4. the real VS Code extension host (the offline host: code-server + headless Chromium, see
//      scripts/offline-host.mjs) loads the production copy and runs bench/host.ts, which prints
//      its figures as `BENCH {json}` lines;
//   5. adds what the nodes saw (requests, peak concurrency), judges and writes.
// WASP_BENCH_ONLY=<host scenario,…> (bench/host.ts names them, e.g. anvilHovers) runs only those and
// writes bench/results/only.json and only.md, leaving latest.* alone.
// No figure fails the run: it exits 1 only when the bench itself could not measure.
// Timings depend on the machine and on what else runs on it: compare figures from one machine.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  describeOfflineHost,
  handleInterrupts,
  installOfflineHost,
  interrupted,
  quietSettings,
  runInOfflineHost,
  sweepStaleRuns,
  tempDir,
} from '../scripts/offline-host.mjs';
import { ERRORS_MODULE, lazyFiles, outputsHolding, startupFiles } from '../scripts/extensionBundle.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(repo, 'bench/results');
const PREFIX = 'BENCH ';
const KB = 1024;
const HOST_TIMEOUT_MS = Number(process.env.WASP_BENCH_TIMEOUT_MS || 420_000);
// WASP_BENCH_ONLY=anvilHovers,… runs only these host scenarios (bench/host.ts names them), skips the
// plain-Node figures and writes bench/results/only.json instead of latest.json.
const ONLY = (process.env.WASP_BENCH_ONLY || '').split(',').filter(Boolean);
/** Reverted transactions mined on anvil for bench/anvilHovers.ts, each hovered once. */
const ANVIL_FAILED_TXS = 45;

/** id -> { id, value, unit?, detail? } */
const figures = new Map();
const put = (id, value, unit, detail) => figures.set(id, { id, value, ...(unit ? { unit } : {}), ...(detail ? { detail } : {}) });
const say = (msg) => console.log(`bench: ${msg}`);

function collect(line) {
  const i = line.indexOf(PREFIX);
  if (i < 0) return;
  try {
    const f = JSON.parse(line.slice(i + PREFIX.length));
    if (f && typeof f.id === 'string') figures.set(f.id, f);
  } catch {
    // not one of ours
  }
}

/**
 * anvil with the real-peer contracts (test/fixtures/realPeers, built into the production copy) and
 * ANVIL_FAILED_TXS reverted withdraws mined on it (Overdrawn, two calls deep), for bench/anvilHovers.ts.
 */
async function startAnvil() {
  const { startRealPeers } = createRequire(import.meta.url)(join(root, 'out/bench/realPeers.js'));
  anvil = await startRealPeers({ log: (line) => say(line) });
  const data = anvil.encode('Bank', 'withdraw(uint256)', 5000n);
  const anvilFailedHashes = [];
  for (let i = 0; i < ANVIL_FAILED_TXS; i++) {
    anvilFailedHashes.push(
      await anvil.rpc('eth_sendTransaction', [{ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', to: anvil.addresses.bank, data, gas: '0x30d40' }]),
    );
  }
  return { anvilUrl: anvil.rpcUrl, anvilChainId: anvil.chainId.toString(), anvilFailedHashes };
}

handleInterrupts();
sweepStaleRuns();
const started = Date.now();
const loadStart = os.loadavg();
const root = tempDir('bench');
let nodes;
let anvil;
let hostCode = 1;
let hostName = '(not run)';
try {
  // 1. The production copy, plus the bench bundles.
  say(`building a production copy in ${root}`);
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--bench', `--outroot=${root}`], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build failed (${build.signal ?? `exit ${build.status}`})`);
  const size = (file) => {
    const bytes = readFileSync(file);
    return { bytes: bytes.length, gzip: gzipSync(bytes).length };
  };
  // What activation loads (esbuild's metafile): the main file and the chunks it imports
  // statically, transitively; the rest (the panels) loads on first use through import().
  const meta = JSON.parse(readFileSync(join(root, 'out/bench/extension.meta.json'), 'utf8'));
  const startup = startupFiles(meta);
  const lazy = lazyFiles(meta);
  const sum = (files) =>
    files.map((f) => size(resolve(repo, f))).reduce((a, b) => ({ bytes: a.bytes + b.bytes, gzip: a.gzip + b.gzip }), { bytes: 0, gzip: 0 });
  const shortName = (f) => relative(join(root, 'dist'), resolve(repo, f));
  const byFile = (files) => Object.fromEntries(files.map((f) => [shortName(f), size(resolve(repo, f)).bytes]));
  const startupSize = sum(startup);
  put('bundle.startup', startupSize.bytes, 'B', { gzip: startupSize.gzip, files: byFile(startup) });
  const lazySize = sum(lazy);
  put('bundle.lazy', lazySize.bytes, 'B', { gzip: lazySize.gzip, files: byFile(lazy) });
  // The error classes once: src/api/errors.ts in exactly one output (esbuild.mjs fails the build otherwise).
  put('bundle.errorsModule', outputsHolding(meta, ERRORS_MODULE).length, 'files', { in: outputsHolding(meta, ERRORS_MODULE).map(shortName) });
  // What the startup files are made of: the extension's own code, and each package.
  const parts = {};
  const ownFiles = new Set();
  for (const file of startup) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]?.inputs ?? {})) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? (input.startsWith('src/') ? 'own code (src/)' : 'other');
      parts[pkg] = (parts[pkg] ?? 0) + bytesInOutput;
      if (input.startsWith('src/') && bytesInOutput > 0) ownFiles.add(input);
    }
  }
  const own = parts['own code (src/)'] ?? 0;
  const deps = Object.entries(parts)
    .filter(([k]) => k !== 'own code (src/)')
    .sort((a, b) => b[1] - a[1]);
  put('bundle.extension.own', own, 'B', { files: ownFiles.size });
  put(
    'bundle.extension.deps',
    deps.reduce((n, [, b]) => n + b, 0),
    'B',
    Object.fromEntries(deps),
  );
  // The browser entry (vscode.dev, github.dev): one CommonJS file, the whole extension, no lazy chunks.
  const browserBundle = size(join(root, 'dist/web/extension.js'));
  put('bundle.browser', browserBundle.bytes, 'B', { gzip: browserBundle.gzip });
  for (const name of readdirSync(join(root, 'dist/webview'))
    .filter((n) => n.endsWith('.js'))
    .sort()) {
    const w = size(join(root, 'dist/webview', name));
    put(`bundle.webview.${name.replace(/\.js$/, '')}`, w.bytes, 'B', { gzip: w.gzip });
  }
  // What VS Code reads besides the bundle; the copy then runs as the extension under development.
  for (const name of readdirSync(repo)) {
    if (name === 'package.json' || /^package\.nls(\.[\w-]+)?\.json$/.test(name) || name === 'LICENSE') cpSync(join(repo, name), join(root, name));
  }
  for (const dir of ['media', 'l10n']) if (existsSync(join(repo, dir))) cpSync(join(repo, dir), join(root, dir), { recursive: true });

  // 2. Plain Node: each bench in a process of its own, its figures read from its output.
  const plainNode = (what, name, nodeArgs = []) => {
    say(`plain Node: ${what}`);
    const run = spawnSync(process.execPath, [...nodeArgs, join(root, `out/bench/node/${name}.js`)], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    for (const line of run.stdout.split('\n')) collect(line);
    if (run.status !== 0) throw new Error(`bench/node/${name}.ts failed (${run.signal ?? `exit ${run.status}`})`);
  };
  if (ONLY.length === 0) {
    plainNode('a receipt with 1 MiB of params and 10,000 burn records', 'receipt', ['--expose-gc']);
    plainNode('20 watched requests against long polls, and a block of 100 receipts (about 50 s)', 'watch');
    plainNode('the EVM ABI index of 500 artifacts (time and heap) and a warm decoding', 'evmAbi', ['--expose-gc']);
    plainNode('decoding 128 KB of hostile call data and revert data', 'decode');
    plainNode('"Why no receipt?" end to end against a node answering after 40 ms', 'noReceipt');
    plainNode('the sent-transactions scan over 115 Foundry broadcasts of 5,000 transactions (heap)', 'sentScan', ['--expose-gc']);
    plainNode('a call trace and a state diff at the trace size cap (parse time)', 'traceParse');
    plainNode('Debug Transaction: replaying 10,000- and 1,000,000-step transactions on anvil (time, heap, a step)', 'replay', ['--expose-gc']);
  }

  // 3. The nodes, in this process.
  const require = createRequire(import.meta.url);
  const { startBenchNodes, benchRequestId, BENCH_CHAIN_ID, BENCH_CHAIN_NAME } = require(join(root, 'out/bench/node/nodes.js'));
  nodes = await startBenchNodes();
  const benchConfig = {
    mainUrl: nodes.main.url,
    slowUrl: nodes.slow.url,
    distinctUrl: nodes.distinct.url,
    narrowUrl: nodes.narrow.url,
    mixedStardustUrl: nodes.mixedStardust.url,
    mixedRebasedUrls: nodes.mixedRebased.map((n) => n.url),
    rebasedMainUrl: nodes.rebasedMain.url,
    liveUrl: nodes.live.node.url,
    liveControlUrl: nodes.live.controlUrl,
    ...(await startAnvil()),
    ...(ONLY.length > 0 ? { only: ONLY } : {}),
  };

  // 4. The extension host.
  const cacheDir = installOfflineHost();
  hostName = describeOfflineHost(cacheDir);
  say(`in the extension host: ${hostName}`);
  const workspace = tempDir('bench-ws');
  try {
    hostCode = await runInOfflineHost({
      cacheDir,
      extensionDevelopmentPath: root,
      extensionTestsPath: join(root, 'out/bench/host.js'),
      workspace,
      settings: {
        ...quietSettings,
        'security.workspace.trust.enabled': false,
        // Activation is measured with a chain configured, as a user would have it.
        'waspChain.chains': [{ name: BENCH_CHAIN_NAME, nodeUrl: nodes.main.url, chainId: BENCH_CHAIN_ID }],
      },
      env: { WASP_BENCH: JSON.stringify(benchConfig) },
      label: 'bench-host',
      timeoutMs: HOST_TIMEOUT_MS,
      onLine: collect,
    });
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }

  // 5. What the nodes saw.
  put('node.concurrent.requests', nodes.receiptRequestsFor(benchRequestId('concurrent', 0)), 'requests');
  put('node.slow.peakInFlight', nodes.slow.maxConcurrent, 'requests', { chainInfoRequests: nodes.slow.requests.filter((r) => r.route === 'chaininfo').length });
  put('node.distinct.peakInFlight', nodes.distinct.maxConcurrent, 'requests', {
    chainInfoRequests: nodes.distinct.requests.filter((r) => r.route === 'chaininfo').length,
  });
  put('node.narrow.peakInFlight', nodes.narrow.maxConcurrent, 'requests', {
    chainInfoRequests: nodes.narrow.requests.filter((r) => r.route === 'chaininfo').length,
  });
  // Detection as the mixed nodes saw it: version requests per node over the first load, the reload
  // and the 3 (+1 warm-up-free) refreshes of host.ts's mixedGenerations (each Refresh asks again).
  const mixed = [nodes.mixedStardust, ...nodes.mixedRebased];
  const versions = mixed.map((n) => n.requests.filter((r) => r.route === 'version').length);
  put('node.mixed.versionRequests', Math.max(...versions), 'requests', { perNode: versions, refreshes: 3 });
  const [one, mixedRefresh] = [figures.get('refresh.one'), figures.get('refresh.mixed')];
  if (one && mixedRefresh) put('refresh.mixed.ratio', Math.round((mixedRefresh.value / one.value) * 100) / 100, 'x');
} catch (err) {
  say(`ERROR: ${err instanceof Error ? err.message : err}`);
} finally {
  await nodes?.close().catch(() => {});
  await anvil?.stop().catch(() => {});
  rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}

// ------------------------------------------------------------------------------------------------
// The table.
// ------------------------------------------------------------------------------------------------

const fig = (id) => figures.get(id);
const kb = (b) => `${(b / KB).toFixed(1)} KB`;
const ms = (v) => `${v} ms`;
const withUnit = (f) => `${f.value}${f.unit ? ` ${f.unit}` : ''}`;

/**
 * Each row: what, the figure's id, how to show it, and (for a target) the check. `check` gets the
 * figure and returns true/false; rows without one are context.
 */
const ROWS = [
  ['Bundle size'],
  {
    what: 'loaded at activation, minified: main + its static chunks (gzip)',
    id: 'bundle.startup',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
    target: '≤ 120 KB',
    check: (f) => f.value <= 120 * KB,
    note: (f) =>
      Object.entries(f.detail.files)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', '),
  },
  { what: "… the extension's own code (src/)", id: 'bundle.extension.own', show: (f) => `${kb(f.value)} (${f.detail.files} files)` },
  {
    what: '… dependencies',
    id: 'bundle.extension.deps',
    show: (f) => kb(f.value),
    note: (f) =>
      Object.entries(f.detail)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', '),
  },
  {
    what: 'loaded on first use (lazy chunks, gzip)',
    id: 'bundle.lazy',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
    note: (f) =>
      Object.entries(f.detail.files)
        .map(([k, b]) => `${k} ${kb(b)}`)
        .join(', ') || 'none',
  },
  {
    what: 'output files holding src/api/errors.ts (the error classes)',
    id: 'bundle.errorsModule',
    show: (f) => String(f.value),
    target: '= 1',
    check: (f) => f.value === 1,
  },
  {
    what: 'browser entry (web worker host): the whole extension in one file, minified (gzip)',
    id: 'bundle.browser',
    show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})`,
  },
  { what: 'receipt panel webview bundle (gzip)', id: 'bundle.webview.receiptMain', show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})` },
  { what: 'chain info panel webview bundle (gzip)', id: 'bundle.webview.chainInfoMain', show: (f) => `${kb(f.value)} (${kb(f.detail.gzip)})` },
  ["Watched requests and blocks (plain Node, the extension's watch loop and client against the local node)"],
  {
    what: "20 watches, the node's long poll lasting 6 s: requests sent per minute",
    id: 'watch.longPoll.perMinute',
    show: (f) => `${f.value} (${f.detail.requests} in ${f.detail.seconds} s, at most ${f.detail.maxInFlightPerWatch} in flight per watch)`,
  },
  {
    what: '… requests per watch per long poll (bounded by the long poll, not a timer)',
    id: 'watch.longPoll.perLongPoll',
    show: (f) => String(f.value),
    target: '≤ 1',
    check: (f) => f.value <= 1,
  },
  {
    what: "… the same at a real node's 30 s long poll: requests per minute",
    id: 'watch.longPoll.perMinuteAt30s',
    show: (f) => String(f.value),
    target: '≤ 40',
    check: (f) => f.value <= 40,
  },
  {
    what: '20 watches, a node answering 408 at once: requests per minute (5 s minimum round)',
    id: 'watch.instant408.perMinute',
    show: (f) => `${f.value} (${f.detail.requests}, bound ${f.detail.bound})`,
    target: '≤ 1 per watch per 5 s',
    check: (f) => f.detail.requests <= f.detail.bound,
  },
  {
    what: '20 watches, the node down: requests per minute (backoff 2, 4, 8 s…)',
    id: 'watch.nodeDown.perMinute',
    show: (f) => `${f.value} (${f.detail.requests} in ${f.detail.seconds} s, bound ${f.detail.bound})`,
    target: 'never a storm',
    check: (f) => f.detail.requests <= f.detail.bound,
  },
  {
    what: 'expanding a block of 100 receipts: one request, validated, rows built (p50)',
    id: 'blocks.expand100.node',
    show: (f) => `${f.value} ms (${f.detail.requestsPerExpand} request; max ${f.detail.max} ms)`,
    target: '≤ 100 ms',
    check: (f) => f.value <= 100,
  },
  ['"Why no receipt?" (plain Node, the diagnosis against the local node)'],
  {
    what: 'a diagnosis end to end: round trips (time ÷ the node latency, p50)',
    id: 'noReceipt.diagnosis',
    show: (f) =>
      `${f.value} (${f.detail.p50} ms at ${f.detail.latencyMs} ms per answer; ${f.detail.requests} requests, ${f.detail.peakInFlight} in flight at once)`,
    target: '≤ 4',
    check: (f) => f.value <= 4,
  },
  ['Activation (in the extension host)'],
  {
    what: "code loading + activate() (VS Code's own marks)",
    id: 'activation.vscode',
    show: (f) => `${ms(f.value)} (${f.detail.codeLoading} + ${f.detail.activateCall})`,
    target: '≤ 50 ms',
    check: (f) => f.value <= 50,
  },
  {
    what: "the extension's own: modules evaluating + activate()",
    id: 'activation.ms',
    show: (f) => ms(f.value),
    target: '≤ 50 ms',
    check: (f) => f.value <= 50,
  },
  { what: '… modules evaluating', id: 'activation.load', show: (f) => ms(f.value) },
  { what: '… activate()', id: 'activation.activate', show: (f) => ms(f.value) },
  { what: "VS Code preparing the ExtensionContext meanwhile (not the extension's)", id: 'activation.contextWait', show: (f) => ms(f.value) },
  { what: 'ext.activate() wall time seen by the bench', id: 'activation.wall', show: withUnit },
  ['Hover on text that is not a request ID (10,000-line file)'],
  { what: 'provideHover, per call', id: 'hover.nonId.direct', show: (f) => `${f.value} µs`, target: '≤ 20 µs', check: (f) => f.value <= 20 },
  { what: 'vscode.executeHoverProvider, per call (all providers, IPC)', id: 'hover.nonId.command', show: (f) => ms(f.value) },
  ['EVM ABIs (plain Node)'],
  {
    what: 'index build of 500 Hardhat artifacts (resolve, open, capped read, validate, selectors)',
    id: 'evm.index.build500',
    show: (f) => ms(f.value),
    target: '≤ 2,000 ms',
    check: (f) => f.value <= 2000,
  },
  {
    what: 'heap the ABI index of those 500 artifacts keeps (its own estimate, which its 64 MiB budget counts)',
    id: 'evm.index.heap500',
    show: (f) => `${(f.value / 1024).toFixed(1)} MiB (estimate ${((f.detail?.estimateKiB ?? 0) / 1024).toFixed(1)} MiB)`,
  },
  {
    what: 'a warm hover’s decoding of a custom error (index of 5,000 items), p50',
    id: 'evm.hover.warm.p50',
    show: (f) => `${f.value} µs (p99 ${f.detail?.p99 ?? '?'} µs)`,
    target: '≤ 1 ms',
    check: (f) => f.value <= 1000,
  },
  {
    what: 'decoding 128 KB of hostile call or revert data: the worst input (aliased, or most values), p50',
    id: 'evm.decode.hostile128k',
    show: (f) => ms(f.value),
    target: '≤ 50 ms',
    check: (f) => f.value <= 50,
  },
  {
    what: 'a trace answer at the size cap, parsed and read into the call tree (blocks the host), p50',
    id: 'evm.trace.parseAtCap',
    show: (f) => `${f.value} ms (cap ${f.detail.capMiB} MiB)`,
  },
  {
    what: '… a state diff (prestateTracer) at the same cap, p50',
    id: 'evm.stateDiff.parseAtCap',
    show: (f) => `${f.value} ms (cap ${f.detail.capMiB} MiB)`,
  },
  ['Debug Transaction: the replay (plain Node, against anvil)'],
  {
    what: 'a transaction of 10,000 EVM steps replayed and recorded (p50 of 7)',
    id: 'debugger.replay.10k',
    show: (f) => `${f.value} ms (${f.detail.min}–${f.detail.max} ms; ${f.detail.stepsPerSecond} steps/s)`,
    target: '≤ 500 ms',
    check: (f) => f.value <= 500,
  },
  {
    what: '… of 1,000,000 EVM steps (p50 of 3)',
    id: 'debugger.replay.1m',
    show: (f) => `${f.value} ms (${f.detail.min}–${f.detail.max} ms; ${f.detail.stepsPerSecond} steps/s)`,
    target: '≤ 10 s',
    check: (f) => f.value <= 10_000,
  },
  {
    what: '… the heap a recorded 1,000,000-step replay holds',
    id: 'debugger.replay.heap1m',
    show: (f) => `${f.value} MiB`,
  },
  {
    what: "a step's stack, memory and storage rebuilt (worst of 50 steps over the 1,000,000)",
    id: 'debugger.replay.step',
    show: (f) => `${f.value} ms (p50 ${f.detail.p50} ms)`,
    target: '≤ 16 ms',
    check: (f) => f.value <= 16,
  },
  {
    what: '"Debug Transaction" to the first stop, 10,000 steps: the JSON-RPC, the replay, the lines, the protocol (p50 of 5)',
    id: 'debugger.session.10k',
    show: (f) => `${f.value} ms (${f.detail.min}–${f.detail.max} ms); continue over it all ${f.detail.continueP50} ms, a step back ${f.detail.stepBackP50} ms`,
    target: '≤ 500 ms',
    check: (f) => f.value <= 500,
  },
  {
    what: '… 1,000,000 steps (p50 of 3); a continue over all of them is the longest scan a command makes',
    id: 'debugger.session.1m',
    show: (f) => `${f.value} ms (${f.detail.min}–${f.detail.max} ms); continue over it all ${f.detail.continueP50} ms, a step back ${f.detail.stepBackP50} ms`,
    target: '≤ 10 s; a command ≤ 16 ms',
    check: (f) => f.value <= 10_000 && f.detail.continueP50 <= 16 && f.detail.stepBackP50 <= 16,
  },
  ['Workspace records (plain Node)'],
  {
    what: 'the sent-transactions scan of 115 broadcasts × 5,000 transactions: peak heap over the heap before it',
    id: 'workspace.sentScan.peakHeap',
    show: (f) =>
      `${f.value} MiB (${f.detail.kept} kept, ${f.detail.keptHeapMiB} MiB after a GC; ${f.detail.read} files of ${f.detail.fileMiB} MiB read; ` +
      `every file read, hashes repeating: ${f.detail.everyFileRead?.peakMiB} MiB)`,
  },
  ['Cached hover'],
  { what: 'provideHover p50', id: 'hover.cached.p50', show: (f) => ms(f.value) },
  { what: 'provideHover p99', id: 'hover.cached.p99', show: (f) => ms(f.value), target: '≤ 1 ms', check: (f) => f.value <= 1 },
  { what: 'vscode.executeHoverProvider p50 (IPC)', id: 'hover.cached.command.p50', show: (f) => ms(f.value) },
  ['Uncached hover against the local node'],
  { what: 'hover p50', id: 'hover.uncached.p50', show: (f) => ms(f.value) },
  { what: 'raw GET of the same URL p50 (fetch, same run)', id: 'hover.uncached.rawGet.p50', show: (f) => ms(f.value) },
  {
    what: 'hover over raw GET',
    id: 'hover.uncached.overRawGet',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  { what: 'hover / raw GET', id: 'hover.uncached.ratio', show: (f) => `${f.value}x` },
  { what: 'the client alone: getReceipt p50 (limiter, token, fetch, JSON, schema)', id: 'hover.uncached.client.p50', show: (f) => ms(f.value) },
  { what: 'one SecretStorage read p50 (a round trip to the workbench)', id: 'diag.secretRead.p50', show: (f) => ms(f.value) },
  ['Hover on a Rebased chain (a 0x + 64-hex ID, /v1/chain routes, the entry without a chain ID)'],
  { what: 'cached: provideHover p50', id: 'hover.rebased.cached.p50', show: (f) => ms(f.value) },
  { what: 'cached: provideHover p99', id: 'hover.rebased.cached.p99', show: (f) => ms(f.value), target: '≤ 1 ms', check: (f) => f.value <= 1 },
  { what: 'uncached: hover p50', id: 'hover.rebased.uncached.p50', show: (f) => ms(f.value) },
  { what: 'uncached: raw GET of the same URL p50', id: 'hover.rebased.uncached.rawGet.p50', show: (f) => ms(f.value) },
  {
    what: 'uncached: hover over raw GET',
    id: 'hover.rebased.uncached.overRawGet',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  ['Concurrent hovers'],
  {
    what: 'requests the node received for 100 concurrent hovers of one ID',
    id: 'node.concurrent.requests',
    show: (f) => String(f.value),
    target: '= 1',
    check: (f) => f.value === 1,
  },
  ['Account hover (an EVM address; the same local nodes as the receipt hovers)'],
  { what: 'Stardust, cached: provideHover p50', id: 'account.hover.cached.p50', show: (f) => ms(f.value) },
  { what: 'Stardust, cached: provideHover p99', id: 'account.hover.cached.p99', show: (f) => ms(f.value), target: '≤ 1 ms', check: (f) => f.value <= 1 },
  { what: 'Stardust, uncached: hover p50', id: 'account.hover.uncached.p50', show: (f) => ms(f.value) },
  { what: 'Stardust, uncached: its 3 requests sent at once with fetch, p50', id: 'account.hover.uncached.raw.p50', show: (f) => ms(f.value) },
  {
    what: 'Stardust, uncached: hover over those requests',
    id: 'account.hover.uncached.overRaw',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  { what: 'Rebased, cached: provideHover p50', id: 'account.hover.rebased.cached.p50', show: (f) => ms(f.value) },
  { what: 'Rebased, cached: provideHover p99', id: 'account.hover.rebased.cached.p99', show: (f) => ms(f.value), target: '≤ 1 ms', check: (f) => f.value <= 1 },
  { what: 'Rebased, uncached: hover p50', id: 'account.hover.rebased.uncached.p50', show: (f) => ms(f.value) },
  { what: 'Rebased, uncached: its 4 requests sent at once with fetch, p50', id: 'account.hover.rebased.uncached.raw.p50', show: (f) => ms(f.value) },
  {
    what: 'Rebased, uncached: hover over those requests',
    id: 'account.hover.rebased.uncached.overRaw',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  {
    what: 'reads started for 100 concurrent hovers of one address (each read sends each route once)',
    id: 'account.hover.concurrent.reads',
    show: (f) => String(f.value),
    target: '= 1',
    check: (f) => f.value === 1,
  },
  ['Hover on a chain known only by its EVM JSON-RPC (a stand-alone loopback JSON-RPC)'],
  { what: 'cached: provideHover p50', id: 'evmOnly.hover.cached.p50', show: (f) => ms(f.value) },
  { what: 'cached: provideHover p99', id: 'evmOnly.hover.cached.p99', show: (f) => ms(f.value), target: '≤ 1 ms', check: (f) => f.value <= 1 },
  { what: 'uncached: hover p50', id: 'evmOnly.hover.uncached.p50', show: (f) => ms(f.value) },
  { what: 'uncached: its 2 calls POSTed at once with fetch, p50', id: 'evmOnly.hover.uncached.raw.p50', show: (f) => ms(f.value) },
  {
    what: 'uncached: hover over those calls',
    id: 'evmOnly.hover.uncached.overRaw',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  ['Hover of a failed EVM transaction on anvil, a real EVM node (chain known only by its JSON-RPC)'],
  { what: 'uncached: hover p50', id: 'evmOnly.anvil.failedHover.uncached.p50', show: (f) => ms(f.value) },
  {
    what: "uncached: its 2 calls POSTed at once with fetch, then the replay's eth_call, p50",
    id: 'evmOnly.anvil.failedHover.raw.p50',
    show: (f) => ms(f.value),
  },
  {
    what: 'uncached: hover over those calls',
    id: 'evmOnly.anvil.failedHover.overRaw',
    show: (f) => `${f.value >= 0 ? '+' : ''}${f.value} ms`,
    target: '≤ +2 ms',
    check: (f) => f.value <= 2,
  },
  ['Memory after 10,000 distinct IDs were hovered'],
  {
    what: 'receipt cache entries (capacity)',
    id: 'memory.cacheEntries',
    show: (f) => `${f.value} (${f.detail.capacity})`,
    target: '≤ capacity',
    check: (f) => f.value <= f.detail.capacity && f.detail.inFlight === 0,
  },
  {
    what: 'heap held after 10,000 IDs (after 1,000 / 5,000)',
    id: 'memory.heap',
    show: (f) => `${f.value} MB (${Object.values(f.detail.atCheckpoints).slice(0, 2).join(' / ')})`,
  },
  { what: 'heap per cached answer (2 KB receipt)', id: 'memory.perEntry', show: (f) => `${f.value} KB` },
  { what: 'heap growth from 1,000 to 10,000 IDs', id: 'memory.growth', show: (f) => `${f.value} MB`, target: 'flat (≤ 5 MB)', check: (f) => f.value <= 5 },
  ['Panels (in the extension host)'],
  { what: "floor: an empty webview panel, created → its script's first message (p50)", id: 'panel.floor', show: (f) => ms(f.value) },
  {
    what: 'Show Request Receipt command → an ordinary receipt rendered (p50)',
    id: 'panel.receipt',
    show: (f) => ms(f.value),
    note: (f) => `first open, cold (the panel's code when it is a lazy chunk, its first webview): ${f.detail.cold} ms`,
  },
  { what: '… relative to the floor', id: 'panel.receipt.overFloor', show: (f) => `${f.value}x`, target: '≤ 1.5x', check: (f) => f.value <= 1.5 },
  ['Receipt with 1 MiB of params and 10,000 burn records'],
  { what: 'JSON size', id: 'receipt.big.jsonBytes', show: (f) => kb(f.value) },
  { what: 'JSON parse (plain Node, p50)', id: 'receipt.big.node.parse', show: (f) => ms(f.value) },
  { what: 'schema validation (plain Node, p50)', id: 'receipt.big.node.validate', show: (f) => ms(f.value) },
  { what: 'view model (plain Node, p50)', id: 'receipt.big.node.view', show: (f) => ms(f.value) },
  { what: 'heap per cached answer of this size (plain Node)', id: 'receipt.big.node.retainedPerEntry', show: (f) => `${f.value} MB` },
  { what: 'fetch + validation + view in the host (p50)', id: 'receipt.big.host.find', show: (f) => ms(f.value) },
  {
    what: 'panel: open → receipt rendered in the webview (p50)',
    id: 'receipt.big.host.panel',
    show: (f) => ms(f.value),
    target: '≤ 400 ms',
    check: (f) => f.value <= 400,
  },
  ['Call tree of an EVM request (Show Call Tree clicked → the tree rendered)'],
  { what: '1,000 frames (p50)', id: 'panel.callTree.1000', show: (f) => `${ms(f.value)} (floor ${ms(f.detail.floor)})` },
  { what: '… relative to an empty panel', id: 'panel.callTree.1000.overFloor', show: (f) => `${f.value}x`, target: '≤ 2x', check: (f) => f.value <= 2 },
  {
    what: '10,000 frames: the first frames on screen (p50)',
    id: 'panel.callTree.10000',
    show: (f) => ms(f.value),
    target: '≤ 500 ms',
    check: (f) => f.value <= 500,
  },
  ['Tree refresh, node answering in 100 ms'],
  { what: '1 chain', id: 'refresh.one', show: (f) => ms(f.value) },
  { what: '50 chains: one chain under 50 names', id: 'refresh.names', show: (f) => ms(f.value) },
  { what: '… relative to 1 chain (one shared request)', id: 'refresh.names.ratio', show: (f) => `${f.value}x` },
  { what: '50 distinct chains on one node', id: 'refresh.distinct', show: (f) => ms(f.value) },
  { what: '… relative to 1 chain', id: 'refresh.distinct.ratio', show: (f) => `${f.value}x`, target: '≤ 1.5x', check: (f) => f.value <= 1.5 },
  {
    what: '… peak requests in flight at that node (waspChain.request.maxConcurrent: 64, the default)',
    id: 'node.distinct.peakInFlight',
    show: (f) => String(f.value),
    target: '≤ 64',
    check: (f) => f.value <= 64,
  },
  { what: '50 distinct chains, maxConcurrent set to 6', id: 'refresh.narrow', show: (f) => ms(f.value) },
  { what: '… relative to 1 chain', id: 'refresh.narrow.ratio', show: (f) => `${f.value}x` },
  { what: '… peak requests in flight at that node', id: 'node.narrow.peakInFlight', show: (f) => String(f.value), target: '≤ 6', check: (f) => f.value <= 6 },
  ['Both generations: a Stardust node (25 chains) and 5 Rebased nodes (25 entries), 100 ms each'],
  {
    what: 'generation detections per node in a window (first load + a reload of every chain)',
    id: 'detect.perNode',
    show: (f) => `${f.value} (${f.detail.probes} for ${f.detail.nodes} nodes)`,
    target: '= 1',
    check: (f) => f.value === 1,
  },
  {
    what: '… /v1/node/version requests a node received (that window + 3 Refreshes, each asks again)',
    id: 'node.mixed.versionRequests',
    show: (f) => `${f.value} (per node: ${f.detail.perNode.join(', ')})`,
    target: '≤ 4',
    check: (f) => f.value <= 4,
  },
  { what: 'settings written → 50 mixed chains loaded (detection included)', id: 'refresh.mixed.firstLoad', show: (f) => ms(f.value) },
  { what: 'Refresh of the 50 mixed chains (re-detection included, p50 of 3)', id: 'refresh.mixed', show: (f) => ms(f.value) },
  {
    what: '… relative to 1 chain',
    id: 'refresh.mixed.ratio',
    show: (f) => `${f.value}x`,
    target: '≤ 1.5x',
    check: (f) => f.value <= 1.5,
  },
  ['Live feed (the Live view open, a Rebased node publishing over /v1/ws)'],
  {
    what: 'the node publishes a receipt → the Live view shows it (p50 of 20)',
    id: 'live.latency.p50',
    show: (f) => `${ms(f.value)} (max ${ms(f.detail.max)})`,
    target: '≤ 1 s',
    check: (f) => f.value <= 1000,
  },
  {
    what: 'receipts absorbed per second during a 1,000/s flood of 5 s',
    id: 'live.flood.absorbedPerSecond',
    show: (f) => `${f.value}/s (${f.detail.absorbed} of ${f.detail.published}; ${f.detail.droppedByNodeBuffer} dropped by the node's buffer)`,
    target: 'all the node sent',
    check: (f) => f.detail.absorbed >= f.detail.sentByNode,
  },
  { what: 'a hover during the flood (p50; quiet p50 in brackets)', id: 'live.flood.hover.p50', show: (f) => `${ms(f.value)} (${ms(f.detail.quietP50)})` },
  {
    what: '… relative to the same hover without a flood',
    id: 'live.flood.hover.overQuiet',
    show: (f) => `${f.value}x`,
    target: '≤ 2x',
    check: (f) => f.value <= 2,
  },
  { what: "the extension host's event loop: the longest delay during the flood", id: 'live.flood.eventLoopLag', show: (f) => ms(f.value) },
  {
    what: 'block requests while following the latest block for a minute with the feed open (a block every 2 s)',
    id: 'live.follow.blockRequests',
    show: (f) => `${f.value} (${f.detail.blocksAdded} blocks added, top shown ${f.detail.topShown})`,
    target: '0',
    check: (f) => f.value === 0,
  },
];

const rows = ROWS.filter((r) => ONLY.length === 0 || (!Array.isArray(r) && figures.has(r.id))).map((r) => {
  if (Array.isArray(r)) return { section: r[0] };
  const f = fig(r.id);
  const value = f === undefined ? '—' : r.show(f);
  const result = f === undefined ? (r.check ? 'MISSING' : '') : r.check ? (r.check(f) ? 'pass' : 'MISS') : '';
  return { what: r.what, id: r.id, value, target: r.target ?? '', result, note: f && r.note ? r.note(f) : undefined, raw: f ?? null };
});

const machine = {
  cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
  cores: os.cpus().length,
  memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.versions.node,
  hostNode: fig('host.node')?.value ?? null,
  vscode: fig('host.vscode')?.value ?? null,
  host: hostName,
  date: new Date().toISOString(),
  loadAverage: { start: loadStart.map((l) => Math.round(l * 100) / 100), end: os.loadavg().map((l) => Math.round(l * 100) / 100) },
};

const judged = rows.filter((r) => r.result === 'pass' || r.result === 'MISS' || r.result === 'MISSING');
const passed = judged.filter((r) => r.result === 'pass').length;
const complete = fig('done')?.value === true && hostCode === 0;

// Console.
const w1 = Math.max(...rows.map((r) => (r.what ?? '').length));
const w2 = Math.max(...rows.map((r) => (r.value ?? '').length));
const w3 = Math.max(...rows.map((r) => (r.target ?? '').length));
console.log('');
for (const r of rows) {
  if (r.section) console.log(`\n${r.section}`);
  else console.log(`  ${r.what.padEnd(w1)}  ${r.value.padStart(w2)}  ${r.target.padEnd(w3)}  ${r.result}`);
  if (r.note) console.log(`      ${r.note}`);
}
console.log('');
console.log(
  `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; Node ${machine.node}; VS Code ${machine.vscode ?? '?'} (${machine.host}, its Node ${machine.hostNode ?? '?'}); load average ${machine.loadAverage.start.join(' ')} → ${machine.loadAverage.end.join(' ')}`,
);
console.log(`bench: ${passed} of ${judged.length} targets met; ${((Date.now() - started) / 1000).toFixed(0)} s`);

// Files.
mkdirSync(resultsDir, { recursive: true });
const report = { machine, targetsMet: passed, targets: judged.length, complete, rows: rows.filter((r) => !r.section), figures: Object.fromEntries(figures) };
const results = ONLY.length > 0 ? 'only' : 'latest';
writeFileSync(join(resultsDir, `${results}.json`), `${JSON.stringify(report, null, 2)}\n`);
const md = ['| measure | figure | target | |', '|---|---:|---|---|'];
for (const r of rows) {
  if (r.section) md.push(`| **${r.section}** | | | |`);
  else md.push(`| ${r.what}${r.note ? ` (${r.note})` : ''} | ${r.value} | ${r.target} | ${r.result === 'pass' ? '✓' : r.result} |`);
}
md.push(
  '',
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.os}; Node ${machine.node}; VS Code ${machine.vscode ?? '?'} in ${machine.host} (Node ${machine.hostNode ?? '?'}); ${machine.date.slice(0, 10)}; load average ${machine.loadAverage.start[0]} at the start.`,
);
writeFileSync(join(resultsDir, `${results}.md`), `${md.join('\n')}\n`);
say(`wrote ${join('bench/results', `${results}.json`)} and ${results}.md`);

if (!complete) {
  say(`the host run did not complete (exit code ${hostCode}${fig('done') ? '' : ', no "done" figure'}): the table has gaps`);
  process.exit(interrupted.aborted ? (process.exitCode ?? 130) : 1);
}
if (judged.some((r) => r.result === 'MISSING')) process.exit(1);
// A missed target is a finding, not a failure of the bench.
