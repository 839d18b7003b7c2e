// A new panel's first paint waits for no round trip: its HTML carries the panel's script and
// stylesheet inline under the CSP nonce (nothing fetched through the webview's resource loader)
// and the state to show, so the webview's first message is its render of that state, before it
// says ready. Node text in that state stays inside its data block.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { hostileReceipt } from '../fixtures/hostile';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, setChains } from './helpers';
import { foreignMarkup } from '../unit/hostile/corpus';

const SUCCESS = DEMO_RECEIPTS.evmSuccess.requestId;
const HOSTILE_ID = `0x${'d4'.repeat(32)}0000`;

type Seen = { type: string; text?: string; html?: string };

/**
 * Opens the receipt and collects what its webview sends from the moment its tab opens (the command
 * resolves only after its whole first load, which waits for the webview's ready), until the first
 * render and the ready are in. `atReady` is called with the panel as the ready arrives.
 */
async function openAndWatch(requestId: string, atReady?: (panel: ReceiptPanel) => void): Promise<{ panel: ReceiptPanel; seen: Seen[] }> {
  const api = await activate();
  const before = new Set(api.receipts.panels());
  const seen: Seen[] = [];
  const subs: vscode.Disposable[] = [];
  const watched = new Promise<void>((resolve) => {
    subs.push(
      vscode.window.tabGroups.onDidChangeTabs(() => {
        const panel = api.receipts.panels().find((p) => !before.has(p));
        if (!panel || subs.length > 1) return;
        subs.push(
          panel.panel.webview.onDidReceiveMessage((m: Seen) => {
            seen.push(m);
            if (m.type === 'ready') atReady?.(panel);
            if (seen.some((s) => s.type === 'rendered') && seen.some((s) => s.type === 'ready')) resolve();
          }),
        );
      }),
    );
  });
  const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', requestId);
  assert.ok(panel, 'the command resolves with the panel');
  await watched;
  for (const s of subs) s.dispose();
  return { panel, seen };
}

/** The JSON data block of the panel's HTML, as written (undefined when there is none). */
function stateBlock(html: string): string | undefined {
  return /<script type="application\/json" id="initial-state">([^]*?)<\/script>/.exec(html)?.[1];
}

describe('panels: the first paint', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], { defaultChain: 'IOTA EVM' });
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await node.close();
  });

  it("renders the receipt before the webview's ready: the state and the code come in the HTML, nothing is fetched", async () => {
    api.receipts.service.cache.invalidate();
    const { panel, seen } = await openAndWatch(SUCCESS);
    assert.equal(seen[0]?.type, 'rendered', `the first message is a render, not a handshake: ${JSON.stringify(seen.map((s) => s.type))}`);

    const html = panel.panel.webview.html;
    const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
    assert.ok(nonce, 'the CSP admits scripts by nonce only');
    assert.match(html, /default-src 'none'/);
    assert.doesNotMatch(html, /unsafe-inline|unsafe-eval/);
    assert.doesNotMatch(html, /<script[^>]*\bsrc=|<link\b/, 'no script or stylesheet fetched through the resource loader');
    assert.ok(html.includes(`<script nonce="${nonce}">`) && html.includes(`<style nonce="${nonce}">`), 'script and style inline, under the nonce');
    const block = stateBlock(html);
    assert.ok(block, 'the HTML carries the state to show first');
    const state = JSON.parse(block) as { identity?: { requestId?: string }; title?: string; message?: string; subtitle?: string };
    assert.equal(state.identity?.requestId, SUCCESS);
    // The first paint is that state: a receipt when the lookup ended within the wait, else the lookup under way.
    for (const part of [state.title, state.subtitle ?? state.message])
      assert.ok(part && seen[0]?.text?.includes(part), `the first paint shows "${part}": ${seen[0]?.text?.slice(0, 300)}`);
  });

  it("prepares the block and events only once the first paint is on screen (the webview's ready), then shows them", async () => {
    api.receipts.service.cache.invalidate();
    let atReady: ReceiptPanel['state'] | undefined;
    const { panel } = await openAndWatch(SUCCESS, (p) => (atReady = p.state));
    assert.equal(atReady?.status, 'ok', 'the first paint is the receipt');
    assert.equal(atReady.status === 'ok' && atReady.chainLog, undefined, 'the block and events were not built before the first paint was on screen');
    assert.ok(panel.state.status === 'ok' && panel.state.chainLog !== undefined, 'the block and events are shown once it is');
  });

  it('keeps hostile node text in the HTML inert: escaped in its data block, shown literally', async () => {
    node.setReceipt(DEMO_CHAINS.iotaEvm, hostileReceipt(HOSTILE_ID));
    const { panel, seen } = await openAndWatch(HOSTILE_ID);
    const block = stateBlock(panel.panel.webview.html);
    assert.ok(block, 'the HTML carries the state to show first');
    assert.doesNotMatch(block, /[<>&]/, 'no character of the node can close the data block or open markup');
    const r = await panel.waitForRender((x) => x.text.includes('<img src=x onerror=alert(1)>'));
    assert.ok(r.text.includes('<script>alert(document.cookie)</script>'));
    assert.deepEqual(foreignMarkup(r.html), []);
    for (const s of seen) if (s.html !== undefined) assert.deepEqual(foreignMarkup(s.html), []);
  });
});
