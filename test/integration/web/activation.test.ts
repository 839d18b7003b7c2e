// The extension in the browser's web worker extension host (vscode.dev, github.dev): it loads from
// the manifest's "browser" entry and activates with every command, with no Node module anywhere.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate } from '../helpers';

describe('web: activation', () => {
  it('runs in a web worker (no Node), from the browser entry, and registers its commands', async () => {
    assert.equal(typeof (globalThis as { process?: unknown }).process, 'undefined', 'no Node process object in a web worker');
    const api = await activate();
    assert.ok(api.activation.ms >= 0);
    const commands = await vscode.commands.getCommands(true);
    for (const c of ['waspChain.showChainInfo', 'waspChain.showReceipt', 'waspChain.addChain', 'waspChain.setToken']) assert.ok(commands.includes(c), c);
  });
});
