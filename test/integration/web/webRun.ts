// What scripts/run-integration.mjs hands the web suite, in web-run.json at the workspace's root:
// the nodes it started (test/fixtures/webNodesCli.ts), the real-peer anvil and WASP_TEST_GREP.
import * as vscode from 'vscode';
import type { WebNodes } from '../../fixtures/webNodesCli';

export interface WebRun {
  nodes: WebNodes;
  /** The real-peer anvil and its project in the workspace's real-peers/ folder (WASP_TEST_REAL_PEERS's content). */
  realPeers: { rpcUrl: string; chainId: string; txs: Record<string, string> };
  grep?: string;
}

let read: Promise<WebRun> | undefined;

export function readWebRun(): Promise<WebRun> {
  return (read ??= (async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) throw new Error('the web suite needs its workspace folder (web-run.json)');
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, 'web-run.json'));
    return JSON.parse(new TextDecoder().decode(bytes)) as WebRun;
  })());
}
