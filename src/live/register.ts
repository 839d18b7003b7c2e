// The live feature: the nodes' feeds (hub.ts), the Live view in the Chains container, its commands
// (filters, pause and resume, clear), the failure notifications, the status bar item while a feed
// is open, and the feeds handed to what polls otherwise: following the latest block (the Blocks
// lists) and the watched requests. Nothing opens a socket until something needs it: the Live view
// visible, a followed Blocks list, a running watch.
import * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainEntry } from '../config/model/chainConfig';
import type { NodeClients } from '../config/nodeClients';
import { Settings } from '../constants';
import type { BlocksModel } from '../chains/blocks';
import type { AnyReceipt } from '../receipts/model/receiptView';
import type { ReceiptService } from '../receipts/service';
import type { WatchFeed } from '../watch/service';
import { LiveHub } from './hub';
import { filterFrom, parseFilterItems, type LiveViewFilter, type OutcomeChoice } from './model/liveFilter';
import { FailureNotifier, NOTIFY_SETTING, notifyFailuresOn } from './notifications';
import { LiveStatusBar } from './statusBar';
import { LiveView, feedCap, type NameBook } from './view';

export const LiveCommands = {
  show: 'waspChain.live.show',
  pause: 'waspChain.live.pause',
  resume: 'waspChain.live.resume',
  clear: 'waspChain.live.clear',
  filterOutcome: 'waspChain.live.filterOutcome',
  filterAddresses: 'waspChain.live.filterAddresses',
  filterContracts: 'waspChain.live.filterContracts',
} as const;

export const LIVE_VIEW_ID = 'waspChain.live';
const FILTER_STATE_KEY = 'waspChain.live.filter';

/** The feature's handles on ExtensionApi (integration tests and the bench use them). */
export interface LiveFeature {
  readonly hub: LiveHub;
  readonly view: LiveView;
  readonly treeView: vscode.TreeView<unknown>;
  readonly notifier: FailureNotifier;
  readonly statusBar: LiveStatusBar;
  /** What the watch feature is handed. */
  readonly watchFeed: WatchFeed;
}

export interface LiveFeatureDeps {
  readonly context: Pick<vscode.ExtensionContext, 'subscriptions' | 'workspaceState'>;
  readonly chains: ChainRegistry;
  readonly clients: NodeClients;
  readonly log: vscode.LogOutputChannel;
  readonly receipts: { readonly service: ReceiptService };
  readonly addresses: { current(): Promise<NameBook> };
  readonly blocks: Pick<BlocksModel, 'setFeed'>;
}

