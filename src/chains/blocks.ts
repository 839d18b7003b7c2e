// The Blocks child of each loaded chain in the Chains tree, as far as activation needs it: the
// node types, the Blocks line itself, and a stand-in that loads the lists (blocksList.ts) when
// the first Blocks node opens. Until then no block is asked for and no list code is loaded.
import * as vscode from 'vscode';
import { formatBigInt } from '../core/format';
import { message, type BlockNode, type BlocksNode, type BlocksTreeNode } from './blockNodes';
import type { ChainParent } from './treeSlots';
import type { BlocksFeed } from '../transactions/feeds';
import type { BlocksDeps, BlocksList } from './blocksList';
import { filterName, type BlockFilter } from './model/blockFilter';

export class BlocksModel implements vscode.Disposable {
  private list: BlocksList | undefined;
  private loading: Promise<BlocksList> | undefined;
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when a list changed (the tree redraws). */
  readonly onDidChange = this.emitter.event;
  private visible = false;
  private feed: BlocksFeed | undefined;
  /** The filter of each chain's list (by lower-case chain name); absent: all blocks. */
  private readonly filters = new Map<string, BlockFilter>();

  constructor(private readonly deps: BlocksDeps) {}

  /** The lists, loading their code on first use. */
  lists(): Promise<BlocksList> {
    return (this.loading ??= import('./blocksList.js').then((m) => {
      const list = new m.BlocksList(this.deps, () => this.emitter.fire());
      list.setVisible(this.visible);
      list.setFeed(this.feed);
      this.list = list;
      this.emitter.fire();
      return list;
    }));
  }

  node(parent: ChainParent): BlocksNode {
    return { kind: 'blocks', id: `${parent.id}/blocks`, chainName: parent.chainName, parent };
  }

  children(node: BlocksNode | BlockNode): BlocksTreeNode[] {
    const list = this.list;
    if (list) return node.kind === 'blocks' ? list.children(node, this.filter(node.chainName)) : list.receipts(node);
    // Once the code is there, the list starts reading at once (not only at the next redraw).
    void this.lists().then((l) => (node.kind === 'blocks' ? l.children(node, this.filter(node.chainName)) : l.receipts(node)));
    return [message(node, 'loading', vscode.l10n.t('Loading blocks…'), 'loading~spin')];
  }

  item(node: BlocksTreeNode): vscode.TreeItem {
    if (node.kind === 'blocks') {
      const item = new vscode.TreeItem(vscode.l10n.t('Blocks'), vscode.TreeItemCollapsibleState.Collapsed);
      item.id = node.id;
      item.iconPath = new vscode.ThemeIcon('layers');
      const latest = this.list?.latestIndex(node.chainName);
      const filter = this.filter(node.chainName);
      const parts = [
        ...(latest !== undefined ? [vscode.l10n.t('latest {0}', formatBigInt(BigInt(latest)))] : []),
        ...(filter !== 'all' ? [vscode.l10n.t('only {0}', filterName(filter, vscode.l10n))] : []),
      ];
      if (parts.length > 0) item.description = parts.join(' · ');
      // Screen readers hear the line, not the tooltip VS Code would read otherwise.
      item.accessibilityInformation = { label: [vscode.l10n.t('Blocks'), ...parts].join(', ') };
      // The menus offer the filter with a filled icon while one is on.
      item.contextValue = filter === 'all' ? 'chainBlocks' : 'chainBlocks.filtered';
      item.tooltip = vscode.l10n.t('The latest blocks of this chain, 20 at a time');
      return item;
    }
    // Nodes below a Blocks line exist only once the lists loaded (the loading line aside).
    if (this.list) return this.list.item(node);
    const item = new vscode.TreeItem(node.kind === 'blockMessage' ? node.text : node.id);
    item.id = node.id;
    if (node.kind === 'blockMessage') item.iconPath = new vscode.ThemeIcon(node.icon);
    return item;
  }

  filter(chainName: string): BlockFilter {
    return this.filters.get(chainName.toLowerCase()) ?? 'all';
  }

  /** Shows only the blocks that pass the filter (the loaded ones: nothing is asked of the node). */
  setFilter(chainName: string, filter: BlockFilter): void {
    if (filter === 'all') this.filters.delete(chainName.toLowerCase());
    else this.filters.set(chainName.toLowerCase(), filter);
    this.emitter.fire();
  }

  /** "Go to block…": the node of that block (read with one request unless loaded). */
  async goTo(node: BlocksNode, index: number): Promise<BlockNode | undefined> {
    return (await this.lists()).goTo(node, index);
  }

  /** Refresh: forget what was read for the chain (or all); the lists read again when shown. */
  refresh(chainName?: string): void {
    this.list?.refresh(chainName);
  }

  async loadMore(chainName: string): Promise<void> {
    await (await this.lists()).loadMore(chainName, this.filter(chainName));
  }

  /** The Chains view was shown or hidden: following runs only while it is visible. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.list?.setVisible(visible);
  }

  /** Following the latest block takes blocks from the nodes' live feeds while they are open. */
  setFeed(feed: BlocksFeed): void {
    this.feed = feed;
    this.list?.setFeed(feed);
  }

  /** Requests sent for blocks (tests and the benchmark read it). */
  get requests(): number {
    return this.list?.requests ?? 0;
  }

  /** Resolves once nothing is loading (tests). */
  async whenIdle(): Promise<void> {
    if (this.loading) await this.loading;
    await this.list?.whenIdle();
  }

  dispose(): void {
    this.list?.dispose();
    this.emitter.dispose();
  }
}
