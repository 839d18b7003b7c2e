// The Blocks child of a chain in the Chains tree, in a real extension host against the local
// node: the latest block and the 19 before it, "Load more" for the next 20, each block's
// figures, a block's receipts from one request, a receipt opening its panel, Refresh, and
// nothing asked before the list is opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BlocksNode, BlocksTreeNode } from '../../src/chains/blockNodes';
import type { ChainsTreeNode } from '../../src/chains/tree';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { receiptCopy } from '../fixtures/localNodeBlocks';
import { activate, chainNode, label, setChains } from './helpers';

describe('Blocks in the Chains tree', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let rebased: LocalNode;

  const kids = (n: ChainsTreeNode) => api.chains.tree.getChildren(n);
  const labels = (nodes: ChainsTreeNode[]) => nodes.map((n) => label(api.chains.tree.getTreeItem(n)));

  async function blocksOf(chainName: string): Promise<BlocksNode> {
    api.chains.tree.getChildren();
    await api.chains.model.whenIdle();
    const blocks = kids(chainNode(api, chainName)).find((n): n is BlocksNode => n.kind === 'blocks');
    assert.ok(blocks, 'the chain has a Blocks child');
    return blocks;
  }

  async function opened(n: ChainsTreeNode): Promise<ChainsTreeNode[]> {
    kids(n);
    await api.chains.blocks.whenIdle();
    return kids(n);
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    rebased = await startLocalNode({ generation: 'rebased' });
    // The latest block of the Stardust chain holds three requests, the middle one failed.
    const chain = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm);
    const ok = chain?.receipts[0];
    const failed = chain?.receipts.find((r) => r.errorMessage);
    assert.ok(ok && failed);
    node.chainLog.addBlock([receiptCopy(ok, 1, true), receiptCopy(failed, 2, true), receiptCopy(ok, 3, true)], DEMO_CHAINS.iotaEvm);
  });

  beforeEach(async () => {
    await setChains([
      { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Rebased', nodeUrl: rebased.url },
    ]);
    api.chains.blocks.refresh();
  });

  after(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await setChains(undefined);
    await node.close();
    await rebased.close();
  });

  it('lists the latest 20 blocks with their figures, then 20 more; nothing is asked before the list opens', async () => {
    node.clearRequests();
    const blocks = await blocksOf('IOTA EVM');
    assert.equal(node.requests.filter((r) => r.path.includes('/blocks')).length, 0, 'no block request before the list is opened');
    const first = await opened(blocks);
    const latest = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm)?.latestBlockIndex ?? -1;
    const shown = labels(first);
    assert.equal(shown.length, 21, shown.join(', '));
    assert.equal(shown[0], `Block ${latest.toLocaleString('en-US')}`);
    assert.equal(shown[20], 'Load more');
    assert.equal(node.requests.filter((r) => r.path.includes('/blocks/')).length, 20, 'one request per block');
    const top = api.chains.tree.getTreeItem(first[0]!);
    assert.match(String(top.description), /3 requests · 1 failed · gas [\d,]+ · fees [\d,]+/);

    const more = first[20] as BlocksTreeNode;
    assert.equal(more.kind, 'blockMessage');
    const cmd = api.chains.tree.getTreeItem(more).command;
    assert.ok(cmd);
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    const second = await opened(blocks);
    assert.equal(second.length, 41);
    assert.equal(labels(second)[39], `Block ${(latest - 39).toLocaleString('en-US')}`);
  });

  it("expands a block's receipts with one request, and a receipt opens its panel", async () => {
    const blocks = await blocksOf('IOTA EVM');
    const list = await opened(blocks);
    node.clearRequests();
    const receipts = await opened(list[0]!);
    assert.equal(receipts.length, 3);
    assert.deepEqual(
      node.requests.map((r) => r.path.replace(/^.*\/blocklog\//, '')),
      [`blocks/${node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm)?.latestBlockIndex}/receipts`],
    );
    const items = receipts.map((r) => api.chains.tree.getTreeItem(r));
    assert.match(String(items[1]?.description), /^#1 · failed: /);
    assert.match(String(items[0]?.description), /^#0 · succeeded/);
    const cmd = items[0]?.command;
    assert.equal(cmd?.command, 'waspChain.showReceipt');
    const requestId = (cmd.arguments?.[0] as { requestId: string }).requestId;
    node.chainLog.setRequestEvents(requestId, [{ contractID: 0x07cb02c1, topic: 'evm.transfer', timestamp: 1_735_689_610_123_456_789n, payload: '0xc0ffee' }]);
    const panel = await vscode.commands.executeCommand<ReceiptPanel>(cmd.command, ...(cmd.arguments ?? []));
    // The receipt, then its block and events (one request each) with the link to the chain info at that block.
    const shown = await panel.waitForRender((r) => /Request succeeded/.test(r.text) && /Events \(1\)/.test(r.text));
    assert.equal(panel.identity.chainName, 'IOTA EVM');
    assert.match(shown.text, /evm\.transfer/);
    assert.match(shown.text, /0xc0ffee/);
    assert.match(shown.text, /contract 0x07cb02c1 · 2025-01-01T00:00:10\.123456789Z/);
    assert.match(shown.text, /3 \(\d+ off-ledger\), 1 failed/);
    assert.match(shown.text, /Chain Info at This Block/);
  });

  it('lists the blocks of a Rebased chain too, and Refresh reads them again', async () => {
    const blocks = await blocksOf('Rebased');
    const first = await opened(blocks);
    assert.equal(first.length, 21);
    rebased.clearRequests();
    const latest = rebased.rebasedChain?.latestBlockIndex ?? 0;
    rebased.chainLog.addBlock([]);
    await vscode.commands.executeCommand('waspChain.refreshBlocks', blocks);
    const again = await opened(blocks);
    assert.equal(labels(again)[0], `Block ${(latest + 1).toLocaleString('en-US')}`);
    assert.ok(rebased.requests.some((r) => r.path.endsWith('/v1/chain/core/blocklog/blocks/latest')));

    // Following (waspChain.blocks.followLatest, while the view is visible): one step adds the new blocks on top.
    rebased.chainLog.addBlock([]);
    rebased.chainLog.addBlock([]);
    rebased.clearRequests();
    await (await api.chains.blocks.lists()).follow();
    const followed = labels(kids(blocks));
    assert.equal(followed[0], `Block ${(latest + 3).toLocaleString('en-US')}`);
    assert.equal(followed[2], `Block ${(latest + 1).toLocaleString('en-US')}`);
    assert.equal(rebased.requests.length, 2, 'the latest block, then only the one in between');
  });
});
