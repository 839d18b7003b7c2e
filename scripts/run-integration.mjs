// Runs the integration suites (built by `node esbuild.mjs --tests`) inside a real VS Code extension
// host, in four launches:
//   integration            out/test/integration/index.js      Workspace Trust disabled (trusted)
//   integration-untrusted  out/test/integration/untrusted.js  trust enabled, folder not trusted
//   integration-startup    out/test/integration/startup.js    an empty folder, no chain anywhere
//   integration-multiroot  out/test/integration/multiroot.js  a .code-workspace of two folders
//   integration-web        out/test/integration/web.js        the browser's web worker host (the manifest's
//                          "browser" entry), against nodes this script starts (webNodesCli.ts)
// Each launch prints its own plain `<suite>: N passed, N failed` line (from inside the host), and
// opens a fresh copy of test/integration/workspace/. The `integration` launch also gets an anvil of
// its own with the real-peer project in the workspace's real-peers/ folder (test/fixtures/realPeers,
// WASP_TEST_REAL_PEERS in the host), stopped when the launch ends.
//
// Host, chosen by WASP_TEST_HOST:
//   auto (default)  desktop VS Code through @vscode/test-electron when it can be had (already in
//                   .vscode-test/, or the update server answers within 3 s; and on Linux a
//                   display); otherwise the offline host.
//   electron        desktop VS Code only (fails if it cannot be had).
//   offline         code-server + headless Chromium (scripts/offline-host.mjs, RECIPE.md).
// WASP_VSCODE_EXECUTABLE a desktop VS Code to use as is (auto/electron), instead of test-electron's download
// WASP_VSCODE_VERSION    the version test-electron downloads (default stable)
// WASP_TEST_TIMEOUT_MS   timeout for all launches together, once the host is installed (default 20 min:
//                        about 7 min on a quiet 2-core machine, over 10 min when other work shares it)
// WASP_TEST_VERBOSE=1    offline host: forward every workbench log line, noise included
// WASP_TEST_GREP=<re>    run only the tests whose full title matches (every launch)
// WASP_TEST_SUITES=a,b   run only these launches (e.g. integration-web)
// Inside the host, process.env.WASP_TEST_HOST is `electron` or `offline`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deadline,
  describeOfflineHost,
  handleInterrupts,
  installOfflineHost,
  interrupted,
  killGroup,
  makeWorkspace,
  quietSettings,
  runInOfflineHost,
  sweepStaleRuns,
  tempDir,
} from './offline-host.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const mode = (process.env.WASP_TEST_HOST || 'auto').toLowerCase();
const timeoutMs = Number(process.env.WASP_TEST_TIMEOUT_MS || 1_200_000);
const verbose = !!process.env.WASP_TEST_VERBOSE;
const RESULT = /^([\w-]+): (\d+) passed, (\d+) failed$/;

// What the host would ask a person, answered for a run nobody watches: a debug session started
// while a test's untitled editor is unsaved must not wait on "save before start?".
const hostSettings = { ...quietSettings, 'debug.saveBeforeStart': 'none' };

