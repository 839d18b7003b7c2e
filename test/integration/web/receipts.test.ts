// The two questions in the browser's web worker host, against nodes that answer browsers as Wasp
// nodes do (CORS): the receipt hover on both generations, the receipt panel, the chain info panel,
// and the workspace's own ABI read through the editor's file system (as on github.dev).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChainInfoPanel } from '../../../src/chainInfo/panel';
import type { ExtensionApi } from '../../../src/extension';
import type { ReceiptPanel } from '../../../src/receipts/panel';
import { activate, hoversAt, setChains, withPrompts } from '../helpers';
import type { WebNodes } from '../../fixtures/webNodesCli';
import { readWebRun } from './webRun';

describe('web: receipts and chain info', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let ids: WebNodes['ids'];

  before(async () => {
    api = await activate();
    const { nodes } = await readWebRun();
    ids = nodes.ids;
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: nodes.stardust, chainId: ids.stardustChain },
        { name: 'Rebased', nodeUrl: nodes.rebased },
      ],
      { defaultChain: 'IOTA EVM' },
    );
    api.receipts.hover.waitMs = 15_000;
    api.receipts.hover.evmWaitMs = 15_000;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(() => setChains(undefined, { defaultChain: undefined }));

  async function hoverPlain(id: string): Promise<string> {
    const hovers = await hoversAt(`const txHash = '${id}';`, id);
    assert.equal(hovers.length, 1, `one receipt hover for ${id}`);
    return hovers[0]?.plain ?? '';
  }

  it('the hover over a Stardust request ID shows its receipt, the revert decoded', async () => {
    const text = await hoverPlain(ids.stardustRevert);
    assert.ok(text.includes('Request failed'), text);
    assert.ok(text.includes(ids.revertReason), text);
    assert.ok(text.includes('Chain IOTA EVM'), text);
  });

  it('the hover over a Rebased request ID asks the /v1/chain node and shows its receipt', async () => {
    const text = await hoverPlain(ids.rebasedSuccess);
    assert.ok(text.includes('Request succeeded'), text);
    assert.ok(text.includes('Chain Rebased'), text);
  });

  it("the workspace's Hardhat artifact, read through the editor's file system, names a custom error", async () => {
    const text = await hoverPlain(ids.evmCustomError);
    assert.ok(text.includes('InsufficientBalance(available: 3, required: 5)'), text);
  });

  it('the receipt panel renders a Rebased receipt with its EVM transaction', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: ids.rebasedRevert, chainName: 'Rebased' });
    assert.ok(panel, 'the command resolves with the panel');
    const r = await panel.waitForRender((x) => x.text.includes('EVM transaction') && x.text.includes('Request failed'));
    assert.ok(r.text.includes(ids.rebasedRevert), 'the request ID is shown');
  });

  it('Show Request Receipt with no ID at hand asks at once and never reads the clipboard unasked; "Paste from the clipboard" reads it when picked', async () => {
    const first = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: ids.rebasedSuccess, chainName: 'Rebased' });
    first?.dispose();
    // A browser that has not granted clipboard access (the runner grants Chromium none) answers VS
    // Code's read with a notification the read waits on. Extension tests run on VS Code's in-memory
    // clipboard instead, and vscode.env.clipboard cannot be replaced, so what is pinned is that the
    // command reads nothing before it asks: an ID in the clipboard is not offered until the user picks the paste.
    await vscode.env.clipboard.writeText(` "${ids.rebasedRevert}" `);
    try {
      const run = await withPrompts(
        [
          (s) => {
            assert.equal(s.kind, 'pick');
            assert.ok(!s.items.some((i) => i.description === 'from the clipboard'), `the clipboard was read unasked: ${JSON.stringify(s.items)}`);
            assert.deepEqual(
              s.items.slice(-2).map((i) => i.label),
              ['Enter a request ID…', 'Paste from the clipboard'],
            );
            return 'Enter a request ID…';
          },
          (s) => (assert.equal(s.kind, 'input'), ids.rebasedSuccess),
        ],
        () => vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt'),
      );
      assert.ok(run, 'the prompts can be answered in this host');
      assert.equal(run.shown.length, 2, 'the pick, then the input box');
      assert.equal(run.result?.identity.requestId, ids.rebasedSuccess);
      run.result?.dispose();

      const pasted = await withPrompts([() => 'Paste from the clipboard'], () =>
        vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt'),
      );
      assert.equal(pasted?.result?.identity.requestId, ids.rebasedRevert, 'picked: read then, quotes taken off');
    } finally {
      await vscode.env.clipboard.writeText('');
    }
  });

  it('the chain info panel renders both generations', async () => {
    const chains: Array<[string, string]> = [
      ['IOTA EVM', ids.stardustChain],
      ['Rebased', ids.rebasedChain],
    ];
    for (const [name, id] of chains) {
      const panel = await vscode.commands.executeCommand<ChainInfoPanel>('waspChain.showChainInfo', name);
      assert.ok(panel, `the command resolves with the panel of ${name}`);
      const r = await panel.waitForRender((x) => x.text.includes(id) && x.text.includes('Gas fee policy'));
      assert.ok(!r.text.includes('Blocked by the browser'), r.text);
      panel.dispose();
    }
  });
});
