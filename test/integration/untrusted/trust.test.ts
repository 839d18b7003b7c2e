import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChainEntry } from '../../../src/config/model/chainConfig';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { activate, config, setSetting, writeRestrictedWorkspaceSetting } from '../helpers';

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

  it('ignores workspace values of the settings that widen what is sent or accepted; the user values apply', async () => {
    await activate();
    // Each setting with a workspace value that would send more, wait longer or accept more.
    const widening: Record<string, unknown> = {
      'hover.enabled': true,
      'hover.evmTransactions': true,
      'blocks.followLatest': true,
      'live.notifyFailures': true,
      'live.maxEntries': 100_000,
      'request.maxResponseBytes': 268_435_456,
      'request.timeoutMs': 600_000,
      'request.maxConcurrent': 1000,
      'watch.timeLimitMinutes': 1440,
      'watch.maxWatches': 1000,
    };
    try {
      await config().update('hover.enabled', false, vscode.ConfigurationTarget.Global);
      for (const [key, value] of Object.entries(widening)) await writeRestrictedWorkspaceSetting(key, value);
      const inEffect = Object.fromEntries(Object.keys(widening).map((key) => [key, config().get(key)]));
      assert.deepEqual(inEffect, {
        'hover.enabled': false,
        'hover.evmTransactions': false,
        'blocks.followLatest': false,
        'live.notifyFailures': false,
        'live.maxEntries': 1000,
        'request.maxResponseBytes': 8_388_608,
        'request.timeoutMs': 15_000,
        'request.maxConcurrent': 64,
        'watch.timeLimitMinutes': 10,
        'watch.maxWatches': 20,
      });
      await setSetting('hover.evmTransactions', true, vscode.ConfigurationTarget.Global);
      assert.equal(config().get('hover.evmTransactions'), true, "the user's own value applies");
    } finally {
      for (const key of Object.keys(widening)) {
        await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
        await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      }
    }
  });
});
