// The workspace's ABI index: the ABIs shipped with the extension (media/abis: ERC-20, ERC-721, the
// ISC magic contract) plus every build output the workspace folders hold (model/scan.ts says
// which), read once when the first EVM receipt is shown and kept current by a file watcher.
// Only vscode.workspace.findFiles and watcher events of files inside a workspace folder are read,
// and only regular files reached without a link below the folder, their size checked before a byte
// is read (model/folderFile.ts); watcher events are read in batches under the same caps as the first scan.
// In an untrusted workspace too: reading JSON is local, sends nothing and runs no code from it,
// and every ABI is validated as hostile input (model/abiIndex.ts).
import * as vscode from 'vscode';
import { abiOfJson, AbiIndex, BUILTIN_KEY } from '../evm/model/abiIndex';
import {
  ABI_EXCLUDE_GLOB,
  ABI_INCLUDE_GLOB,
  abiFileKind,
  DEFAULT_SCAN_LIMITS,
  describeReport,
  scanIntoIndex,
  type ScanFile,
  type ScanReport,
} from './model/scan';
import { findCandidates, hostScanIo } from './hostScanIo';

const BUILTIN_ABIS = ['erc20.abi.json', 'erc721.abi.json', 'iscMagic.abi.json'];
/**
 * Watcher events are coalesced over this long after the first (a build writes a file several
 * times); the delay is not restarted by later events, so a steady stream of them cannot hold
 * the index back.
 */
const WATCH_DEBOUNCE_MS = 150;

const io = hostScanIo();

export class WorkspaceAbis implements vscode.Disposable {
  readonly index = new AbiIndex();
  /** Resolves once the first scan is done. */
  readonly ready: Promise<ScanReport>;
  private readonly disposables: vscode.Disposable[] = [];
  /** Changed files waiting for the next batch, by key. */
  private readonly queued = new Map<string, ScanFile<vscode.Uri>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private draining = false;
  private disposed = false;
  /** Settles when every pending watcher event is indexed (tests wait on it). */
  private pending: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.watch();
    this.ready = this.build();
  }

  /** The index once the first scan and every pending watcher event are in. */
  async current(): Promise<AbiIndex> {
    await this.ready;
    await this.pending;
    return this.index;
  }

  private async build(): Promise<ScanReport> {
    await this.loadBuiltins();
    const files = await findCandidates(ABI_INCLUDE_GLOB, ABI_EXCLUDE_GLOB, DEFAULT_SCAN_LIMITS.maxFiles + 1, this.log, 'EVM ABIs');
    const report = await scanIntoIndex(
      this.index,
      files.map(scanFile).filter((f) => f !== undefined),
      io,
    );
    this.log.info(`EVM ABIs: ${describeReport(report)}${this.budgetNote(report)}`);
    return report;
  }

  private async loadBuiltins(): Promise<void> {
    for (const name of BUILTIN_ABIS) {
      const uri = vscode.Uri.joinPath(this.extensionUri, 'media', 'abis', name);
      try {
        const parsed = abiOfJson(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))));
        if (parsed)
          this.index.setFile(`${BUILTIN_KEY}${name}`, vscode.l10n.t('{0} (shipped with the extension)', name.replace(/\.abi\.json$/, '')), parsed.items);
      } catch (e) {
        this.log.warn(`EVM ABIs: the shipped ${name} could not be read: ${String(e)}`);
      }
    }
  }

  private watch(): void {
    const watcher = vscode.workspace.createFileSystemWatcher(ABI_INCLUDE_GLOB);
    const changed = (uri: vscode.Uri) => this.schedule(uri);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(changed),
      watcher.onDidChange(changed),
      watcher.onDidDelete((uri) => {
        this.queued.delete(uri.toString());
        this.index.removeFile(uri.toString());
      }),
      vscode.workspace.onDidChangeWorkspaceFolders((e) => {
        for (const folder of e.removed) {
          const prefix = folder.uri.toString().replace(/\/?$/, '/');
          this.index.removeWhere((key) => key.startsWith(prefix));
        }
      }),
    );
  }

  private schedule(uri: vscode.Uri): void {
    const file = scanFile(uri);
    if (!file || this.disposed) return;
    this.queued.set(file.key, file);
    if (!this.settle) this.pending = new Promise<void>((resolve) => (this.settle = resolve));
    if (!this.draining) this.arm();
  }

  private arm(): void {
    this.timer ??= setTimeout(() => void this.drain(), WATCH_DEBOUNCE_MS);
  }

  /** Reads the queued files as one scan (the first scan's caps); events meanwhile make the next batch. */
  private async drain(): Promise<void> {
    this.timer = undefined;
    this.draining = true;
    const batch = [...this.queued.values()];
    this.queued.clear();
    try {
      const report = await scanIntoIndex(this.index, batch, io, DEFAULT_SCAN_LIMITS);
      if (report.indexed + report.noAbi < batch.length) this.log.warn(`EVM ABIs, changed files: ${describeReport(report)}${this.budgetNote(report)}`);
    } catch (e) {
      this.log.warn(`EVM ABIs: changed files could not be read: ${String(e)}`);
    } finally {
      this.draining = false;
    }
    if (this.queued.size > 0 && !this.disposed) this.arm();
    else this.settlePending();
  }

  private settlePending(): void {
    this.settle?.();
    this.settle = undefined;
  }

  private budgetNote(report: ScanReport): string {
    if (report.overBudget === 0) return '';
    return ` (the index holds ${Math.round(this.index.bytes / 1024)} KiB of its ${Math.round(this.index.maxBytes / 1024)} KiB budget: files past it are left out)`;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queued.clear();
    this.settlePending();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** A file we read, or undefined: outside every workspace folder, or not an ABI path. */
function scanFile(uri: vscode.Uri): ScanFile<vscode.Uri> | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const relative = vscode.workspace.asRelativePath(uri, false);
  if (abiFileKind(relative) === undefined) return undefined;
  return { uri, folder: folder.uri, key: uri.toString(), label: vscode.workspace.asRelativePath(uri, true) };
}
