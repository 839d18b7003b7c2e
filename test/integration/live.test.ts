// The live feed in a real extension host against the local node's /v1/ws (a Rebased node serving
// the Vault EVM demo; the workspace's deployment records name the Vault): the Live view shows a
// receipt the node publishes, named and decoded, and its click opens the receipt panel; the
// Output channel says which socket opened and what it subscribed; a burst of failures touching a
// workspace contract is one notification; a dropped socket reconnects and the view says so
// meanwhile; a message over the feed's cap is refused by the host's WebSocket as it reads it and
// closes the socket; a watched request ends from the receipt event while its long poll is still held up;
// a followed Blocks list takes the new block from the feed without asking the node.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BlocksNode } from '../../src/chains/blockNodes';
import type { ChainEntry } from '../../src/config/model/chainConfig';
import type { ExtensionApi } from '../../src/extension';
import type { FeedEntry } from '../../src/live/model/feed';
import type { FailureNotice } from '../../src/live/notifications';
import type { LiveService } from '../../src/live/service';
import type { WatchService } from '../../src/watch/service';
import { DEMO_REBASED_CHAIN_ID, createRebasedDemoChain } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { receiptCopy } from '../fixtures/localNodeBlocks';
import type { RebasedReceiptWire } from '../fixtures/wire';
import { activate, chainNode, label, setChains, setSetting, spyOutput, waitFor, withWarningAnswer } from './helpers';

const CHAIN = 'Live EVM';

