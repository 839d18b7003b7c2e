// The EVM ABI feature's handle, loaded at activation and kept tiny: the workspace scan, the index
// and ox load with the first EVM receipt (./workspaceAbis.ts behind an `await import()`).
import type * as vscode from 'vscode';
import type { AnyReceipt, ReceiptView } from '../receipts/model/receiptView';
import type { Row } from '../ui/model/view';
import type { EvmExplanation } from '../receipts/model/evmExplain';
import type { WorkspaceAbis } from './workspaceAbis';

export class EvmAbis {
  private loaded: Promise<WorkspaceAbis> | undefined;
  private disposed = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Whether the ABIs have anything to say about a receipt (cheap: loads nothing). */
  static wants(view: ReceiptView): boolean {
    return view.kind === 'evm' || view.error?.revertData !== undefined;
  }

  /** The index of the workspace's ABIs; the first call scans the workspace and starts the watcher. */
  workspace(): Promise<WorkspaceAbis> {
    this.loaded ??= import('./workspaceAbis.js').then(({ WorkspaceAbis }) => {
      const abis = new WorkspaceAbis(this.extensionUri, this.log);
      if (this.disposed) abis.dispose();
      return abis;
    });
    return this.loaded;
  }

  /** The receipt explained with the ABIs, or undefined when it has nothing EVM. */
  async explain(receipt: AnyReceipt, view: ReceiptView): Promise<EvmExplanation | undefined> {
    if (!EvmAbis.wants(view)) return undefined;
    return (await this.workspace()).explain(receipt, view);
  }

  /** The "EVM logs" rows of a transaction, asked of `url` now (only on the user's click). */
  async loadLogs(url: string, txHash: string, signal?: AbortSignal): Promise<Row[]> {
    return (await this.workspace()).loadLogs(url, txHash, signal);
  }

  dispose(): void {
    this.disposed = true;
    void this.loaded?.then((abis) => abis.dispose());
  }
}
