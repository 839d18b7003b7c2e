// The watched requests in the extension: a WatchSet (model/watchSet.ts) whose rounds are the node's
// long poll, a status bar item while anything is watched, and what happens when a watch ends: the
// receipt is read once more through the receipt service (so the hover's cache and the tree's recent
// receipts have it), open receipt panels of the request refresh themselves, and a notification
// says success or failure first, with Open Receipt. Loaded on the first watch, not at activation.
import * as vscode from 'vscode';
import type { RequestIdShape } from '../core/idShapes';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import { Commands, Settings } from '../constants';
import { formatNumber, shortId } from '../core/format';
import { notificationText } from '../core/text';
import type { AnyReceipt } from '../transactions/model/receiptView';
import type { ReceiptService } from '../transactions/receiptService';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import { errorSummary } from '../ui/errors';
import type { WatchFeed } from '../transactions/feeds';
import { WatchSet, type WatchEnd, type WatchInfo } from '../transactions/model/watchSet';
import { WatchStatusBar } from './statusBar';

/** What a watch is on: the ID as its chain's node knows it. */
export interface WatchTarget {
  /** As the user gave it (what the hover and panels are keyed by). */
  requestId: string;
  /** As sent to the node (a Stardust chain may get hash + 0000). */
  nodeRequestId: string;
  chain: ChainEntry;
}

/** What the watch feature needs of the receipts feature (extension.ts hands it over): the lookup service and the open panels. */
export interface ReceiptsHandle {
  readonly service: ReceiptService;
  /** The open receipt panels: those of a watched request refresh when its receipt comes. */
  panels(): readonly { readonly identity: { readonly requestId: string }; refresh(): Promise<void> | void }[];
}

/** What the watch service reads: the chains (a changed entry ends its watches), their node APIs (the long poll), the log. */
export interface WatchServiceDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'onDidChange'>;
  readonly clients: Pick<NodeClients, 'apiFor'>;
  readonly log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
  /** The live feeds, when the extension has them. */
  readonly feed?: WatchFeed;
}

/** How a watch ended, and what the user was told (tests read it). */
export interface WatchEnded {
  target: WatchTarget;
  end: WatchEnd<AnyReceipt>;
  message: string;
}

export const DEFAULT_TIME_LIMIT_MINUTES = 10;
export const DEFAULT_MAX_WATCHES = 20;

function setting(key: string, fallback: number, min: number, max: number): number {
  const v = vscode.workspace.getConfiguration(Settings.section).get<number>(key, fallback);
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
}

