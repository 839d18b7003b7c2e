// npm run bench: every performance figure of the extension in one run, printed as a table (target,
// pass/miss, and the verdict of the last full run per row; bench/report.mjs) and written to
// bench/results/latest.json (and latest.md, the same table for the README), with the machine and
// commit it ran on and how long it took. A timing row is the median of at least 5 runs with their
// min and max, judged on the median (bench/stats.ts); a p99 row comes from at least 1,000 samples.
//   1. builds a production copy (node esbuild.mjs --production --bench --outroot=<tmp>): the
//      minified bundles are measured and run; the tree's own dist/ and out/ are left alone; the
//      startup bytes are the main file plus the chunks it imports statically (the metafile's
//      import-statement edges, transitively), what loads through import() is counted apart;
//   2. plain Node (bench/node/receipt.ts, with --expose-gc): validation and view building of a big receipt;
//   3. starts the local nodes (bench/node/nodes.ts) in this process;
//   4. the real VS Code extension host (the offline host: code-server + headless Chromium, see
//      scripts/offline-host.mjs) loads the production copy and runs bench/host.ts, which prints
//      its figures as `BENCH {json}` lines;
//   5. adds what the nodes saw (requests, peak concurrency);
//   6. activation and the first receipt panel of a window happen once per process: 4 more fresh
//      hosts run only that ('startup'), so those rows have 5 runs; 5 more open the main run's
//      receipt panel HTML alone as their first panel ('firstHtml'); then judges and writes.
// WASP_BENCH_ONLY=<host scenario,…> (bench/host.ts names them, e.g. anvilHovers) runs only those and
// writes bench/results/only.json and only.md, leaving the run of record (latest.*) alone.
// No figure fails the run: it exits 1 only when the bench itself could not measure.
// Timings depend on the machine and on what else runs on it: compare figures from one machine.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
import * as esbuild from 'esbuild';
import { CJS_MAIN, ERRORS_MODULE, lazyFiles, outputsHolding, startupFiles } from '../scripts/extensionBundle.mjs';
import { report } from './report.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(repo, 'bench/results');
const PREFIX = 'BENCH ';
const HOST_TIMEOUT_MS = Number(process.env.WASP_BENCH_TIMEOUT_MS || 420_000);
// WASP_BENCH_ONLY=anvilHovers,… runs only these host scenarios (bench/host.ts names them), skips the
// plain-Node figures and writes bench/results/only.json instead of latest.json.
const ONLY = (process.env.WASP_BENCH_ONLY || '').split(',').filter(Boolean);
/** Processes that measure activation and the first panel of a window (the main host run is the first). */
const STARTUP_RUNS = 5;
/** What each of them emits once (bench/host.ts activation(), bench/panels.ts firstPanel()). */
const STARTUP_FIGURES = [
  'activation.vscode',
  'activation.ms',
  'activation.load',
  'activation.activate',
  'activation.contextWait',
  'activation.wall',
  'activation.features',
  'host.firstFetch',
  'panel.first.receipt',
  'panel.first.loaded',
  'panel.first.floor',
  'panel.first.overFloor',
];
/** The receipt panel's HTML alone as the first panel of a fresh host (bench/panels.ts firstHtml()). */
const FIRST_HTML_FIGURES = ['panel.firstHtml', 'panel.firstHtml.floor', 'panel.firstHtml.overFloor'];
/** Reverted transactions mined on anvil for bench/anvilHovers.ts, each hovered once. */
const ANVIL_FAILED_TXS = 45;

/** id -> { id, value, unit?, detail? } */
const figures = new Map();
const put = (id, value, unit, detail) => figures.set(id, { id, value, ...(unit ? { unit } : {}), ...(detail ? { detail } : {}) });
const say = (msg) => console.log(`bench: ${msg}`);

function collect(line, into = figures) {
  const i = line.indexOf(PREFIX);
  if (i < 0) return;
  try {
    const f = JSON.parse(line.slice(i + PREFIX.length));
    if (f && typeof f.id === 'string') into.set(f.id, f);
  } catch {
    // not one of ours
  }
}

/**
 * Figures of one measurement per process, `ids`, as one figure each: the median of the processes'
 * values, `times` holding each (VS Code's marks also by part).
 */
