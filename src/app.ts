// The features, wired: build the services, register each feature, push every disposable. Loaded by
// ../extension.ts on the first use of any feature (or just after activation in a window whose
// settings name chains), never at activation itself.
import * as vscode from 'vscode';
import { ChainRegistry } from './config/chainRegistry';
import { NodeClients } from './config/nodeClients';
import { TokenStore } from './config/tokenStore';
import { registerChainsFeature, type ChainsFeatureApi } from './chains/register';
import { registerChainInfoFeature, type ChainInfoFeature } from './chainInfo/register';
import { registerReceiptsFeature, type ReceiptsFeature } from './receipts/register';
import { registerWatchFeature, type WatchFeature } from './watch/register';
import { registerAccountsFeature, type AccountsFeature } from './accounts/register';
import { registerLiveFeature, type LiveFeature } from './live/register';
import { registerWorkspaceFeature } from './workspace/register';
import { registerDebuggerFeature } from './debugger/register';
import type { WorkspaceAbiIndex } from './workspace/service';
import { RecentReceipts } from './transactions/model/recentReceipts';
import { WatchedRequests } from './transactions/model/watchedRequests';
import { KnownIds } from './core/knownIds';
import { WebviewTypes } from './constants';
import type { StandInTargets } from './startup/standIns';

/** What activate() returns: the services and each feature's handles (integration tests use them). */
export interface ExtensionApi {
  /** The objects the features are built over (each part takes the narrow slice it reads). */
  readonly services: ExtensionObjects;
  readonly chains: ChainsFeatureApi;
  readonly chainInfo: ChainInfoFeature;
  readonly receipts: ReceiptsFeature;
  readonly watch: WatchFeature;
  readonly accounts: AccountsFeature;
  readonly live: LiveFeature;
  /** The workspace's ABI index (loaded on first use). */
  readonly workspaceAbis: WorkspaceAbiIndex;
  /** How long loading and activating took (`npm run bench` reports it). */
  readonly activation: ActivationTimes;
  /** What activation's stand-ins hand their calls to. */
  readonly standIns: StandInTargets;
}

/** What startFeatures builds once and hands to the features at registration. */
export interface ExtensionObjects {
  readonly context: vscode.ExtensionContext;
  readonly chains: ChainRegistry;
  readonly tokens: TokenStore;
  readonly clients: NodeClients;
  readonly recent: RecentReceipts;
  /** The IDs the extension knows from a node (the hover looks them up wherever they are written). */
  readonly known: KnownIds;
  readonly log: vscode.LogOutputChannel;
}

/**
 * performance.now() readings in the extension host (ms). `ms` is the extension's own time: its
 * modules evaluating plus activate(). Between the two, VS Code prepares the ExtensionContext
 * (storage, secrets) while the module loads, and that wait is not ours.
 */
export interface ActivationTimes {
  readonly moduleLoadedAt: number;
  readonly moduleEvaluatedAt: number;
  readonly activateStartedAt: number;
  readonly activatedAt: number;
  readonly ms: number;
}

/** Builds the services and registers every feature; their disposables go to `context`. */
export function startFeatures(context: vscode.ExtensionContext, activation: ActivationTimes): ExtensionApi {
  const log = vscode.window.createOutputChannel('Wasp Chain Explorer', { log: true });
  const tokens = new TokenStore(context.secrets);
  const chains = new ChainRegistry();
  const clients = new NodeClients(tokens, log);
  const recent = new RecentReceipts();
  const known = new KnownIds(context.workspaceState);
  const services: ExtensionObjects = { context, chains, tokens, clients, recent, known, log };
  context.subscriptions.push(log, tokens, chains, clients);
  const prefetchTokens = () => tokens.prefetch(chains.valid().flatMap((c) => (clients.tokenAllowed(c) ? [c.nodeUrl] : [])));
  prefetchTokens();
  context.subscriptions.push(chains.onDidChange(prefetchTokens));

  // Features register here, one line each.
  const chainsFeature = registerChainsFeature(services);
  const chainInfo = registerChainInfoFeature(services);
  const workspace = registerWorkspaceFeature(context, log);
  // Written by the watch feature once it loads, read by the receipts feature's hover and panels.
  const watched = new WatchedRequests();
  const receipts = registerReceiptsFeature({ ...services, watched, abis: workspace.abis, addresses: workspace.addresses, sent: workspace.sent });
  context.subscriptions.push(chainsFeature.tree.evmOnly.setHeads(receipts.evmOnly));
  const live = registerLiveFeature({ ...services, receipts, addresses: workspace.addresses, blocks: chainsFeature.blocks });
  const watch = registerWatchFeature({ ...services, watched, receipts, feed: live.watchFeed });
  const accounts = registerAccountsFeature({
    ...services,
    chainsTree: chainsFeature,
    names: receipts.service.evm,
    records: workspace.addresses,
    evmOnly: receipts.evmOnly,
  });
  const debug = registerDebuggerFeature({ ...services, abis: workspace.abis });

  const panels: Record<string, (panel: vscode.WebviewPanel, state: unknown) => Promise<unknown>> = {
    [WebviewTypes.receipt]: receipts.restore,
    [WebviewTypes.chainInfo]: chainInfo.restore,
    [WebviewTypes.account]: accounts.restore,
  };
  const standIns: StandInTargets = {
    hovers: [receipts.hover, accounts.hover],
    restorePanel: async (viewType, panel, state) => panels[viewType]?.(panel, state),
    debug,
  };
  return { services, chains: chainsFeature, chainInfo, receipts, watch, live, accounts, workspaceAbis: workspace.abis, activation, standIns };
}
