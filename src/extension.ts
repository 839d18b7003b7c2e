// Wiring only: build the services, register each feature, push every disposable.
// First import: its timestamp must be taken before any other module of the bundle evaluates.
import { moduleLoadedAt } from './loadClock';
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
}

/** What extension.ts builds once and hands to the features at registration. */
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

// Every imported module has evaluated by now: an ES module's imports evaluate before its body.
const moduleEvaluatedAt = performance.now();

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const activateStartedAt = performance.now();
  const log = vscode.window.createOutputChannel('Wasp Chain Explorer', { log: true });
  const tokens = new TokenStore(context.secrets);
  const chains = new ChainRegistry();
  const clients = new NodeClients(tokens, log);
  const recent = new RecentReceipts();
  const known = new KnownIds(context.workspaceState);
  const services: ExtensionObjects = { context, chains, tokens, clients, recent, known, log };
  context.subscriptions.push(log, tokens, chains, clients);

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
  registerDebuggerFeature({ ...services, abis: workspace.abis });

  const activatedAt = performance.now();
  const ms = moduleEvaluatedAt - moduleLoadedAt + (activatedAt - activateStartedAt);
  const activation = { moduleLoadedAt, moduleEvaluatedAt, activateStartedAt, activatedAt, ms };
  return { services, chains: chainsFeature, chainInfo, receipts, watch, live, accounts, workspaceAbis: workspace.abis, activation };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
