// A chain known only by its EVM JSON-RPC (the IOTA EVM Testnet's case) in the browser's web worker
// host: the hover asks the JSON-RPC (a JSON POST, so a CORS preflight first, as public endpoints
// answer it) and shows the failure first with the custom error decoded from the workspace's ABI.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import { activate, hoversAt, setChains } from '../helpers';
import { readWebRun } from './webRun';

describe('web: a chain known only by its EVM JSON-RPC', function () {
  this.timeout(60_000);
  let api: ExtensionApi;

  before(async () => {
    api = await activate();
    api.receipts.hover.waitMs = 15_000;
    api.receipts.hover.evmWaitMs = 15_000;
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the hover over a reverted transaction shows the failure and its custom error, from the JSON-RPC', async () => {
    const { nodes } = await readWebRun();
    await setChains([{ name: 'Testnet', evmJsonRpcUrl: nodes.jsonRpc, evmChainId: 1076 }]);
    const id = nodes.ids.jsonRpcReverted;
    const hovers = await hoversAt(`const revertedTxHash = '${id}';`, id);
    assert.equal(hovers.length, 1);
    const text = hovers[0]?.plain ?? '';
    assert.ok(text.includes('Failed (EVM status 0) on Testnet'), text);
    assert.ok(text.includes('InsufficientBalance(available: 3, required: 5)'), text);
  });
});
