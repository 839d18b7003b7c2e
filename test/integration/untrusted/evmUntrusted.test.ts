// Restricted Mode: the workspace's ABIs are still read (local JSON, nothing sent, no code run from
// them), so a custom-error revert is decoded in an untrusted workspace too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import { startEvmNode, type EvmNode } from '../evmNode';
import { activate, hoversAt, setChains } from '../helpers';

describe('EVM ABIs in an untrusted workspace', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: EvmNode;

  before(async () => {
    api = await activate();
    assert.equal(vscode.workspace.isTrusted, false);
    node = await startEvmNode();
    await setChains([{ name: 'Rebased EVM', nodeUrl: node.url }], { defaultChain: 'Rebased EVM' });
    api.receipts.hover.waitMs = 15_000;
    api.receipts.hover.evmWaitMs = 15_000;
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    node.server.close();
  });

  it('the hover decodes the custom error with the workspace artifact', async () => {
    const hovers = await hoversAt(`txHash: ${node.requestId}`, node.requestId);
    assert.equal(hovers.length, 1);
    assert.ok(hovers[0]?.plain.includes('Request failed: InsufficientBalance(available: 3, required: 5)'), hovers[0]?.plain);
  });
});
