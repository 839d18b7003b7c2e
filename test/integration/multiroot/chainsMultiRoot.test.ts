// Runs in a multi-root workspace (two folders, app and contracts; scripts/run-integration.mjs):
// chains from user, workspace and each folder's settings merge, each shows where it came from,
// a duplicate name across folders is reported, and Remove Chain writes back to the right folder.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import type { ChainNode, ChainsTreeNode } from '../../../src/chains/tree';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { activate, setChains, waitFor } from '../helpers';

type Entry = { name: string; nodeUrl: string; chainId: string };

function folder(name: string): vscode.WorkspaceFolder {
  const f = vscode.workspace.workspaceFolders?.find((w) => w.name === name);
  assert.ok(f, `the workspace has the folder ${name}`);
  return f;
}

function rows(a: ExtensionApi): Array<{ node: ChainsTreeNode; item: vscode.TreeItem }> {
  return a.chains.tree.getChildren().map((node) => ({ node, item: a.chains.tree.getTreeItem(node) }));
}

function tooltip(item: vscode.TreeItem): string {
  const t = item.tooltip;
  return (typeof t === 'string' ? t : (t?.value ?? '')).replace(/\\(.)/g, '$1').replace(/&nbsp;/g, ' ');
}

describe('chains in a multi-root workspace', function () {
  this.timeout(30_000);
  let a: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    a = await activate();
    node = await startLocalNode();
  });

  after(async () => {
    await setChains(undefined, { target: vscode.ConfigurationTarget.Global });
    await setChains(undefined, { target: vscode.ConfigurationTarget.Workspace });
    for (const name of ['app', 'contracts']) await setChains(undefined, { target: vscode.ConfigurationTarget.WorkspaceFolder, folder: folder(name) });
    await node.close();
  });

  it('runs in a workspace of two folders', () => {
    assert.ok(vscode.workspace.workspaceFile, 'a .code-workspace is open');
    assert.deepEqual(
      vscode.workspace.workspaceFolders?.map((f) => f.name),
      ['app', 'contracts'],
    );
  });

  it('merges user, workspace and folder chains, each showing where it came from; a duplicate name is reported', async () => {
    await setChains([{ name: 'Mine', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], { target: vscode.ConfigurationTarget.Global });
    await setChains([{ name: 'Team', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm }], { target: vscode.ConfigurationTarget.Workspace });
    await setChains([{ name: 'App chain', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], {
      target: vscode.ConfigurationTarget.WorkspaceFolder,
      folder: folder('app'),
    });
    await setChains(
      [
        { name: 'Contracts chain', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
        { name: 'app chain', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
      ],
      { target: vscode.ConfigurationTarget.WorkspaceFolder, folder: folder('contracts') },
    );
    await waitFor(() => a.chains.tree.getChildren().length === 5, 'five entries in the tree');
    await a.chains.model.whenIdle();

    const shown = rows(a);
    const byLabel = (label: string) => {
      const r = shown.find((x) => String(typeof x.item.label === 'object' ? x.item.label.label : x.item.label).includes(label));
      assert.ok(r, `the tree shows "${label}": ${shown.map((x) => String(x.item.label)).join(', ')}`);
      return r;
    };
    assert.match(String(byLabel('Mine').item.description), / · User$/);
    assert.match(String(byLabel('Team').item.description), / · Workspace$/);
    assert.match(String(byLabel('App chain').item.description), / · app$/);
    assert.match(String(byLabel('Contracts chain').item.description), / · contracts$/);
    assert.match(tooltip(byLabel('Contracts chain').item), /Folder settings \(contracts\)/);
    for (const name of ['Mine', 'Team', 'App chain', 'Contracts chain']) {
      const row = a.chains.model.validRows().find((v) => v.chain.name === name);
      assert.ok(row, `${name} is a valid entry`);
      assert.equal(a.chains.model.snapshot(row).state, 'ok', `${name} loaded`);
    }
    // The second "app chain" (contracts folder) collides with the app folder's entry.
    const duplicate = shown.find((x) => x.node.kind === 'chain' && (x.node as ChainNode).invalidEntry !== undefined);
    assert.ok(duplicate, 'the duplicate is listed as invalid');
    assert.equal(duplicate.item.contextValue, 'chain.invalid');
    assert.match(tooltip(duplicate.item), /already used in Folder settings \(app\)/);
  });

  it("removes a folder chain from that folder's settings only", async () => {
    const target = a.chains.tree.getChildren().find((n): n is ChainNode => n.kind === 'chain' && n.chainName === 'Contracts chain');
    assert.ok(target);
    await vscode.commands.executeCommand('waspChain.removeChain', 'Contracts chain');
    await waitFor(() => !a.chains.tree.getChildren().some((n) => n.kind === 'chain' && n.chainName === 'Contracts chain'), 'the chain to leave the tree');
    const contracts = vscode.workspace.getConfiguration('waspChain', folder('contracts').uri).inspect<Entry[]>('chains')?.workspaceFolderValue;
    assert.deepEqual(
      contracts?.map((e) => e.name),
      ['app chain'],
      'only that entry left the contracts folder',
    );
    const app = vscode.workspace.getConfiguration('waspChain', folder('app').uri).inspect<Entry[]>('chains')?.workspaceFolderValue;
    assert.deepEqual(
      app?.map((e) => e.name),
      ['App chain'],
      'the app folder is untouched',
    );
  });
});
