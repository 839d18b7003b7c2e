// The live feature as activation needs it: the Live view's tree (a shell until the feature's code
// loads), its commands, and the feeds handed to what polls otherwise (following the latest block,
// the watched requests). The working part (service.ts: the nodes' sockets, the view's model, the
// notifications, the status bar item) loads on the first need: the Live view shown,
// waspChain.live.notifyFailures on, a followed Blocks list, a running watch. Until then no socket
// is opened and none of that code is evaluated.
import * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { ChainEntry } from '../config/model/chainConfig';
import { Settings } from '../constants';
import type { AnyReceipt } from '../transactions/model/receiptView';
import type { BlocksFeed, WatchFeed } from '../transactions/feeds';
import type { FeedEntry } from './model/feed';
import type { LiveService, LiveServiceDeps } from './service';

export const LiveCommands = {
  show: 'waspChain.live.show',
  pause: 'waspChain.live.pause',
  resume: 'waspChain.live.resume',
  clear: 'waspChain.live.clear',
  filterOutcome: 'waspChain.live.filterOutcome',
  scope: 'waspChain.live.scope',
} as const;

export const LIVE_VIEW_ID = 'waspChain.live';

/** The feature's handles on ExtensionApi (integration tests and the bench use them). */
export interface LiveFeature {
  readonly treeView: vscode.TreeView<unknown>;
  /** The working part, loading it when needed. */
  service(): Promise<LiveService>;
  /** What the watch feature is handed. */
  readonly watchFeed: WatchFeed;
}

export interface LiveFeatureDeps extends LiveServiceDeps {
  readonly context: Pick<vscode.ExtensionContext, 'subscriptions' | 'workspaceState'>;
  /** The Blocks lists of the Chains tree, which follow the latest block through the feed. */
  readonly blocks: { setFeed(feed: BlocksFeed): void };
}

/** The view's provider: the service's view once loaded; asking for its items loads it. */
class LiveTree implements vscode.TreeDataProvider<FeedEntry>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<FeedEntry | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private target: LiveService['view'] | undefined;
  private subscription: vscode.Disposable | undefined;

  constructor(private readonly load: () => Promise<LiveService>) {}

  attach(view: LiveService['view']): void {
    this.target = view;
    this.subscription = view.onDidChangeTreeData((e) => this.emitter.fire(e));
    this.emitter.fire(undefined);
  }

  async getChildren(element?: FeedEntry): Promise<FeedEntry[]> {
    return (this.target ?? (await this.load()).view).getChildren(element);
  }

  getTreeItem(element: FeedEntry): vscode.TreeItem {
    // VS Code asks only for items getChildren gave, which the view gave.
    return this.target ? this.target.getTreeItem(element) : new vscode.TreeItem('');
  }

  dispose(): void {
    this.subscription?.dispose();
    this.emitter.dispose();
  }
}

export function registerLiveFeature(deps: LiveFeatureDeps): LiveFeature {
  const { context } = deps;
  const receipts = new vscode.EventEmitter<{ chain: ChainEntry; requestId: string; receipt: AnyReceipt }>();
  const blocks = new vscode.EventEmitter<{ chain: ChainEntry; block: BlockInfo }>();
  let loading: Promise<LiveService> | undefined;
  let loaded: LiveService | undefined;
  const tree = new LiveTree(() => service());
  const treeView = vscode.window.createTreeView(LIVE_VIEW_ID, { treeDataProvider: tree }) as vscode.TreeView<unknown>;
  const showView = () => vscode.commands.executeCommand(`${LIVE_VIEW_ID}.focus`);
  const service = (): Promise<LiveService> =>
    (loading ??= import('./service.js').then((m) => {
      const s = new m.LiveService(deps, {
        treeView,
        showCommand: LiveCommands.show,
        showView,
        receipt: (chain, requestId, receipt) => receipts.fire({ chain, requestId, receipt }),
        block: (chain, block) => blocks.fire({ chain, block }),
      });
      context.subscriptions.push(s);
      loaded = s;
      tree.attach(s.view);
      return s;
    }));
  /** The latest chains of each need: what a service that is still loading applies once it is there. */
  const wanted: Record<'watch' | 'followLatest', readonly ChainEntry[]> = { watch: [], followLatest: [] };
  /** A need for the feeds: nothing loads for a need that asks for no chain. */
  const need = (reason: 'watch' | 'followLatest', chains: readonly ChainEntry[]) => {
    wanted[reason] = chains;
    if (loaded) loaded.hub.setNeed(reason, chains);
    else if (chains.length > 0) void service().then((s) => s.hub.setNeed(reason, wanted[reason]));
  };

  const watchFeed: WatchFeed = {
    watching: (list) => need('watch', list),
    onReceipt: (listener) => receipts.event((e) => listener(e.chain, e.requestId, e.receipt)),
  };
  deps.blocks.setFeed({
    following: (list) => need('followLatest', list),
    isLive: (chain) => loaded?.hub.isLive(chain) ?? false,
    onBlock: (listener) => blocks.event((e) => listener(e.chain, e.block)),
  });
  const notifyOn = () => vscode.workspace.getConfiguration(Settings.section).get<unknown>('live.notifyFailures', false) === true;
  const command = vscode.commands.registerCommand;
  context.subscriptions.push(
    receipts,
    blocks,
    tree,
    treeView,
    treeView.onDidChangeVisibility((e) => {
      if (e.visible) void service();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${Settings.section}.live.notifyFailures`) && notifyOn()) void service();
    }),
    command(LiveCommands.show, () => showView()),
    command(LiveCommands.pause, async () => (await service()).setPaused(true)),
    command(LiveCommands.resume, async () => (await service()).setPaused(false)),
    command(LiveCommands.clear, async () => (await service()).view.clear()),
    command(LiveCommands.filterOutcome, async (arg?: unknown) => (await service()).filterOutcome(arg)),
    command(LiveCommands.scope, async (arg?: unknown) => (await service()).chooseScope(arg)),
  );
  void vscode.commands.executeCommand('setContext', 'waspChain.live.paused', false);
  if (treeView.visible || notifyOn()) void service();
  return { treeView, service, watchFeed };
}
