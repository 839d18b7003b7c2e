// A hostile node against the limits of the real extension: answers too big, endless or never
// coming, broken or mistyped bodies, a flood of hovers, settings pushed out of bounds, and a node
// URL with credentials. For each: a clear error on the surface that asked, bounded time and
// memory (waspChain.request.* applied live, without a reload), the editor responsive meanwhile.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { DEFAULT_HOVER_WAIT_MS, MAX_DETACHED_LOOKUPS } from '../../src/receipts/hover';
import { DEFAULT_LOOKUP_CAPACITY } from '../../src/transactions/model/receiptLookup';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { NOTIFICATION_LINK } from '../unit/hostile/corpus';
import { activate, chainNode, config, oneHover, resetSettings, setChains, setSetting, spyOutput, waitFor, withErrorMessageSpy } from './helpers';

const IOTA = DEMO_CHAINS.iotaEvm;
const KNOWN = DEMO_RECEIPTS.evmSuccess.requestId;
const MiB = 1024 * 1024;

function idOf(n: number): string {
  return `0x${(n + 1).toString(16).padStart(64, 'a')}0000`;
}

describe('hostile node: limits, time and responsiveness', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let fine: LocalNode;

  const requests = (n: LocalNode, route: string) => n.requests.filter((r) => r.route === route);
  const description = (name: string) => String(api.chains.tree.getTreeItem(chainNode(api, name)).description);

  async function loadTree(name = 'Hostile'): Promise<void> {
    await api.chains.model.refresh(name);
    await api.chains.model.whenIdle();
  }

  async function chainInfoText(parts: string[]): Promise<string> {
    const panel = await vscode.commands.executeCommand<ChainInfoPanel | undefined>('waspChain.showChainInfo', 'Hostile');
    assert.ok(panel);
    const r = await panel
      .waitForRender((x) => parts.every((p) => x.text.includes(p)))
      .catch((e: unknown) => {
        throw new Error(`${String(e)}\nmissing: ${JSON.stringify(parts.filter((p) => !panel.lastRendered?.text.includes(p)))}`);
      });
    return r.text;
  }

  async function receiptText(parts: string[]): Promise<string> {
    const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', { requestId: KNOWN, chainName: 'Hostile' });
    assert.ok(panel);
    const r = await panel
      .waitForRender((x) => parts.every((p) => x.text.includes(p)))
      .catch((e: unknown) => {
        throw new Error(`${String(e)}\nmissing: ${JSON.stringify(parts.filter((p) => !panel.lastRendered?.text.includes(p)))}`);
      });
    return r.text;
  }

  function receiptBody(mutate: (r: Record<string, unknown> & { request: Record<string, unknown> }) => void): unknown {
    const r = JSON.parse(JSON.stringify(node.chains.find((c) => c.chainId === IOTA)?.receipts.find((x) => x.request.requestId === KNOWN))) as Record<
      string,
      unknown
    > & { request: Record<string, unknown> };
    mutate(r);
    return r;
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    fine = await startLocalNode();
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    api.receipts.hover.waitMs = 15_000;
    await setChains([
      { name: 'Hostile', nodeUrl: node.url, chainId: IOTA },
      { name: 'Fine', nodeUrl: fine.url, chainId: DEMO_CHAINS.shimmerEvm },
    ]);
    await config().update('defaultChain', 'Hostile', vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.chains.lookupOrder()[0]?.name === 'Hostile', 'the default chain');
    await api.chains.model.whenIdle();
    for (const n of [node, fine]) n.clearRequests();
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    for (const p of api.chainInfo.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const key of ['request.timeoutMs', 'request.maxResponseBytes', 'request.maxConcurrent']) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    }
    for (const n of [node, fine]) {
      n.clearFaults();
      n.clearRequests();
      n.setLatency(0);
    }
    // Whatever a test left going (a hanging request) ends before the next one counts requests.
    await waitFor(() => api.receipts.service.cache.pending === 0, 'lookups to settle', 20_000);
    await api.chains.model.whenIdle();
  });

  after(async () => {
    api.receipts.hover.waitMs = DEFAULT_HOVER_WAIT_MS;
    await resetSettings();
    await Promise.all([node, fine].map((n) => n.close()));
  });

  it('a 50 MB answer is refused at waspChain.request.maxResponseBytes on every surface, and a change of the setting applies at once', async () => {
    // The default (8 MiB) refuses 50 MB, with and without a declared length.
    node.inject({ route: 'receipt', fault: { type: 'huge', bytes: 50 * MiB } });
    node.inject({ route: 'chaininfo', times: 2, fault: { type: 'huge', bytes: 50 * MiB, contentLength: true } });
    const h = await oneHover(`x ${KNOWN}`, KNOWN);
    assert.match(h.plain, /Hostile: Answer too large: The node's answer exceeded 8388608 bytes/);
    await loadTree();
    assert.match(description('Hostile'), /^(★ )?answer too large/);
    const text = await chainInfoText(['Answer too large', 'waspChain.request.maxResponseBytes']);
    assert.match(text, /exceeded 8388608 bytes/);
    // 1 MiB passes under the default, fails at 64 KiB, passes again: no reload in between.
    node.clearFaults();
    node.inject({ route: 'chaininfo', fault: { type: 'huge', bytes: MiB } });
    await loadTree();
    assert.match(description('Hostile'), /^(★ )?iota1/, 'read at the default limit');
    await setSetting('request.maxResponseBytes', 65_536);
    await loadTree();
    assert.match(description('Hostile'), /^(★ )?answer too large/, 'refused at once at the new limit');
    await config().update('request.maxResponseBytes', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.clients.setting('request.maxResponseBytes') === 8 * MiB, 'the default again');
    await loadTree();
    assert.match(description('Hostile'), /^(★ )?iota1/, 'read again');
  });

  it('a body that never ends is cut at the size limit; the hover says so', async () => {
    await setSetting('request.maxResponseBytes', 65_536);
    node.inject({ route: 'receipt', fault: { type: 'endless' } });
    const h = await oneHover(`x ${KNOWN}`, KNOWN);
    assert.match(h.plain, /Hostile: Answer too large: The node's answer exceeded 65536 bytes/);
  });

  it('a node that never answers: a clear timeout (waspChain.request.timeoutMs, applied live) while the editor and other chains stay responsive', async () => {
    await setSetting('request.timeoutMs', 1000);
    node.inject({ route: 'receipt', fault: { type: 'hang' } });
    node.inject({ route: 'chaininfo', fault: { type: 'hang' } });
    const hover = oneHover(`x ${KNOWN}`, KNOWN);
    const tree = loadTree('Hostile');
    // Meanwhile: commands complete, another chain loads, a hover elsewhere answers.
    await vscode.commands.executeCommand('waspChain.refresh', 'Fine');
    assert.match(description('Fine'), /^smr1/, 'the other chain loaded while the hostile one hangs');
    assert.equal(await vscode.commands.executeCommand('waspChain.copyRequestId', 'not an id'), undefined);
    const none = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      (await vscode.workspace.openTextDocument({ content: 'no id here' })).uri,
      new vscode.Position(0, 2),
    );
    assert.ok(Array.isArray(none));
    const h = await hover;
    assert.match(h.plain, /Hostile: the node did not answer within 1 s\./);
    await tree;
    assert.match(description('Hostile'), /^(★ )?no answer \(timeout\)/);
    const text = await chainInfoText(['Timed out', 'did not answer within 1000 ms', 'waspChain.request.timeoutMs']);
    assert.ok(text.length > 0);
  });

  it('truncated JSON, wrong types, numbers above 2^64 and negative amounts: "Invalid response" naming the field, on each surface', async () => {
    node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: receiptBody((r) => (r.gasBurned = '18446744073709551616')) } });
    const h = await oneHover(`x ${KNOWN}`, KNOWN);
    assert.match(h.plain, /Hostile: Invalid response: field "gasBurned": expected a value at most 2\^64-1/);
    api.receipts.service.cache.invalidate();
    node.inject({
      route: 'receipt',
      times: 1,
      fault: { type: 'body', json: receiptBody((r) => (r.request.fungibleTokens = { baseTokens: '-1', nativeTokens: [], nfts: [] })) },
    });
    await receiptText(['Invalid response', 'request.fungibleTokens.baseTokens']);
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'truncated' } });
    await loadTree();
    assert.match(description('Hostile'), /^(★ )?invalid answer/);
    node.inject({
      route: 'chaininfo',
      times: 1,
      fault: {
        type: 'status',
        status: 200,
        body: '{"chainID":"x","chainOwnerId":"-","gasFeePolicy":{"evmGasRatio":{"a":1,"b":1},"gasPerToken":{"a":1,"b":1},"validatorFeeShare":0},"gasLimits":{"maxGasPerBlock":18446744073709551616,"minGasPerRequest":1,"maxGasPerRequest":1,"maxGasExternalViewCall":1},"publicURL":"","metadata":null}',
      },
    });
    await loadTree();
    const tooltip = (api.chains.tree.getTreeItem(chainNode(api, 'Hostile')).tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1');
    assert.match(tooltip, /field "gasLimits\.maxGasPerBlock"/);
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'body', json: { chainID: IOTA, chainOwnerId: 7 } } });
    await chainInfoText(['Invalid response', 'chainOwnerId']);
  });

  it('a flood of 1,000 hovers in a few seconds stays within waspChain.request.maxConcurrent, keeps its maps bounded, and a command completes meanwhile', async () => {
    await setSetting('request.maxConcurrent', 3);
    await waitFor(() => api.services.clients.setting('request.maxConcurrent') === 3, 'the new limit');
    node.setLatency(40);
    const ids = Array.from({ length: 1000 }, (_, i) => idOf(i));
    const doc = await vscode.workspace.openTextDocument({ content: ids.map((id) => `tx ${id}`).join('\n'), language: 'log' });
    const lookup = api.receipts.service.cache;
    const peak = { pending: 0, queued: 0, running: 0, detached: 0 };
    const sample = () => {
      peak.pending = Math.max(peak.pending, lookup.pending);
      peak.queued = Math.max(peak.queued, api.services.clients.load.pending);
      peak.running = Math.max(peak.running, api.services.clients.load.running);
      peak.detached = Math.max(peak.detached, api.receipts.hover.detachedCount);
    };
    // As the editor does it: each new hover cancels the one before.
    let previous: vscode.CancellationTokenSource | undefined;
    let commandDone = false;
    const started = lookup.fetchCount;
    const hovers: Array<Thenable<vscode.Hover | undefined>> = [];
    for (let i = 0; i < ids.length; i++) {
      previous?.cancel();
      const source = new vscode.CancellationTokenSource();
      previous = source;
      hovers.push(api.receipts.hover.provideHover(doc, new vscode.Position(i, 10), source.token));
      if (i === 500) void vscode.commands.executeCommand('waspChain.refresh', 'Fine').then(() => (commandDone = true));
      sample();
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    await waitFor(() => commandDone, 'a command to complete during the flood');
    previous?.cancel();
    await Promise.all(hovers);
    sample();
    assert.ok(lookup.fetchCount - started >= 1000, `every hover started its lookup (${lookup.fetchCount - started})`);
    assert.ok(node.maxConcurrent <= 3, `at most 3 requests open at the node (saw ${node.maxConcurrent})`);
    assert.ok(peak.running <= 3, `the limiter ran ${peak.running}`);
    assert.ok(peak.pending <= 3, `cancelled hovers leave nothing in flight behind them (peak ${peak.pending})`);
    assert.ok(peak.queued <= 3, `nor in the queue (peak ${peak.queued})`);
    // Only a hover still alive when the next one came a few ms later could have been sent.
    assert.ok(requests(node, 'receipt').length < 200, `cancelled hovers sent nothing (${requests(node, 'receipt').length} requests for 1,000 hovers)`);

    // Hovers nobody cancels (the loading line shows, the lookup goes on): only a few stay alive.
    api.receipts.hover.waitMs = 50;
    node.setLatency(1_000);
    // Sampled in the extension: the node counts a request the extension gave up on as open until
    // its socket closes, a moment after the slot went to the next one.
    peak.running = 0;
    const sampler = setInterval(sample, 5);
    let slow: Array<vscode.Hover | undefined>;
    try {
      slow = await Promise.all(
        ids.slice(0, 60).map((_, i) => api.receipts.hover.provideHover(doc, new vscode.Position(i, 10), new vscode.CancellationTokenSource().token)),
      );
    } finally {
      clearInterval(sampler);
    }
    assert.ok(
      slow.every((h) => h !== undefined),
      'each showed its loading line',
    );
    sample();
    assert.ok(peak.running <= 3, `at most 3 requests running (saw ${peak.running})`);
    assert.ok(api.receipts.hover.detachedCount <= MAX_DETACHED_LOOKUPS, `lookups going on without a hover: ${api.receipts.hover.detachedCount}`);
    assert.ok(lookup.pending <= MAX_DETACHED_LOOKUPS, `in flight: ${lookup.pending}`);
    assert.ok(api.services.clients.load.pending <= MAX_DETACHED_LOOKUPS, `queued: ${api.services.clients.load.pending}`);
    node.setLatency(0);
    await waitFor(() => lookup.pending === 0, 'the last lookups to end', 20_000);
    assert.ok(lookup.cacheSize <= DEFAULT_LOOKUP_CAPACITY, `cache bounded: ${lookup.cacheSize}`);
  });

  it('limits from settings are clamped to their bounds: a workspace cannot switch the defence off', async () => {
    const W = vscode.ConfigurationTarget.Workspace;
    await setSetting('request.maxResponseBytes', 1e12, W);
    await setSetting('request.timeoutMs', 0, W);
    await setSetting('request.maxConcurrent', 0.5, W);
    await waitFor(() => api.services.clients.setting('request.maxConcurrent') === 1, 'the clamped limit');
    assert.equal(api.services.clients.setting('request.maxResponseBytes'), 268_435_456);
    assert.equal(api.services.clients.setting('request.timeoutMs'), 1000);
    node.setLatency(30);
    fine.setLatency(30);
    let running = 0;
    const sampler = setInterval(() => (running = Math.max(running, api.services.clients.load.running)), 5);
    try {
      await Promise.all([loadTree('Hostile'), vscode.commands.executeCommand('waspChain.refresh', 'Fine'), oneHover(`x ${KNOWN}`, KNOWN)]);
    } finally {
      clearInterval(sampler);
    }
    assert.ok(running <= 1 && node.maxConcurrent <= 1 && fine.maxConcurrent <= 1, `one request at a time (saw ${running})`);
    await setSetting('request.maxConcurrent', 1000, W);
    await waitFor(() => api.services.clients.setting('request.maxConcurrent') === 256, 'the upper bound');
  });

  it('a node URL with a user name and password: invalid in the tree without them, never logged, never asked', async () => {
    const output = spyOutput(api.services.log);
    const creds = await startLocalNode();
    try {
      const url = `http://alice:s3cret-pw@127.0.0.1:${creds.port}`;
      await setChains([
        { name: 'Hostile', nodeUrl: node.url, chainId: IOTA },
        { name: 'Creds', nodeUrl: url, chainId: IOTA },
      ]);
      await waitFor(() => api.chains.problems.lastMessage?.includes('Creds') === true, 'the problem report');
      const item = api.chains.tree.getTreeItem(chainNode(api, 'Creds'));
      assert.equal(item.contextValue, 'chain.invalid');
      const tooltip = (item.tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1');
      assert.match(tooltip, /must not carry a user name or password/);
      const shown = [
        String(item.description),
        tooltip,
        api.chains.problems.lastMessage ?? '',
        api.chains.statusBar.item.text,
        String(api.chains.statusBar.item.tooltip instanceof vscode.MarkdownString ? api.chains.statusBar.item.tooltip.value : ''),
      ];
      for (const s of shown) assert.doesNotMatch(s, /alice|s3cret/, s);
      // Everything that could ask a node: none asks that one.
      await vscode.commands.executeCommand('waspChain.refresh');
      await oneHover(`x ${KNOWN}`, KNOWN);
      await vscode.commands.executeCommand('waspChain.showChainInfo', 'Creds');
      const refused = await withErrorMessageSpy(async () =>
        vscode.commands.executeCommand('waspChain.addChain', {
          name: 'Creds2',
          nodeUrl: `https://bob:hunter2@127.0.0.1:${creds.port}`,
          chainId: IOTA,
          target: 'user',
        }),
      );
      assert.ok(refused, 'the showErrorMessage spy is installed (else this test could not tell)');
      assert.equal(refused.result, undefined, 'Add Chain refuses it');
      // Any failure returns undefined: the message says it was the credentials, and never repeats them.
      assert.equal(refused.messages.length, 1, JSON.stringify(refused.messages));
      assert.match(refused.messages[0] ?? '', /not added: The node URL must not carry a user name or password/);
      assert.doesNotMatch(refused.messages[0] ?? '', /bob|hunter2/);
      await api.chains.model.whenIdle();
      assert.equal(creds.requests.length, 0, 'no request to the node behind the credentials');
      const logged = output.lines.join('\n');
      assert.match(logged, /Creds/, 'the problem was logged');
      assert.doesNotMatch(logged, /alice|s3cret|bob|hunter2/, 'but never the credentials');
      assert.doesNotMatch(JSON.stringify(config().inspect('chains')?.globalValue), /hunter2/, 'nor stored');
      NOTIFICATION_LINK.lastIndex = 0;
      assert.equal(NOTIFICATION_LINK.test(api.chains.problems.lastMessage ?? ''), false);
    } finally {
      output.restore();
      await creds.close();
    }
  });
});
