// The Blocks lists of the Chains tree (loaded when the first one opens; blocks.ts is the part
// loaded at activation): the latest block and the ones before it, 20 at a time ("Load more"), and
// with a filter on, page after page until one passes it (at most 200 blocks a load); each
// block with its time, requests, failed requests, gas burned and fees; a block expanded lists its
// receipts from ONE block-receipts request, each opening the receipt panel. Nothing polls unless
// the user turns on waspChain.blocks.followLatest, and then only while the Chains view is visible
// and only for the lists that were opened. Node text is plain text here (one line, invisible
// characters revealed).
import type { KnownIds } from '../core/knownIds';
import * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { ChainEntry } from '../config/model/chainConfig';
import { nodeChainAbilities } from '../config/model/chainAbilities';
import { Commands, Settings } from '../constants';
import { plainLine } from '../core/text';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { BlocksFeed } from '../transactions/feeds';
import { errorSummary } from '../ui/errors';
import { explorerBase } from '../transactions/model/explorer';
import { followedBlocks, hasMore, mergeBlocks, newerBlocks, nextLoadPage, SCAN_LIMIT, scanned, type LoadScan } from './model/blockPaging';
import { blockMatches, filterName, type BlockFilter } from './model/blockFilter';
import { blockReceiptRow, loadingText, loadMoreText, type BlockReceiptRow } from './model/blockRows';
import { blockItem, blockMessageItem, blockReceiptItem } from './blockItems';
import { message, type BlockMessageNode, type BlockNode, type BlockReceiptNode, type BlocksNode, type BlocksTreeNode } from './blockNodes';

type Load<T> = { status: 'loading' } | { status: 'ok'; value: T } | { status: 'error'; error: unknown };

interface ChainBlocks {
  /** The entry the blocks were read with: a changed entry starts over. */
  chain: ChainEntry;
  blocks: BlockInfo[];
  /** The block "Go to block…" read, when it is not among the loaded ones: shown first. */
  goneTo?: BlockInfo;
  latest?: number;
  load?: Load<void>;
  receipts: Map<number, Load<BlockReceiptRow[]>>;
  /** What the last load read, for the filter it was made with. */
  scan?: { filter: BlockFilter; value?: LoadScan };
  /** Its explorer is known (the entry's, or the default of the EVM chain ID its node told). */
  explorer?: boolean;
}

/** How often a followed list asks for the latest block (ms). */
export const FOLLOW_INTERVAL_MS = 10_000;

/** What the Blocks lists read: the chains (a changed entry starts over, its explorer), their node APIs, the log. */
export interface BlocksDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'onDidChange'>;
  readonly clients: Pick<NodeClients, 'apiFor'>;
  readonly log: Pick<vscode.LogOutputChannel, 'warn'>;
  /** The requests a block lists came from its node: the hover may look them up anywhere. */
  readonly known: Pick<KnownIds, 'shown'>;
}

/**
 * The nodes' live feeds as following the latest block uses them: while lists are followed, their
 * nodes' feeds are open, a `new_block` event adds its block without asking, and a chain whose
 * feed is open is not asked for its latest block (the timer still asks the others).
 */

export class BlocksList implements vscode.Disposable {
  private readonly states = new Map<string, ChainBlocks>();
  private readonly emitter: { fire(): void };
  private readonly subscriptions: vscode.Disposable[] = [];
  private followTimer: ReturnType<typeof setInterval> | undefined;
  private visible = false;
  private feed: BlocksFeed | undefined;
  private feedSubscription: vscode.Disposable | undefined;
  /** Requests sent for blocks (tests and the benchmark read it). */
  requests = 0;

