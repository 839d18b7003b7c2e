// The state of every configured chain, as the tree and the status bar show it: one snapshot per
// settings entry (state, chain info, error, token status, when it was loaded), loaded on demand
// and never polled. The TreeDataProvider (tree.ts) is only a view over this.
import { NotFoundError } from '../api/errors';
import * as vscode from 'vscode';
import type { DetectedGeneration } from '../api/generation';
import { SharedRequests } from '../api/sharedRequests';
import type { ChainInfoState } from '../core/chainInfoFields';
import type { TokenStatus } from '../config/nodeClients';
import { nodeKey, type ChainEntry, type InvalidChainEntry } from '../config/model/chainConfig';
import { knownChainOf } from '../config/model/chainAbilities';
import { decideChainState, type ChainState, type ChainStateDecision, type GenerationFinding } from './model/chainState';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { TokenStore } from '../config/tokenStore';
import type { RecentReceipts } from '../transactions/model/recentReceipts';
import type { Generation } from '../api/generation';
import { traitsOf, traitsOfDetected } from '../api/traits';

/** One entry of the merged `waspChain.chains` settings, valid or not, with its model key. */
export type ChainRow =
  | { readonly valid: true; readonly key: string; readonly chain: ChainEntry }
  | { readonly valid: false; readonly key: string; readonly invalid: InvalidChainEntry };

export interface ChainSnapshot {
  readonly state: ChainState;
  readonly decision: ChainStateDecision;
  /** Stardust: the governance chain info; Rebased: `GET /v1/chain` (adds isActive, evmChainId). */
  readonly info?: ChainInfoState;
  /** What the node runs, when it was detected (tooltip: generation and version). */
  readonly generation?: DetectedGeneration;
  /** Set when the node's generation or chain does not fit the entry (the tree offers a fix). */
  readonly finding?: GenerationFinding;
  readonly error?: unknown;
  readonly tokenStatus: TokenStatus;
  /** Date.now() when the last load ended; undefined while the chain was never loaded. */
  readonly loadedAt?: number;
  /** A load is under way (the previous result is still shown meanwhile). */
  readonly busy: boolean;
}

interface Pending {
  readonly seq: number;
  readonly controller: AbortController;
  readonly promise: Promise<void>;
}

const NO_TOKEN: TokenStatus = { kind: 'none' };

/** What the model reads: the chain entries, their nodes (detection, tokens, requests), token changes, recent receipts, the log. */
export interface ChainsModelDeps {
  readonly chains: Pick<ChainRegistry, 'all' | 'isContactable' | 'onDidChange'>;
  readonly clients: Pick<NodeClients, 'apiFor' | 'clientFor' | 'detectGeneration' | 'generations' | 'noteRebasedChain' | 'tokenAllowed' | 'tokenStatus'>;
  readonly tokens: Pick<TokenStore, 'onDidChange'>;
  readonly recent: Pick<RecentReceipts, 'onDidChange'>;
  readonly log: Pick<vscode.LogOutputChannel, 'warn'>;
}

/** What one load learnt of a chain's node. */
interface NodeRead {
  tokenStatus: TokenStatus;
  info?: ChainInfoState;
  error?: unknown;
  generation?: DetectedGeneration;
  finding?: GenerationFinding;
}

/** Restricted Mode: the chain comes from an untrusted workspace, and its node is not contacted. */
function untrustedSnapshot(): Omit<ChainSnapshot, 'busy'> {
  const decision: ChainStateDecision = {
    state: 'untrusted',
    label: vscode.l10n.t('not contacted: workspace not trusted'),
    detail: vscode.l10n.t('This chain comes from the settings of a workspace that is not trusted: its node is not contacted until you trust the workspace.'),
    hint: vscode.l10n.t('Manage Workspace Trust to trust this workspace, or add the chain to your user settings.'),
    hasToken: false,
  };
  return { state: decision.state, decision, tokenStatus: NO_TOKEN, loadedAt: Date.now() };
}

