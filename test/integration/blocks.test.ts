// The Blocks child of a chain in the Chains tree, in a real extension host against the local
// node: the latest block and the 19 before it, "Load more" for the next 20, each block's
// figures, a block's receipts from one request (a revert named by its reason), a receipt opening
// its panel, Refresh, nothing asked before the list is opened; the filter, "Go to block…" and the
// menus of block and receipt rows.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BlockNode, BlocksNode, BlocksTreeNode } from '../../src/chains/blockNodes';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import { EXTENSION_ID } from '../../src/constants';
import type { ChainsTreeNode } from '../../src/chains/tree';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_EVM_REVERT_REASON, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { receiptCopy } from '../fixtures/localNodeBlocks';
import { activate, chainNode, label, setChains, waitFor, withOpenExternalSpy } from './helpers';

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
    // The latest block of the Stardust chain holds four requests: the second failed, the fourth reverted.
    const chain = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm);
    const ok = chain?.receipts[0];
    const failed = chain?.receipts.find((r) => r.errorMessage);
    const reverted = chain?.receipts.find((r) => r.request.requestId === DEMO_RECEIPTS.evmRevert.requestId);
    assert.ok(ok && failed && reverted);
    node.chainLog.addBlock(
      [receiptCopy(ok, 1, true), receiptCopy(failed, 2, true), receiptCopy(ok, 3, true), receiptCopy(reverted, 4, true)],
      DEMO_CHAINS.iotaEvm,
    );
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
    assert.equal(shown[0], `#${latest.toLocaleString('en-US')}`);
    assert.equal(shown[20], 'Load more');
    assert.equal(node.requests.filter((r) => r.path.includes('/blocks/')).length, 20, 'one request per block');
    const top = api.chains.tree.getTreeItem(first[0]!);
    assert.match(String(top.description), /^4 req · 2 failed · (just now|\d+ (min|h|d) ago)$/);
    assert.match(String(top.tooltip), /Gas burned: [\d,]+\nFees charged: [\d,]+ base tokens?$/);
    assert.match(String(top.tooltip), /Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(/);

    const more = first[20] as BlocksTreeNode;
    assert.equal(more.kind, 'blockMessage');
    const cmd = api.chains.tree.getTreeItem(more).command;
    assert.ok(cmd);
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    const second = await opened(blocks);
    assert.equal(second.length, 41);
    assert.equal(labels(second)[39], `#${(latest - 39).toLocaleString('en-US')}`);
  });

  it("expands a block's receipts with one request, and a receipt opens its panel", async () => {
    const blocks = await blocksOf('IOTA EVM');
    const list = await opened(blocks);
    node.clearRequests();
    const receipts = await opened(list[0]!);
    assert.equal(receipts.length, 4);
    assert.deepEqual(
      node.requests.map((r) => r.path.replace(/^.*\/blocklog\//, '')),
      [`blocks/${node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm)?.latestBlockIndex}/receipts`],
    );
    const items = receipts.map((r) => api.chains.tree.getTreeItem(r));
    assert.match(String(items[1]?.description), /^#1 · 0x5a5a5a…0000 · gas /);
    assert.match(label(items[0]!), /^evm\./);
    // A revert reads as its reason, in the row and its tooltip; the revert data's hex is not there.
    assert.equal(label(items[3]!), `Reverted: ${DEMO_EVM_REVERT_REASON}`);
    assert.match(String(items[3]?.tooltip), new RegExp(`Failed: Reverted: ${DEMO_EVM_REVERT_REASON}`));
    for (const i of items) assert.doesNotMatch(`${label(i)} ${String(i.description)} ${String(i.tooltip)}`, /08c379a0/i);
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
    // The event's time in the editor's locale with its age; its exact UTC is the row's tooltip.
    assert.match(shown.text, /contract evm \(07cb02c1\) · [^\n]*2025[^\n]*\(\d[\d,]* d ago\)/);
    assert.match(shown.text, /4 \(\d+ off-ledger\), 2 failed/);
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
    assert.equal(labels(again)[0], `#${(latest + 1).toLocaleString('en-US')}`);
    assert.ok(rebased.requests.some((r) => r.path.endsWith('/v1/chain/core/blocklog/blocks/latest')));

    // Following (waspChain.blocks.followLatest, while the view is visible): one step adds the new blocks on top.
    rebased.chainLog.addBlock([]);
    rebased.chainLog.addBlock([]);
    rebased.clearRequests();
    await (await api.chains.blocks.lists()).follow();
    const followed = labels(kids(blocks));
    assert.equal(followed[0], `#${(latest + 3).toLocaleString('en-US')}`);
    assert.equal(followed[2], `#${(latest + 1).toLocaleString('en-US')}`);
    assert.equal(rebased.requests.length, 2, 'the latest block, then only the one in between');
  });

  type MenuEntry = { command: string; when?: string; group?: string };
  const manifest = () => vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { menus: Record<string, MenuEntry[]> } };

  /** The commands the Chains view's item menus offer for a contextValue (the `viewItem ==` and `=~` clauses evaluated). */
  function menuOf(contextValue: string | undefined): string[] {
    const offered = manifest().contributes.menus['view/item/context']!.filter((e) => {
      const when = e.when ?? '';
      if (!when.includes('view == waspChain.chains')) return false;
      const eq = /viewItem == ([^\s&]+)/.exec(when);
      const re = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
      const ne = /viewItem != ([^\s&]+)/.exec(when);
      if (ne && ne[1] === contextValue) return false;
      if (eq) return eq[1] === contextValue;
      if (re) return new RegExp(re[1]!).test(contextValue ?? '');
      return false;
    });
    return [...new Set(offered.map((e) => e.command))].sort();
  }

  it('filters the loaded blocks (with requests, with failures) without asking the node, and says so on the Blocks line', async () => {
    const blocks = await blocksOf('IOTA EVM');
    const all = (await opened(blocks)).filter((n): n is BlockNode => n.kind === 'block');
    node.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.filterBlocks', blocks, 'withFailures'), 'withFailures');
    const failing = kids(blocks).filter((n): n is BlockNode => n.kind === 'block');
    assert.ok(failing.length >= 1 && failing.length < all.length, `${failing.length} of ${all.length}`);
    assert.ok(failing.every((b) => b.block.totalRequests > b.block.numSuccessfulRequests));
    const line = api.chains.tree.getTreeItem(blocks);
    assert.equal(line.contextValue, 'chainBlocks.filtered');
    assert.match(String(line.description), /only blocks with failed requests/);
    assert.ok(menuOf(line.contextValue).includes('waspChain.filterBlocksOn'));
    assert.ok(!menuOf(line.contextValue).includes('waspChain.filterBlocks'));

    await vscode.commands.executeCommand('waspChain.filterBlocks', blocks, 'withRequests');
    const withRequests = kids(blocks).filter((n): n is BlockNode => n.kind === 'block');
    assert.deepEqual(
      withRequests.map((b) => b.block.blockIndex),
      all.filter((b) => b.block.totalRequests > 0).map((b) => b.block.blockIndex),
    );
    assert.equal(labels(kids(blocks)).at(-1), 'Load more', 'older blocks can still be read');

    await vscode.commands.executeCommand('waspChain.filterBlocksOn', blocks, 'all');
    assert.equal(kids(blocks).filter((n) => n.kind === 'block').length, all.length);
    assert.equal(api.chains.tree.getTreeItem(blocks).contextValue, 'chainBlocks');
    assert.equal(node.requests.length, 0, 'filtering asks the node nothing');
  });

  it('"Go to block…" reads only that block, lists it first and selects it; a bad index asks nothing', async () => {
    const blocks = await blocksOf('IOTA EVM');
    await opened(blocks);
    const latest = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm)?.latestBlockIndex ?? -1;
    node.clearRequests();
    for (const bad of ['abc', String(latest + 1), '-3']) assert.equal(await vscode.commands.executeCommand('waspChain.goToBlock', blocks, bad), undefined, bad);
    assert.equal(node.requests.length, 0);

    const target = latest - 30;
    const found = await vscode.commands.executeCommand<BlockNode>('waspChain.goToBlock', blocks, `#${target.toLocaleString('en-US')}`);
    assert.equal(found?.block.blockIndex, target);
    assert.deepEqual(
      node.requests.map((r) => r.path.replace(/^.*\/blocklog\//, '')),
      [`blocks/${target}`],
    );
    assert.equal(labels(kids(blocks))[0], `#${target.toLocaleString('en-US')}`);
    // The selection comes back from the workbench after reveal resolves.
    await waitFor(() => api.chains.view.selection[0]?.id === found?.id, 'the block is selected');

    node.clearRequests();
    const loaded = await vscode.commands.executeCommand<BlockNode>('waspChain.goToBlock', blocks, latest - 1);
    assert.equal(loaded?.block.blockIndex, latest - 1);
    assert.equal(node.requests.length, 0, 'a loaded block is not read again');
  });

  it("a block's menu copies its index, opens the chain info at it or compared with the latest, and the explorer when the chain has one", async () => {
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm, explorerUrl: 'https://explorer.example/' }]);
    api.chains.blocks.refresh();
    const blocks = await blocksOf('IOTA EVM');
    const block = (await opened(blocks))[1] as BlockNode;
    const item = api.chains.tree.getTreeItem(block);
    assert.equal(item.contextValue, 'chainBlock.explorer');
    assert.deepEqual(menuOf(item.contextValue), [
      'waspChain.compareBlockWithLatest',
      'waspChain.copyBlockIndex',
      'waspChain.openBlockInExplorer',
      'waspChain.showBlockChainInfo',
    ]);
    const index = block.block.blockIndex;

    assert.equal(await vscode.commands.executeCommand('waspChain.copyBlockIndex', block), String(index));
    assert.equal(await vscode.env.clipboard.readText(), String(index));

    const opened2 = await withOpenExternalSpy(async () => vscode.commands.executeCommand<boolean>('waspChain.openBlockInExplorer', block));
    if (opened2) assert.deepEqual(opened2.calls, [`https://explorer.example/block/${index}`]);

    const info = await vscode.commands.executeCommand<ChainInfoPanel>('waspChain.showBlockChainInfo', block);
    assert.equal(info, api.chainInfo.find('IOTA EVM', index));
    const compared = await vscode.commands.executeCommand<ChainInfoPanel>('waspChain.compareBlockWithLatest', block);
    const r = await compared.waitForRender((x) => /Latest state/.test(x.text));
    assert.ok(r.text.includes(`Block ${index}`));
    for (const p of api.chainInfo.panels()) p.dispose();

    // Without an explorer URL the menu leaves Open in Explorer out.
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }]);
    api.chains.blocks.refresh();
    const plain = (await opened(await blocksOf('IOTA EVM')))[1] as BlockNode;
    assert.equal(api.chains.tree.getTreeItem(plain).contextValue, 'chainBlock');
    assert.ok(!menuOf('chainBlock').includes('waspChain.openBlockInExplorer'));
  });

  it("a receipt row's menu opens it, copies its request ID, and offers the explorer for an EVM request", async () => {
    const blocks = await blocksOf('IOTA EVM');
    const receipts = await opened((await opened(blocks))[0]!);
    const evm = receipts[0]!;
    assert.equal(evm.kind, 'blockReceipt');
    const item = api.chains.tree.getTreeItem(evm);
    assert.equal(item.contextValue, 'receipt.evm');
    assert.deepEqual(menuOf(item.contextValue), ['waspChain.copyRequestId', 'waspChain.openInExplorer', 'waspChain.showReceipt']);
    const isc = receipts.map((r) => api.chains.tree.getTreeItem(r)).find((i) => i.contextValue === 'receipt');
    assert.ok(isc, 'a request without an EVM transaction');
    assert.deepEqual(menuOf('receipt'), ['waspChain.copyRequestId', 'waspChain.showReceipt']);

    await vscode.commands.executeCommand('waspChain.copyRequestId', evm);
    assert.equal(await vscode.env.clipboard.readText(), evm.kind === 'blockReceipt' ? evm.requestId : '');
  });

  it("an EVM receipt row of a chain that can serve a replay (Rebased) offers Debug Transaction beside the explorer; a Wasp 1 chain's does not", async () => {
    const template = rebased.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template, 'the Rebased demo chain has an EVM request');
    rebased.chainLog.addBlock([structuredClone(template)]);
    api.chains.blocks.refresh();
    const [latest] = (await opened(await blocksOf('Rebased'))).filter((n): n is BlockNode => n.kind === 'block');
    assert.ok(latest && latest.block.totalRequests === 1, 'the block just added, first');
    const evm = (await opened(latest)).find((r) => r.kind === 'blockReceipt' && r.row.isEvm);
    assert.ok(evm, 'its EVM request');
    const item = api.chains.tree.getTreeItem(evm);
    assert.equal(item.contextValue, 'receipt.evm.debug');
    assert.deepEqual(menuOf(item.contextValue), ['waspChain.copyRequestId', 'waspChain.debugTransaction', 'waspChain.openInExplorer', 'waspChain.showReceipt']);
    assert.ok(!menuOf('receipt.evm').includes('waspChain.debugTransaction'));
  });

  it('with "with requests" on, a load reads on until a block has requests (at most 200 blocks, progress shown), and Load more says how far it looked', async () => {
    const chain = rebased.rebasedChain;
    assert.ok(chain);
    const withRequests = () => Math.max(...chain.receipts.map((r) => r.blockIndex));
    const blockReads = () => rebased.requests.filter((r) => /\/blocks\/\d+$/.test(r.path)).length;
    // 45 empty blocks on top: the first page of a load holds no block with requests.
    for (let i = 0; i < 45; i++) rebased.chainLog.addBlock([]);
    const blocks = await blocksOf('Rebased');
    await vscode.commands.executeCommand('waspChain.filterBlocks', blocks, 'withRequests');
    rebased.clearRequests();
    api.chains.blocks.refresh();
    const seen: string[] = [];
    const listening = api.chains.tree.onDidChangeTreeData(() => seen.push(...labels(kids(blocks))));
    const found = (await opened(blocks)).filter((n): n is BlockNode => n.kind === 'block');
    assert.equal(found[0]?.block.blockIndex, withRequests(), 'the newest block with requests, below the empty ones');
    const pages = Math.ceil((chain.latestBlockIndex - withRequests() + 1) / 20);
    assert.ok(pages >= 3 && pages <= 10, String(pages));
    assert.equal(blockReads(), pages * 20 - 1, 'page after page down to it, the latest block read first');
    assert.ok(
      seen.some((l) => /^Looking for blocks with requests: \d+ of up to 200 blocks read, down to #[\d,]+…$/.test(l)),
      seen.join(' | '),
    );

    // 250 more: a load stops after 200 blocks and says where it looked; Load more goes on below.
    for (let i = 0; i < 250; i++) rebased.chainLog.addBlock([]);
    rebased.clearRequests();
    api.chains.blocks.refresh();
    const bounded = await opened(blocks);
    listening.dispose();
    const top = chain.latestBlockIndex;
    const fmt = (n: number) => n.toLocaleString('en-US');
    assert.equal(blockReads(), 199);
    assert.deepEqual(labels(bounded), [`no block with requests in #${fmt(top)}–#${fmt(top - 199)}: Load more`]);
    const cmd = api.chains.tree.getTreeItem(bounded[0]!).command;
    assert.ok(cmd);
    await vscode.commands.executeCommand(cmd.command, ...(cmd.arguments ?? []));
    const more = (await opened(blocks)).filter((n): n is BlockNode => n.kind === 'block');
    assert.equal(more[0]?.block.blockIndex, withRequests());
    await vscode.commands.executeCommand('waspChain.filterBlocksOn', blocks, 'all');
  });

  it("a Rebased chain's block rows offer Open in Explorer when the node's EVM chain ID has a known explorer", async () => {
    const list = await blocksOf('Rebased');
    await vscode.commands.executeCommand('waspChain.filterBlocksOn', list, 'all');
    api.chains.blocks.refresh();
    const [block] = (await opened(await blocksOf('Rebased'))).filter((n): n is BlockNode => n.kind === 'block');
    assert.ok(block);
    const item = api.chains.tree.getTreeItem(block);
    assert.equal(item.contextValue, 'chainBlock.explorer');
    assert.ok(menuOf(item.contextValue).includes('waspChain.openBlockInExplorer'));
    const opened2 = await withOpenExternalSpy(async () => vscode.commands.executeCommand<boolean>('waspChain.openBlockInExplorer', block));
    if (opened2) assert.deepEqual(opened2.calls, [`https://explorer.evm.iota.org/block/${block.block.blockIndex}`]);
  });

  it('the commands used only from menus are hidden from the Command Palette', () => {
    const hidden = new Set(
      manifest()
        .contributes.menus.commandPalette!.filter((e) => e.when === 'false')
        .map((e) => e.command),
    );
    for (const c of [
      'waspChain.filterBlocks',
      'waspChain.filterBlocksOn',
      'waspChain.goToBlock',
      'waspChain.copyBlockIndex',
      'waspChain.showBlockChainInfo',
      'waspChain.compareBlockWithLatest',
      'waspChain.openBlockInExplorer',
      'waspChain.copyRequestId',
      'waspChain.openInExplorer',
    ])
      assert.ok(hidden.has(c), c);
  });
});
