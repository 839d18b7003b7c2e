// Where users reach for inputs, in a real extension host against the local node: a request ID
// pasted with its quotes, the clipboard's ID and recent receipts offered before free input, and
// Show Chain Info offering every chain (the default first) instead of silently taking the default.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, setChains, withPrompts } from './helpers';

const SUCCESS = DEMO_RECEIPTS.evmSuccess.requestId;

describe('command inputs: pasted IDs, the clipboard, recent receipts, the chain picker', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'ShimmerEVM', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
      ],
      { defaultChain: 'ShimmerEVM' },
    );
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    for (const p of api.chainInfo?.panels?.() ?? []) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await vscode.env.clipboard.writeText('');
    await node.close();
  });

  it('Show Request Receipt takes an ID pasted with its quotes or backticks', async () => {
    for (const pasted of [`"${SUCCESS}"`, ` \`${SUCCESS}\`\n`]) {
      const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', pasted);
      assert.ok(panel, `opened for ${JSON.stringify(pasted)}`);
      assert.equal(panel.identity.requestId, SUCCESS);
    }
  });

  it("without an ID at hand, offers the clipboard's ID (quotes taken off; in a web host on the user's pick) and recent receipts before free input", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const other = DEMO_RECEIPTS.evmRevert.requestId;
    await vscode.env.clipboard.writeText(`'${other}'`);
    // In a web host (code-server too) the clipboard is read only when "Paste from the clipboard" is picked.
    const web = vscode.env.uiKind === vscode.UIKind.Web;
    const run = await withPrompts(
      [
        (s) => {
          assert.ok(
            s.items.some((i) => i.description?.startsWith('IOTA EVM · ')),
            `the receipt looked up before is offered: ${JSON.stringify(s.items)}`,
          );
          if (web) {
            assert.ok(!s.items.some((i) => i.description === 'from the clipboard'), JSON.stringify(s.items));
            assert.deepEqual(
              s.items.slice(-2).map((i) => i.label),
              ['Enter a request ID…', 'Paste from the clipboard'],
            );
            return 'Paste from the clipboard';
          }
          assert.equal(s.items[0]?.description, 'from the clipboard', JSON.stringify(s.items));
          assert.equal(s.items.at(-1)?.label, 'Enter a request ID…');
          return s.items[0]?.label;
        },
      ],
      () => vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt'),
    );
    assert.ok(run, 'the prompts can be answered in this host');
    assert.equal(run.result?.identity.requestId, other);
  });

  it('Show Chain Info with several chains offers them all, the default first and starred', async () => {
    const run = await withPrompts(
      [(s) => (assert.deepEqual([s.items[0]?.label, s.items[0]?.description?.startsWith('★ ')], ['ShimmerEVM', true]), undefined)],
      () => vscode.commands.executeCommand('waspChain.showChainInfo'),
    );
    assert.ok(run, 'the prompts can be answered in this host');
    assert.equal(run.shown.length, 1, 'the picker was shown');
    assert.deepEqual(
      run.shown[0]?.items.map((i) => i.label),
      ['ShimmerEVM', 'IOTA EVM'],
    );
    assert.equal(run.result, undefined, 'cancelled: nothing opens');
  });
});