export class WatchService implements vscode.Disposable {
  readonly set: WatchSet<WatchTarget, AnyReceipt>;
  /** The spinner and count (tests read its text). */
  readonly statusBar: WatchStatusBar;
  private readonly endEmitter = new vscode.EventEmitter<WatchEnded>();
  /** Fires after a watch ended and its notification was shown. */
  readonly onDidEnd = this.endEmitter.event;
  /** Watches the live feed ended before their long poll did (tests and the bench read it). */
  fromFeed = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly deps: WatchServiceDeps,
    private readonly receipts: ReceiptsHandle,
  ) {
    this.set = new WatchSet<WatchTarget, AnyReceipt>({
      key: (t) => watchKey(t.chain, t.nodeRequestId),
      limitMs: () => setting(Settings.watchTimeLimitMinutes, DEFAULT_TIME_LIMIT_MINUTES, 1, 1440) * 60_000,
      maxWatches: () => setting(Settings.maxWatches, DEFAULT_MAX_WATCHES, 1, 100),
      wait: (t, { signal, timeoutSeconds }) => this.deps.clients.apiFor(t.chain).waitForRequest(t.nodeRequestId, { signal, timeoutSeconds }),
    });
    this.statusBar = new WatchStatusBar(this.set);
    this.subscriptions.push(
      this.statusBar,
      this.endEmitter,
      { dispose: () => this.set.dispose() },
      this.set.onDidEnd((info, end) => void this.ended(info, end)),
      ...this.feedSubscriptions(),
      // A chain removed or changed: its watches would ask a node no longer meant.
      deps.chains.onDidChange(() => {
        for (const w of this.set.list()) {
          const now = deps.chains.get(w.target.chain.name);
          if (!now || now.nodeUrl !== w.target.chain.nodeUrl || now.chainId !== w.target.chain.chainId) this.set.cancel(w.key);
        }
      }),
    );
  }

  /** The watch on this request (any chain), if any: the hover and the panel say so. */
  watching(requestId: string): WatchInfo<WatchTarget> | undefined {
    const id = requestId.toLowerCase();
    return this.set.list().find((w) => w.target.requestId === id);
  }

  /** Starts a watch; says why not when the cap is reached or the ID does not fit the chain. */
  watch(id: RequestIdShape, chain: ChainEntry): WatchInfo<WatchTarget> | undefined {
    const allowHash = vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.hoverEvmTransactions, false);
    const nodeRequestId = this.deps.clients.apiFor(chain).requestIdFor(id, allowHash);
    if (nodeRequestId === undefined) {
      // The generation named: it decides which form of ID the chain takes.
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('This request ID does not fit {0} (a {1} chain).', chain.name, chain.generation)));
      return undefined;
    }
    const requestId = id.id;
    const added = this.set.add({ requestId, nodeRequestId, chain });
    if (!added.ok) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Already watching {0} requests, the most allowed (waspChain.watch.maxWatches): cancel one first.', added.max),
      );
      return undefined;
    }
    if (!added.existing) {
      this.deps.log.info(`watching ${nodeRequestId} on ${chain.name}`);
      this.refreshPanels(requestId);
    }
    return added.watch;
  }

  dispose(): void {
    this.deps.feed?.watching([]);
    for (const d of this.subscriptions) d.dispose();
  }

  /** The feed is wanted for the watched chains, and its receipts end their watches. */
  private feedSubscriptions(): vscode.Disposable[] {
    const feed = this.deps.feed;
    if (!feed) return [];
    return [
      this.set.onDidChange(() => feed.watching(this.set.list().map((w) => w.target.chain))),
      feed.onReceipt((chain, requestId, receipt) => {
        const key = watchKey(chain, requestId);
        for (const w of this.set.list()) {
          if (w.key !== key && !(sameNode(w.target.chain, chain) && w.target.nodeRequestId.toLowerCase() === requestId)) continue;
          if (this.set.arrive(w.key, receipt)) {
            this.fromFeed++;
            this.deps.log.info(`watch of ${w.target.nodeRequestId} on ${w.target.chain.name}: the receipt came from the live feed`);
          }
        }
      }),
    ];
  }

  private async ended(info: WatchInfo<WatchTarget>, end: WatchEnd<AnyReceipt>): Promise<void> {
    const { target } = info;
    const id = shortId(target.requestId, 10, 6);
    const chain = target.chain.name;
    let message: string;
    const open = vscode.l10n.t('Open Receipt');
    let show: Thenable<string | undefined> | undefined;
    switch (end.kind) {
      case 'arrived': {
        // At once, before any await: a "not found" kept from before must not answer a hover now.
        this.receipts.service.cache.forgetMisses(target.requestId);
        // Read once more through the receipt service: its cache (the hover), the recent receipts
        // (the tree) and the view's words. The node just answered, so this is quick.
        let failed = end.receipt.failed;
        let headline: string | undefined;
        try {
          const found = await this.receipts.service.find(target.requestId, { chainName: chain, fresh: true });
          if (found.found) {
            failed = found.value.view.failed;
            headline = found.value.view.error?.headline;
          }
        } catch (e) {
          this.deps.log.warn(`reading the watched receipt ${target.requestId} on ${chain}: ${errorSummary(e)}`);
        }
        message = failed
          ? headline
            ? vscode.l10n.t('Request failed: {0} on {1}, block {2}: {3}', id, chain, formatNumber(end.receipt.blockIndex), headline)
            : vscode.l10n.t('Request failed: {0} on {1}, block {2}.', id, chain, formatNumber(end.receipt.blockIndex))
          : vscode.l10n.t('Request succeeded: {0} on {1}, block {2}.', id, chain, formatNumber(end.receipt.blockIndex));
        show = failed
          ? vscode.window.showWarningMessage(notificationText(message), open)
          : vscode.window.showInformationMessage(notificationText(message), open);
        break;
      }
      case 'expired': {
        const minutes = Math.round((info.deadline - info.startedAt) / 60_000);
        message = vscode.l10n.t(
          'No receipt for {0} on {1} after {2} min: stopped watching. The receipt panel lists why a node may skip a request.',
          id,
          chain,
          minutes,
        );
        show = vscode.window.showInformationMessage(notificationText(message), open);
        break;
      }
      case 'failed':
        message = vscode.l10n.t('Stopped watching {0} on {1}: {2}', id, chain, errorSummary(end.error));
        void vscode.window.showErrorMessage(notificationText(message));
        break;
      case 'cancelled':
        message = vscode.l10n.t('Stopped watching {0} on {1}.', id, chain);
        break;
    }
    this.deps.log.info(`watch of ${target.nodeRequestId} on ${chain}: ${end.kind}`);
    this.refreshPanels(target.requestId);
    this.endEmitter.fire({ target, end, message });
    if (show && (await show) === open) {
      await vscode.commands.executeCommand(Commands.showReceipt, { requestId: target.requestId, chainName: chain });
    }
  }

  /** Open panels of this request show the news (a receipt, or that it is watched). */
  private refreshPanels(requestId: string): void {
    const id = requestId.toLowerCase();
    for (const p of this.receipts.panels()) if (p.identity.requestId.toLowerCase() === id) void p.refresh();
  }
}

/** The same node and chain (a Rebased entry without a chain ID follows its node's chain). */
function sameNode(a: ChainEntry, b: ChainEntry): boolean {
  return a.nodeUrl === b.nodeUrl && a.generation === b.generation && (a.chainId === b.chainId || a.chainId === '' || b.chainId === '');
}

/** One watch per node, generation, chain and request. */
function watchKey(chain: ChainEntry, nodeRequestId: string): string {
  let node: string;
  try {
    node = nodeKey(chain.nodeUrl);
  } catch {
    node = chain.nodeUrl;
  }
  return `${node}\n${chain.generation}\n${chain.chainId}\n${nodeRequestId}`;
}
