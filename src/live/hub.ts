// The live feeds of the extension: one LiveConnection per node that has chains in the settings,
// created the first time something needs it and told, per reason, whether anything still does
// (the Live view visible, a followed Blocks list, a running watch); the connection opens, lingers
// and closes by itself. The node's feed is the one of its detected generation (as the chains and
// receipts features learn it), and that feed says which ID each entry subscribes with (a Rebased
// entry without a chain ID: the chain its node runs). Events come out tagged with the chain entry
// they belong to. The Output channel gets every open, close and subscription, with the node's URL
// (settings keep no credentials in it; a token never goes on a socket).
import * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import { liveWireOf, type LiveEvent, type LiveWire } from '../api/liveEvents';
import type { ChainRegistry } from '../config/chainRegistry';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import type { NodeClients } from '../config/nodeClients';
import type { TokenStore } from '../config/tokenStore';
import { errorSummary } from '../ui/errors';
import { TokenExpiredError, UnauthorizedError } from '../api/errors';
import { LiveConnection, type LiveStatus } from './connection';
import { realTimers, type LiveTimers } from './model/timers';
import type { NeedReason } from './model/subscription';

/** An event with the configured chain it belongs to. */
export interface ChainEvent {
  chain: ChainEntry;
  event: LiveEvent;
}

export interface LiveHubDeps {
  readonly chains: Pick<ChainRegistry, 'valid' | 'isContactable' | 'onDidChange'>;
  readonly clients: Pick<NodeClients, 'detectGeneration' | 'apiFor'>;
  readonly log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
  /** A node's token changed (signed in, set, removed): a feed refused for want of one is prepared again at once. */
  readonly tokens: Pick<TokenStore, 'onDidChange'>;
  /** The retry's clock and timer (tests); the host's by default. */
  readonly timers?: LiveTimers;
}

/** One node: its chains, and its connection once prepared. */
interface NodeFeed {
  key: string;
  chains: ChainEntry[];
  /** Node-form chain ID → the first entry naming it. */
  byChainId: Map<string, ChainEntry>;
  connection?: LiveConnection;
  preparing?: Promise<void>;
  /** When preparing last failed (detection, the node's chain): tried again after RETRY_MS while needed. */
  failedAt?: number;
  problem?: string;
  /** The node refused for want of a (valid) token: the view says so in words, with Sign In. */
  needsToken?: boolean;
  subscriptions: vscode.Disposable[];
}

/** What the status bar and the Live view show of one node. */
export interface NodeLiveState {
  node: string;
  chains: ChainEntry[];
  status: LiveStatus | undefined;
  /** Why no connection could be prepared (the node unreachable, not a Wasp node). */
  problem?: string;
  /** The node asks for a token (or a new one) before it answers. */
  needsToken?: boolean;
}

const RETRY_MS = 15_000;

export class LiveHub implements vscode.Disposable {
  private readonly nodes = new Map<string, NodeFeed>();
  private readonly needs = new Map<NeedReason, Set<string>>();
  private readonly eventEmitter = new vscode.EventEmitter<ChainEvent>();
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Every event of a configured chain. */
  readonly onEvent = this.eventEmitter.event;
  /** A connection opened, closed, subscribed or backed off. */
  readonly onDidChange = this.changeEmitter.event;
  private readonly latest = new Map<string, BlockInfo>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private retryTimer: unknown;
  private readonly timers: LiveTimers;
  private disposed = false;

  constructor(private readonly deps: LiveHubDeps) {
    this.timers = deps.timers ?? realTimers;
    this.subscriptions.push(
      this.eventEmitter,
      this.changeEmitter,
      deps.chains.onDidChange(() => this.rebuild()),
      deps.tokens.onDidChange((key) => this.tokenChanged(key)),
    );
    this.rebuild();
  }

