// The live feature's working part, loaded on first need (register.ts holds only the view's shell,
// the commands and the hand-offs): the nodes' feeds (hub.ts), the Live view's model (view.ts), the
// failure notifications, the status bar item while a feed is open, and the commands' work.
import type { KnownIds } from '../core/knownIds';
import * as vscode from 'vscode';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainEntry } from '../config/model/chainConfig';
import type { NodeClients } from '../config/nodeClients';
import { Settings } from '../constants';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { AnyReceipt } from '../transactions/model/receiptView';
import type { ReceiptService } from '../transactions/receiptService';
import { LiveHub, type LiveHubDeps } from './hub';
import { filterFrom, parseFilterItems, type LiveViewFilter, type OutcomeChoice } from './model/liveFilter';
import { failureText, FailureNotifier, NOTIFY_SETTING, notifyFailuresOn } from './notifications';
import { LiveStatusBar } from './statusBar';
import { LiveView, feedCap, type NameBook } from './view';

const FILTER_STATE_KEY = 'waspChain.live.filter';

/** What the live service is built over. */
export interface LiveServiceDeps {
  readonly context: Pick<vscode.ExtensionContext, 'workspaceState'>;
  readonly chains: ChainRegistry;
  readonly clients: NodeClients;
  readonly log: vscode.LogOutputChannel;
  readonly receipts: { readonly service: ReceiptService };
  readonly addresses: { current(): Promise<NameBook> };
  readonly known: Pick<KnownIds, 'shown'>;
  readonly tokens: LiveHubDeps['tokens'];
}

/** What register.ts hands the service: the view's tree (created at activation), and where the feeds' events go on. */
export interface LiveShell {
  readonly treeView: vscode.TreeView<unknown>;
  readonly showCommand: string;
  showView(): Thenable<unknown>;
  receipt(chain: ChainEntry, requestId: string, receipt: AnyReceipt): void;
  block(chain: ChainEntry, block: BlockInfo): void;
}

export class LiveService implements vscode.Disposable {
  readonly hub: LiveHub;
  readonly view: LiveView;
  readonly notifier: FailureNotifier;
  readonly statusBar: LiveStatusBar;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** What the Sign In button's context was last told. */
  private needsToken: boolean | undefined;

