// "Why no receipt?" in a real extension host against the local Rebased node: a transaction the
// workspace's Foundry broadcast recorded (nonce 14) whose sender's next nonce on the chain is 12.
// The not-found hover offers it and asks nothing more; the panel names the gap from the record; a
// watch re-checks when the sender's nonce moves; once the node processes it, the receipt shows.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import type { RebasedReceiptWire } from '../fixtures/wire';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { GAP_SENDER } from '../fixtures/localNodeAccounts';
import { activate, hoversAt, setChains } from './helpers';

/** The Foundry broadcast's pending transaction (test/integration/workspace/evm/broadcast/Pay.s.sol). */
const HASH = '0x4bb31c936b50cc3169be0e1109399058dcd39d8994462fad16b70df4251f2c24';
const CHAIN = 'Rebased (nonce gap)';

describe('why no receipt', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode({ generation: 'rebased' });
    node.chainLog.waitLimitSeconds = 1;
    await setChains([{ name: CHAIN, nodeUrl: node.url }], { defaultChain: CHAIN });
    api.receipts.hover.waitMs = 15_000;
    // The first hover that needs the workspace's records reads them; the tests do not race that read.
    api.receipts.hover.evmWaitMs = 15_000;
    api.receipts.service.doctor.recheckMs = 200;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    api.receipts.service.doctor.recheckMs = 15_000;
    await setChains(undefined, { defaultChain: undefined });
    await node.close();
  });

  it('the hover of a hash the workspace sent, with no receipt: says so, offers Why no receipt? through our command, and asks nothing but the receipt', async () => {
    api.receipts.service.cache.invalidate();
    node.clearRequests();
    const hovers = await hoversAt(`const txHash = '${HASH}'; // sent an hour ago`, HASH);
    const md = hovers[0]?.value ?? '';
    assert.ok(md.includes('No receipt for this request'), md);
    assert.ok(hovers[0]?.plain.includes('Why no receipt?') && md.includes('command:waspChain.whyNoReceipt?'), md);
    assert.ok(hovers[0]?.plain.includes('Sent from this workspace (evm/broadcast/Pay.s.sol/8822/run-1735689600.json, nonce 14).'), hovers[0]?.plain);
    const trusted = hovers[0]?.md?.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted.enabledCommands?.includes('waspChain.whyNoReceipt'), JSON.stringify(trusted));
    assert.deepEqual(
      node.requests.filter((r) => r.method === 'POST').map((r) => r.path),
      [],
      'no JSON-RPC call from a hover',
    );
  });

  it('names the nonce gap from the workspace record; a watch re-checks when the nonce moves; then the receipt shows', async () => {
    api.receipts.service.cache.invalidate();
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.whyNoReceipt', { requestId: HASH, chainName: CHAIN });
    assert.ok(panel, 'the command resolves with the panel');
    const gap = await panel.waitForRender((x) => x.text.includes('nonce 12 is next'));
    for (const part of ['nonce 14', '13', 'record', GAP_SENDER]) assert.ok(gap.text.includes(part), `${part} in ${gap.text}`);

    await vscode.commands.executeCommand('waspChain.watchRequest', { requestId: HASH, chainName: CHAIN });
    node.accounts.advanceNonce(GAP_SENDER, 2n);
    const moved = await panel.waitForRender((x) => !x.text.includes('nonce 12 is next') && x.text.includes('No public answer explains it'));
    assert.ok(moved.text.includes('✓'), moved.text);

    const template = node.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template);
    const receipt = JSON.parse(JSON.stringify(template)) as RebasedReceiptWire;
    receipt.request.requestId = HASH;
    node.setRebasedReceipt(receipt);
    const found = await panel.waitForRender((x) => x.text.includes('Request succeeded') || x.text.includes('Request failed'), 30_000);
    assert.ok(!found.text.includes('Why no receipt?'), found.text);
  });
});