  /** The chains for which `reason` needs the feed now (empty: it needs nothing). */
  setNeed(reason: NeedReason, chains: readonly ChainEntry[]): void {
    const keys = new Set<string>();
    for (const c of chains) {
      const k = safeNodeKey(c.nodeUrl);
      if (k !== undefined) keys.add(k);
    }
    const before = this.needs.get(reason);
    if (before && before.size === keys.size && [...keys].every((k) => before.has(k))) return;
    this.needs.set(reason, keys);
    this.apply();
  }

  /** Whether events of this chain arrive now: its node's socket is open and subscribed. */
  isLive(chain: ChainEntry): boolean {
    const feed = this.nodes.get(safeNodeKey(chain.nodeUrl) ?? '');
    const s = feed?.connection?.status();
    return s !== undefined && s.phase === 'open' && s.sent.length > 0;
  }

  /** The latest block the feed told of a chain (by entry name). */
  latestBlock(chain: ChainEntry): BlockInfo | undefined {
    return this.latest.get(chain.name.toLowerCase());
  }

  /** Every node with chains, and where its feed stands. */
  states(): NodeLiveState[] {
    return [...this.nodes.values()].map((n) => {
      const s: NodeLiveState = { node: n.key, chains: n.chains, status: n.connection?.status() };
      if (n.problem !== undefined) s.problem = n.problem;
      if (n.needsToken === true) s.needsToken = true;
      return s;
    });
  }

  /** Whether any node's feed is wanted or still open. */
  anyOpen(): boolean {
    return this.states().some((s) => s.status !== undefined && s.status.phase !== 'idle');
  }

  /** The connection of a chain's node, once prepared (tests and the bench read its status). */
  connectionOf(chain: ChainEntry): LiveConnection | undefined {
    return this.nodes.get(safeNodeKey(chain.nodeUrl) ?? '')?.connection;
  }

  dispose(): void {
    this.disposed = true;
    if (this.retryTimer !== undefined) this.timers.clear(this.retryTimer);
    for (const n of this.nodes.values()) this.drop(n);
    this.nodes.clear();
    for (const d of this.subscriptions) d.dispose();
  }

  /** The settings changed: nodes gone are dropped, nodes whose chains changed resubscribe. */
  private rebuild(): void {
    if (this.disposed) return;
    const grouped = new Map<string, ChainEntry[]>();
    for (const c of this.deps.chains.valid()) {
      if (!this.deps.chains.isContactable(c)) continue;
      const k = safeNodeKey(c.nodeUrl);
      if (k === undefined) continue;
      const list = grouped.get(k);
      if (list) list.push(c);
      else grouped.set(k, [c]);
    }
    for (const [key, feed] of this.nodes) {
      if (!grouped.has(key)) {
        this.drop(feed);
        this.nodes.delete(key);
      }
    }
    for (const [key, chains] of grouped) {
      const feed = this.nodes.get(key);
      if (!feed) {
        this.nodes.set(key, { key, chains, byChainId: new Map(), subscriptions: [] });
        continue;
      }
      const same = feed.chains.length === chains.length && feed.chains.every((c, i) => sameChain(c, chains[i]));
      feed.chains = chains;
      if (!same && feed.connection) {
        // The generation or a chain may differ now: prepare anew (the old socket closes at once).
        this.drop(feed);
        feed.failedAt = undefined;
      }
    }
    this.apply();
    this.changeEmitter.fire();
  }

  private tokenChanged(key: string): void {
    const feed = this.nodes.get(key);
    if (!feed || feed.connection || feed.failedAt === undefined) return;
    feed.failedAt = undefined;
    this.apply();
  }