describe('live feed: the Live view, notifications, reconnects, watches and blocks on the feed', function () {
  this.timeout(90_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let chain: ChainEntry;
  let live: LiveService;
  /** The Output channel from before the chain is configured (the Chains container may be visible already, and the feed open at once). */
  let out: ReturnType<typeof spyOutput>;
  let serial = 0x1000;

  /** The Vault receipts of the demo: a transfer that reverted with a custom error, and a deposit. */
  function vault(which: 'failed' | 'ok'): RebasedReceiptWire {
    const r = node.evm?.receipts[which === 'failed' ? 0 : 1];
    assert.ok(r, 'the node serves the EVM demo');
    return JSON.parse(JSON.stringify(r)) as RebasedReceiptWire;
  }

  function publish(receipt: RebasedReceiptWire): void {
    node.live.publish(node.live.receipt(DEMO_REBASED_CHAIN_ID, receipt));
  }

  /** Resolves with the view's newest entry of this request once the view lists it. */
  async function shown(requestId: string, after: number): Promise<FeedEntry> {
    let found: FeedEntry | undefined;
    const id = requestId.toLowerCase();
    const until = Date.now() + 15_000;
    while (!found) {
      found = (await live.view.getChildren()).find((e) => e.requestId === id && e.seq > after);
      if (found) break;
      if (Date.now() > until) throw new Error(`timed out waiting for ${requestId} in the Live view`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return found;
  }

  const lastSeq = async () => Math.max(0, ...(await live.view.getChildren()).map((e) => e.seq));
  const status = () => live.hub.connectionOf(chain)?.status();

  before(async () => {
    api = await activate();
    node = await startLocalNode({ generation: 'rebased', evm: true });
    out = spyOutput(api.services.log);
    // A Rebased entry without a chain ID: the feed subscribes to the chain the node runs.
    await setChains([{ name: CHAIN, nodeUrl: node.url }], { defaultChain: CHAIN });
    const entry = api.services.chains.get(CHAIN);
    assert.ok(entry);
    chain = entry;
    live = await api.live.service();
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
  });

  afterEach(async () => {
    node.setLatency(0);
    node.clearFaults();
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    out.restore();
    await setSetting('live.notifyFailures', false);
    await setSetting('blocks.followLatest', false);
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
    await setChains(undefined, { defaultChain: undefined });
    await node.close();
  });

  it('the Live view shows a receipt the node publishes, decoded and named, and opens its panel; the Output channel names the socket and its topics', async () => {
    try {
      await vscode.commands.executeCommand('waspChain.live.show');
      await waitFor(() => api.live.treeView.visible, 'the Live view to be visible');
      await waitFor(() => live.hub.isLive(chain), 'the feed to open and subscribe', 15_000);
      await waitFor(() => status()?.acknowledged.includes(`chains/${DEMO_REBASED_CHAIN_ID}`) === true, 'the node to acknowledge the chain topic');
      assert.deepEqual(status()?.needs, ['liveView']);

      const after = await lastSeq();
      const failed = vault('failed');
      publish(failed);
      const entry = await shown(failed.request.requestId, after);
      assert.equal(entry.failed, true);
      // The decoded revert comes with the receipts feature's explanation (the workspace's Vault ABI).
      let item = live.view.getTreeItem(entry);
      await waitFor(
        () => {
          item = live.view.getTreeItem(entry);
          return /InsufficientBalance/.test(label(item));
        },
        'the revert decoded in the label',
        15_000,
      );
      assert.match(label(item), /^Failed: InsufficientBalance\(available: 3, required: 5\)/);
      assert.ok(item.iconPath instanceof vscode.ThemeIcon && item.iconPath.id === 'error', 'failure first, as an icon');
      // The recipient is the Vault the workspace's records deployed on this chain (8822).
      assert.match(String(item.description), /→ Vault · Live EVM, block /);
      assert.deepEqual(item.command?.arguments, [{ requestId: failed.request.requestId.toLowerCase(), chainName: CHAIN }]);

      const lines = out.lines.join('\n');
      const ws = `${node.url.replace(/^http/, 'ws')}/v1/ws`;
      assert.ok(lines.includes(`live: opening ${ws}`), lines);
      assert.ok(lines.includes(`live: subscribe chains/${DEMO_REBASED_CHAIN_ID} (${ws})`), lines);
      assert.ok(lines.includes(`live: subscribe receipt (${ws})`), lines);
    } finally {
      out.restore();
    }

    const ok = vault('ok');
    const after = await lastSeq();
    publish(ok);
    const okEntry = await shown(ok.request.requestId, after);
    const okItem = live.view.getTreeItem(okEntry);
    assert.ok(okItem.iconPath instanceof vscode.ThemeIcon && okItem.iconPath.id === 'pass');
    assert.match(label(okItem), /^Succeeded: /);

    const cmd = okItem.command;
    assert.ok(cmd);
    const panel = await vscode.commands.executeCommand<{ identity: { requestId: string; chainName?: string } }>(cmd.command, ...(cmd.arguments ?? []));
    assert.equal(panel.identity.chainName, CHAIN);
    assert.equal(panel.identity.requestId.toLowerCase(), ok.request.requestId.toLowerCase());
  });

  it('filters by outcome and by contract, and pauses: what arrives meanwhile shows on resume', async () => {
    await vscode.commands.executeCommand('waspChain.live.filterOutcome', 'failure');
    try {
      const after = await lastSeq();
      const ok = vault('ok');
      const failed = vault('failed');
      publish(ok);
      publish(failed);
      await shown(failed.request.requestId, after);
      const listed = (await live.view.getChildren()).filter((e) => e.seq > after);
      assert.deepEqual(
        listed.map((e) => e.failed),
        [true],
        'only the failure',
      );
      assert.match(String(api.live.treeView.description), /failures/);

      await vscode.commands.executeCommand('waspChain.live.scope', { contracts: 'accounts' });
      assert.equal((await live.view.getChildren()).filter((e) => e.seq > after).length, 0, 'the Vault call is no accounts call');
      await vscode.commands.executeCommand('waspChain.live.scope', { contracts: '' });

      await vscode.commands.executeCommand('waspChain.live.pause');
      const paused = await lastSeq();
      publish(vault('failed'));
      await waitFor(() => live.view.received > 0 && /Paused: 1 new/.test(live.view.message() ?? ''), 'the paused view to count the new one');
      assert.equal(await lastSeq(), paused, 'a paused view does not change');
      await vscode.commands.executeCommand('waspChain.live.resume');
      assert.ok((await lastSeq()) > paused, 'resume shows it');
    } finally {
      await vscode.commands.executeCommand('waspChain.live.filterOutcome', 'all');
      await vscode.commands.executeCommand('waspChain.live.resume');
    }
  });

  it('a burst of failures touching a workspace contract is one notification with its count; other failures raise none', async () => {
    await setSetting('live.notifyFailures', true);
    const notices: FailureNotice[] = [];
    // The notification is awaited as the notifier's event, not polled for under a deadline of its
    // own: on a busy machine the grouping window's timer fires late, and only mocha's timeout applies.
    let noticed: (n: FailureNotice) => void = () => {};
    const first = new Promise<FailureNotice>((resolve) => (noticed = resolve));
    const sub = live.notifier.onDidNotify((n) => {
      notices.push(n);
      noticed(n);
    });
    try {
      const spied = await withWarningAnswer(
        () => undefined,
        async (asked) => {
          // A failure whose sender and recipient the workspace does not name (an ISC call).
          const other = createRebasedDemoChain().receipts[3];
          assert.ok(other?.rawError?.code, 'a failed ISC request');
          const burst = [1, 2, 3].map(() => vault('failed'));
          publish(other);
          for (const r of burst) publish(r);
          // The feed handles receipts in order: by the burst's notice the ISC failure was handled
          // too, and a notice counting all three leaves none of them for a second one.
          const notice = await first;
          assert.equal(notice.group.count, 3, notice.message);
          return asked.filter((a) => /touching your contracts/.test(a.message));
        },
      );
      assert.ok(spied, 'the warning could be observed in this host');
      assert.equal(notices.length, 1, notices.map((n) => n.message).join('\n'));
      assert.equal(notices[0]?.group.count, 3);
      // The decoded error leads, as everywhere a failure is named in one line.
      assert.equal(notices[0]?.group.latest.headline, 'InsufficientBalance(available: 3, required: 5)');
      assert.equal(notices[0]?.message, `3 requests touching your contracts failed on ${CHAIN}; the latest: InsufficientBalance(available: 3, required: 5)`);
      assert.equal(spied.result.length, 1);
      assert.deepEqual(spied.result[0]?.items, ['Open Receipt', 'Show Live View']);
    } finally {
      sub.dispose();
      await setSetting('live.notifyFailures', false);
    }
  });

  it('a dropped socket reconnects and resubscribes; meanwhile the view says it is disconnected', async () => {
    await waitFor(() => live.hub.isLive(chain), 'the feed to be open');
    const opens = status()?.opens ?? 0;
    node.live.drop();
    await waitFor(() => /Disconnected from|Reconnecting to/.test(String(api.live.treeView.message)), 'the view to say it is disconnected');
    assert.match(String(live.statusBar.item.text), /debug-disconnect/, 'the status bar says so too');
    await waitFor(() => (status()?.opens ?? 0) > opens && live.hub.isLive(chain), 'a new socket', 20_000);
    await waitFor(() => !/Disconnected|Reconnecting/.test(String(api.live.treeView.message ?? '')), 'the message to clear');
    // The node keeps nothing across sockets: the new one subscribed again.
    await waitFor(
      () => ['receipt', `chains/${DEMO_REBASED_CHAIN_ID}`].every((t) => status()?.acknowledged.includes(t)),
      `the new socket's subscriptions to be acknowledged: ${JSON.stringify(status())}`,
    );
    const after = await lastSeq();
    const r = vault('ok');
    publish(r);
    await shown(r.request.requestId, after);
  });

  it('a message over 1 MiB closes the socket, and the feed comes back after its backoff, subscribed again', async () => {
    const subscribed = () => ['receipt', `chains/${DEMO_REBASED_CHAIN_ID}`].every((t) => status()?.acknowledged.includes(t));
    await waitFor(() => live.hub.isLive(chain) && subscribed(), 'the feed to be open and subscribed', 20_000);
    const opens = status()?.opens ?? 0;
    const client = node.live.clients.at(-1);
    const after = await lastSeq();
    const big = vault('ok');
    big.request.params = [`0x${'00'.repeat(1 << 20)}`];
    publish(big);
    await waitFor(() => client?.closedWith !== undefined, 'the socket to close');
    // 1000: the extension's check closed it once the message was read (VS Code wraps the WebSocket
    // for its proxy support and gives it its own dispatcher); 1009: Node's WebSocket refused it
    // while reading, had the extension's dispatcher reached it.
    assert.ok([1000, 1009].includes(client?.closedWith ?? 0), String(client?.closedWith));
    assert.match(status()?.lastProblem ?? '', /the node sent a message over 1048576 bytes|closed by the node/);
    await waitFor(() => (status()?.opens ?? 0) > opens && live.hub.isLive(chain) && subscribed(), 'a new socket after the backoff', 20_000);
    assert.equal(await lastSeq(), after, 'the large receipt never reached the view');
  });

  it('a watched request ends from the receipt event while its long poll is still held up', async () => {
    const watches: WatchService = await api.watch.service();
    const template = createRebasedDemoChain().receipts[2];
    assert.ok(template);
    const pending = receiptCopy(template, serial++);
    const id = pending.request.requestId;
    const fromFeed = watches.fromFeed;
    const ended = new Promise<{ kind: string; answered: number }>((resolve) => {
      const sub = watches.set.onDidEnd((_info, end) => {
        sub.dispose();
        resolve({ kind: end.kind, answered: node.chainLog.answered.receipt });
      });
    });
    const answeredBefore = node.chainLog.answered.receipt;
    assert.ok(await vscode.commands.executeCommand('waspChain.watchRequest', { requestId: id, chainName: CHAIN }), 'the watch started');
    await waitFor(() => status()?.needs.includes('watch') === true, 'the watch to need the feed');
    // Every HTTP answer now waits 6 s: the long poll cannot answer before the event comes.
    node.setLatency(6_000);
    node.chainLog.processLater(pending, 1_000);
    const end = await ended;
    assert.equal(end.kind, 'arrived');
    assert.equal(watches.fromFeed, fromFeed + 1, 'the feed ended it');
    assert.equal(end.answered, answeredBefore, 'the long poll had not answered yet');
    node.setLatency(0);
    await waitFor(() => !(status()?.needs.includes('watch') ?? false), 'the watch to need the feed no more');
  });

  it('a followed Blocks list takes the new block from the feed without asking the node', async () => {
    await setSetting('blocks.followLatest', true);
    await vscode.commands.executeCommand('waspChain.chains.focus');
    await waitFor(() => api.chains.view.visible, 'the Chains view to be visible');
    api.chains.tree.getChildren();
    await api.chains.model.whenIdle();
    const blocks = api.chains.tree.getChildren(chainNode(api, CHAIN)).find((n): n is BlocksNode => n.kind === 'blocks');
    assert.ok(blocks);
    api.chains.tree.getChildren(blocks);
    await api.chains.blocks.whenIdle();
    await waitFor(() => status()?.needs.includes('followLatest') === true && live.hub.isLive(chain), 'following to need the feed');
    const top = () => api.chains.tree.getChildren(blocks).map((n) => label(api.chains.tree.getTreeItem(n)))[0];
    const before = top();
    node.clearRequests();
    const index = node.chainLog.addBlock([]);
    await waitFor(() => top() === `#${index.toLocaleString('en-US')}`, `block ${index} on top (was ${before})`);
    assert.deepEqual(
      node.requests.filter((r) => r.path.includes('/blocks')).map((r) => r.path),
      [],
      'no block was asked for',
    );
    assert.match(String(live.statusBar.item.text), new RegExp(`#${index.toLocaleString('en-US')}`), 'the status bar shows the latest block');
    await setSetting('blocks.followLatest', false);
  });
});
