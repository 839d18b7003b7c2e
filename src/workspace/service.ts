// The workspace feature's handles, loaded at activation and kept tiny: the ABI scan, the address book,
// their watchers and indexes load on first use (./abis.ts, ./addressBook.ts behind an `await import()`),
// when a receipt first needs them.
import type * as vscode from 'vscode';
import type { AbiIndex } from '../evm/model/abiIndex';
import type { WorkspaceAbis } from './abis';
import type { AddressBook } from './model/deployments';
import type { SentTransaction } from './model/sentTransactions';
import type { WatchedRecords } from './watchedRecords';

/** What `create` makes on the first `load()`; disposed with the handle, also when that comes first. */
class LoadedOnFirstUse<T extends vscode.Disposable> implements vscode.Disposable {
  private loaded: Promise<T> | undefined;
  private disposed = false;

  constructor(private readonly create: () => Promise<T>) {}

  load(): Promise<T> {
    this.loaded ??= this.create().then((made) => {
      if (this.disposed) made.dispose();
      return made;
    });
    return this.loaded;
  }

  dispose(): void {
    this.disposed = true;
    void this.loaded?.then((made) => made.dispose());
  }
}

export class WorkspaceAbiIndex extends LoadedOnFirstUse<WorkspaceAbis> {
  constructor(extensionUri: vscode.Uri, log: vscode.LogOutputChannel) {
    super(async () => new (await import('./abis.js')).WorkspaceAbis(extensionUri, log));
  }

  /** The index with every file read so far (the first call scans the workspace, starts the watcher and waits for the scan). */
  async current(): Promise<AbiIndex> {
    return (await this.load()).current();
  }
}

/** The address book's handle: the deployment records are read on first use (./addressBook.ts), when a call tree first needs names. */
export class WorkspaceAddresses extends LoadedOnFirstUse<WatchedRecords<AddressBook>> {
  constructor(log: vscode.LogOutputChannel) {
    super(async () => (await import('./addressBook.js')).workspaceAddressBook(log));
  }

  async current(): Promise<AddressBook> {
    return (await this.load()).current();
  }
}

/** The transactions the workspace's toolchains sent, by hash: read on first use (./sentTransactions.ts), when "Why no receipt?" first asks. */
export class WorkspaceSentTransactions extends LoadedOnFirstUse<WatchedRecords<ReadonlyMap<string, SentTransaction>>> {
  constructor(log: vscode.LogOutputChannel) {
    super(async () => (await import('./sentTransactions.js')).workspaceSentTransactions(log));
  }

  /** The record of the transaction with this hash (0x + 64 hex, any case), if the workspace has one. */
  async find(hash: string): Promise<SentTransaction | undefined> {
    return (await (await this.load()).current()).get(hash.toLowerCase());
  }
}
