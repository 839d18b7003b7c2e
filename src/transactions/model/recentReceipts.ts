// The receipts looked up recently, per chain, newest first and bounded, for the tree.
export interface RecentReceipt {
  requestId: string;
  failed: boolean;
  blockIndex: number;
  /** A short label: the call target's name or the error. */
  summary: string;
  at: number;
}

export class RecentReceipts {
  private readonly byChain = new Map<string, RecentReceipt[]>();
  private readonly listeners = new Set<(chainName: string) => void>();

  constructor(private readonly perChain = 10) {}

  add(chainName: string, receipt: RecentReceipt): void {
    const list = (this.byChain.get(chainName) ?? []).filter((r) => r.requestId !== receipt.requestId);
    list.unshift(receipt);
    this.byChain.set(chainName, list.slice(0, this.perChain));
    for (const l of this.listeners) l(chainName);
  }

  list(chainName: string): readonly RecentReceipt[] {
    return this.byChain.get(chainName) ?? [];
  }

  onDidChange(listener: (chainName: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}
