// The only place that touches SecretStorage. Tokens are keyed by the node (origin + path), so
// they follow the node, not a chain name, and a change in one window reaches the others.
import * as vscode from 'vscode';
import { nodeKey } from '../model/chainConfig';

const PREFIX = 'waspChain.token:';

export class TokenStore implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<string>();
  /** Fires with the node key whose token changed (in this window or another). */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(PREFIX)) this.emitter.fire(e.key.slice(PREFIX.length));
    });
  }

  get(nodeUrl: string): Thenable<string | undefined> {
    return this.secrets.get(PREFIX + nodeKey(nodeUrl));
  }

  async set(nodeUrl: string, token: string): Promise<void> {
    await this.secrets.store(PREFIX + nodeKey(nodeUrl), token);
  }

  async delete(nodeUrl: string): Promise<void> {
    await this.secrets.delete(PREFIX + nodeKey(nodeUrl));
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
