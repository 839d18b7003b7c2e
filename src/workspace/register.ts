// The workspace feature: what the workspace's own build records say (today the ABIs of its
// contracts), read on first use and kept current by a file watcher. Other features get its index
// handed to them here, at registration.
import type * as vscode from 'vscode';
import { WorkspaceAbiIndex } from './service';

export function registerWorkspaceFeature(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): WorkspaceAbiIndex {
  const abis = new WorkspaceAbiIndex(context.extensionUri, log);
  context.subscriptions.push(abis);
  return abis;
}