function mergeRuns(perProcess, ids) {
  for (const id of ids) {
    const got = perProcess.map((m) => m.get(id)).filter((f) => typeof f?.value === 'number');
    if (got.length === 0) continue;
    const times = got.map((f) => f.value);
    const sorted = [...times].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    const detail = { times, processes: got.length };
    if (id === 'activation.vscode')
      Object.assign(detail, { codeLoading: got.map((f) => f.detail.codeLoading), activateCall: got.map((f) => f.detail.activateCall) });
    put(id, median, got[0].unit, detail);
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
// The tree measured, read before it is built: HEAD, and whether files differed from it (bench/results/ aside).
const git = (args) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
const head = git(['rev-parse', '--short', 'HEAD']).stdout?.trim() || 'unknown';
const commit = git(['status', '--porcelain', '--', '.', ':!bench/results']).stdout?.trim() ? `${head} + uncommitted changes` : head;
const started = Date.now();
const loadStart = os.loadavg();
const root = tempDir('bench');
let nodes;
let anvil;
let hostCode = 1;
let hostName = '(not run)';
let startupComplete = true;
/** Seconds per phase of the run, for the total the table ends with. */
const phases = {};
let phaseStart = Date.now();
const phase = (name) => {
  phases[name] = (Date.now() - phaseStart) / 1000;
  phaseStart = Date.now();
};
// The statistics of the table (bench/stats.ts), bundled for this process.
const statsFile = join(tempDir('bench-stats'), 'stats.mjs');
await esbuild.build({ entryPoints: [join(repo, 'bench/stats.ts')], bundle: true, platform: 'node', format: 'esm', outfile: statsFile, logLevel: 'warning' });
const S = await import(pathToFileURL(statsFile).href);
rmSync(dirname(statsFile), { recursive: true, force: true });
try {
  // 1. The production copy, plus the bench bundles.
  say(`building a production copy in ${root}`);
  const build = spawnSync(process.execPath, ['esbuild.mjs', '--production', '--bench', `--outroot=${root}`], { cwd: repo, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build failed (${build.signal ?? `exit ${build.status}`})`);
  const size = (file) => {
    const bytes = readFileSync(file);
    return { bytes: bytes.length, gzip: gzipSync(bytes).length };
  };
  // What activation loads: the CommonJS main VS Code requires, then (esbuild's metafile) the ES
  // module build's main file and the chunks it imports statically, transitively; the rest (the
  // panels) loads on first use through import().
  const meta = JSON.parse(readFileSync(join(root, 'out/bench/extension.meta.json'), 'utf8'));
  const startup = [join(root, CJS_MAIN), ...startupFiles(meta)];
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
  phase('build');
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
    phase('plain Node');
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
    panelHtmlPath: join(root, 'receipt-panel.html'),
  };

  // 4. The extension host: a fresh one (its own user data, workspace and processes) per run.
  const cacheDir = installOfflineHost();
  hostName = describeOfflineHost(cacheDir);
  const inHost = async (label, config, onLine) => {
    const workspace = tempDir('bench-ws');
    try {
      return await runInOfflineHost({
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
        env: { WASP_BENCH: JSON.stringify(config) },
        label,
        timeoutMs: HOST_TIMEOUT_MS,
        onLine,
      });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  };
  /** Fresh hosts `from` to STARTUP_RUNS that run `scenario` alone, one measurement each: the figures of each. */
  const freshHosts = async (scenario, what, from) => {
    const perProcess = [];
    for (let i = from; i <= STARTUP_RUNS && !interrupted.aborted; i++) {
      const seen = new Map();
      say(`${what} run ${i} of ${STARTUP_RUNS}: a fresh extension host`);
      const code = await inHost(`bench-${scenario}-${i}`, { ...benchConfig, only: [scenario] }, (line) => collect(line, seen));
      if (code !== 0 || seen.get('done')?.value !== true) startupComplete = false;
      perProcess.push(seen);
    }
    return perProcess;
  };
  say(`in the extension host: ${hostName}`);
  hostCode = await inHost('bench-host', benchConfig, collect);
  phase('host');

  // 5. What the nodes saw (of the scenarios that ran).
  const ran = (scenario) => ONLY.length === 0 || ONLY.includes(scenario);
  if (ran('concurrentHovers')) put('node.concurrent.requests', nodes.receiptRequestsFor(benchRequestId('concurrent', 0)), 'requests');
  if (ran('treeRefresh')) {
    put('node.slow.peakInFlight', nodes.slow.maxConcurrent, 'requests', {
      chainInfoRequests: nodes.slow.requests.filter((r) => r.route === 'chaininfo').length,
    });
    put('node.distinct.peakInFlight', nodes.distinct.maxConcurrent, 'requests', {
      chainInfoRequests: nodes.distinct.requests.filter((r) => r.route === 'chaininfo').length,
    });
    put('node.narrow.peakInFlight', nodes.narrow.maxConcurrent, 'requests', {
      chainInfoRequests: nodes.narrow.requests.filter((r) => r.route === 'chaininfo').length,
    });
  }
  // Detection as the mixed nodes saw it: version requests per node over the first load, the reload
  // and the 3 (+1 warm-up-free) refreshes of host.ts's mixedGenerations (each Refresh asks again).
  const mixed = [nodes.mixedStardust, ...nodes.mixedRebased];
  const versions = mixed.map((n) => n.requests.filter((r) => r.route === 'version').length);
  const [one, mixedRefresh] = [figures.get('refresh.one'), figures.get('refresh.mixed')];
  if (mixedRefresh) put('node.mixed.versionRequests', Math.max(...versions), 'requests', { perNode: versions, refreshes: mixedRefresh.detail.runs.length });
  // Its runs: each Refresh of the mixed chains over the median of the one-chain refresh.
  if (one && mixedRefresh) {
    const times = mixedRefresh.detail.runs.map((r) => Math.round((r / one.value) * 100) / 100);
    put('refresh.mixed.ratio', Math.round((mixedRefresh.value / one.value) * 100) / 100, 'x', { times });
  }

  // 6. Activation and the first panel of a window are one measurement per process: STARTUP_RUNS - 1
  // fresh hosts run only that ('startup'), the main run gave the first.
  if (ran('startup')) {
    mergeRuns([figures, ...(await freshHosts('startup', 'startup', 2))], STARTUP_FIGURES);
    phase(`${STARTUP_RUNS - 1} startup hosts`);
    // The same first panel's HTML alone (the main run's panels scenario left it), with no
    // extension code behind it, as the first panel of STARTUP_RUNS fresh hosts of its own.
    if (existsSync(benchConfig.panelHtmlPath)) {
      mergeRuns(await freshHosts('firstHtml', 'first-panel HTML', 1), FIRST_HTML_FIGURES);
      phase(`${STARTUP_RUNS} first-panel HTML hosts`);
    }
  } else {
    // One process's activation is not a row's 5 runs: a run of chosen scenarios leaves those rows out.
    for (const id of STARTUP_FIGURES) figures.delete(id);
  }
} catch (err) {
  say(`ERROR: ${err instanceof Error ? err.message : err}`);
} finally {
  await nodes?.close().catch(() => {});
  await anvil?.stop().catch(() => {});
  rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}

// ------------------------------------------------------------------------------------------------
// The table (bench/report.mjs, the rows in bench/rows.mjs).
// ------------------------------------------------------------------------------------------------

const machine = {
  cpu: os.cpus()[0]?.model?.trim() ?? 'unknown',
  cores: os.cpus().length,
  memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.versions.node,
  hostNode: figures.get('host.node')?.value ?? null,
  vscode: figures.get('host.vscode')?.value ?? null,
  host: hostName,
  date: new Date().toISOString(),
  commit,
  loadAverage: { start: loadStart.map((l) => Math.round(l * 100) / 100), end: os.loadavg().map((l) => Math.round(l * 100) / 100) },
};
const complete = figures.get('done')?.value === true && hostCode === 0 && startupComplete;
const { benchFailed } = report(S, resultsDir, { figures, only: ONLY, complete, machine, durationSeconds: (Date.now() - started) / 1000, phases });

if (!complete) {
  say(
    `the host runs did not complete (exit code ${hostCode}${figures.get('done') ? '' : ', no "done" figure'}${startupComplete ? '' : ', a startup run failed'}): the table has gaps`,
  );
  process.exit(interrupted.aborted ? (process.exitCode ?? 130) : 1);
}
if (benchFailed) process.exit(1);
// A missed target is a finding, not a failure of the bench.
