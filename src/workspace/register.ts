// The workspace feature: what the workspace's own build records say (the ABIs of its contracts, the
// addresses it deployed them to, the transactions it sent), read on first use and kept current by file watchers. Other
// features get its handles here, at registration.
import type * as vscode from 'vscode';
import { WorkspaceAbiIndex, WorkspaceAddresses, WorkspaceSentTransactions } from './service';

export interface WorkspaceFeature {
  readonly abis: WorkspaceAbiIndex;
  readonly addresses: WorkspaceAddresses;
  readonly sent: WorkspaceSentTransactions;
}

export function registerWorkspaceFeature(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): WorkspaceFeature {
  const abis = new WorkspaceAbiIndex(context.extensionUri, log);
  const addresses = new WorkspaceAddresses(log);
  const sent = new WorkspaceSentTransactions(log);
  context.subscriptions.push(abis, addresses, sent);
  return { abis, addresses, sent };
}
