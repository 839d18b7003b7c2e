// npm start: builds the extension, starts the local demo node, writes a demo workspace whose
// settings point at it, and opens that workspace with the extension under development:
//   - desktop VS Code when a `code` command exists (or WASP_VSCODE_EXECUTABLE names one);
//   - otherwise the offline VS Code host (code-server) for your browser: the URL is printed.
// Ctrl+C stops the node, the host and removes the temporary folders.
//   node scripts/start.mjs [--offline] [--port N] [--check [screenshot.png]]
// --check opens the offline host in headless Chromium, waits until the Chains view lists the demo
// chains, optionally saves a screenshot, and exits: proof that this command works on a machine.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  describeOfflineHost,
  freePort,
  installOfflineHost,
  killGroup,
  prepareRunDir,
  quietSettings,
  spawnCodeServer,
  sweepStaleRuns,
  tempDir,
  waitForHealth,
  workbenchUrl,
} from './offline-host.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { offline: { type: 'boolean' }, port: { type: 'string' }, check: { type: 'boolean' }, screenshot: { type: 'string' } },
  allowPositionals: false,
});
const say = (msg) => console.log(`start: ${msg}`);
const cleanups = [];
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of cleanups.reverse()) await c().catch(() => {});
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));

say('building the extension and the local node');
const build = spawnSync(process.execPath, [join(repo, 'esbuild.mjs'), '--tests'], { cwd: repo, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// The demo node on a free port: its first line names its URL.
const node = spawn(process.execPath, [join(repo, 'out/test/fixtures/localNodeCli.js'), '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
cleanups.push(async () => {
  node.kill('SIGTERM');
});
const nodeUrl = await new Promise((res, rej) => {
  let buffer = '';
  node.stdout.on('data', (chunk) => {
    buffer += chunk;
    const m = /listening on (http:\/\/\S+)/.exec(buffer);
    if (m) res(m[1]);
  });
  node.once('exit', (code) => rej(new Error(`the local node exited (${code}) before it listened`)));
});
say(`local Wasp node on ${nodeUrl}`);

// A fresh copy of the demo workspace with the demo chains in its settings.
sweepStaleRuns();
const workspace = tempDir('demo-workspace');
cleanups.push(async () => rmSync(workspace, { recursive: true, force: true }));
cpSync(join(repo, 'demo/workspace'), workspace, { recursive: true });
mkdirSync(join(workspace, '.vscode'), { recursive: true });
writeFileSync(
  join(workspace, '.vscode/settings.json'),
  JSON.stringify(
    {
      'waspChain.chains': [
        { name: 'IOTA EVM', nodeUrl, chainId: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5' },
        { name: 'ShimmerEVM', nodeUrl, chainId: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s' },
        { name: 'Stopped testnet', nodeUrl, chainId: 'rms1pqps62rkyfzwy646hg5097e6t6rfs7mnhs9sxfgl2tv9qp6kwmf6spfqxa3' },
      ],
      'waspChain.defaultChain': 'IOTA EVM',
    },
    null,
    2,
  ),
);
say(`demo workspace ${workspace}`);

const desktop = process.env.WASP_VSCODE_EXECUTABLE || (spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim() || undefined);
if (desktop && !values.offline && !values.check) {
  say(`opening desktop VS Code (${desktop}); close its window or press Ctrl+C here to stop`);
  const code = spawn(desktop, ['--new-window', '--wait', `--extensionDevelopmentPath=${repo}`, workspace], { stdio: 'inherit' });
  code.once('exit', () => void stop(0));
} else {
  say(desktop ? 'using the offline VS Code host' : 'no `code` command here: using the offline VS Code host (code-server) in your browser');
  const cacheDir = installOfflineHost();
  const runDir = tempDir('start');
  cleanups.push(async () => rmSync(runDir, { recursive: true, force: true, maxRetries: 3 }));
  // The demo folder is ours: no trust prompt in front of the demo.
  const { env, dir } = prepareRunDir(runDir, { ...quietSettings, 'security.workspace.trust.enabled': false, 'workbench.colorTheme': 'Default Dark Modern' });
  const port = values.port ? Number(values.port) : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { server, serverGone } = spawnCodeServer({ cacheDir, runDir, env, port });
  cleanups.push(() => killGroup(server));
  await Promise.race([waitForHealth(origin, () => server.exitCode === null), serverGone]);
  const url = workbenchUrl(origin, port, { workspace, extensionDevelopmentPath: repo });
  say(`${describeOfflineHost(cacheDir)} is up`);
  if (values.check) {
    const ok = await check(cacheDir, env, dir, url, values.screenshot);
    await stop(ok ? 0 : 1);
  } else {
    console.log(`\n  Open this URL in your browser:\n\n  ${url}\n\n  Press Ctrl+C to stop.\n`);
    serverGone.catch((e) => {
      console.error(`start: ${e.message}`);
      void stop(1);
    });
  }
}

/** Opens the workbench headless and waits until the Chains view lists the demo chains. */
async function check(cacheDir, env, dir, url, screenshot) {
  const { chromium } = createRequire(join(cacheDir, 'playwright/package.json'))('playwright-core');
  const context = await chromium.launchPersistentContext(dir('chromium'), {
    executablePath: process.env.WASP_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    env,
    viewport: { width: 1400, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  cleanups.push(() => context.close());
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await page.goto(url);
    // The activity bar entry of our container, then the chain rows of the tree.
    const container = page.locator('.activitybar [aria-label^="Wasp Chain Explorer"]').first();
    await container.waitFor({ timeout: 60_000 });
    await container.click();
    await page.getByRole('treeitem', { name: /IOTA EVM/ }).first().waitFor({ timeout: 60_000 });
    await page.getByRole('treeitem', { name: /ShimmerEVM/ }).first().waitFor({ timeout: 30_000 });
    say('check passed: the Chains view lists the demo chains');
    if (screenshot) {
      await page.waitForTimeout(1500);
      await page.screenshot({ path: resolve(screenshot) });
      say(`screenshot: ${resolve(screenshot)}`);
    }
    return true;
  } catch (e) {
    say(`check failed: ${e instanceof Error ? e.message : e}`);
    if (screenshot) await page.screenshot({ path: resolve(screenshot) }).catch(() => {});
    return false;
  }
}
