// npm start: builds the extension, starts the local demo node and anvil (a real EVM node, with the
// real-peer contracts deployed by forge), writes a demo workspace whose settings point at them, and
// opens that workspace with the extension under development:
//   - desktop VS Code when a `code` command exists (or WASP_VSCODE_EXECUTABLE names one);
//   - otherwise the offline VS Code host (code-server) for your browser: the URL is printed.
// Ctrl+C stops the nodes, anvil, the host and removes the temporary folders.
// The window opens deploy.ts of the demo workspace: hover a request ID in it right away.
//   node scripts/start.mjs [--offline] [--port N] [--check [--screenshot file.png]]
// --check opens the offline host in headless Chromium, waits until the Chains view lists the demo
// chains and a hover in deploy.ts shows a receipt, optionally saves a screenshot, and exits:
// proof that this command works on a machine.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ANVIL_CHAIN,
  addDemoAnvil,
  ANVIL_FILE,
  DEMO_FILE,
  DEMO_IDS,
  chainRow,
  hoverText,
  launchBrowser,
  openFile,
  removeFolder,
  showDemoChains,
  startDemoHost,
  startDemoNode,
  startDemoAnvil,
  writeDemoWorkspace,
} from './demo.mjs';
import { describeOfflineHost, installOfflineHost, sweepStaleRuns } from './offline-host.mjs';

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

const desktop = process.env.WASP_VSCODE_EXECUTABLE || spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' }).stdout.trim() || undefined;
sweepStaleRuns();
if (desktop && !values.offline && !values.check) {
  const node = await startDemoNode(repo);
  cleanups.push(node.stop);
  say(`local Wasp node on ${node.url}`);
  const anvil = await startDemoAnvil(repo, say);
  cleanups.push(anvil.stop);
  say(`anvil (a real EVM node) on ${anvil.rpcUrl}: the Rebased demo chain's EVM and the chain "${ANVIL_CHAIN}"`);
  const rebasedNode = await startDemoNode(repo, 'rebased', false, anvil.nodeArgs);
  cleanups.push(rebasedNode.stop);
  say(`local Rebased Wasp node on ${rebasedNode.url}`);
  const protectedNode = await startDemoNode(repo, 'rebased', true);
  cleanups.push(protectedNode.stop);
  say(`local Rebased Wasp node wanting a token (sign in as wasp / wasp) on ${protectedNode.url}`);
  const workspace = writeDemoWorkspace(repo, node.url, rebasedNode.url, protectedNode.url);
  cleanups.push(async () => removeFolder(dirname(workspace)));
  say(`demo workspace ${workspace}`);
  addDemoAnvil(workspace, anvil);
  say(`anvil's transactions in ${ANVIL_FILE}, its contracts and records in contracts/`);
  say(`opening desktop VS Code (${desktop}); close its window or press Ctrl+C here to stop`);
  // The folder, and deploy.ts in it: a request ID to hover right away.
  const code = spawn(desktop, ['--new-window', '--wait', `--extensionDevelopmentPath=${repo}`, workspace, join(workspace, DEMO_FILE)], { stdio: 'inherit' });
  code.once('exit', () => void stop(0));
} else {
  say(desktop ? 'using the offline VS Code host' : 'no `code` command here: using the offline VS Code host (code-server) in your browser');
  const cacheDir = installOfflineHost();
  const host = await startDemoHost({
    repo,
    cacheDir,
    extensionDevelopmentPath: repo,
    port: values.port ? Number(values.port) : undefined,
    say,
    register: (close) => cleanups.push(close),
  });
  say(`${describeOfflineHost(cacheDir)} is up`);
  if (values.check) {
    const ok = await check(cacheDir, host, values.screenshot);
    await stop(ok ? 0 : 1);
  } else {
    console.log(`\n  Open this URL in your browser:\n\n  ${host.url}\n\n  Press Ctrl+C to stop.\n`);
    host.serverGone.catch((e) => {
      if (stopping) return; // killed by stop() itself
      console.error(`start: ${e.message}`);
      void stop(1);
    });
  }
}

/**
 * Opens the workbench headless, waits until the Chains view lists the demo chains and a hover
 * over a request ID in the file opened at start shows its receipt.
 */
async function check(cacheDir, host, screenshot) {
  const { context, page } = await launchBrowser(cacheDir, host.env, host.dir('chromium'));
  host.onClose(() => context.close());
  try {
    await page.goto(host.url);
    await showDemoChains(page);
    await chainRow(page, 'Example EVM (Rebased)').waitFor({ timeout: 30_000 });
    say('check: the Chains view lists the demo chains of both generations');
    await hoverText(page, DEMO_IDS.transferOk.slice(0, 12), 'Request succeeded');
    say(`check: hovering a request ID in ${DEMO_FILE} shows its receipt`);
    // The row's description is read from anvil (eth_chainId, eth_blockNumber).
    await chainRow(page, ANVIL_CHAIN)
      .filter({ hasText: `EVM chain ID ${host.anvil.chainId} · block ${host.anvil.latestBlock}` })
      .waitFor({ timeout: 30_000 });
    say("check: the Chains view lists the demo's anvil, an EVM-only chain, with its chain ID and latest block as anvil answers them");
    await openFile(page, ANVIL_FILE);
    await hoverText(page, host.anvil.txs.customError.slice(0, 12), 'Overdrawn');
    say(`check: hovering a transaction in ${ANVIL_FILE} shows its receipt on the Rebased demo node, its revert decoded with the Hardhat artifact's ABI`);
    say('check passed');
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