const profiles = [
  {
    suite: 'integration',
    tests: join(repo, 'out/test/integration/index.js'),
    settings: { ...hostSettings, 'security.workspace.trust.enabled': false },
    trusted: true,
    // anvil with the real-peer project (test/fixtures/realPeers) in the workspace's real-peers/ folder.
    realPeers: true,
  },
  {
    suite: 'integration-untrusted',
    tests: join(repo, 'out/test/integration/untrusted.js'),
    // A fresh user-data folder has never trusted anything: the folder opens in Restricted Mode.
    settings: {
      ...hostSettings,
      'security.workspace.trust.enabled': true,
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.emptyWindow': false,
    },
    trusted: false,
  },
  {
    suite: 'integration-web',
    tests: join(repo, 'out/test/integration/web.js'),
    // The extension runs in the browser's web worker host: the manifest's "browser" entry, no Node.
    settings: { ...hostSettings, 'security.workspace.trust.enabled': false, 'remote.extensionKind': { [extensionId()]: ['web'] } },
    trusted: true,
    // The worker cannot start a server: the nodes run here (test/fixtures/webNodesCli.ts), and so
    // does the real-peer anvil (the debugger's session in the worker).
    webNodes: true,
    realPeers: true,
  },
  {
    suite: 'integration-startup',
    tests: join(repo, 'out/test/integration/startup.js'),
    settings: { ...hostSettings, 'security.workspace.trust.enabled': false },
    trusted: true,
    // An empty folder and no chain in any settings: what activation alone loads and registers.
    emptyFolder: true,
  },
  {
    suite: 'integration-multiroot',
    tests: join(repo, 'out/test/integration/multiroot.js'),
    settings: { ...hostSettings, 'security.workspace.trust.enabled': false },
    trusted: true,
    // A .code-workspace with two folders: chains from each folder's settings merge.
    multiRoot: true,
  },
];

if (!['auto', 'electron', 'offline'].includes(mode)) {
  console.error(`integration: WASP_TEST_HOST must be auto, electron or offline (got "${process.env.WASP_TEST_HOST}")`);
  process.exit(2);
}
if (!(timeoutMs > 0)) {
  console.error(`integration: WASP_TEST_TIMEOUT_MS must be a positive number of milliseconds`);
  process.exit(2);
}
const only = (process.env.WASP_TEST_SUITES || '').split(',').filter(Boolean);
if (only.some((name) => !profiles.some((p) => p.suite === name))) {
  console.error(`integration: WASP_TEST_SUITES names a suite that does not exist (${profiles.map((p) => p.suite).join(', ')})`);
  process.exit(2);
}
if (only.length > 0) profiles.splice(0, profiles.length, ...profiles.filter((p) => only.includes(p.suite)));
for (const p of profiles) {
  if (!existsSync(p.tests)) {
    console.error(`integration: ${p.tests} is missing; build it with: node esbuild.mjs --tests`);
    process.exit(2);
  }
}
handleInterrupts();
sweepStaleRuns();

const vscodeExecutable = mode === 'offline' ? undefined : await desktopVsCode();
let offlineCache;
if (vscodeExecutable) {
  console.log(`integration: host = desktop VS Code (${vscodeExecutable})`);
} else {
  try {
    offlineCache = installOfflineHost();
  } catch (err) {
    console.error(`integration: cannot install the offline host: ${err instanceof Error ? err.message : err}`);
    process.exit(interrupted.aborted ? (process.exitCode ?? 130) : 1);
  }
  console.log(`integration: host = ${describeOfflineHost(offlineCache)}`);
}

