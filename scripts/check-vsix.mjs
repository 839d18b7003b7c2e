// npm run package:check: proves the .vsix works when installed, exactly as in development. It
// installs the package with code-server's `--install-extension` into an empty extensions folder,
// opens the demo workspace (no extensionDevelopmentPath: only the installed copy can run) in
// headless Chromium, and checks as a user would: the Chains view lists the demo chains, a hover
// over a request ID shows its receipt, both panels (webview bundles, CSS) render, and the Get
// Started walkthrough shows its steps.
//   node scripts/check-vsix.mjs [file.vsix]      (default: <name>-<version>.vsix of package.json)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEMO_CHAIN_NAMES,
  DEMO_FILE,
  DEMO_IDS,
  exitAfterCleanup,
  hoverText,
  launchBrowser,
  pickItem,
  runCommand,
  showDemoChains,
  startDemoHost,
  webviewWith,
} from './demo.mjs';
import { describeOfflineHost, installOfflineHost, sweepStaleRuns } from './offline-host.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version, publisher } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const vsix = resolve(process.argv[2] ?? join(repo, `${name}-${version}.vsix`));
const say = (msg) => console.log(`check-vsix: ${msg}`);

const running = {};
const stop = exitAfterCleanup(running);
const timer = setTimeout(() => {
  say('TIMEOUT after 5 minutes');
  void stop(1);
}, 5 * 60_000);
timer.unref();

const cacheDir = installOfflineHost();
sweepStaleRuns();
let step = 'starting the host';
try {
  const host = (running.host = await startDemoHost({ repo, cacheDir, vsix, say, register: () => {} }));
  say(`${describeOfflineHost(cacheDir)} is up, without the extension under development`);
  const { context, page } = await launchBrowser(cacheDir, host.env, host.dir('chromium'));
  running.browser = context;
  await page.goto(host.url);

  step = 'the installed extension lists the demo chains';
  await showDemoChains(page);
  say(`ok: ${step}`);

  step = `a hover over a request ID in ${DEMO_FILE} shows its receipt`;
  await hoverText(page, DEMO_IDS.transferOk.slice(0, 12), 'Request succeeded');
  say(`ok: ${step}`);

  step = 'Chain: Show Chain Info renders its panel';
  await page.mouse.move(5, 430);
  await runCommand(page, 'Chain: Show Chain Info');
  // With several chains the command asks which, the default first.
  await pickItem(page, DEMO_CHAIN_NAMES.iotaEvm);
  const info = await webviewWith(page, 'Chain owner');
  await assertStyled(info);
  say(`ok: ${step}`);

  step = 'the hover link opens the receipt panel with its gas chart';
  await page.keyboard.press('Escape');
  await page.locator(`.tabs-container .tab[aria-label^="${DEMO_FILE}"]`).first().click();
  const hover = await hoverText(page, DEMO_IDS.withBurnLog.slice(0, 12), 'Request');
  await hover.locator('a', { hasText: 'Open Receipt' }).first().click();
  const receipt = await webviewWith(page, 'Gas burn log');
  await receipt.locator('.chart .bar').first().waitFor({ timeout: 10_000 });
  say(`ok: ${step}`);

  step = 'the Get Started walkthrough is listed and shows its steps';
  await runCommand(page, 'Welcome: Open Walkthrough...');
  await page.locator('.quick-input-widget input.input').first().fill('Wasp Chain Explorer');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Get Started with Wasp Chain Explorer' }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  for (const title of ['Add a chain', 'Show the chain info', 'Hover a request ID'])
    await page.getByText(title, { exact: true }).first().waitFor({ timeout: 15_000 });
  say(`ok: ${step}`);

  // Nothing above can have come from the repo: the host knows only the installed copy.
  step = 'the extension ran from the extensions folder';
  const installed = `${publisher}.${name}-${version}`.toLowerCase();
  if (!readdirSync(join(host.runDir, 'extensions')).some((n) => n.toLowerCase() === installed)) throw new Error(`${installed} is not in the extensions folder`);
  say(`ok: ${step} (${installed})`);
  say(`PASSED: ${vsix} installs and works`);
  await stop(0);
} catch (e) {
  say(`FAILED (${step}): ${e instanceof Error ? e.message : e}`);
  await stop(1);
}

/** The panel's stylesheet (media/webview.css) loaded: a styled toolbar button has a background. */
async function assertStyled(frame) {
  const bg = await frame
    .locator('button.primary')
    .first()
    .evaluate((b) => b.ownerDocument.defaultView.getComputedStyle(b).backgroundColor);
  if (!bg || bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent') throw new Error('the panel is unstyled: media/webview.css did not load');
}
