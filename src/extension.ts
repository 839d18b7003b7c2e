// Wiring only: build the services, register each feature, push every disposable.
import * as vscode from 'vscode';
import { ChainRegistry } from './config/chainRegistry';
import { NodeClients } from './config/nodeClients';
import { TokenStore } from './config/tokenStore';
import { registerChainsFeature, type ChainsFeatureApi } from './features/chains';
import { registerChainInfoFeature, type ChainInfoFeature } from './features/chainInfo';
import { registerReceiptsFeature, type ReceiptsFeature } from './features/receipts';
import { RecentReceipts } from './model/recentReceipts';
import type { Services } from './services';

/** What activate() returns: the services and each feature's handles (integration tests use them). */
export interface ExtensionApi {
  readonly services: Services;
  readonly chains: ChainsFeatureApi;
  readonly chainInfo: ChainInfoFeature;
  readonly receipts: ReceiptsFeature;
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const log = vscode.window.createOutputChannel('Wasp Chain Explorer', { log: true });
  const tokens = new TokenStore(context.secrets);
  const chains = new ChainRegistry();
  const clients = new NodeClients(tokens, log);
  const recent = new RecentReceipts();
  const services: Services = { context, chains, tokens, clients, recent, log };
  context.subscriptions.push(log, tokens, chains, clients);

  // Features register here, one line each.
  const chainsFeature = registerChainsFeature(services);
  const chainInfo = registerChainInfoFeature(services);
  const receipts = registerReceiptsFeature(services);

  return { services, chains: chainsFeature, chainInfo, receipts };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
