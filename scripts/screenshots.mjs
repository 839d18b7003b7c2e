// npm run screenshots: takes the README's screenshots from the running extension, so they stay
// true. It builds the extension, starts the demo node and the offline VS Code host (code-server)
// with the demo workspace, opens the workbench in headless Chromium and uses it as a user would:
// the activity bar, the tree, the mouse over a request ID, the command palette, a hover link.
//   node scripts/screenshots.mjs [--out docs/images]
// Writes tree.png, hover.png, chain-info.png, receipt.png, live.png and account-hover.png (1400x860 each), receipt-failed.png
// (1280 wide: a reverted request, which must not scroll sideways), blocks.png (the Blocks list
// in a 250 px side bar) and debug.png (a debug session stopped on a decoded revert), and fails when one of them does not show what it should, or is larger
// than 320 KB.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  ANVIL_FILE,
  DEMO_IDS,
  exitAfterCleanup,
  expandChain,
  hoverText,
  launchBrowser,
  openFile,
  pickItem,
  runCommand,
  showDemoChains,
  startDemoHost,
  webviewWith,
  DEMO_CHAIN_NAMES,
} from './demo.mjs';
import { describeOfflineHost, installOfflineHost } from './offline-host.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const outDir = resolve(values.out ?? join(repo, 'docs/images'));
const MAX_BYTES = 320 * 1024;
/** Anvil's first development account, the payer in the demo's anvil file (public to everyone). */
const ANVIL_PAYER = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const say = (msg) => console.log(`screenshots: ${msg}`);

const running = {};
const stop = exitAfterCleanup(running);

