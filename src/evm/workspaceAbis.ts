// The workspace's ABI index: the ABIs shipped with the extension (media/abis: ERC-20, ERC-721, the
// ISC magic contract) plus every build output the workspace folders hold (model/scan.ts says
// which), read once when the first EVM receipt is shown and kept current by a file watcher.
// Only vscode.workspace.findFiles and watcher events of files inside a workspace folder are read.
// In an untrusted workspace too: reading JSON is local, sends nothing and runs no code from it,
// and every ABI is validated as hostile input (model/abiIndex.ts).
import * as vscode from 'vscode';
import type { AnyReceipt, ReceiptView } from '../receipts/model/receiptView';
import { abiOfJson, AbiIndex, BUILTIN_KEY } from './model/abiIndex';
import { loadAbiCoder } from './model/decode';
import { explainEvm, logRows, type EvmExplanation } from './model/explain';
import { ExplanationCache } from './model/explanationCache';
import { fetchEvmLogs } from './model/jsonRpc';
import type { Row } from '../webviews/protocol';
import {
  ABI_EXCLUDE_GLOB,
  ABI_INCLUDE_GLOB,
  abiFileKind,
  DEFAULT_SCAN_LIMITS,
  indexFile,
  scanIntoIndex,
  type ScanFile,
  type ScanIo,
  type ScanReport,
} from './model/scan';

const BUILTIN_ABIS = ['erc20.abi.json', 'erc721.abi.json', 'iscMagic.abi.json'];
/** Watcher events of one file are coalesced over this long (a build writes a file several times). */
const WATCH_DEBOUNCE_MS = 150;

const io: ScanIo<vscode.Uri> = {
  size: async (uri) => (await vscode.workspace.fs.stat(uri)).size,
  read: (uri) => Promise.resolve(vscode.workspace.fs.readFile(uri)),
};

export class WorkspaceAbis implements vscode.Disposable {
  readonly index = new AbiIndex();
  private readonly explained = new ExplanationCache<AnyReceipt, EvmExplanation | undefined>();
  /** Resolves once the first scan is done. */
  readonly ready: Promise<ScanReport>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly timers = new Map<string, { timer: ReturnType<typeof setTimeout>; done: () => void }>();
  /** Settles when every pending watcher event is indexed (tests wait on it). */
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.watch();
    this.ready = this.build();
  }

  async explain(receipt: AnyReceipt, view: ReceiptView): Promise<EvmExplanation | undefined> {
    const [coder] = await Promise.all([loadAbiCoder(), this.ready]);
    await this.pending;
    return this.explained.get(receipt, this.index.version, () => explainEvm(coder, this.index, receipt, view));
  }

  /** Asks the JSON-RPC for the transaction's logs (a user's click) and decodes them with the index. */
  async loadLogs(url: string, txHash: string, signal?: AbortSignal): Promise<Row[]> {
    const [coder, outcome] = await Promise.all([loadAbiCoder(), fetchEvmLogs(url, txHash, { fetch: globalThis.fetch, signal }), this.ready]);
    await this.pending;
    return logRows(coder, this.index, outcome, url, vscode.l10n);
  }

  private async build(): Promise<ScanReport> {
    await this.loadBuiltins();
    const files = await vscode.workspace.findFiles(ABI_INCLUDE_GLOB, ABI_EXCLUDE_GLOB, DEFAULT_SCAN_LIMITS.maxFiles + 1);
    const report = await scanIntoIndex(
      this.index,
      files.map(scanFile).filter((f) => f !== undefined),
      io,
    );
    this.log.info(
      `EVM ABIs: ${report.indexed} files indexed, ${report.noAbi} without an ABI, ${report.malformed} malformed, ` +
        `${report.tooLarge} too large, ${report.leftOut} left out, ${report.badItems} invalid entries, in ${report.millis} ms`,
    );
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
      watcher.onDidDelete((uri) => this.index.removeFile(uri.toString())),
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
    if (!file) return;
    const old = this.timers.get(file.key);
    if (old) {
      // Replaced: this event is read by the new timer; whoever waited on the old one waits on it.
      clearTimeout(old.timer);
      old.done();
    }
    let done: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (done = resolve));
    const indexed = settled.then(() => undefined);
    const timer = setTimeout(() => {
      this.timers.delete(file.key);
      void indexFile(this.index, file, io, DEFAULT_SCAN_LIMITS).finally(done);
    }, WATCH_DEBOUNCE_MS);
    this.timers.set(file.key, { timer, done });
    this.pending = Promise.all([this.pending, indexed]);
  }

  dispose(): void {
    for (const t of this.timers.values()) {
      clearTimeout(t.timer);
      t.done();
    }
    this.timers.clear();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** A file we read, or undefined: outside every workspace folder, or not an ABI path. */
function scanFile(uri: vscode.Uri): ScanFile<vscode.Uri> | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return undefined;
  const relative = vscode.workspace.asRelativePath(uri, false);
  if (abiFileKind(relative) === undefined) return undefined;
  return { uri, key: uri.toString(), label: vscode.workspace.asRelativePath(uri, true) };
}
