// "Chain: Add Chain" typed in, in a real extension host: the node is asked before anything is saved
// (a good node offers its chains; a refused port and a web server that is not a Wasp node are named,
// with "Edit URL" and "Save anyway"), the step counter holds from first step to last, and a node on
// this machine is suggested for the workspace. The prompts are answered by replacing
// showInputBox/showQuickPick, which records what each step showed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { DEMO_CHAINS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { startRouteServer } from '../fixtures/routeServer';
import { activate, chainNode, config, waitFor, withPrompts, type Prompt, type PromptAnswer } from './helpers';

/** Runs Add Chain with each prompt answered in turn; returns its result, what was shown, and the notifications. */
async function addChainAnswering(answers: PromptAnswer[]): Promise<{ result: unknown; shown: Prompt[]; notes: string[] }> {
  // The first step picks a public network, or another node (the steps these tests follow).
  const run = await withPrompts([pick('Another node…'), ...answers], () => vscode.commands.executeCommand('waspChain.addChain'));
  assert.ok(run, 'the prompts can be answered in this host');
  assert.equal(run.shown[0]?.title, 'Add Chain');
  return { ...run, shown: run.shown.slice(1) };
}

const type =
  (text: string): PromptAnswer =>
  () =>
    text;
const pick =
  (label: string): PromptAnswer =>
  (s) => {
    assert.ok(
      s.items.some((i) => i.label === label),
      `"${label}" among ${JSON.stringify(s.items.map((i) => i.label))}`,
    );
    return label;
  };

