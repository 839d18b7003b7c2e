// Workspace Trust (Restricted Mode): a chain from workspace settings is listed, but the token
// stored for its node is never sent to it, nor a password; a chain from user settings on the
// same node still gets the token. Checked at the local node from the headers it recorded.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import type { ChainNode } from '../../../src/chains/tree';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { activate, waitFor } from '../helpers';

function item(a: ExtensionApi, name: string): vscode.TreeItem {
  const node = a.chains.tree.getChildren().find((n): n is ChainNode => n.kind === 'chain' && n.chainName === name);
  assert.ok(node, `the tree lists "${name}"`);
  return a.chains.tree.getTreeItem(node);
}

/** The tooltip as a reader sees it: MarkdownString.appendText escapes punctuation and spaces. */
function tooltip(i: vscode.TreeItem): string {
  const s = typeof i.tooltip === 'string' ? i.tooltip : (i.tooltip?.value ?? '');
  return s.replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!<>|~])/g, '$1');
}

describe('chains in an untrusted workspace', function () {
  this.timeout(30_000);
  let a: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    a = await activate();
    node = await startLocalNode({ auth: { users: { dave: { password: 'dave-pw', permissions: ['write'] } } } });
  });

  after(async () => {
    const config = vscode.workspace.getConfiguration('waspChain');
    await config.update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config.update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await a.services.tokens.delete(node.url);
    await node.close();
  });

  it('lists a workspace chain but never contacts its node (nor sends it a token), while a user chain on the same node gets its token', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'Restricted Mode');
    const config = vscode.workspace.getConfiguration('waspChain');
    await config.update('chains', [{ name: 'Mine', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], vscode.ConfigurationTarget.Global);
    await config.update('chains', [{ name: 'Theirs', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm }], vscode.ConfigurationTarget.Workspace);
    await waitFor(() => a.services.chains.valid().length === 2, 'both chains to be read');
    assert.equal(a.services.chains.get('Theirs')?.source.scope, 'workspace');
    assert.equal(a.services.chains.get('Mine')?.source.scope, 'user');

    const token = node.issueToken({ permissions: ['write'] });
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Mine', token), true);
    node.clearRequests();
    a.chains.tree.getChildren();
    await vscode.commands.executeCommand('waspChain.refresh');
    await a.chains.model.whenIdle();

    const mine = item(a, 'Mine');
    assert.equal(mine.contextValue, 'chain.ok.hasToken', String(mine.description));
    const theirs = item(a, 'Theirs');
    assert.equal(theirs.contextValue, 'chain.untrusted', String(theirs.description));
    assert.match(String(theirs.description), /not contacted: workspace not trusted/);
    assert.equal(theirs.command?.command, 'workbench.trust.manage', 'a click offers to manage trust');
    assert.match(String(theirs.description), /Workspace$/);
    assert.match(tooltip(theirs), /not trusted/);

    const toTheirs = node.requests.filter((r) => r.path.includes(DEMO_CHAINS.shimmerEvm));
    const toMine = node.requests.filter((r) => r.path.includes(DEMO_CHAINS.iotaEvm));
    assert.ok(toMine.length > 0, 'the user chain was asked');
    assert.equal(toTheirs.length, 0, 'the workspace chain was not');
    assert.deepEqual([...new Set(toMine.map((r) => r.headers.authorization))], [`Bearer ${token}`], 'the user chain got its token');

    // No password goes to a node named by an untrusted workspace either.
    node.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.signIn', 'Theirs', { username: 'dave', password: 'dave-pw' }), false);
    assert.ok(!node.requests.some((r) => r.route === 'auth' || r.route === 'authInfo'), 'the node was not asked to sign in');
    assert.ok(!node.requests.some((r) => (r.body ?? '').includes('dave-pw')));
  });
});
