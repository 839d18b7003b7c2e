// The Live view: the receipts a node's feed brings, newest first, each with success or failure
// first (a ThemeIcon, never a node's text), the decoded call or revert (the transaction layer's EVM
// explanation over the workspace's ABIs), the sender and the contract named from the workspace's
// address book, its chain and block. Filtered by outcome and by one scope (every request by
// default; the workspace's accounts and contracts; typed addresses; typed contracts), named in the
// view's description; paused on demand (what arrives meanwhile is kept and counted); a cap on what is kept (waspChain.live.maxEntries). A click opens the receipt panel.
// The view's message says when a feed is connecting, disconnected or reconnecting. A node's text
// is one plain line here (invisible characters revealed, clipped).
import type { KnownIds } from '../core/knownIds';
import * as vscode from 'vscode';
import type { ChainEntry } from '../config/model/chainConfig';
import { Commands, Settings } from '../constants';
import { formatBigInt, formatDuration, shortId } from '../core/format';
import { plainLine } from '../core/text';
import { contractHnameText } from '../core/hname';
import { EvmExplainer } from '../transactions/evmExplainer';
import { buildReceiptView, type AnyReceipt, type ReceiptView } from '../transactions/model/receiptView';
import { failureHeadline } from '../transactions/model/failureHeadline';
import type { ReceiptService } from '../transactions/receiptService';
import type { ChainEvent, LiveHub } from './hub';
import type { LiveEvent } from '../api/liveEvents';
import { DEFAULT_FEED_CAP, LiveFeed, MAX_FEED_CAP, type FeedEntry } from './model/feed';
import { DEFAULT_VIEW_FILTER, passes, touchesWorkspace, type LiveViewFilter } from './model/liveFilter';

/** Names for addresses (the workspace's address book). */
export interface NameBook {
  readonly size: number;
  nameOf(address: string, evmChainId?: bigint): string | undefined;
}

export interface LiveViewDeps {
  readonly hub: Pick<LiveHub, 'states' | 'onDidChange'>;
  readonly receipts: Pick<ReceiptService, 'evm' | 'evmChainId' | 'knownEvmChainId'>;
  readonly addresses: { current(): Promise<NameBook> };
  /** The requests the feed shows came from a node: the hover may look them up anywhere. */
  readonly known: Pick<KnownIds, 'shown'>;
}

/** What a receipt shows beyond the feed's entry, computed when first drawn. */
interface Extra {
  chain: ChainEntry;
  view?: ReceiptView;
  /** The revert and the call, decoded (undefined until explained; [] when there is nothing EVM to say). */
  error?: string;
  call?: string;
  explained?: boolean;
  explaining?: boolean;
}

/** The shortest time between two redraws (ms); the first event after a quiet spell is drawn at once. */
const REDRAW_MS = 150;
/** Between two redraws under a flood (more than FLOOD_ARRIVALS since the last one): each redraw hands VS Code the whole list. */
const FLOOD_REDRAW_MS = 1_000;
const FLOOD_ARRIVALS = 100;
/** Items the view lists at most (the newest that pass the filter); the cap is what is kept to filter from. */
export const LIST_LIMIT = 200;
/** Explanations computed at once (each may scan the workspace's ABIs the first time). */
const MAX_EXPLAINING = 4;
/** The entries at the top of the list that get their call or revert decoded. */
const EXPLAINED_AT_TOP = 50;

export function feedCap(): number {
  const v = vscode.workspace.getConfiguration(Settings.section).get<unknown>('live.maxEntries', DEFAULT_FEED_CAP);
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(MAX_FEED_CAP, Math.max(10, Math.floor(v))) : DEFAULT_FEED_CAP;
}

