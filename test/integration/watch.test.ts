// Watching a pending request in a real extension host against the local node: the hover of a
// request that has no receipt offers Watch (its link runs our command with the validated ID and a
// chain from settings), the node processes the request after a delay, and then the notification
// says it succeeded, the hover shows the receipt without a refresh, and an open receipt panel
// updates by itself. The panel's not-found offers Watch and lists why a node skips a request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import type { WatchEnded, WatchService } from '../../src/watch/service';
import { DEMO_CHAINS, type ReceiptJson } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { receiptCopy } from '../fixtures/localNodeBlocks';
import { activate, setChains } from './helpers';

describe('watch a pending request', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let watches: WatchService;
  let serial = 100;

  /** A receipt of the demo chain under a fresh Stardust request ID, not yet known to the node. */
  function pendingReceipt(): ReceiptJson {
    const chain = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm);
    const template = chain?.receipts[0];
    assert.ok(template);
    return receiptCopy(template, serial++, true);
  }

  async function hover(content: string, needle: string): Promise<string> {
    const doc = await vscode.workspace.openTextDocument({ content, language: 'plaintext' });
    const at = doc.positionAt(content.indexOf(needle) + 5);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? [];
    return hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
      .filter((t) => /command:waspChain\.|No receipt|Request (succeeded|failed)|Watching/.test(t))
      .join('\n');
  }

  function nextEnd(): Promise<WatchEnded> {
    return new Promise((resolve) => {
      const sub = watches.onDidEnd((e) => {
        sub.dispose();
        resolve(e);
      });
    });
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    // Short long polls: several rounds happen before the node processes the request.
    node.chainLog.waitLimitSeconds = 1;
    watches = await api.watch.service();
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    api.receipts.hover.waitMs = 15_000;
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], { defaultChain: 'IOTA EVM' });
  });

  afterEach(async () => {
    watches.set.cancelAll();
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    await node.close();
  });

  it('hover, Watch, the node processes it: the notification, then the hover shows the receipt', async () => {
    const receipt = pendingReceipt();
    const id = receipt.request.requestId;
    const content = `pending: ${id}\n`;
    const before = await hover(content, id);
    assert.match(before, /No receipt for this request on IOTA EVM/);
    const link = /\(command:waspChain\.watchRequest\?([^)]+)\)/.exec(before);
    assert.ok(link?.[1], `the hover offers Watch: ${before}`);
    const args = JSON.parse(decodeURIComponent(link[1])) as unknown[];
    assert.deepEqual(args, [{ requestId: id, chainName: 'IOTA EVM' }]);

    node.clearRequests();
    const fedBefore = watches.fromFeed;
    const ended = nextEnd();
    // What clicking the link does: our command with the link's arguments.
    const watch = await vscode.commands.executeCommand<{ key: string } | undefined>('waspChain.watchRequest', ...args);
    assert.ok(watch, 'the watch started');
    assert.equal(watches.set.size, 1);
    assert.equal(watches.statusBar.item.text, '$(loading~spin) 1', 'the status bar spins with the count');
    assert.equal(watches.statusBar.item.accessibilityInformation?.label, 'Watching 1 request', 'one request reads singular');
    assert.equal(
      watches.statusBar.item.command && typeof watches.statusBar.item.command === 'object' ? watches.statusBar.item.command.command : '',
      'waspChain.showWatches',
    );
    const watching = await hover(content, id);
    assert.match(watching, /Watching on IOTA EVM/);
    assert.doesNotMatch(watching, /watchRequest/, 'no second Watch while watched');

    node.chainLog.processLater(receipt, 2_500, DEMO_CHAINS.iotaEvm);
    const end = await ended;
    assert.equal(end.end.kind, 'arrived');
    assert.match(end.message, /^Request succeeded: 0x/);
    assert.match(end.message, /IOTA EVM, block \d+/);
    assert.equal(watches.set.size, 0);
    const waits = node.requests.filter((r) => r.path.endsWith('/wait'));
    // The node's live feed opens for a watch, and its receipt event may end the watch before a second long poll.
    assert.ok(waits.length >= (watches.fromFeed > fedBefore ? 1 : 2) && waits.length <= 5, `one long poll after another (${waits.length})`);

    node.clearRequests();
    const after = await hover(content, id);
    assert.match(after, /Request succeeded/);
    assert.equal(node.requests.length, 0, 'the hover found the receipt in the cache the watch filled');
  });

  it('a hover re-shown while the arrived receipt is being read shows the receipt, not Watch', async () => {
    const receipt = pendingReceipt();
    const id = receipt.request.requestId;
    const content = `pending: ${id}\n`;
    // Not found: the lookup keeps that for a while.
    assert.match(await hover(content, id), /watchRequest/);
    const watch = await vscode.commands.executeCommand<{ key: string } | undefined>('waspChain.watchRequest', { requestId: id, chainName: 'IOTA EVM' });
    assert.ok(watch, 'the watch started');
    const arrived = new Promise<void>((resolve) => {
      const sub = watches.set.onDidEnd(() => {
        sub.dispose();
        resolve();
      });
    });
    const ended = nextEnd();
    node.chainLog.processLater(receipt, 1_000, DEMO_CHAINS.iotaEvm);
    // The read of the receipt after it arrived is slow: the hover comes while it is under way.
    node.inject({ route: 'receipt', times: 1, fault: { type: 'latency', ms: 1_500 } });
    await arrived;
    const during = await hover(content, id);
    assert.match(during, /Request succeeded/);
    assert.doesNotMatch(during, /watchRequest/, 'no Watch once the receipt is there');
    await ended;
  });

  it("the panel's not-found lists why a node skips a request, offers Watch, and updates by itself", async () => {
    const receipt = pendingReceipt();
    const id = receipt.request.requestId;
    const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', { requestId: id });
    assert.ok(panel);
    const notFound = await panel.waitForRender((r) => r.text.includes('No receipt'));
    assert.match(notFound.text, /the node may have skipped it/);
    assert.match(notFound.text, /nonce/);
    assert.ok(panel.shownError?.actions.some((a) => a.command === 'watch'));

    const ended = nextEnd();
    await panel.perform({ kind: 'errorAction', command: 'watch' });
    const watching = await panel.waitForRender((r) => r.text.includes('Watching on IOTA EVM'));
    assert.ok(!panel.shownError?.actions.some((a) => a.command === 'watch'));
    assert.ok(watching);

    node.chainLog.processLater(receipt, 1_500, DEMO_CHAINS.iotaEvm);
    assert.equal((await ended).end.kind, 'arrived');
    await panel.waitForRender((r) => r.text.includes('Request succeeded') || /succeeded/i.test(r.text));
    assert.equal(panel.state.status, 'ok');
  });

  it('refuses a watch past waspChain.watch.maxWatches, and Stop Watching All ends them', async () => {
    await vscode.workspace.getConfiguration('waspChain').update('watch.maxWatches', 1, vscode.ConfigurationTarget.Global);
    try {
      const a = pendingReceipt().request.requestId;
      const b = pendingReceipt().request.requestId;
      assert.ok(await vscode.commands.executeCommand('waspChain.watchRequest', { requestId: a, chainName: 'IOTA EVM' }));
      assert.equal(await vscode.commands.executeCommand('waspChain.watchRequest', { requestId: b, chainName: 'IOTA EVM' }), undefined);
      assert.equal(watches.set.size, 1);
      // A chain name that is not configured never reaches a node.
      assert.equal(await vscode.commands.executeCommand('waspChain.watchRequest', { requestId: b, chainName: 'Nope' }), undefined);
      const ended = nextEnd();
      watches.set.cancelAll();
      assert.equal((await ended).end.kind, 'cancelled');
    } finally {
      await vscode.workspace.getConfiguration('waspChain').update('watch.maxWatches', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
