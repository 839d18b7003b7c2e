// Debug Transaction's ways in from the browser entry, in the web worker extension host: the command
// refuses a malformed hash before anything runs, and a well-formed one reaches the launch of a
// wasp-evm session (recorded and stopped there by this test's provider: the session is not under test).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, setChains, withErrorMessageSpy } from '../helpers';

const HASH = `0x${'7c'.repeat(32)}`;

describe('web: Debug Transaction, the ways in', () => {
  const seen: vscode.DebugConfiguration[] = [];
  let recorder: vscode.Disposable | undefined;

  before(async () => {
    await activate();
    // Known only by its JSON-RPC: nothing is asked of it here (the launch stops before the adapter).
    await setChains([{ name: 'Web EVM', evmJsonRpcUrl: 'http://127.0.0.1:9/', evmChainId: 1074 }], { defaultChain: undefined });
    recorder = vscode.debug.registerDebugConfigurationProvider('wasp-evm', {
      resolveDebugConfigurationWithSubstitutedVariables: (_folder, config) => {
        seen.push(config);
        return undefined;
      },
    });
  });

  after(async () => {
    recorder?.dispose();
    await setChains(undefined);
  });

  it('refuses a malformed hash in words and starts nothing; a hash reaches the launch on the one chain that can serve it', async () => {
    const spied = await withErrorMessageSpy(() =>
      Promise.resolve(vscode.commands.executeCommand<boolean>('waspChain.debugTransaction', { transaction: 'nope' })),
    );
    assert.ok(spied);
    assert.equal(spied.result, false);
    assert.match(spied.messages[0] ?? '', /^Debug Transaction: Not a transaction hash \(nope\)/);
    assert.equal(seen.length, 0, 'nothing reached the launch');
    await vscode.commands.executeCommand('waspChain.debugTransaction', HASH);
    assert.deepEqual(
      seen.map((c) => [c.type, c.transaction, c.chain]),
      [['wasp-evm', HASH, 'Web EVM']],
    );
  });
});