// The clock starts once the host is installed: a cold offline-host install alone takes ~4 min.
const endBy = Date.now() + timeoutMs;
let failed = false;
for (const p of profiles) {
  if (interrupted.aborted) break;
  const started = Date.now();
  let result;
  const onLine = (line) => {
    const m = RESULT.exec(line.trim());
    if (m?.[1] === p.suite) result = { passed: Number(m[2]), failed: Number(m[3]) };
  };
  const workspaceDir = p.emptyFolder
    ? tempDir('ws-empty')
    : makeWorkspace(join(repo, 'test/integration/workspace'), p.multiRoot ? 'multiroot' : p.webNodes ? 'web' : p.trusted ? 'trusted' : 'untrusted');
  const workspace = p.multiRoot ? makeMultiRootWorkspace(workspaceDir) : workspaceDir;
  let code;
  let webNodes;
  let realPeers;
  const env = { WASP_TEST_HOST: 'offline', ...(process.env.WASP_TEST_GREP ? { WASP_TEST_GREP: process.env.WASP_TEST_GREP } : {}) };
  try {
    if (endBy <= started) throw new Error(`no time left (WASP_TEST_TIMEOUT_MS=${timeoutMs})`);
    if (p.realPeers) {
      realPeers = await startRealPeers(join(workspaceDir, 'real-peers'));
      env.WASP_TEST_REAL_PEERS = realPeers.described;
    }
    if (p.webNodes) {
      webNodes = await startWebNodes();
      const peers = realPeers ? JSON.parse(realPeers.described) : undefined;
      writeFileSync(
        join(workspaceDir, 'web-run.json'),
        JSON.stringify({ nodes: webNodes.nodes, realPeers: peers, grep: process.env.WASP_TEST_GREP || undefined }, null, 2),
      );
    }
    code = vscodeExecutable
      ? await runInDesktopVsCode(vscodeExecutable, p, workspace, endBy - started, onLine, env)
      : await runInOfflineHost({
          cacheDir: offlineCache,
          extensionDevelopmentPath: repo,
          extensionTestsPath: p.tests,
          workspace,
          settings: p.settings,
          env,
          label: p.suite,
          timeoutMs: endBy - started,
          onLine,
          verbose,
        });
  } catch (err) {
    console.log(`${p.suite}: ERROR: ${err instanceof Error ? err.message : err}`);
    code = 1;
  } finally {
    await killGroup(webNodes?.child);
    await realPeers?.stop();
    rmSync(workspaceDir, { recursive: true, force: true });
  }
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (!result) {
    console.log(`${p.suite}: the host ended without reporting a result (exit code ${code}, ${secs} s)`);
    failed = true;
  } else if (code !== 0 || result.failed > 0 || result.passed === 0) {
    console.log(`${p.suite}: FAILED (exit code ${code}, ${secs} s)`);
    failed = true;
  } else {
    console.log(`${p.suite}: ok (${secs} s)`);
  }
}
process.exit(interrupted.aborted ? (process.exitCode ?? 130) : failed ? 1 : 0);

/**
 * The desktop VS Code executable when it can be had without waiting on a dead network; else
 * undefined (auto) or exit (electron).
 */
async function desktopVsCode() {
  const giveUp = (why) => {
    if (mode === 'electron') {
      console.error(`integration: cannot use desktop VS Code: ${why}`);
      process.exit(1);
    }
    console.log(`integration: ${why}; falling back to the offline host`);
    return undefined;
  };
  if (process.env.WASP_VSCODE_EXECUTABLE) {
    if (existsSync(process.env.WASP_VSCODE_EXECUTABLE)) return process.env.WASP_VSCODE_EXECUTABLE;
    return giveUp(`WASP_VSCODE_EXECUTABLE=${process.env.WASP_VSCODE_EXECUTABLE} does not exist`);
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return giveUp('no display for desktop VS Code (DISPLAY unset; xvfb-run would provide one)');
  }
  const cachePath = join(repo, '.vscode-test');
  const cached = existsSync(cachePath) && readdirSync(cachePath).some((n) => n.startsWith('vscode-'));
  if (!cached) {
    const url = 'https://update.code.visualstudio.com/api/releases/stable';
    try {
      const r = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(3000) });
      if (!r.ok) return giveUp(`${url} answered HTTP ${r.status}`);
    } catch (err) {
      return giveUp(`VS Code update server unreachable (${err?.cause?.code ?? err?.name ?? err})`);
    }
  }
  try {
    const { downloadAndUnzipVSCode } = require('@vscode/test-electron');
    // With a cached build and no network, test-electron falls back to the newest cached version.
    return await downloadAndUnzipVSCode({ cachePath, version: process.env.WASP_VSCODE_VERSION || 'stable' });
  } catch (err) {
    return giveUp(`VS Code download failed (${err instanceof Error ? err.message : err})`);
  }
}

/**
 * One suite in desktop VS Code. The arguments are @vscode/test-electron runTests's own, except that
 * the untrusted profile leaves out --disable-workspace-trust (runTests always adds it) and that the
 * process runs in a group of its own so a timeout or Ctrl+C can end it.
 */
