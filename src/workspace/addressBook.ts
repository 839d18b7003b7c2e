// The workspace's address book (model/deployments.ts): read from the deployment records when a call
// tree first needs names, and again after a record changes (a file watcher) or the user's labels
// change. Every record is read as the ABI scan reads its files: only regular files whose real path
// stays inside the folder on a record's path, each under a byte cap, all within a time cap.
import * as vscode from 'vscode';
import { Settings } from '../constants';
import {
  DEPLOYMENT_EXCLUDE_GLOB,
  DEPLOYMENT_INCLUDE_GLOB,
  DEPLOYMENT_SCAN_LIMITS,
  isDeploymentPath,
  readAddressBook,
  userLabels,
  type AddressBook,
} from './model/deployments';
import type { ScanFile } from './model/scan';
import { hostScanIo } from './hostScanIo';

const io = hostScanIo(isDeploymentPath);

export class WorkspaceAddressBook implements vscode.Disposable {
  private book: Promise<AddressBook> | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly log: vscode.LogOutputChannel) {
    const watcher = vscode.workspace.createFileSystemWatcher(DEPLOYMENT_INCLUDE_GLOB);
    const stale = () => (this.book = undefined);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(stale),
      watcher.onDidChange(stale),
      watcher.onDidDelete(stale),
      vscode.workspace.onDidChangeWorkspaceFolders(stale),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${Settings.section}.${Settings.addressLabels}`)) stale();
      }),
    );
  }

  /** The book as the records and the settings say now (read again only after a change). */
  current(): Promise<AddressBook> {
    return (this.book ??= this.build());
  }

  private async build(): Promise<AddressBook> {
    const started = Date.now();
    const uris = await vscode.workspace.findFiles(DEPLOYMENT_INCLUDE_GLOB, DEPLOYMENT_EXCLUDE_GLOB, DEPLOYMENT_SCAN_LIMITS.maxFiles + 1);
    const files = uris.map(recordFile).filter((f) => f !== undefined);
    // Settings are as untrusted as the records: the label setting is restricted, so an untrusted workspace's own labels are not read.
    const user = userLabels(vscode.workspace.getConfiguration(Settings.section).get<unknown>(Settings.addressLabels));
    const { book, read, unread } = await readAddressBook(files, io, user);
    this.log.info(`Address book: ${book.size} names from ${read} deployment records and the settings (${unread} not read), in ${Date.now() - started} ms`);
    return book;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

function recordFile(uri: vscode.Uri): ScanFile<vscode.Uri> | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  return { uri, folder: folder.uri, key: uri.toString(), label: vscode.workspace.asRelativePath(uri, false) };
}
