// The only place that touches SecretStorage. Tokens are keyed by the node (origin + path), so
// they follow the node, not a chain name, and a change in one window reaches the others.
import * as vscode from 'vscode';
import { InvalidInputError } from '../api/errors';
import { accessTokenProblem } from '../core/accessToken';
import { nodeKey } from './model/chainConfig';

const PREFIX = 'waspChain.token:';

export class TokenStore implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<string>();
  /** Fires with the node key whose token changed (in this window or another). */
  readonly onDidChange = this.emitter.event;
  private readonly subscription: vscode.Disposable;
  /**
   * Each read of SecretStorage is a round trip to the workbench (about 3 ms, more than a hover's
   * whole request to a nearby node: see `npm run bench`), and every request asks for its node's
   * token. So a read is kept until SecretStorage reports a change of that key, here or in another
   * window. (The token is in this process's memory anyway whenever it is sent.)
   */
  private readonly cache = new Map<string, Thenable<string | undefined>>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((e) => {
      this.cache.delete(e.key);
      if (e.key.startsWith(PREFIX)) this.emitter.fire(e.key.slice(PREFIX.length));
    });
  }

  get(nodeUrl: string): Thenable<string | undefined> {
    const key = PREFIX + nodeKey(nodeUrl);
    let value = this.cache.get(key);
    if (!value) {
      const read = this.secrets.get(key);
      this.cache.set(key, read);
      // A failed read is not kept.
      read.then(undefined, () => {
        if (this.cache.get(key) === read) this.cache.delete(key);
      });
      value = read;
    }
    return value;
  }

  /**
   * Reads the tokens of these nodes ahead of their first request: the first read of a window waits
   * for the workbench's secret store to open (some 200 ms, measured by `npm run bench`), which a
   * lookup would otherwise wait for. Nothing is sent; a failed read is tried again on use.
   */
  prefetch(nodeUrls: Iterable<string>): void {
    for (const url of nodeUrls) void this.get(url);
  }

  /** Stores a token; one that could not form an `Authorization: Bearer` header is refused (every path that stores one comes here). */
  async set(nodeUrl: string, token: string): Promise<void> {
    if (accessTokenProblem(token) !== undefined)
      throw new InvalidInputError('token', 'Not a valid access token: a Bearer token has only letters, digits and -._~+/= and at most 16 KiB.');
    const key = PREFIX + nodeKey(nodeUrl);
    // Forgotten before and after: a read made while the store runs may see either value.
    this.cache.delete(key);
    try {
      await this.secrets.store(key, token);
    } finally {
      this.cache.delete(key);
    }
  }

  async delete(nodeUrl: string): Promise<void> {
    const key = PREFIX + nodeKey(nodeUrl);
    this.cache.delete(key);
    try {
      await this.secrets.delete(key);
    } finally {
      this.cache.delete(key);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.emitter.dispose();
  }
}