async function runInDesktopVsCode(executable, p, workspace, timeout, onLine, suiteEnv) {
  const runDir = tempDir('vscode');
  mkdirSync(join(runDir, 'user-data/User'), { recursive: true });
  writeFileSync(join(runDir, 'user-data/User/settings.json'), JSON.stringify(p.settings, null, 2));
  const args = [
    workspace,
    '--disable-extensions',
    '--no-sandbox',
    '--disable-gpu-sandbox',
    '--disable-updates',
    '--skip-welcome',
    '--skip-release-notes',
    ...(p.trusted ? ['--disable-workspace-trust'] : []),
    // Desktop VS Code runs a development extension in its web worker host when asked so.
    ...(p.webNodes ? ['--extensionDevelopmentKind=web'] : []),
    `--extensionDevelopmentPath=${repo}`,
    `--extensionTestsPath=${p.tests}`,
    `--user-data-dir=${join(runDir, 'user-data')}`,
    `--extensions-dir=${join(runDir, 'extensions')}`,
  ];
  const env = { ...process.env, ...suiteEnv, WASP_TEST_HOST: 'electron' };
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(executable, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const forward = (stream, out) => {
    let buf = '';
    stream.on('data', (chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const line of lines) {
        out.write(line + '\n');
        onLine(line);
      }
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  const stop = deadline(timeout);
  try {
    return await Promise.race([
      new Promise((res, rej) => {
        child.once('error', rej);
        child.once('exit', (code, signal) => res(code ?? (signal ? 1 : 0)));
      }),
      stop.promise,
    ]);
  } finally {
    stop.cancel();
    await killGroup(child);
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The extension's ID as the manifest makes it (publisher.name). */
function extensionId() {
  const { publisher, name } = require('../package.json');
  return `${publisher}.${name}`;
}

/**
 * Starts the web suite's nodes (out/test/fixtures/webNodesCli.js) in a process group of its own
 * and resolves with their URLs once it printed them.
 */
function startWebNodes() {
  const child = spawn(process.execPath, [join(repo, 'out/test/fixtures/webNodesCli.js')], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((res, rej) => {
    let buf = '';
    const timer = setTimeout(() => rej(new Error("the web suite's nodes did not start within 20 s")), 20_000);
    child.once('exit', (code) => rej(new Error(`the web suite's nodes exited (${code})`)));
    child.stdout.on('data', (chunk) => {
      buf += chunk;
      const m = /^web nodes: (.+)$/m.exec(buf);
      if (m) {
        clearTimeout(timer);
        res({ child, nodes: JSON.parse(m[1]) });
      }
    });
  });
}

/**
 * anvil with the real-peer fixture's transactions mined, its project written into `dir` (inside the
 * suite's workspace); `described` is what the host tests read of it (WASP_TEST_REAL_PEERS: JSON,
 * bigints as decimal strings). anvil stops with stop(), and with this process whatever happens.
 */
async function startRealPeers(dir) {
  const fixture = require(join(repo, 'out/test/fixtures/realPeers/realPeers.js'));
  const peers = await fixture.startRealPeers({ projectDir: dir, log: (line) => console.log(`integration: ${line}`) });
  const text = (v) => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
  const described = JSON.stringify({
    rpcUrl: peers.rpcUrl,
    chainId: peers.chainId.toString(),
    folder: 'real-peers',
    txs: peers.txs,
    addresses: peers.addresses,
    blocks: text(peers.blocks),
    accounts: fixture.ANVIL_ACCOUNTS,
  });
  return { described, stop: peers.stop };
}

/** Two folders (app, contracts) and the .code-workspace that opens them together, inside `dir`. */
function makeMultiRootWorkspace(dir) {
  for (const name of ['app', 'contracts']) mkdirSync(join(dir, name, '.vscode'), { recursive: true });
  const file = join(dir, 'wasp.code-workspace');
  writeFileSync(file, JSON.stringify({ folders: [{ path: 'app' }, { path: 'contracts' }], settings: {} }, null, 2));
  return file;
}