  /** Tells every node's connection what needs it; prepares the ones needed for the first time. */
  private apply(now = this.timers.now()): void {
    if (this.disposed) return;
    let retryAt: number | undefined;
    for (const feed of this.nodes.values()) {
      const reasons = this.reasonsFor(feed.key);
      if (!feed.connection) {
        if (reasons.length === 0 || feed.preparing) continue;
        if (feed.failedAt !== undefined && now < feed.failedAt + RETRY_MS) {
          retryAt = Math.min(retryAt ?? Number.POSITIVE_INFINITY, feed.failedAt + RETRY_MS);
          continue;
        }
        feed.preparing = this.prepare(feed).finally(() => {
          feed.preparing = undefined;
          this.apply();
        });
        continue;
      }
      for (const reason of ['liveView', 'followLatest', 'watch'] as const) feed.connection.need(reason, reasons.includes(reason));
    }
    if (retryAt !== undefined && this.retryTimer === undefined) {
      const at = retryAt;
      // The timer firing is the retry time, whatever the clock reads then (a timer may fire a millisecond early by it).
      this.retryTimer = this.timers.set(() => {
        this.retryTimer = undefined;
        this.apply(Math.max(this.timers.now(), at));
      }, at - now);
    }
  }

  private reasonsFor(key: string): NeedReason[] {
    return [...this.needs].filter(([, keys]) => keys.has(key)).map(([reason]) => reason);
  }

  /** Learns the node's generation and its chain IDs in the node's form, then makes the connection. */
  private async prepare(feed: NodeFeed): Promise<void> {
    const chains = feed.chains;
    const first = chains[0];
    if (!first) return;
    try {
      const detected = await this.deps.clients.detectGeneration(first);
      if (detected.kind === 'unknown') throw new Error(vscode.l10n.t('not a Wasp node ({0})', detected.said));
      const wire = liveWireOf(detected.kind);
      const byChainId = await this.nodeChainIds(wire, chains);
      if (this.disposed || this.nodes.get(feed.key) !== feed || feed.chains !== chains) return;
      feed.byChainId = byChainId;
      feed.problem = undefined;
      feed.needsToken = undefined;
      feed.failedAt = undefined;
      const connection = new LiveConnection({ nodeUrl: first.nodeUrl, generation: wire.generation, log: (line) => this.deps.log.info(line) });
      feed.connection = connection;
      feed.subscriptions.push(
        connection.onEvent((event) => this.received(feed, event)),
        connection.onChange(() => this.changeEmitter.fire()),
      );
      connection.setChains([...byChainId.keys()]);
    } catch (e) {
      feed.failedAt = this.timers.now();
      feed.problem = errorSummary(e);
      feed.needsToken = e instanceof UnauthorizedError || e instanceof TokenExpiredError;
      this.deps.log.warn(`live: no feed from ${feed.key}: ${feed.problem}`);
      this.changeEmitter.fire();
    }
  }

  /** Each entry's chain ID in the node's form (the first entry naming one keeps it). */
  private async nodeChainIds(wire: LiveWire, chains: readonly ChainEntry[]): Promise<Map<string, ChainEntry>> {
    const byChainId = new Map<string, ChainEntry>();
    for (const c of chains) {
      const nodeForm = await wire.subscribeId(c.chainId, () => this.deps.clients.apiFor(c).entryChainId());
      if (nodeForm !== undefined && !byChainId.has(nodeForm)) byChainId.set(nodeForm, c);
    }
    return byChainId;
  }

  private received(feed: NodeFeed, event: LiveEvent): void {
    const chain = feed.byChainId.get(event.chainId);
    if (!chain) return;
    if (event.kind === 'new_block') {
      const key = chain.name.toLowerCase();
      const known = this.latest.get(key);
      if (!known || known.blockIndex <= event.block.blockIndex) this.latest.set(key, event.block);
    }
    this.eventEmitter.fire({ chain, event });
    if (event.kind === 'new_block') this.changeEmitter.fire();
  }

  private drop(feed: NodeFeed): void {
    for (const d of feed.subscriptions) d.dispose();
    feed.subscriptions = [];
    feed.connection?.dispose();
    feed.connection = undefined;
  }
}

function safeNodeKey(nodeUrl: string): string | undefined {
  try {
    return nodeKey(nodeUrl);
  } catch {
    return undefined;
  }
}

function sameChain(a: ChainEntry, b: ChainEntry | undefined): boolean {
  return b !== undefined && a.name === b.name && a.nodeUrl === b.nodeUrl && a.chainId === b.chainId && a.generation === b.generation;
}
