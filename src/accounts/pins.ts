// The pinned accounts, kept in the workspace's state (a project's accounts belong to it), read back
// through model/pins.ts as untrusted and bounded. The tree redraws when they change.
import * as vscode from 'vscode';
import { isPinned, pinsOf, readPins, withPin, withoutPin, type Pin } from './model/pins';

const STATE_KEY = 'waspChain.pinnedAccounts';

export class PinnedAccounts implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChange = this.emitter.event;

  constructor(private readonly state: vscode.Memento) {}

  all(): Pin[] {
    return readPins(this.state.get<unknown>(STATE_KEY));
  }

  of(chainName: string): Pin[] {
    return pinsOf(this.all(), chainName);
  }

  isPinned(chainName: string, address: string): boolean {
    return isPinned(this.all(), { chainName, address });
  }

  async pin(pin: Pin): Promise<void> {
    await this.state.update(STATE_KEY, withPin(this.all(), pin));
    this.emitter.fire();
  }

  async unpin(pin: Pin): Promise<void> {
    await this.state.update(STATE_KEY, withoutPin(this.all(), pin));
    this.emitter.fire();
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
