import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChainEntry } from '../../../src/config/model/chainConfig';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { activate } from '../helpers';

// Runs in the second host launch (scripts/run-integration.mjs): Workspace Trust enabled and the
// workspace folder not trusted, i.e. Restricted Mode.
describe('untrusted workspace', () => {
  it('runs with the workspace not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
    assert.ok(vscode.workspace.workspaceFolders?.length, 'a workspace folder is open');
  });

  it('and the extension acts on it: a workspace chain is neither contacted nor given a token, a user chain is both', async () => {
    const a = await activate();
    const entry = (scope: 'user' | 'workspace'): ChainEntry => ({
      name: scope,
      nodeUrl: 'http://127.0.0.1:1',
      chainId: DEMO_CHAINS.iotaEvm,
      generation: 'stardust',
      source: { scope },
    });
    assert.equal(a.services.chains.isContactable(entry('workspace')), false);
    assert.equal(a.services.clients.tokenAllowed(entry('workspace')), false);
    assert.equal(a.services.chains.isContactable(entry('user')), true);
    assert.equal(a.services.clients.tokenAllowed(entry('user')), true);
  });
});