describe('Add Chain asks the node before saving', function () {
  this.timeout(30_000);
  let a: ExtensionApi;
  let node: LocalNode;
  let html: { base: string; close(): Promise<void> };
  let refused: string;

  before(async () => {
    a = await activate();
    node = await startLocalNode();
    html = await startRouteServer({
      routes: new Map(),
      seen: [],
      fallback: { status: 404, body: '<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>', type: 'text/html' },
    });
    const closed = await startRouteServer({ routes: new Map(), seen: [], fallback: 'reset' });
    await closed.close();
    refused = closed.base;
  });

  afterEach(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await waitFor(() => a.services.chains.all().length === 0, 'the settings to be empty');
    await a.chains.model.whenIdle();
  });

  after(async () => {
    await node.close();
    await html.close();
  });

  it("a good node: offers the node's chains, counts 4 steps throughout, suggests the workspace for a node on this machine", async () => {
    const run = await addChainAnswering([
      type('Probed'),
      type(node.url),
      pick('IOTA EVM'),
      (s) => {
        assert.equal(s.items[0]?.label, 'Workspace settings', 'the workspace first: the node runs on this machine');
        assert.match(s.items[0]?.detail ?? '', /on this machine/);
        return 'Workspace settings';
      },
    ]);
    assert.equal(run.result, 'Probed');
    assert.deepEqual(
      run.shown.map((s) => s.title),
      ['Add Chain (1/4)', 'Add Chain (2/4)', 'Add Chain (3/4)', 'Add Chain (4/4)'],
    );
    assert.match(run.shown[2]?.text ?? '', /Stardust \(Wasp 1\.x\), version 1\.0\.3/);
    assert.deepEqual(config().inspect('chains')?.workspaceValue, [{ name: 'Probed', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }]);
    assert.deepEqual(run.notes, ['Chain "Probed" added.']);
  });

  it('a refused port: says it is unreachable before saving; "Edit URL" asks again with the URL kept', async () => {
    const run = await addChainAnswering([
      type('Later'),
      type(refused),
      (s) => {
        assert.match(s.text, /unreachable/);
        assert.deepEqual(
          s.items.map((i) => i.label),
          ['Edit URL', 'Save anyway'],
        );
        return 'Edit URL';
      },
      (s) => {
        assert.equal(s.value, refused, 'the URL typed before, to correct');
        assert.equal(s.title, 'Add Chain (2/4)');
        return undefined;
      },
    ]);
    assert.equal(run.result, undefined);
    assert.equal(config().inspect('chains')?.globalValue, undefined, 'nothing saved');
  });

  it('a web server that is not a Wasp node: named so; "Save anyway" saves it with a warning, and the tree row says the same', async () => {
    const run = await addChainAnswering([
      type('Webserver'),
      type(html.base),
      (s) => {
        assert.match(s.text, /not a Wasp node \(it answered an HTML page \(HTTP 404\)\)/);
        assert.doesNotMatch(s.text, /node runs|Bech32/, 'no generation is claimed for it');
        return 'Save anyway';
      },
      type(''),
      pick('User settings'),
    ]);
    assert.equal(run.result, 'Webserver');
    assert.equal(run.notes.length, 1, JSON.stringify(run.notes));
    assert.match(run.notes[0] ?? '', /^Chain "Webserver" added, but its node: not a Wasp node \(it answered an HTML page \(HTTP 404\)\)/);
    assert.deepEqual(config().inspect('chains')?.globalValue, [{ name: 'Webserver', nodeUrl: html.base }]);

    a.chains.tree.getChildren();
    await a.chains.model.whenIdle();
    const item = a.chains.tree.getTreeItem(chainNode(a, 'Webserver'));
    assert.match(String(item.description), /^not a Wasp node \(it answered an HTML page \(HTTP 404\)\)/);
    const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
    assert.doesNotMatch(tooltip, /Stardust \(Wasp 1\.x\),|Bech32 chain ID/, 'no generation is claimed for it');
  });

  it('the first step offers the public networks by name, with their host, generation, EVM chain ID and the date checked', async () => {
    const run = await withPrompts([() => undefined], () => vscode.commands.executeCommand('waspChain.addChain'));
    assert.ok(run);
    const items = run.shown[0]?.items ?? [];
    assert.deepEqual(
      items.map((i) => [i.label, i.description]),
      [
        ['IOTA EVM', 'api.evm.iotaledger.net'],
        ['IOTA EVM Testnet', 'json-rpc.evm.testnet.iota.cafe'],
        ['ShimmerEVM', 'api.evm.shimmer.network'],
        ['Another node…', 'type its URL and chain ID'],
      ],
    );
    assert.match(items[0]?.detail ?? '', /^Wasp 2 \(Rebased\) · EVM chain ID 8822 · checked 2026-08-27$/);
    assert.match(items[1]?.detail ?? '', /^EVM JSON-RPC only \(no web API\) · EVM chain ID 1076 · checked 2026-08-27$/);
    assert.match(items[2]?.detail ?? '', /^Wasp 1 \(Stardust\), legacy · EVM chain ID 148 · checked/);
    assert.equal(run.result, undefined);
    assert.equal(config().inspect('chains')?.globalValue, undefined, 'dismissed: nothing saved');
  });

  it('a public network writes its whole entry, then its node is checked against it: a node of another chain is named', async () => {
    const rebased = await startLocalNode({ generation: 'rebased' });
    try {
      const run = await withPrompts([], () =>
        vscode.commands.executeCommand('waspChain.addChain', { network: 'iotaEvm', nodeUrl: rebased.url, target: 'user' }),
      );
      assert.ok(run);
      assert.equal(run.result, 'IOTA EVM');
      assert.deepEqual(config().inspect('chains')?.globalValue, [
        {
          name: 'IOTA EVM',
          nodeUrl: rebased.url,
          chainId: '0x0dc448563a2c54778215b3d655b0d9f8f69f06cf80a4fc9eada72e96a49e409d',
          evmJsonRpcUrl: 'https://json-rpc.evm.iotaledger.net',
          explorerUrl: 'https://explorer.evm.iota.org',
        },
      ]);
      // The local node runs its demo chain (EVM chain ID 8822 too): the chain is what differs.
      assert.equal(run.notes.length, 1, run.notes.join('\n'));
      assert.match(
        run.notes[0] ?? '',
        /^"IOTA EVM" added, but its node differs from the network: node runs another chain\. This node runs chain 0x[0-9a-f]{64}, not 0x0dc44856/,
      );
      // Added twice: said, nothing written.
      const again = await withPrompts([], () =>
        vscode.commands.executeCommand('waspChain.addChain', { network: 'iotaEvm', nodeUrl: rebased.url, target: 'user' }),
      );
      assert.equal(again?.result, undefined);
      assert.deepEqual(again?.notes, ['A chain named "IOTA EVM" is configured already.']);
    } finally {
      await rebased.close();
    }
  });
});