  constructor(
    private readonly deps: LiveServiceDeps,
    private readonly shell: LiveShell,
  ) {
    const { chains } = deps;
    this.hub = new LiveHub(deps);
    this.view = new LiveView({ hub: this.hub, receipts: deps.receipts.service, addresses: deps.addresses, known: deps.known });
    this.view.setFilter(filterFrom(deps.context.workspaceState.get<unknown>(FILTER_STATE_KEY)));
    this.notifier = new FailureNotifier(() => shell.showView());
    this.statusBar = new LiveStatusBar(this.hub, chains, shell.showCommand);
    const { hub, view, notifier } = this;
    this.subscriptions.push(
      hub,
      view,
      notifier,
      this.statusBar,
      hub.onEvent((e) => {
        if (e.event.kind === 'new_block') shell.block(e.chain, e.event.block);
        if (e.event.kind !== 'receipt') return;
        shell.receipt(e.chain, e.event.requestId, e.event.receipt);
        const entry = view.add(e);
        if (entry?.failed && notifyFailuresOn()) {
          void Promise.all([view.touchesWorkspace(entry, e.chain), failureText(entry, deps.receipts.service.evm)]).then(([mine, headline]) => {
            if (mine) notifier.add(entry, e.chain, headline);
          });
        }
      }),
      hub.onDidChange(() => this.decorate()),
      view.onDidChangeTreeData(() => this.decorate()),
      view.onDidShow(() => this.decorate()),
      shell.treeView.onDidChangeVisibility(() => this.viewNeed()),
      chains.onDidChange(() => this.viewNeed()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${Settings.section}.live.maxEntries`)) view.setCap(feedCap());
        if (e.affectsConfiguration(`${Settings.section}.${NOTIFY_SETTING}`)) {
          this.viewNeed();
          if (notifyFailuresOn()) void view.loadBook();
        }
      }),
    );
    this.viewNeed();
    this.decorate();
  }

  /** The Live view is visible, or the notifications are on (they read the same receipts): the feeds of every chain that may be contacted. */
  viewNeed(): void {
    const chains = this.deps.chains;
    this.hub.setNeed('liveView', this.shell.treeView.visible || notifyFailuresOn() ? chains.valid().filter((c) => chains.isContactable(c)) : []);
  }

  setPaused(paused: boolean): void {
    if (paused) this.view.pause();
    else this.view.resume();
    void vscode.commands.executeCommand('setContext', 'waspChain.live.paused', paused);
    this.decorate();
  }

  async filterOutcome(arg: unknown): Promise<void> {
    const outcome = isOutcome(arg) ? arg : await pickOutcome(this.view.filter.outcome);
    if (outcome !== undefined) await this.setFilter({ ...this.view.filter, outcome });
  }

  /** The one place the view's scope is chosen: every request, the workspace's, typed addresses, or typed contracts. */
  async chooseScope(arg: unknown): Promise<void> {
    const next = await scopeFilter(this.view.filter, arg, this.view.description());
    if (next) await this.setFilter(next);
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }

  private async setFilter(filter: LiveViewFilter): Promise<void> {
    this.view.setFilter(filter);
    await this.deps.context.workspaceState.update(FILTER_STATE_KEY, filter);
    this.decorate();
  }

  private decorate(): void {
    this.shell.treeView.description = this.view.description();
    this.shell.treeView.message = this.view.message();
    // Told only when it changes: decorate runs on every redraw, and a flood redraws often.
    const needsToken = this.hub.states().some((s) => s.needsToken === true);
    if (needsToken === this.needsToken) return;
    this.needsToken = needsToken;
    void vscode.commands.executeCommand('setContext', 'waspChain.live.needsToken', needsToken);
  }
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

type ScopeChoice = 'all' | 'mine' | 'listed' | 'contracts';

/** The scope a filter has now, as the picker names it. */
function scopeOf(f: LiveViewFilter): ScopeChoice {
  return f.contracts.length > 0 ? 'contracts' : f.scope;
}

/**
 * `all`, `mine`, addresses (a string or an array), `{ contracts }` (a string or an array; empty:
 * every request), or a pick. One scope at a time: choosing one clears the others' lists.
 */
async function scopeFilter(current: LiveViewFilter, arg: unknown, now: string): Promise<LiveViewFilter | undefined> {
  const every: LiveViewFilter = { ...current, scope: 'all', addresses: [], contracts: [] };
  if (arg === 'mine' || arg === 'all') return { ...every, scope: arg };
  if (typeof arg === 'object' && arg !== null && !Array.isArray(arg) && 'contracts' in arg)
    return withList(every, 'contract', (arg as { contracts: unknown }).contracts);
  if (typeof arg === 'string' || Array.isArray(arg)) return withList(every, 'address', arg);
  const picks: Array<vscode.QuickPickItem & { value: ScopeChoice }> = [
    { label: vscode.l10n.t('Every request'), detail: vscode.l10n.t('Everything the chains publish'), value: 'all' },
    {
      label: vscode.l10n.t('My accounts and contracts'),
      detail: vscode.l10n.t('Requests whose sender or EVM recipient the workspace names (deployment records, waspChain.addressLabels)'),
      value: 'mine',
    },
    {
      label: vscode.l10n.t('These addresses…'),
      detail: vscode.l10n.t('EVM addresses or agent IDs you type: the sender or the EVM recipient'),
      value: 'listed',
    },
    {
      label: vscode.l10n.t('These contracts…'),
      detail: vscode.l10n.t('EVM contract addresses, ISC contract hnames or names (such as evm, accounts)'),
      value: 'contracts',
    },
  ];
  for (const p of picks) if (p.value === scopeOf(current)) p.description = vscode.l10n.t('current');
  const picked = await vscode.window.showQuickPick(picks, { title: vscode.l10n.t('Live View: Scope'), placeHolder: vscode.l10n.t('Showing: {0}', now) });
  if (!picked) return undefined;
  if (picked.value === 'all' || picked.value === 'mine') return { ...every, scope: picked.value };
  const kind = picked.value === 'listed' ? 'address' : 'contract';
  const text = await vscode.window.showInputBox({
    title: vscode.l10n.t('Live View: Scope'),
    prompt:
      kind === 'address'
        ? vscode.l10n.t('EVM addresses or agent IDs, separated by commas or spaces: a request shows when its sender or EVM recipient is one of them.')
        : vscode.l10n.t('EVM contract addresses, ISC contract hnames or names (such as evm, accounts), separated by commas or spaces.'),
    value: (kind === 'address' ? current.addresses : current.contracts).join(', '),
    validateInput: (v) => rejectedMessage(parseFilterItems(v, kind).rejected),
  });
  return text === undefined ? undefined : withList(every, kind, text);
}

/** The filter showing the typed addresses or contracts; none understood: every request. */
function withList(every: LiveViewFilter, kind: 'address' | 'contract', value: unknown): LiveViewFilter {
  const text = Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string').join(' ') : typeof value === 'string' ? value : '';
  const items = parseFilterItems(text, kind).items;
  if (items.length === 0) return every;
  return kind === 'address' ? { ...every, scope: 'listed', addresses: items } : { ...every, contracts: items };
}

function rejectedMessage(rejected: string[]): string | undefined {
  return rejected.length === 0 ? undefined : vscode.l10n.t('Not understood: {0}', rejected.join(', '));
}