export function registerLiveFeature(deps: LiveFeatureDeps): LiveFeature {
  const { context, chains } = deps;
  const hub = new LiveHub(deps);
  const view = new LiveView({ hub, receipts: deps.receipts.service, addresses: deps.addresses });
  view.setFilter(filterFrom(context.workspaceState.get<unknown>(FILTER_STATE_KEY)));
  const treeView = vscode.window.createTreeView(LIVE_VIEW_ID, { treeDataProvider: view });
  const showView = () => vscode.commands.executeCommand(`${LIVE_VIEW_ID}.focus`);
  const notifier = new FailureNotifier(showView);
  const statusBar = new LiveStatusBar(hub, chains, LiveCommands.show);
  const contactable = () => chains.valid().filter((c) => chains.isContactable(c));
  // The notifications read the same receipts: while they are on, the feed stays open as for a visible view.
  const viewNeed = () => hub.setNeed('liveView', treeView.visible || notifyFailuresOn() ? contactable() : []);

  const decorate = () => {
    treeView.description = view.description();
    treeView.message = view.message();
  };
  const setFilter = async (filter: LiveViewFilter) => {
    view.setFilter(filter);
    await context.workspaceState.update(FILTER_STATE_KEY, filter);
    decorate();
  };
  const setPaused = (paused: boolean) => {
    if (paused) view.pause();
    else view.resume();
    void vscode.commands.executeCommand('setContext', 'waspChain.live.paused', paused);
    decorate();
  };

  const watchFeed: WatchFeed = {
    watching: (list) => hub.setNeed('watch', list),
    onReceipt: (listener: (chain: ChainEntry, requestId: string, receipt: AnyReceipt) => void) =>
      hub.onEvent(({ chain, event }) => {
        if (event.kind === 'receipt') listener(chain, event.requestId, event.receipt);
      }),
  };
  deps.blocks.setFeed({
    following: (list) => hub.setNeed('followLatest', list),
    isLive: (chain) => hub.isLive(chain),
    onBlock: (listener: (chain: ChainEntry, block: BlockInfo) => void) =>
      hub.onEvent(({ chain, event }) => {
        if (event.kind === 'new_block') listener(chain, event.block);
      }),
  });

  const command = vscode.commands.registerCommand;
  context.subscriptions.push(
    hub,
    view,
    treeView,
    notifier,
    statusBar,
    hub.onEvent((e) => {
      if (e.event.kind !== 'receipt') return;
      const entry = view.add(e);
      if (entry?.failed && notifyFailuresOn()) {
        void view.touchesWorkspace(entry, e.chain).then((mine) => {
          if (mine) notifier.add(entry, e.chain);
        });
      }
    }),
    hub.onDidChange(() => decorate()),
    view.onDidChangeTreeData(() => decorate()),
    view.onDidShow(() => decorate()),
    treeView.onDidChangeVisibility(() => viewNeed()),
    chains.onDidChange(() => viewNeed()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${Settings.section}.live.maxEntries`)) view.setCap(feedCap());
      if (e.affectsConfiguration(`${Settings.section}.${NOTIFY_SETTING}`)) {
        viewNeed();
        if (notifyFailuresOn()) void view.loadBook();
      }
    }),
    command(LiveCommands.show, () => showView()),
    command(LiveCommands.pause, () => setPaused(true)),
    command(LiveCommands.resume, () => setPaused(false)),
    command(LiveCommands.clear, () => view.clear()),
    command(LiveCommands.filterOutcome, async (arg?: unknown) => {
      const outcome = isOutcome(arg) ? arg : await pickOutcome(view.filter.outcome);
      if (outcome !== undefined) await setFilter({ ...view.filter, outcome });
    }),
    command(LiveCommands.filterAddresses, async (arg?: unknown) => {
      const next = await addressFilter(view.filter, arg);
      if (next) await setFilter(next);
    }),
    command(LiveCommands.filterContracts, async (arg?: unknown) => {
      const text =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: vscode.l10n.t('Live View: Filter by Contract'),
              prompt: vscode.l10n.t(
                'EVM contract addresses, ISC contract hnames or names (such as evm, accounts), separated by commas or spaces. Empty: any contract.',
              ),
              value: view.filter.contracts.join(', '),
              validateInput: (v) => rejectedMessage(parseFilterItems(v, 'contract').rejected),
            });
      if (text === undefined) return;
      await setFilter({ ...view.filter, contracts: parseFilterItems(text, 'contract').items });
    }),
  );
  void vscode.commands.executeCommand('setContext', 'waspChain.live.paused', false);
  viewNeed();
  decorate();
  return { hub, view, treeView: treeView as vscode.TreeView<unknown>, notifier, statusBar, watchFeed };
}

function isOutcome(v: unknown): v is OutcomeChoice {
  return v === 'all' || v === 'success' || v === 'failure';
}

async function pickOutcome(current: OutcomeChoice): Promise<OutcomeChoice | undefined> {
  const items: Array<vscode.QuickPickItem & { value: OutcomeChoice }> = [
    { label: vscode.l10n.t('All requests'), value: 'all' },
    { label: vscode.l10n.t('Failed requests only'), value: 'failure' },
    { label: vscode.l10n.t('Successful requests only'), value: 'success' },
  ];
  for (const i of items) if (i.value === current) i.description = vscode.l10n.t('current');
  return (await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Live View: Filter by Outcome') }))?.value;
}

/** `mine`, `all`, a list of addresses (string or array), or a pick. */
async function addressFilter(current: LiveViewFilter, arg: unknown): Promise<LiveViewFilter | undefined> {
  if (arg === 'mine' || arg === 'all') return { ...current, scope: arg, addresses: [] };
  if (typeof arg === 'string' || Array.isArray(arg)) {
    const items = parseFilterItems(Array.isArray(arg) ? arg.filter((a): a is string => typeof a === 'string').join(' ') : arg, 'address').items;
    return items.length === 0 ? { ...current, scope: 'mine', addresses: [] } : { ...current, scope: 'listed', addresses: items };
  }
  const picks: Array<vscode.QuickPickItem & { value: 'mine' | 'all' | 'listed' }> = [
    {
      label: vscode.l10n.t('My accounts and contracts'),
      detail: vscode.l10n.t('Requests whose sender or EVM recipient the workspace names (deployment records, waspChain.addressLabels)'),
      value: 'mine',
    },
    { label: vscode.l10n.t('Every request'), value: 'all' },
    { label: vscode.l10n.t('These addresses…'), detail: vscode.l10n.t('EVM addresses or agent IDs you type'), value: 'listed' },
  ];
  for (const p of picks) if (p.value === current.scope) p.description = vscode.l10n.t('current');
  const picked = await vscode.window.showQuickPick(picks, { title: vscode.l10n.t('Live View: Filter by Address') });
  if (!picked) return undefined;
  if (picked.value !== 'listed') return { ...current, scope: picked.value, addresses: [] };
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Live View: Filter by Address'),
    prompt: vscode.l10n.t('EVM addresses or agent IDs, separated by commas or spaces: a request shows when its sender or EVM recipient is one of them.'),
    value: current.addresses.join(', '),
    validateInput: (v) => rejectedMessage(parseFilterItems(v, 'address').rejected),
  });
  if (text === undefined) return undefined;
  const items = parseFilterItems(text, 'address').items;
  return items.length === 0 ? { ...current, scope: 'mine', addresses: [] } : { ...current, scope: 'listed', addresses: items };
}

function rejectedMessage(rejected: string[]): string | undefined {
  return rejected.length === 0 ? undefined : vscode.l10n.t('Not understood: {0}', rejected.join(', '));
}
