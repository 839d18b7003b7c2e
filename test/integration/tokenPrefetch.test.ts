// The token store reads a node's token ahead of its first request (TokenStore.prefetch): the first
// read of a window waits for the workbench's secret store to open. Over the host's real
// SecretStorage, counted: each node is read once, a lookup after it reads nothing more, and a read
// that failed is tried again on use.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TokenStore } from '../../src/config/tokenStore';
import { activate } from './helpers';

const NODE_A = 'http://127.0.0.1:9/a';
const NODE_B = 'http://127.0.0.1:9/b';

/** The host's SecretStorage, its reads counted by key; `failNext` makes the next read of a key fail. */
function countedSecrets(real: vscode.SecretStorage): { secrets: vscode.SecretStorage; reads: string[]; failNext: Set<string> } {
  const reads: string[] = [];
  const failNext = new Set<string>();
  const secrets: vscode.SecretStorage = {
    get: (key) => {
      reads.push(key);
      if (failNext.delete(key)) return Promise.reject(new Error('the secret store is locked'));
      return real.get(key);
    },
    keys: () => real.keys(),
    store: (key, value) => real.store(key, value),
    delete: (key) => real.delete(key),
    onDidChange: real.onDidChange,
  };
  return { secrets, reads, failNext };
}

describe('tokens: read ahead of the first request', function () {
  this.timeout(20_000);
  let real: vscode.SecretStorage;

  before(async () => {
    real = (await activate()).services.context.secrets;
    await real.store('waspChain.token:http://127.0.0.1:9/a', 'token-of-a');
  });

  after(async () => {
    await real.delete('waspChain.token:http://127.0.0.1:9/a');
  });

  it('reads each node once, however often it is named, and a lookup after it reads nothing more', async () => {
    const { secrets, reads } = countedSecrets(real);
    const store = new TokenStore(secrets);
    try {
      store.prefetch([NODE_A, NODE_B, NODE_A]);
      assert.equal(reads.length, 2, `one read per node: ${reads.join(', ')}`);
      assert.equal(await store.get(NODE_A), 'token-of-a');
      assert.equal(await store.get(NODE_B), undefined);
      assert.equal(reads.length, 2, 'the lookups were answered by the reads made ahead');
    } finally {
      store.dispose();
    }
  });

  it('tries a read that failed ahead again when the token is needed', async () => {
    const { secrets, reads, failNext } = countedSecrets(real);
    failNext.add('waspChain.token:http://127.0.0.1:9/a');
    const store = new TokenStore(secrets);
    try {
      store.prefetch([NODE_A]);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(await store.get(NODE_A), 'token-of-a');
      assert.equal(reads.length, 2, 'the failed read was not kept');
    } finally {
      store.dispose();
    }
  });
});