export class ChainsModel implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<string | undefined>();
  /** Fires with the key of the chain that changed, or undefined when the list itself changed. */
  readonly onDidChange = this.emitter.event;
  private readonly loaded = new Map<string, Omit<ChainSnapshot, 'busy'>>();
  private readonly pending = new Map<string, Pending>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly tokenWaiters = new Map<string, Set<(loads: Promise<void>) => void>>();
  private seq = 0;
  private shown = false;
  /** What each node ran before Refresh made the extension ask again (see fetch). */
  private readonly previousGeneration = new Map<string, DetectedGeneration>();
  private disposed = false;

  constructor(private readonly deps: ChainsModelDeps) {
    this.subscriptions.push(
      deps.chains.onDidChange(() => this.reconcile()),
      // A token set, changed or removed here or in another window: reload the chains of that node.
      deps.tokens.onDidChange((key) => {
        const loads = this.shown ? this.loadRows(this.rowsOfNode(key)) : Promise.resolve();
        if (!this.shown) this.emitter.fire(undefined);
        const waiters = this.tokenWaiters.get(key);
        this.tokenWaiters.delete(key);
        for (const w of waiters ?? []) w(loads);
      }),
      // Chains from workspace settings may now be contacted, with their tokens.
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        if (this.shown) void this.loadRows(this.validRows().filter((r) => r.chain.source.scope !== 'user'));
      }),
      deps.recent.onDidChange((chainName) => {
        const row = this.findRow(chainName);
        if (row) this.emitter.fire(row.key);
      }),
    );
  }

  /**
   * Every settings entry whose node state this model reads (a chain with governance to read) or that
   * is invalid, in settings order; a chain known only by its EVM JSON-RPC is the tree's evmOnlyNodes.ts.
   */
  rows(): ChainRow[] {
    return this.deps.chains.all().flatMap((r): ChainRow[] => {
      if (r.valid === false) return [{ valid: false, key: invalidKey(r.invalid), invalid: r.invalid }];
      return r.valid === true && knownChainOf(r)?.can.governance ? [{ valid: true, key: validKey(r.chain), chain: r.chain }] : [];
    });
  }

  validRows(): Array<Extract<ChainRow, { valid: true }>> {
    return this.rows().filter((r): r is Extract<ChainRow, { valid: true }> => r.valid);
  }

  /** The row of a chain name (valid chains first, then invalid entries of that name). */
  findRow(name: string): ChainRow | undefined {
    const key = name.trim().toLowerCase();
    const rows = this.rows();
    return rows.find((r) => r.valid && r.chain.name.toLowerCase() === key) ?? rows.find((r) => !r.valid && r.invalid.name.toLowerCase() === key);
  }

  snapshot(row: ChainRow): ChainSnapshot {
    if (!row.valid) {
      const decision = decideChainState({ problems: row.invalid.problems, loaded: true }, vscode.l10n);
      return { state: decision.state, decision, tokenStatus: NO_TOKEN, busy: false };
    }
    const busy = this.pending.has(row.key);
    const done = this.loaded.get(row.key);
    if (done) return { ...done, busy };
    const decision = decideChainState({ loaded: false }, vscode.l10n);
    return { state: decision.state, decision, tokenStatus: NO_TOKEN, busy };
  }

  /** The snapshot of a chain by name, if such an entry exists. */
  snapshotOf(name: string): ChainSnapshot | undefined {
    const row = this.findRow(name);
    return row ? this.snapshot(row) : undefined;
  }

  /**
   * Called when the tree is first shown (and on every later read): starts loading the chains
   * that have neither a result nor a load under way. Resolves when those loads end.
   */
  ensureLoaded(): Promise<void> {
    this.shown = true;
    return this.loadRows(this.validRows().filter((r) => !this.loaded.has(r.key) && !this.pending.has(r.key)));
  }

  /** Reloads one chain (by name) or all of them, concurrently; resolves when they are loaded. */
  refresh(name?: string): Promise<void> {
    this.shown = true;
    // Refresh also asks each node again what it runs (it may have been upgraded meanwhile).
    const generations = this.deps.clients.generations;
    for (const r of this.validRows()) {
      const key = safeNodeKey(r.chain.nodeUrl);
      const known = key === undefined ? undefined : generations.peek(key);
      if (key !== undefined && known) this.previousGeneration.set(key, known);
    }
    if (name === undefined) {
      generations.forgetAll();
      return this.loadRows(this.validRows());
    }
    const row = this.findRow(name);
    if (!row?.valid) return Promise.resolve();
    const key = safeNodeKey(row.chain.nodeUrl);
    if (key !== undefined) this.deps.clients.generations.forget(key);
    return this.loadRows([row]);
  }

  /**
   * Call before storing or deleting the token of a node: resolves once the chains of that node
   * have reloaded with the change. The reload is the one SecretStorage's change event starts
   * (so a command and the event never load twice); without an event in time, it reloads itself.
   */
  tokenChangeSettled(nodeUrl: string, timeoutMs = 2000): Promise<void> {
    const key = safeNodeKey(nodeUrl);
    if (key === undefined) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiters = this.tokenWaiters.get(key) ?? new Set();
      this.tokenWaiters.set(key, waiters);
      const waiter = (loads: Promise<void>) => {
        clearTimeout(timer);
        resolve(loads);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(this.shown ? this.loadRows(this.rowsOfNode(key)) : undefined);
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  private rowsOfNode(key: string): Array<Extract<ChainRow, { valid: true }>> {
    return this.validRows().filter((r) => safeNodeKey(r.chain.nodeUrl) === key);
  }

  /** Resolves once no load is under way (tests, and commands that wait for a result). */
  async whenIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending.values()].map((p) => p.promise));
  }

  private loadRows(rows: Array<Extract<ChainRow, { valid: true }>>): Promise<void> {
    // All at once: the limiter shared by every client (NodeClients) bounds the requests in flight.
    // Entries that name the same chain of the same node (in user and workspace settings, under
    // two names) share one request within this batch; a later batch never joins an earlier
    // one's request, which may predate a token change.
    const batch = new SharedRequests<ChainInfoState>();
    return Promise.all(rows.map((r) => this.load(r, batch))).then(() => undefined);
  }

  private load(row: Extract<ChainRow, { valid: true }>, batch: SharedRequests<ChainInfoState>): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.pending.get(row.key)?.controller.abort();
    const seq = ++this.seq;
    const controller = new AbortController();
    const promise = this.fetch(row.chain, controller.signal, batch).then((result): Promise<void> | undefined => {
      const current = this.pending.get(row.key);
      // Superseded by a newer load (whose end the caller then waits for), or removed meanwhile.
      if (current?.seq !== seq) return current?.promise;
      if (this.disposed) return undefined;
      this.pending.delete(row.key);
      this.loaded.set(row.key, result);
      const { decision } = result;
      if (decision.state !== 'ok') this.deps.log.warn(`Chain "${row.chain.name}": ${decision.label}${decision.detail ? ` (${decision.detail})` : ''}`);
      this.emitter.fire(row.key);
      return undefined;
    });
    this.pending.set(row.key, { seq, controller, promise });
    this.emitter.fire(row.key);
    return promise;
  }

  private async fetch(chain: ChainEntry, signal: AbortSignal, batch: SharedRequests<ChainInfoState>): Promise<Omit<ChainSnapshot, 'busy'>> {
    // Restricted Mode: a host the workspace chose (localhost included) gets no request at all.
    if (!this.deps.chains.isContactable(chain)) return untrustedSnapshot();
    const read = await this.readNode(chain, signal, batch);
    const { tokenStatus, info, error, generation, finding } = read;
    const inactive = await this.isInactive(chain, read, signal);
    // An expired token still comes first: it is what the user must fix before anything else.
    const decision =
      finding && tokenStatus.kind !== 'expired'
        ? (await import('./model/generationState.js')).findingDecision(finding, tokenStatus.kind !== 'none', vscode.l10n)
        : decideChainState({ tokenStatus, error, loaded: true, inactive }, vscode.l10n);
    return { state: decision.state, decision, info, error, tokenStatus, generation, finding, loadedAt: Date.now() };
  }

  /** The token status, what the node runs, and the chain's data or why the entry does not fit the node. */
  private async readNode(chain: ChainEntry, signal: AbortSignal, batch: SharedRequests<ChainInfoState>): Promise<NodeRead> {
    const read: NodeRead = { tokenStatus: NO_TOKEN };
    try {
      read.tokenStatus = await this.deps.clients.tokenStatus(chain);
      const node = safeNodeKey(chain.nodeUrl) ?? chain.nodeUrl;
      const data = this.dataRequests(chain, node, signal, batch);
      // What the node ran last time (Refresh forgot it): its data request goes out beside the
      // detection, so a Refresh costs one round trip, not two, while the node stays the same. A
      // node reads an entry of its generation, and a node of one chain any entry (to say it migrated).
      const cached = this.deps.clients.generations.peek(node);
      const expected = traitsOfDetected(cached ?? this.previousGeneration.get(node));
      if (expected && (expected.oneChainPerNode || expected.generation === chain.generation)) void data.request(expected.generation);
      // When the detection runs for this load and reads /v1/chain itself (a version that did not
      // tell), its answer is the chain's data: no second request. A cached one may be stale.
      const probedIsFresh = cached === undefined && !data.readsNodeChain();
      // Once per node per window (shared by every chain of the node); Refresh asks again.
      read.generation = await this.deps.clients.detectGeneration(chain);
      Object.assign(read, await this.fitEntry(chain, read.generation, probedIsFresh, data.request));
    } catch (e) {
      read.error = e;
      // A node of one chain that answers "chain not found" for it runs none.
      if (traitsOfDetected(read.generation)?.oneChainPerNode && e instanceof NotFoundError && e.what === 'chain') {
        read.finding = { kind: 'noChain' };
        read.error = undefined;
      }
    }
    return read;
  }

  /**
   * The data request of a generation, started at most once per load and shared by what decides
   * the answer: the node, the generation, the chain, and whether the token goes along.
   */
  private dataRequests(chain: ChainEntry, node: string, signal: AbortSignal, batch: SharedRequests<ChainInfoState>) {
    const started = new Map<Generation, Promise<ChainInfoState>>();
    const request = (kind: Generation): Promise<ChainInfoState> => {
      let p = started.get(kind);
      if (!p) {
        const key = [node, kind, chain.chainId.toLowerCase(), this.deps.clients.tokenAllowed(chain)].join('\n');
        const client = this.deps.clients.clientFor(chain);
        // Keyed by what the node was detected as, not by the entry: a Stardust entry on a Rebased
        // node reads the node's one chain to say it migrated. An expired token is refused by the
        // client before the request leaves (TokenExpiredError).
        p = batch.run(key, signal, (shared) => traitsOf(kind).readChainState(client, chain.chainId, shared));
        p.catch(() => undefined); // awaited only if the node still runs that generation
        started.set(kind, p);
      }
      return p;
    };
    // Whether the node's one chain was asked already in this load.
    return { request, readsNodeChain: () => [...started.keys()].some((kind) => traitsOf(kind).oneChainPerNode) };
  }

  /** The chain's data, or why the entry does not fit what the node runs (the tree offers a fix). */
  private async fitEntry(
    chain: ChainEntry,
    generation: DetectedGeneration,
    probedIsFresh: boolean,
    request: (kind: Generation) => Promise<ChainInfoState>,
  ): Promise<Pick<NodeRead, 'info' | 'finding'>> {
    if (generation.kind === 'unknown') return { finding: { kind: 'unclassified', said: generation.said, answered: generation.answered } };
    const node = traitsOf(generation.kind);
    const sameGeneration = node.generation === chain.generation;
    if (!node.oneChainPerNode)
      return sameGeneration ? { info: await request(node.generation) } : { finding: { kind: 'stardustNode', version: generation.version } };
    const probed = probedIsFresh && 'chain' in generation ? generation.chain : undefined;
    if (probed === null) return { finding: { kind: 'noChain' } };
    // The node's one chain: its ID decides whether the entry still applies.
    const nodeChain = probed ?? (await request(node.generation));
    const nodeChainId = nodeChain.chainID.toLowerCase();
    // An entry of the other generation names a chain of a node that runs one chain now.
    if (!sameGeneration) return { finding: { kind: 'migrated', nodeChainId } };
    if (chain.chainId !== '' && chain.chainId !== nodeChainId) return { finding: { kind: 'otherChain', nodeChainId, configuredChainId: chain.chainId } };
    if ('evmChainId' in nodeChain) this.deps.clients.noteRebasedChain(chain.nodeUrl, nodeChain);
    return { info: nodeChain };
  }

  /**
   * A node answers "chain not found" on governance for a chain it has but does not run: the
   * chain's identity answer tells the two apart, so the tree can say "not running" instead.
   */
  private async isInactive(chain: ChainEntry, read: NodeRead, signal: AbortSignal): Promise<boolean> {
    const { info, error } = read;
    const node = traitsOfDetected(read.generation);
    if (node === undefined) return false;
    // The node's one chain answer says whether it runs.
    if (node.oneChainPerNode) return info !== undefined && 'isActive' in info && info.isActive === false;
    if (!(error instanceof NotFoundError) || error.what !== 'chain') return false;
    return this.deps.clients
      .apiFor(chain)
      .identity({ signal })
      .then(
        (c) => !c.isActive,
        () => false,
      );
  }

  /** Settings changed: forget what belongs to entries that are gone, load the new ones if shown. */
  private reconcile(): void {
    const keys = new Set(this.rows().map((r) => r.key));
    for (const key of [...this.loaded.keys()]) if (!keys.has(key)) this.loaded.delete(key);
    for (const [key, p] of [...this.pending]) {
      if (!keys.has(key)) {
        p.controller.abort();
        this.pending.delete(key);
      }
    }
    this.emitter.fire(undefined);
    if (this.shown) void this.ensureLoaded();
  }

  dispose(): void {
    this.disposed = true;
    for (const p of this.pending.values()) p.controller.abort();
    this.pending.clear();
    for (const s of this.subscriptions) s.dispose();
    this.emitter.dispose();
  }
}

/** Changes when anything that decides the answer changes (so a moved or edited chain reloads). */
function validKey(chain: ChainEntry): string {
  return ['chain', chain.source.scope, chain.source.folderUri ?? '', chain.name.toLowerCase(), chain.nodeUrl, chain.chainId].join('\u0000');
}

function invalidKey(entry: InvalidChainEntry): string {
  return ['invalid', entry.source.scope, entry.source.folderUri ?? '', String(entry.index), entry.problems.join('\n')].join('\u0000');
}

function safeNodeKey(nodeUrl: string): string | undefined {
  try {
    return nodeKey(nodeUrl);
  } catch {
    return undefined;
  }
}
