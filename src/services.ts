// The services every feature is built over, constructed once in extension.ts.
import type * as vscode from 'vscode';
import type { ChainRegistry } from './config/chainRegistry';
import type { NodeClients } from './config/nodeClients';
import type { TokenStore } from './config/tokenStore';
import type { RecentReceipts } from './receipts/model/recentReceipts';

export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly chains: ChainRegistry;
  readonly tokens: TokenStore;
  readonly clients: NodeClients;
  readonly recent: RecentReceipts;
  readonly log: vscode.LogOutputChannel;
}
