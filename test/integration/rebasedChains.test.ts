// Rebased (Wasp 2.x) chains in a real extension host, against local nodes of both generations:
// the tree of a Rebased chain, a Stardust entry whose node now runs Rebased (and its rewrite), a
// Rebased entry for another chain, a mixed workspace, and the chain info panel on a Rebased chain.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import type { ChainsTreeNode } from '../../src/chains/tree';
import { DEMO_CHAINS, DEMO_REBASED_BLOCKS, DEMO_REBASED_CHAIN_ID, DEMO_REBASED_REQUESTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, chainNode, config, hoversAt, setChains, waitFor } from './helpers';

const ADMIN_GENESIS = '0x1932648664faca246571d72b5b9960552faede4185545c5d3f9ba2c665fb0009';
const ADMIN_NOW = '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417';

async function loaded(a: ExtensionApi): Promise<void> {
  a.chains.tree.getChildren();
  await a.chains.model.whenIdle();
}

function item(a: ExtensionApi, name: string): vscode.TreeItem {
  return a.chains.tree.getTreeItem(chainNode(a, name));
}

function tooltip(i: vscode.TreeItem): string {
  const t = i.tooltip;
  return (typeof t === 'string' ? t : (t?.value ?? '')).replace(/&nbsp;/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

function children(a: ExtensionApi, node: ChainsTreeNode): Array<{ node: ChainsTreeNode; item: vscode.TreeItem }> {
  return a.chains.tree.getChildren(node).map((n) => ({ node: n, item: a.chains.tree.getTreeItem(n) }));
}

/** Requests a node got for a path (below its prefix). */
function hits(node: LocalNode, path: string): number {
  return node.requests.filter((r) => r.path.endsWith(path)).length;
}

describe('Rebased chains', function () {
  this.timeout(30_000);
  let a: ExtensionApi;
  let rebased: LocalNode;
  let stardust: LocalNode;

  before(async () => {
    a = await activate();
    rebased = await startLocalNode({ generation: 'rebased', pathPrefix: '/wasp/api' });
    stardust = await startLocalNode();
  });

  afterEach(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await waitFor(() => a.services.chains.all().length === 0, 'the settings to be empty');
    await a.chains.model.whenIdle();
    for (const n of [rebased, stardust]) {
      n.clearRequests();
      n.clearFaults();
    }
    rebased.setGeneration('rebased');
    stardust.setGeneration('stardust');
  });

  after(async () => {
    await Promise.all([rebased, stardust].map((n) => n?.close()));
  });

  it('shows a Rebased chain (no chainId in settings) with Admin, fees in words, limits, metadata, public URL; generation and version in the tooltip', async () => {
    await setChains([{ name: 'Rebased', nodeUrl: rebased.url }]);
    await loaded(a);
    const i = item(a, 'Rebased');
    assert.equal(i.contextValue, 'chain.ok', tooltip(i));
    assert.match(String(i.description), /^0xc81c59d3…4b2e05 · User$/);
    assert.match(tooltip(i), /Generation:\*\* Rebased \(Wasp 2\.x\), node version 2\.0\.2/);
    assert.ok(tooltip(i).includes(`${DEMO_REBASED_CHAIN_ID} (the node's chain)`));
    const node = chainNode(a, 'Rebased');
    const rows = children(a, node);
    assert.deepEqual(
      rows.map((r) => r.item.label),
      ['Admin', 'Gas fee policy', 'Gas limits', 'Public metadata', 'Public URL', 'Blocks', 'Accounts'],
    );
    assert.equal(rows[0]?.item.description, ADMIN_NOW);
    assert.equal(rows[1]?.item.description, '1 gas = 10 base tokens');
    const meta = Object.fromEntries(children(a, rows[3]!.node).map((c) => [c.item.label, String(c.item.description)]));
    assert.equal(meta['Name'], 'Example EVM');
    assert.equal(meta['EVM JSON-RPC URL'], 'https://wasp.example.net/v1/chain/evm', 'filled in from publicURL by /v1/chain');
    assert.equal(rows[4]?.item.description, 'https://wasp.example.net/v1/chain');
    assert.equal(await vscode.commands.executeCommand('waspChain.copyChainId', 'Rebased'), DEMO_REBASED_CHAIN_ID, "copies the node's chain");
    assert.equal(hits(rebased, '/v1/node/version'), 1, 'one detection request');
    assert.equal(hits(rebased, '/v1/chains'), 0, 'no Stardust route is asked');
  });

  it("a node whose version does not tell (a dev build): the probe's /v1/chain answer is the chain's data, not asked twice", async () => {
    const dev = await startLocalNode({ generation: 'rebased', version: 'v0.0.0-testing' });
    try {
      await setChains([{ name: 'Dev', nodeUrl: dev.url }]);
      await loaded(a);
      assert.equal(item(a, 'Dev').contextValue, 'chain.ok');
      assert.equal(hits(dev, '/v1/node/version'), 1);
      assert.equal(hits(dev, '/v1/chain'), 1, 'one /v1/chain request on the first load');
    } finally {
      await dev.close();
    }
  });

  it("a receipt from a node that runs another chain than the entry names is not shown as that entry's", async () => {
    const other = `0x${'12'.repeat(32)}`;
    await setChains([{ name: 'Elsewhere', nodeUrl: rebased.url, chainId: other }]);
    const content = `const id = '${DEMO_REBASED_REQUESTS.onLedger}';\n`;
    const [h] = await hoversAt(content, DEMO_REBASED_REQUESTS.onLedger);
    assert.ok(h, 'a hover');
    assert.doesNotMatch(h.plain, /Request (succeeded|failed)/, h.plain);
    assert.ok(h.plain.includes(DEMO_REBASED_CHAIN_ID.slice(0, 10)), `names the chain the node runs: ${h.plain}`);
    // With the node's own chain in the entry, the same ID shows its receipt.
    await setChains([{ name: 'Here', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID }]);
    const [ok] = await hoversAt(content, DEMO_REBASED_REQUESTS.onLedger);
    assert.match(ok?.plain ?? '', /Request succeeded/);
  });

  it('detects each node once per window; Refresh asks again', async () => {
    await setChains([
      { name: 'R1', nodeUrl: rebased.url },
      { name: 'R2', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID },
    ]);
    await loaded(a);
    await setChains([
      { name: 'R1', nodeUrl: rebased.url },
      { name: 'R2', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID },
      { name: 'R3', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID.toUpperCase().replace('0X', '0x') },
    ]);
    await loaded(a);
    assert.equal(hits(rebased, '/v1/node/version'), 0, 'cached from the earlier test: no request at all');
    await vscode.commands.executeCommand('waspChain.refresh');
    assert.equal(hits(rebased, '/v1/node/version'), 1, 'one request for three chains of one node');
    assert.equal(item(a, 'R3').contextValue, 'chain.ok');
  });

  it("a Stardust chain ID on a node that now runs Rebased: the migrated state, and Use the Node's Chain rewrites the entry in its scope", async () => {
    rebased.setGeneration('stardust');
    await setChains([{ name: 'Old IOTA EVM', nodeUrl: rebased.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await vscode.commands.executeCommand('waspChain.refresh');
    assert.equal(item(a, 'Old IOTA EVM').contextValue, 'chain.ok', 'the node still runs Stardust');
    // The node is upgraded: its v1 route answers the unknown-route 404, which makes the extension detect again.
    rebased.setGeneration('rebased');
    await a.chains.model.refresh('Old IOTA EVM');
    let i = item(a, 'Old IOTA EVM');
    assert.equal(i.contextValue, 'chain.migrated', tooltip(i));
    assert.ok(
      tooltip(i).includes(`This node runs the Rebased generation and chain ${DEMO_REBASED_CHAIN_ID}; the Stardust chain ID no longer applies.`),
      tooltip(i),
    );
    assert.equal(i.command?.command, 'waspChain.useNodeChain');

    const written = await vscode.commands.executeCommand<string>('waspChain.useNodeChain', 'Old IOTA EVM', true);
    assert.equal(written, DEMO_REBASED_CHAIN_ID);
    const inspect = config().inspect<Array<Record<string, unknown>>>('chains');
    assert.deepEqual(inspect?.globalValue, [{ name: 'Old IOTA EVM', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID }], 'rewritten in user settings');
    assert.equal(inspect?.workspaceValue, undefined, 'no other scope was written');
    await loaded(a);
    i = item(a, 'Old IOTA EVM');
    assert.equal(i.contextValue, 'chain.ok', tooltip(i));
  });

  it('the rewrite keeps a workspace entry in workspace settings', async () => {
    await setChains([{ name: 'WS', nodeUrl: rebased.url, chainId: DEMO_CHAINS.shimmerEvm }], { target: vscode.ConfigurationTarget.Workspace });
    await loaded(a);
    assert.equal(item(a, 'WS').contextValue, 'chain.migrated');
    assert.equal(await vscode.commands.executeCommand('waspChain.useNodeChain', 'WS', true), DEMO_REBASED_CHAIN_ID);
    const inspect = config().inspect<unknown[]>('chains');
    assert.deepEqual(inspect?.workspaceValue, [{ name: 'WS', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID }]);
    assert.equal(inspect?.globalValue, undefined);
  });

  it('Add Chain accepts a Rebased entry without a chain ID (written without the key) or with a 0x chain ID', async () => {
    assert.equal(await vscode.commands.executeCommand('waspChain.addChain', { name: 'Added R', nodeUrl: rebased.url, target: 'user', probe: true }), 'Added R');
    assert.equal(
      await vscode.commands.executeCommand('waspChain.addChain', {
        name: 'Added R2',
        nodeUrl: rebased.url,
        chainId: DEMO_REBASED_CHAIN_ID.toUpperCase().replace('0X', '0x'),
      }),
      'Added R2',
    );
    assert.deepEqual(config().inspect('chains')?.globalValue, [
      { name: 'Added R', nodeUrl: rebased.url },
      { name: 'Added R2', nodeUrl: rebased.url, chainId: DEMO_REBASED_CHAIN_ID },
    ]);
    assert.equal(item(a, 'Added R').contextValue, 'chain.ok');
    assert.equal(await vscode.commands.executeCommand('waspChain.addChain', { name: 'Bad', nodeUrl: rebased.url, chainId: `0x${'ab'.repeat(34)}` }), undefined);
  });

  it('a Rebased entry for another chain says which chain the node runs', async () => {
    const other = `0x${'ab'.repeat(32)}`;
    await setChains([{ name: 'Other', nodeUrl: rebased.url, chainId: other }]);
    await loaded(a);
    const i = item(a, 'Other');
    assert.equal(i.contextValue, 'chain.otherChain', tooltip(i));
    assert.ok(tooltip(i).includes(`This node runs chain ${DEMO_REBASED_CHAIN_ID}, not ${other}`), tooltip(i));
  });

  it('a mixed workspace: a Stardust and a Rebased chain side by side, each asked on its own routes', async () => {
    await setChains([
      { name: 'IOTA (Stardust)', nodeUrl: stardust.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Example (Rebased)', nodeUrl: rebased.url },
    ]);
    await vscode.commands.executeCommand('waspChain.refresh');
    assert.equal(item(a, 'IOTA (Stardust)').contextValue, 'chain.ok');
    assert.equal(item(a, 'Example (Rebased)').contextValue, 'chain.ok');
    assert.match(tooltip(item(a, 'IOTA (Stardust)')), /Stardust \(Wasp 1\.x\), node version 1\.0\.3/);
    assert.deepEqual(children(a, chainNode(a, 'IOTA (Stardust)')).map((c) => c.item.label)[0], 'Owner');
    assert.equal(stardust.requests.filter((r) => r.path.includes('/v1/chain/')).length, 0);
    assert.equal(rebased.requests.filter((r) => r.path.includes('/v1/chains')).length, 0);
  });

  it('a Rebased entry on a Stardust node, and a server that is not a Wasp node, say so', async () => {
    stardust.inject({ route: 'version', fault: { type: 'html' } });
    stardust.inject({ route: /^\/v1\/chain$/, fault: { type: 'html' } });
    await setChains([{ name: 'Proxy', nodeUrl: stardust.url }]);
    await vscode.commands.executeCommand('waspChain.refresh');
    let i = item(a, 'Proxy');
    assert.equal(i.contextValue, 'chain.nodeError');
    assert.match(String(i.description), /^not a Wasp node \(it answered an HTML page \(HTTP \d+\)\)/);
    assert.match(tooltip(i), /does not answer as a Wasp node.*It answered: \/v1\/node\/version: .*HTML page/s);
    stardust.clearFaults();
    await vscode.commands.executeCommand('waspChain.refresh');
    i = item(a, 'Proxy');
    assert.match(String(i.description), /^node runs Stardust/);
  });

  it('Show Chain Info on a Rebased chain: every field, at a block, and the comparison of two blocks', async () => {
    await setChains([{ name: 'Rebased', nodeUrl: rebased.url }]);
    const panel = await vscode.commands.executeCommand<ChainInfoPanel>('waspChain.showChainInfo', {
      chainName: 'Rebased',
      block: DEMO_REBASED_BLOCKS.metadata.blockIndex,
      compareWith: 'latest',
    });
    assert.ok(panel);
    const r = await panel.waitForRender((x) => x.text.includes('Admin') && x.text.includes('field'));
    const rows = panel.state.view?.sections.flatMap((s) => s.rows) ?? [];
    const byField = Object.fromEntries(rows.map((x) => [x.field, x.value]));
    assert.equal(byField['chainID'], DEMO_REBASED_CHAIN_ID);
    assert.equal(byField['owner'], ADMIN_GENESIS);
    assert.equal(byField['evmChainId'], '8822');
    assert.equal(byField['isActive'], 'yes');
    assert.equal(byField['metadata.name'], 'Example EVM');
    assert.ok(r.text.includes('Admin'), r.text);
    assert.deepEqual(
      panel.state.compare?.comparison?.rows.map((x) => [x.label, x.before, x.after]),
      [['Admin', ADMIN_GENESIS, ADMIN_NOW]],
    );
    assert.ok(rebased.requests.some((q) => q.url.endsWith(`/v1/chain/core/governance/chaininfo?block=${DEMO_REBASED_BLOCKS.metadata.blockIndex}`)));
    panel.panel.dispose();
  });
});