say('building the extension and the local node');
const build = spawnSync(process.execPath, [join(repo, 'esbuild.mjs'), '--tests'], { cwd: repo, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const cacheDir = installOfflineHost();
const written = [];
try {
  const host = (running.host = await startDemoHost({ repo, cacheDir, extensionDevelopmentPath: repo, say }));
  say(`${describeOfflineHost(cacheDir)} is up`);
  const { context, page } = await launchBrowser(cacheDir, host.env, host.dir('chromium'));
  running.browser = context;
  mkdirSync(outDir, { recursive: true });
  const shoot = async (name) => {
    const path = join(outDir, name);
    await page.mouse.move(1395, 430); // no tooltip of the last thing clicked
    await page.waitForTimeout(600);
    await page.screenshot({ path });
    written.push(path);
  };
  const shootWithHover = async (name) => {
    const path = join(outDir, name);
    await page.waitForTimeout(400);
    await page.screenshot({ path });
    written.push(path);
  };

  await page.goto(host.url);
  await showDemoChains(page);
  await widenSideBar(page, 430);
  await expandChain(page, DEMO_CHAIN_NAMES.iotaEvm);
  say('the Chains view lists the demo chains');

  // The hover, in the file the demo opens first (deploy.ts).
  await openFile(page, 'deploy.ts');
  await hoverText(page, DEMO_IDS.transferReverted.slice(0, 12), 'Request failed');
  await shootWithHover('hover.png');
  say('hover.png: the receipt of a request ID under the mouse (a reverted EVM transfer)');

  // The tree, with the fee policy and the receipt just looked up.
  await page.mouse.move(1395, 430);
  await expandGroup(page, /^Gas fee policy/, /^Gas per token/);
  await expandGroup(page, /^Recent receipts/, /evm\.|revert/i);
  await shoot('tree.png');
  say('tree.png: the Chains view');

  await runCommand(page, 'Chain: Show Chain Info');
  // With several chains the command asks which, the default first.
  await pickItem(page, DEMO_CHAIN_NAMES.iotaEvm);
  await webviewWith(page, 'Chain owner');
  await shoot('chain-info.png');
  say('chain-info.png: the chain info panel');

  // The receipt panel, opened from the hover's link like a user would, scrolled to its gas chart.
  await openFile(page, 'deploy.ts');
  const hover = await hoverText(page, DEMO_IDS.withBurnLog.slice(0, 12), 'Request');
  await hover.locator('a', { hasText: 'Open Receipt' }).first().click();
  const receipt = await webviewWith(page, 'Gas burn log');
  await receipt.locator('.chart').waitFor({ timeout: 10_000 });
  await receipt.locator('.section-burnlog').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await receipt.evaluate(() => globalThis.scrollBy(0, -12));
  await shoot('receipt.png');
  say('receipt.png: the receipt panel with its gas chart');

  // A reverted request at 1280 px: the banner names the reason; the raw revert data, opened, wraps.
  await page.setViewportSize({ width: 1280, height: 860 });
  await openFile(page, 'deploy.ts');
  const revert = await hoverText(page, DEMO_IDS.transferReverted.slice(0, 12), 'Request failed');
  await revert.locator('a', { hasText: 'Open Receipt' }).first().click();
  const failed = await webviewWith(page, 'Raw error data');
  await failed.locator('details.raw > summary').first().click();
  const sideways = await failed.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.document.documentElement.clientWidth);
  if (sideways > 0) throw new Error(`the failed receipt's panel scrolls sideways by ${sideways} px`);
  await shoot('receipt-failed.png');
  say('receipt-failed.png: a reverted request, its reason first, nothing scrolls sideways');

  // The Blocks list in a narrow side bar: rows lead with the index, then what differs.
  await page.setViewportSize({ width: 1400, height: 860 });
  await sideBarWidth(page, 250);
  await collapseGroup(page, /^Gas fee policy/);
  await collapseGroup(page, /^Recent receipts/);
  await expandGroup(page, /^Blocks/, /^#/);
  const withFailure = page.getByRole('treeitem', { name: /^#.*failed/ }).first();
  if (await withFailure.count()) {
    await withFailure.click();
    await page
      .getByRole('treeitem', { name: /, #\d+ · 0x/ })
      .first()
      .waitFor({ timeout: 15_000 });
  }
  await shoot('blocks.png');
  say('blocks.png: the Blocks list at 250 px');

  // The Live view's first open: the requests the demo chains publish, or why a chain cannot, in words.
  await page.setViewportSize({ width: 1400, height: 860 });
  await runCommand(page, 'Show Live View');
  const live = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: /^\s*Live/i }) });
  // A request row, or the view's words for a chain it cannot follow (the demo's protected node).
  await live
    .locator('.monaco-list-row')
    .or(live.getByText(/needs a token/))
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await shoot('live.png');
  say('live.png: the Live view at its first open');

  // An account hover in the anvil file: the balance and nonce, the chain asked named, the others offered.
  await openFile(page, ANVIL_FILE);
  await hoverText(page, ANVIL_PAYER.slice(0, 12), 'nonce');
  await shootWithHover('account-hover.png');
  say('account-hover.png: the hover over an address');

  // A debug session of the withdraw that reverted (launch.json's first configuration): stopped on
  // the revert two calls deep, the decoded error heading the call stack, the call's arguments decoded.
  await page.setViewportSize({ width: 1400, height: 860 });
  await runCommand(page, 'View: Show Run and Debug');
  await runCommand(page, 'Debug: Start Debugging');
  // With no configuration chosen yet, VS Code asks which one.
  await pickItem(page, 'Debug the withdraw that reverted (anvil)');
  await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'Bank.withdraw' }).first().waitFor({ timeout: 60_000 });
  // The decoded error shows (the exception widget, the call stack's head); the first scope (the call, decoded) opens by itself.
  await page.getByText('Overdrawn(available: 1000, required: 5000)').first().waitFor({ timeout: 15_000 });
  await page.locator('.debug-variables', { hasText: 'msg.sender' }).first().waitFor({ timeout: 15_000 });
  await shoot('debug.png');
  say('debug.png: Debug Transaction stopped on the decoded revert in Ledger.debit');

  let tooLarge = false;
  for (const p of written) {
    const size = statSync(p).size;
    say(`${relative(repo, p)}  ${(size / 1024).toFixed(0)} KB`);
    if (size > MAX_BYTES) {
      tooLarge = true;
      say(`${relative(repo, p)} is larger than ${MAX_BYTES / 1024} KB`);
    }
  }
  await stop(tooLarge ? 1 : 0);
} catch (e) {
  say(`FAILED: ${e instanceof Error ? e.message : e}`);
  const page = running.browser?.pages()[0];
  if (page) {
    const path = join(tmpdir(), 'wasp-screenshots-failed.png');
    await page.screenshot({ path }).catch(() => {});
    say(`what the window showed: ${path}`);
  }
  await stop(1);
}

/** Drags the side bar's edge so tree rows show their descriptions. */
async function widenSideBar(page, width) {
  const bar = await page.locator('.part.sidebar').first().boundingBox();
  if (!bar || bar.width >= width) return;
  await sideBarWidth(page, width);
}

/** Drags the side bar's edge to `width` (wider or narrower). */
async function sideBarWidth(page, width) {
  const bar = await page.locator('.part.sidebar').first().boundingBox();
  if (!bar || Math.abs(bar.width - width) < 2) return;
  const edge = bar.x + bar.width;
  for (const sash of await page.locator('.monaco-sash.vertical').all()) {
    const b = await sash.boundingBox();
    if (!b || Math.abs(b.x + b.width / 2 - edge) > 6) continue;
    const y = b.y + b.height / 2;
    await page.mouse.move(b.x + b.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2 + (width - bar.width), y, { steps: 8 });
    await page.mouse.up();
    return;
  }
}

/** Expands a group row of the tree (by its accessible name) and waits for a child. */
async function expandGroup(page, name, child) {
  const row = page.getByRole('treeitem', { name }).first();
  await row.waitFor({ timeout: 15_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await page.getByRole('treeitem', { name: child }).first().waitFor({ timeout: 15_000 });
}

/** Collapses a group row of the tree when it is expanded. */
async function collapseGroup(page, name) {
  const row = page.getByRole('treeitem', { name }).first();
  if ((await row.count()) && (await row.getAttribute('aria-expanded')) === 'true') await row.click();
}