export class LiveView implements vscode.TreeDataProvider<FeedEntry>, vscode.Disposable {
  private feed = new LiveFeed(feedCap());
  private readonly extras = new Map<number, Extra>();
  private readonly emitter = new vscode.EventEmitter<FeedEntry | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly shownEmitter = new vscode.EventEmitter<readonly FeedEntry[]>();
  /** Fires with the items handed to VS Code, once it has them (tests, the bench). */
  readonly onDidShow = this.shownEmitter.event;
  private filterValue: LiveViewFilter = DEFAULT_VIEW_FILTER;
  private frozen: FeedEntry[] | undefined;
  private arrivedWhilePaused = 0;
  private book: NameBook | undefined;
  private lastRedraw = 0;
  private redrawTimer: ReturnType<typeof setTimeout> | undefined;
  private explaining = 0;
  /** How many entries the last listing showed, and how many passed the filter. */
  private lastShown = 0;
  private lastMatched = 0;
  private arrivedSinceRedraw = 0;
  /** Receipts received in all (the bench reads it). */
  received = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly deps: LiveViewDeps) {
    this.subscriptions.push(this.emitter, this.shownEmitter);
  }

  get filter(): LiveViewFilter {
    return this.filterValue;
  }

  get paused(): boolean {
    return this.frozen !== undefined;
  }

  /** Receipts kept now, and pushed out by newer ones. */
  get kept(): { size: number; cap: number; dropped: number } {
    return { size: this.feed.size, cap: this.feed.cap, dropped: this.feed.dropped };
  }

  /** A receipt event enters the feed (a paused view keeps it for later). */
  add(e: ChainEvent): FeedEntry | undefined {
    if (e.event.kind !== 'receipt') return undefined;
    const entry = this.feed.add(e.event);
    if (!entry) return undefined;
    this.deps.known.shown(entry.requestId);
    this.received++;
    this.arrivedSinceRedraw++;
    this.extras.set(entry.seq, { chain: e.chain });
    // Entries pushed out of the ring take their extras with them (checked in batches).
    if (this.extras.size > this.feed.cap + 256) this.prune();
    if (this.frozen) this.arrivedWhilePaused++;
    else this.redraw();
    return entry;
  }

  setFilter(filter: LiveViewFilter): void {
    this.filterValue = filter;
    this.redraw(true);
  }

  pause(): void {
    if (this.frozen) return;
    this.frozen = this.feed.list();
    this.arrivedWhilePaused = 0;
    this.redraw(true);
  }

  resume(): void {
    this.frozen = undefined;
    this.arrivedWhilePaused = 0;
    this.redraw(true);
  }

  clear(): void {
    this.feed.clear();
    this.extras.clear();
    if (this.frozen) this.frozen = [];
    this.redraw(true);
  }

  /** The cap setting changed: a new ring, the newest entries carried over. */
  setCap(cap: number): void {
    if (cap === this.feed.cap) return;
    const old = this.feed.list().reverse().slice(-cap);
    const extras = new Map(this.extras);
    this.feed = new LiveFeed(cap);
    this.extras.clear();
    for (const e of old) {
      const again = this.feed.add({
        kind: 'receipt',
        generation: e.generation,
        chainId: e.chainId,
        requestId: e.requestId,
        issuer: e.sender,
        receipt: e.receipt,
      } as LiveEvent);
      const extra = extras.get(e.seq);
      if (again && extra) this.extras.set(again.seq, extra);
    }
    this.redraw(true);
  }

  /** Whether the workspace names the sender or the recipient of an entry (the notifications' test); reads the book and the chain's EVM chain ID first. */
  async touchesWorkspace(entry: FeedEntry, chain: ChainEntry): Promise<boolean> {
    const [book, evmChainId] = await Promise.all([this.loadBook(), this.deps.receipts.evmChainId(chain).catch(() => undefined)]);
    if (!book || book.size === 0) return false;
    return touchesWorkspace(entry, (a) => book.nameOf(a, evmChainId) !== undefined);
  }

  /** The address book, read again (a record or label may have changed). */
  async loadBook(): Promise<NameBook | undefined> {
    try {
      this.book = await this.deps.addresses.current();
    } catch {
      // Names are extra: the view shows addresses without them.
    }
    return this.book;
  }

  chainOf(entry: FeedEntry): ChainEntry | undefined {
    return this.extras.get(entry.seq)?.chain;
  }

  async getChildren(element?: FeedEntry): Promise<FeedEntry[]> {
    if (element) return [];
    await this.loadBook();
    const book = this.book;
    const bookEmpty = !book || book.size === 0;
    const source = this.frozen ?? this.feed.list();
    const matched = source.filter((entry) => {
      const chain = this.extras.get(entry.seq)?.chain;
      const evmChainId = chain ? this.deps.receipts.knownEvmChainId(chain) : undefined;
      return passes(entry, this.filterValue, (a) => book?.nameOf(a, evmChainId) !== undefined, bookEmpty);
    });
    const out = matched.slice(0, LIST_LIMIT);
    this.lastMatched = matched.length;
    this.lastShown = out.length;
    // The newest are explained (the rest show the receipt's own summary until they come up): under a flood, decoding every entry would cost more than it shows.
    for (const entry of out.slice(0, EXPLAINED_AT_TOP)) {
      const extra = this.extras.get(entry.seq);
      if (!extra || extra.explained || extra.explaining) continue;
      const view = (extra.view ??= buildView(entry.receipt));
      if (!EvmExplainer.wants(view)) extra.explained = true;
      else if (this.explaining < MAX_EXPLAINING) void this.explain(entry, extra, extra.chain, view);
    }
    setTimeout(() => this.shownEmitter.fire(out), 0);
    return out;
  }

  getTreeItem(entry: FeedEntry): vscode.TreeItem {
    const extra = this.extras.get(entry.seq);
    const chain = extra?.chain;
    // Only the newest have their receipt's view built (getChildren): under a flood, building every one would cost more than it shows.
    const view = extra?.view;
    const evmChainId = chain ? this.deps.receipts.knownEvmChainId(chain) : undefined;
    const name = (a: string | undefined) => (a === undefined ? undefined : this.book?.nameOf(a, evmChainId));
    const senderText = entry.sender || view?.sender.display || '';
    const sender = name(entry.sender) ?? shortId(senderText, 8, 4);
    const contract =
      entry.target !== undefined
        ? (name(entry.target) ?? shortId(entry.target, 8, 4))
        : (view?.callTarget.label ?? vscode.l10n.t('contract {0}', contractHnameText(entry.contract)));
    const outcome = entry.failed ? vscode.l10n.t('Failed') : vscode.l10n.t('Succeeded');
    const what =
      (entry.failed ? (extra?.error ?? view?.error?.headline ?? view?.summary) : (extra?.call ?? view?.summary)) ?? vscode.l10n.t('request to {0}', contract);
    const item = new vscode.TreeItem(plainLine(`${outcome}: ${what}`, 140), vscode.TreeItemCollapsibleState.None);
    item.id = `live/${entry.seq}`;
    item.iconPath = entry.failed
      ? new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'))
      : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    const where = chain
      ? vscode.l10n.t('{0}, block {1}', chain.name, formatBigInt(BigInt(entry.blockIndex)))
      : vscode.l10n.t('block {0}', formatBigInt(BigInt(entry.blockIndex)));
    item.description = plainLine(`${sender} → ${contract} · ${where}`, 160);
    const to = entry.target !== undefined ? (name(entry.target) ? `${name(entry.target)} (${entry.target})` : entry.target) : contract;
    item.tooltip = [
      `${outcome}: ${plainLine(what, 300)}`,
      vscode.l10n.t('Request: {0}', entry.requestId),
      vscode.l10n.t('From: {0}', plainLine(name(entry.sender) ? `${name(entry.sender)} (${senderText})` : senderText, 200)),
      vscode.l10n.t('To: {0}', plainLine(to, 200)),
      where,
      ...(extra?.call !== undefined && entry.failed ? [plainLine(extra.call, 300)] : []),
      vscode.l10n.t('Click to open the receipt.'),
    ].join('\n');
    item.accessibilityInformation = { label: plainLine(`${outcome}, ${what}, ${sender}, ${where}`, 300) };
    item.contextValue = entry.failed ? 'liveReceipt.failed' : 'liveReceipt';
    if (chain)
      item.command = {
        command: Commands.showReceipt,
        title: vscode.l10n.t('Show Receipt'),
        arguments: [{ requestId: entry.requestId, chainName: chain.name }],
      };
    return item;
  }

  /** The view's message: where the feeds stand when that matters more than the list. */
  message(): string | undefined {
    const shown = this.lastShown;
    const states = this.deps.hub.states();
    if (states.length === 0) return vscode.l10n.t('No chain is configured whose node may be contacted: add one in the Chains view.');
    const now = Date.now();
    const lines: string[] = [];
    for (const s of states) {
      const host = hostOf(s.node);
      const st = s.status;
      if (!st) {
        // A node that wants a token: which chains, and the way to give one, rather than the node's own words.
        if (s.needsToken === true)
          lines.push(vscode.l10n.t('{0} needs a token: Sign In (in this view’s title bar).', plainLine(s.chains.map((c) => c.name).join(', '), 120)));
        else if (s.problem !== undefined) lines.push(vscode.l10n.t('No live feed from {0}: {1}', host, plainLine(s.problem, 200)));
        continue;
      }
      if (st.phase === 'backoff') {
        const wait = st.retryAt === undefined ? '' : formatDuration(Math.max(0, st.retryAt - now));
        lines.push(
          st.lastProblem
            ? vscode.l10n.t('Disconnected from {0} ({1}): reconnecting in {2}…', host, plainLine(st.lastProblem, 120), wait)
            : vscode.l10n.t('Disconnected from {0}: reconnecting in {1}…', host, wait),
        );
      } else if (st.phase === 'connecting') {
        lines.push(st.opens > 1 ? vscode.l10n.t('Reconnecting to {0}…', host) : vscode.l10n.t('Connecting to {0}…', host));
      }
    }
    if (lines.length > 0) return lines.join('\n');
    if (this.frozen) {
      return this.arrivedWhilePaused > 0
        ? vscode.l10n.t('Paused: {0} new requests arrived meanwhile. Resume to show them.', this.arrivedWhilePaused)
        : vscode.l10n.t('Paused. Resume to show new requests.');
    }
    if (shown === 0) {
      return this.feed.size === 0
        ? vscode.l10n.t('Connected: waiting for requests. Each processed request appears here as the node reports it.')
        : vscode.l10n.t('None of the {0} requests received passes the filter.', this.feed.size);
    }
    return undefined;
  }

  /** The view's description: the filter in a few words, and whether the workspace names anything. */
  description(): string {
    const f = this.filterValue;
    const parts: string[] = [];
    if (f.outcome === 'failure') parts.push(vscode.l10n.t('failures'));
    if (f.outcome === 'success') parts.push(vscode.l10n.t('successes'));
    // The scope is always named: the view's one answer to "why do I see this, and not that?".
    if (f.contracts.length > 0) parts.push(vscode.l10n.t('contracts {0}', plainLine(f.contracts.join(', '), 60)));
    else if (f.scope === 'mine')
      parts.push(
        this.book && this.book.size > 0 ? vscode.l10n.t('my accounts and contracts') : vscode.l10n.t('every request (the workspace names no address)'),
      );
    else if (f.scope === 'listed') parts.push(vscode.l10n.t('{0} addresses', f.addresses.length));
    else parts.push(vscode.l10n.t('every request'));
    if (this.lastMatched > this.lastShown) parts.push(vscode.l10n.t('newest {0} of {1}', this.lastShown, this.lastMatched));
    if (this.frozen) parts.push(vscode.l10n.t('paused'));
    return parts.join(' · ');
  }

  dispose(): void {
    clearTimeout(this.redrawTimer);
    for (const d of this.subscriptions) d.dispose();
  }

  /** Redraws now, or at most once per REDRAW_MS under a flood. */
  private redraw(now = false): void {
    const since = Date.now() - this.lastRedraw;
    const gap = this.arrivedSinceRedraw > FLOOD_ARRIVALS ? FLOOD_REDRAW_MS : REDRAW_MS;
    const fire = () => {
      this.redrawTimer = undefined;
      this.lastRedraw = Date.now();
      this.arrivedSinceRedraw = 0;
      this.emitter.fire(undefined);
    };
    if (now || (since >= gap && this.redrawTimer === undefined)) {
      clearTimeout(this.redrawTimer);
      fire();
      return;
    }
    this.redrawTimer ??= setTimeout(fire, Math.max(0, gap - since));
  }

  private prune(): void {
    const kept = new Set(this.feed.list().map((e) => e.seq));
    for (const e of this.frozen ?? []) kept.add(e.seq);
    for (const seq of this.extras.keys()) if (!kept.has(seq)) this.extras.delete(seq);
  }

  private async explain(entry: FeedEntry, extra: Extra, chain: ChainEntry, view: ReceiptView): Promise<void> {
    extra.explaining = true;
    this.explaining++;
    try {
      const evm = this.deps.receipts.evm;
      const [explained, nameOf, { explanationLines, customErrorReading }] = await Promise.all([
        evm.explain(entry.receipt, view),
        this.deps.receipts.evmChainId(chain).then((evmChainId) => evm.namesFor({ generation: chain.generation, evmChainId })),
        import('../transactions/model/evmExplain.js'),
      ]);
      if (!explained) return;
      if (explained.error) extra.error = failureHeadline(view.error, vscode.l10n, customErrorReading(explained));
      if (explained.call) {
        const call: Parameters<typeof explanationLines>[0] = { files: explained.files, call: explained.call };
        if (explained.tx) call.tx = explained.tx;
        extra.call = explanationLines(call, vscode.l10n, nameOf)[0];
      }
    } catch {
      // Decoding is extra: the entry shows the receipt's own summary.
    } finally {
      extra.explained = true;
      extra.explaining = false;
      this.explaining--;
      // Shows what was decoded, and lets the next entries at the top be explained.
      this.redraw();
    }
  }
}

function buildView(receipt: AnyReceipt): ReceiptView {
  return buildReceiptView(receipt, vscode.l10n);
}

function hostOf(node: string): string {
  try {
    return new URL(node).host;
  } catch {
    return node;
  }
}