  constructor(
    private readonly deps: BlocksDeps,
    changed: () => void,
  ) {
    this.emitter = { fire: changed };
    this.subscriptions.push(
      // A chain changed or removed: what was read for it no longer applies.
      deps.chains.onDidChange(() => {
        for (const [key, st] of this.states) {
          const now = deps.chains.get(st.chain.name);
          if (!now || now.nodeUrl !== st.chain.nodeUrl || now.chainId !== st.chain.chainId) this.states.delete(key);
        }
        this.emitter.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${Settings.section}.${Settings.blocksFollowLatest}`)) this.updateFollow();
      }),
    );
  }

  /** The Chains view was shown or hidden: following runs only while it is visible. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.updateFollow();
  }

  /** Blocks come from the nodes' live feeds while they are open. */
  setFeed(feed: BlocksFeed | undefined): void {
    this.feedSubscription?.dispose();
    this.feed = feed;
    this.feedSubscription = feed?.onBlock((chain, block) => this.arrived(chain, block));
    this.updateFollow();
  }

  /** A block from a feed: a followed, loaded list gets it without a request (and the blocks it skipped, if a drop lost some). */
  private arrived(chain: ChainEntry, block: BlockInfo): void {
    if (!this.followTimer) return;
    const st = this.states.get(chain.name.toLowerCase());
    if (!st || st.load?.status !== 'ok' || st.chain.nodeUrl !== chain.nodeUrl || st.chain.chainId !== chain.chainId) return;
    const highest = st.blocks[0]?.blockIndex;
    if (highest !== undefined && block.blockIndex <= highest) return;
    st.blocks = followedBlocks(st.blocks, [block]);
    st.latest = Math.max(block.blockIndex, st.latest ?? 0);
    const kept = new Set(st.blocks.map((b) => b.blockIndex));
    for (const index of st.receipts.keys()) if (!kept.has(index)) st.receipts.delete(index);
    this.emitter.fire();
    if (highest !== undefined && block.blockIndex > highest + 1) void this.fillGap(st, highest, block.blockIndex);
  }

  /** The blocks between two a feed told of (a drop lost their events): read once each. */
  private async fillGap(st: ChainBlocks, from: number, to: number): Promise<void> {
    const wanted = newerBlocks(to - 1, [from]);
    try {
      const api = this.deps.clients.apiFor(st.chain);
      this.requests += wanted.length;
      const added = await Promise.all(wanted.map((i) => api.blockInfo(i)));
      if (this.states.get(st.chain.name.toLowerCase()) !== st) return;
      st.blocks = followedBlocks(st.blocks, added);
      this.emitter.fire();
    } catch (e) {
      this.deps.log.warn(`reading the blocks the feed skipped on ${st.chain.name}: ${errorSummary(e)}`);
    }
  }

  /** The Blocks list (the blocks that pass the filter): starts the first page when nothing was read yet. */
  children(node: BlocksNode, filter: BlockFilter = 'all'): BlocksTreeNode[] {
    const st = this.stateOf(node.chainName);
    if (!st) return [];
    const more = hasMore(st.blocks.map((b) => b.blockIndex));
    // A filter turned on over loaded blocks none of which passes it: one load looks further.
    if (!st.load || (st.load.status === 'ok' && more && st.scan?.filter !== filter && !st.blocks.some((b) => blockMatches(b, filter))))
      void this.loadPage(node.chainName, filter);
    const blockNode = (block: BlockInfo, key: string): BlockNode => ({
      kind: 'block',
      id: `${node.id}/${key}`,
      chainName: node.chainName,
      parent: node,
      block,
    });
    const shown = st.blocks.filter((b) => blockMatches(b, filter));
    const out: BlocksTreeNode[] = [
      ...(st.goneTo ? [blockNode(st.goneTo, `goto/${st.goneTo.blockIndex}`)] : []),
      ...shown.map((b) => blockNode(b, String(b.blockIndex))),
    ];
    const load = st.load ?? { status: 'loading' };
    const scan = st.scan?.filter === filter ? st.scan.value : undefined;
    if (load.status === 'loading') out.push(message(node, 'loading', loadingText(filter, scan, SCAN_LIMIT, vscode.l10n), 'loading~spin'));
    else if (load.status === 'error') out.push(errorMessage(node, load.error, { command: Commands.refreshBlocks, title: '', arguments: [node.chainName] }));
    else {
      const moreText = loadMoreText(filter, scan, vscode.l10n);
      // The "Load more" row says how far the load looked; else a line says none of the loaded passes.
      const looked = more && filter !== 'all' && scan !== undefined && scan.scanned > 0 && scan.matched === 0;
      if (shown.length === 0 && st.blocks.length > 0 && !looked) out.push(message(node, 'none', noneShown(st.blocks.length, filter), 'filter'));
      if (more) {
        out.push(
          message(node, 'more', moreText, 'ellipsis', {
            command: Commands.loadMoreBlocks,
            title: vscode.l10n.t('Load more'),
            arguments: [node.chainName],
          }),
        );
      }
    }
    return out;
  }

  /**
   * "Go to block…": the node of that block, read with one request unless it is loaded already
   * (then none); it is listed first until the list is refreshed.
   */
  async goTo(node: BlocksNode, index: number): Promise<BlockNode | undefined> {
    const st = this.stateOf(node.chainName);
    if (!st) return undefined;
    const loaded = st.blocks.find((b) => b.blockIndex === index);
    if (loaded) return { kind: 'block', id: `${node.id}/${index}`, chainName: node.chainName, parent: node, block: loaded };
    this.requests++;
    const block = await this.deps.clients.apiFor(st.chain).blockInfo(index);
    if (this.states.get(st.chain.name.toLowerCase()) !== st) return undefined;
    st.goneTo = block;
    this.emitter.fire();
    return { kind: 'block', id: `${node.id}/goto/${index}`, chainName: node.chainName, parent: node, block };
  }

  /** A block's receipts: one request for the whole block, the first time it is expanded. */
  receipts(node: BlockNode): BlocksTreeNode[] {
    const st = this.stateOf(node.chainName);
    if (!st) return [];
    const index = node.block.blockIndex;
    const load = st.receipts.get(index);
    if (!load) {
      void this.loadReceipts(node.chainName, index);
      return [message(node, 'loading', vscode.l10n.t('Loading receipts…'), 'loading~spin')];
    }
    if (load.status === 'loading') return [message(node, 'loading', vscode.l10n.t('Loading receipts…'), 'loading~spin')];
    if (load.status === 'error') return [errorMessage(node, load.error)];
    if (load.value.length === 0) return [message(node, 'empty', vscode.l10n.t('No receipts in this block'), 'info')];
    const replays = nodeChainAbilities(st.chain).replays;
    return load.value.map((row) => ({
      kind: 'blockReceipt',
      id: `${node.id}/${row.requestId}`,
      chainName: node.chainName,
      requestId: row.requestId,
      parent: node,
      row,
      debuggable: row.isEvm && replays,
    }));
  }

  /** Refresh: forget what was read for the chain (or all) and read the first page again when shown. */
  refresh(chainName?: string): void {
    if (chainName === undefined) this.states.clear();
    else this.states.delete(chainName.toLowerCase());
    this.emitter.fire();
  }

  /** "Load more": the next 20 blocks below the loaded ones, or with a filter on, until one passes it. */
  async loadMore(chainName: string, filter: BlockFilter = 'all'): Promise<void> {
    await this.loadPage(chainName, filter);
  }

  /** The item of a node this list made. */
  item(node: BlockNode | BlockReceiptNode | BlockMessageNode): vscode.TreeItem {
    if (node.kind === 'block') return blockItem(node, Date.now(), this.states.get(node.chainName.toLowerCase())?.explorer === true);
    return node.kind === 'blockReceipt' ? blockReceiptItem(node) : blockMessageItem(node);
  }

  latestIndex(chainName: string): number | undefined {
    return this.states.get(chainName.toLowerCase())?.latest;
  }

  /** Resolves once nothing is loading (tests). */
  async whenIdle(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const busy = [...this.states.values()].some((s) => s.load?.status === 'loading' || [...s.receipts.values()].some((r) => r.status === 'loading'));
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  dispose(): void {
    if (this.followTimer) clearInterval(this.followTimer);
    this.feed?.following([]);
    this.feedSubscription?.dispose();
    for (const d of this.subscriptions) d.dispose();
  }

  private stateOf(chainName: string): ChainBlocks | undefined {
    const chain = this.deps.chains.get(chainName);
    if (!chain) return undefined;
    const key = chain.name.toLowerCase();
    let st = this.states.get(key);
    if (!st) this.states.set(key, (st = { chain, blocks: [], receipts: new Map() }));
    return st;
  }

  private async loadPage(chainName: string, filter: BlockFilter): Promise<void> {
    const st = this.stateOf(chainName);
    if (!st || st.load?.status === 'loading') return;
    st.load = { status: 'loading' };
    const scan: NonNullable<ChainBlocks['scan']> = (st.scan = { filter });
    this.emitter.fire();
    const current = () => this.states.get(st.chain.name.toLowerCase()) === st;
    const read = (added: BlockInfo[]) => {
      st.blocks = mergeBlocks(st.blocks, added);
      scan.value = scanned(
        scan.value,
        added.map((b) => b.blockIndex),
        added.filter((b) => blockMatches(b, filter)).length,
      );
    };
    try {
      const api = this.deps.clients.apiFor(st.chain);
      // The default explorer of the EVM chain ID the node tells (Rebased), asked beside the blocks.
      const evmChainId = st.explorer === undefined && st.chain.explorerUrl === undefined ? api.evmChainId() : Promise.resolve(undefined);
      let latest = st.latest;
      if (latest === undefined || st.blocks.length === 0) {
        this.requests++;
        const top = await api.blockInfo('latest');
        if (!current()) return;
        latest = top.blockIndex;
        read([top]);
      }
      st.latest = Math.max(latest, st.latest ?? 0);
      // One request per block (the API has no range; the shared limiter bounds them), a page at a
      // time, each page shown as it arrives.
      for (
        let wanted = nextLoadPage(
          latest,
          st.blocks.map((b) => b.blockIndex),
          scan.value ?? { scanned: 0, matched: 0 },
        );
        wanted.length > 0;
      ) {
        this.requests += wanted.length;
        const added = await Promise.all(wanted.map((i) => api.blockInfo(i)));
        if (!current()) return;
        read(added);
        wanted = nextLoadPage(
          latest,
          st.blocks.map((b) => b.blockIndex),
          scan.value ?? { scanned: 0, matched: 0 },
        );
        if (wanted.length > 0) this.emitter.fire();
      }
      st.explorer ??= explorerBase(st.chain.explorerUrl, await evmChainId) !== undefined;
      st.load = { status: 'ok', value: undefined };
    } catch (error) {
      st.load = { status: 'error', error };
    }
    this.emitter.fire();
    // A list just loaded is followed from now on (its node's feed opens).
    this.updateFollow();
  }

  private async loadReceipts(chainName: string, index: number): Promise<void> {
    const st = this.stateOf(chainName);
    if (!st) return;
    st.receipts.set(index, { status: 'loading' });
    this.emitter.fire();
    try {
      this.requests++;
      const receipts = await this.deps.clients.apiFor(st.chain).blockReceipts(index);
      // Each failure decoded as the receipt panel heads it (a revert reason, not its hex).
      const rows: BlockReceiptRow[] = receipts.map((r) => blockReceiptRow(r, vscode.l10n)).sort((a, b) => a.requestIndex - b.requestIndex);
      for (const row of rows) this.deps.known.shown(row.requestId);
      st.receipts.set(index, { status: 'ok', value: rows });
    } catch (error) {
      st.receipts.set(index, { status: 'error', error });
    }
    this.emitter.fire();
  }

  private updateFollow(): void {
    const on = this.visible && vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.blocksFollowLatest, false);
    if (on && !this.followTimer) this.followTimer = setInterval(() => void this.follow(), FOLLOW_INTERVAL_MS);
    else if (!on && this.followTimer) {
      clearInterval(this.followTimer);
      this.followTimer = undefined;
    }
    this.feed?.following(on ? [...this.states.values()].filter((st) => st.load?.status === 'ok').map((st) => st.chain) : []);
  }

  /** One step of following: the lists that were opened and loaded get the blocks newer than theirs. */
  async follow(): Promise<void> {
    let changed = false;
    for (const st of this.states.values()) {
      if (st.load?.status !== 'ok') continue;
      // Its blocks arrive from the node's feed: nothing to ask.
      if (this.feed?.isLive(st.chain)) continue;
      try {
        const api = this.deps.clients.apiFor(st.chain);
        this.requests++;
        const top = await api.blockInfo('latest');
        const wanted = newerBlocks(
          top.blockIndex,
          st.blocks.map((b) => b.blockIndex),
        ).filter((i) => i !== top.blockIndex);
        this.requests += wanted.length;
        const added = [top, ...(await Promise.all(wanted.map((i) => api.blockInfo(i))))];
        const before = st.blocks[0]?.blockIndex;
        st.blocks = followedBlocks(st.blocks, added);
        st.latest = top.blockIndex;
        // The receipts of blocks pushed out go with them.
        const kept = new Set(st.blocks.map((b) => b.blockIndex));
        for (const index of st.receipts.keys()) if (!kept.has(index)) st.receipts.delete(index);
        if (st.blocks[0]?.blockIndex !== before) changed = true;
      } catch (e) {
        this.deps.log.warn(`following the blocks of ${st.chain.name}: ${errorSummary(e)}`);
      }
    }
    if (changed) this.emitter.fire();
  }
}

function errorMessage(parent: BlocksNode | BlockNode, error: unknown, retry?: vscode.Command): BlockMessageNode {
  const text = plainLine(errorSummary(error), 200);
  return {
    ...message(parent, 'error', text, 'warning', retry ? { ...retry, title: vscode.l10n.t('Retry') } : undefined),
    tooltip: retry ? vscode.l10n.t('{0}. Click to try again.', text) : text,
  };
}

function noneShown(loaded: number, filter: BlockFilter): string {
  const what = filterName(filter, vscode.l10n);
  return loaded === 1 ? vscode.l10n.t('No {0} in the block loaded', what) : vscode.l10n.t('No {0} in the {1} blocks loaded', what, loaded);
}
