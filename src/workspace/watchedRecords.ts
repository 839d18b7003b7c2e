// Records the workspace's toolchains write (deployment records, broadcasts, journals), read when a
// feature first needs them and again after one changes (a file watcher), a folder is added or a
// setting they depend on changes. Every file is read as the ABI scan reads its files: only regular
// files reached without a link below the folder, on an accepted path, each under a byte cap, all
// within a time cap (./model/scan.ts, ./model/folderFile.ts).
import * as vscode from 'vscode';
import type { PathRule, ScanFile, ScanIo } from './model/scan';
import { findCandidates, hostScanIo } from './hostScanIo';

export interface RecordsSpec<T> {
  /** What the records are, for the log (e.g. `Deployment records`). */
  what: string;
  /** The glob of candidate files, and the folders never searched. */
  include: string;
  exclude: string;
  /** Candidates asked of the search at most (one more tells that there were more). */
  maxFiles: number;
  /** The paths the reader accepts. */
  isPath: PathRule;
  /** Settings whose change makes the records read again (full keys, e.g. `waspChain.addressLabels`). */
  settings?: readonly string[];
  /** Reads the candidates; `summary` is logged (never a record's content). */
  read(files: Array<ScanFile<vscode.Uri>>, io: ScanIo<vscode.Uri>): Promise<{ value: T; summary: string }>;
}

export class WatchedRecords<T> implements vscode.Disposable {
  private value: Promise<T> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly io: ScanIo<vscode.Uri>;

  constructor(
    private readonly spec: RecordsSpec<T>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.io = hostScanIo(spec.isPath);
    const watcher = vscode.workspace.createFileSystemWatcher(spec.include);
    const stale = () => (this.value = undefined);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(stale),
      watcher.onDidChange(stale),
      watcher.onDidDelete(stale),
      vscode.workspace.onDidChangeWorkspaceFolders(stale),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (spec.settings?.some((key) => e.affectsConfiguration(key))) stale();
      }),
    );
  }

  /** The records as the workspace says now (read again only after a change). */
  current(): Promise<T> {
    return (this.value ??= this.build());
  }

  private async build(): Promise<T> {
    const started = Date.now();
    const uris = await findCandidates(this.spec.include, this.spec.exclude, this.spec.maxFiles + 1, this.log, this.spec.what);
    const files = uris.map(recordFile).filter((f) => f !== undefined);
    const { value, summary } = await this.spec.read(files, this.io);
    this.log.info(`${summary}, in ${Date.now() - started} ms`);
    return value;
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
