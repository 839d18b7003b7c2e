// The workspace feature's handles, loaded at activation and kept tiny: the ABI scan, the address book,
// their watchers and indexes load on first use (./abis.ts, ./addressBook.ts behind an `await import()`),
// when a receipt first needs them.
import type * as vscode from 'vscode';
import type { AbiIndex } from '../evm/model/abiIndex';
import type { WorkspaceAbis } from './abis';
import type { WorkspaceAddressBook } from './addressBook';
import type { AddressBook } from './model/deployments';

export class WorkspaceAbiIndex {
  private loaded: Promise<WorkspaceAbis> | undefined;
  private disposed = false;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The index of the workspace's ABIs; the first call scans the workspace and starts the watcher. */
  load(): Promise<WorkspaceAbis> {
    this.loaded ??= import('./abis.js').then(({ WorkspaceAbis }) => {
      const abis = new WorkspaceAbis(this.extensionUri, this.log);
      if (this.disposed) abis.dispose();
      return abis;
    });
    return this.loaded;
  }

  /** The index with every file read so far (the first call waits for the first scan). */
  async current(): Promise<AbiIndex> {
    return (await this.load()).current();
  }

  dispose(): void {
    this.disposed = true;
    void this.loaded?.then((abis) => abis.dispose());
  }
}

/** The address book's handle: the deployment records are read on first use (./addressBook.ts), when a call tree first needs names. */
export class WorkspaceAddresses {
  private loaded: Promise<WorkspaceAddressBook> | undefined;
  private disposed = false;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  async current(): Promise<AddressBook> {
    this.loaded ??= import('./addressBook.js').then(({ WorkspaceAddressBook }) => {
      const book = new WorkspaceAddressBook(this.log);
      if (this.disposed) book.dispose();
      return book;
    });
    return (await this.loaded).current();
  }

  dispose(): void {
    this.disposed = true;
    void this.loaded?.then((book) => book.dispose());
  }
}
