// Restricted Mode: a chain known only by its EVM JSON-RPC that an untrusted workspace's settings
// name is listed, never asked (its JSON-RPC is a host the workspace chose): the tree row says so,
// and neither the hover of a transaction hash nor the account hover sends anything to it. The
// same chain in the user's settings is asked.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import { startJsonRpcNode, type JsonRpcNode } from '../../fixtures/jsonRpcNode';
import { activate, config, hoversAt, waitFor } from '../helpers';

describe('EVM-only chains in an untrusted workspace', function () {
  this.timeout(40_000);
  let api: ExtensionApi;
  let rpc: JsonRpcNode;

  before(async () => {
    api = await activate();
    assert.equal(vscode.workspace.isTrusted, false, 'Restricted Mode');
    rpc = await startJsonRpcNode();
    api.receipts.hover.waitMs = 15_000;
    api.receipts.hover.evmWaitMs = 15_000;
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await rpc.close();
  });

  it("a workspace's EVM-only chain is listed as not contacted; hovers send it nothing; the user's own is asked", async () => {
    await config().update('chains', [{ name: 'Workspace RPC', evmJsonRpcUrl: rpc.url }], vscode.ConfigurationTarget.Workspace);
    await waitFor(() => api.services.chains.evmOnly().length === 1, 'the workspace chain');
    const row = api.chains.tree.getChildren().find((n) => n.kind === 'evmChain');
    assert.ok(row);
    assert.match(String(api.chains.tree.getTreeItem(row).description), /^not contacted: workspace not trusted/);

    // As for a workspace's node: no chain may be asked, so the hover says none is (and offers Add Chain).
    const hash = await hoversAt(`const revertedTxHash = '${rpc.ids.reverted}';`, rpc.ids.reverted);
    assert.deepEqual(
      hash.map((h) => h.plain.replace(/\]\(command:[^)]*\)/g, ']')),
      ['$(info) No chain is configured to look up this request ID. [Add Chain]'],
    );
    const content = `const sender = "${rpc.sender}";`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(content.indexOf(rpc.sender) + 5));
    assert.deepEqual(rpc.methods, [], 'nothing was sent to the workspace\u2019s JSON-RPC');

    await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('chains', [{ name: 'My RPC', evmJsonRpcUrl: rpc.url }], vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.chains.evmOnly()[0]?.name === 'My RPC', 'the user chain');
    const mine = await hoversAt(`const revertedTxHash = '${rpc.ids.reverted}';`, rpc.ids.reverted);
    assert.match(mine[0]?.plain ?? '', /Failed \(EVM status 0\) on My RPC/);
  });
});
