// "Why no receipt?" on a Stardust request ID in a real extension host, against the local Stardust
// node's chains: an on-ledger ID (output index 0100) is diagnosed on every Stardust chain it could
// belong to, each named once with what it said, and the user is never asked for a signed EVM
// transaction (an input box would hold the command until it times out).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { DEMO_CHAINS } from '../fixtures/demoData';
import { activate, hoversAt, setChains } from './helpers';

const ON_LEDGER = `0x${'4c'.repeat(32)}0100`;
/** The Foundry broadcast's pending transaction, signed for EVM chain ID 8822 (test/integration/workspace/evm/broadcast/Pay.s.sol/8822). */
const HASH = '0x4bb31c936b50cc3169be0e1109399058dcd39d8994462fad16b70df4251f2c24';

describe('why no receipt: a Stardust request ID', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'ShimmerEVM', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
        // Its receipt route answers a bare 500: a chain whose lookup fails.
        { name: 'Stopped testnet', nodeUrl: node.url, chainId: DEMO_CHAINS.inactive },
      ],
      { defaultChain: 'IOTA EVM' },
    );
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    await node.close();
  });

  it('the not-found hover of an on-ledger ID offers Why no receipt?, with the ID and a chain of our settings as its arguments', async () => {
    api.receipts.service.cache.invalidate();
    api.receipts.hover.waitMs = 15_000;
    const hovers = await hoversAt(`deposit ${ON_LEDGER} sent from L1`, ON_LEDGER);
    const md = hovers[0]?.value ?? '';
    assert.ok(md.includes('No receipt for this request'), md);
    const link = /\]\(command:waspChain\.whyNoReceipt\?([^)\s]*)\)/.exec(md);
    assert.ok(link, md);
    assert.deepEqual(JSON.parse(decodeURIComponent(link[1] ?? '')), [{ requestId: ON_LEDGER, chainName: 'IOTA EVM' }]);
  });

  it('an on-ledger ID from the hover’s link (one chain named): every Stardust chain is asked, each said once, and no signed transaction is asked for', async () => {
    api.receipts.service.cache.invalidate();
    node.clearRequests();
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.whyNoReceipt', { requestId: ON_LEDGER, chainName: 'IOTA EVM' });
    assert.ok(panel, 'the command resolves with the panel, without waiting on an input box');
    const r = await panel.waitForRender((x) => x.text.includes('on-ledger request'));
    for (const chain of ['IOTA EVM', 'ShimmerEVM']) {
      assert.equal(r.text.split(`${chain}: no receipt; active`).length - 1, 1, `${chain} once in ${r.text}`);
    }
    assert.ok(r.text.includes(`output 1 of the L1 transaction 0x${'4c'.repeat(32)}`), r.text);
    assert.ok(!/signed raw transaction|eth_sendRawTransaction/.test(r.text), r.text);
    assert.ok(r.text.includes('Stopped testnet: not active on its node, so it processes no request'), r.text);
    for (const id of [DEMO_CHAINS.iotaEvm, DEMO_CHAINS.shimmerEvm]) {
      const receipt = `/v1/chains/${id}/core/blocklog/requests/${ON_LEDGER}`;
      assert.ok(
        node.requests.some((q) => q.path === receipt),
        `${receipt} asked`,
      );
    }
  });

  it('a lookup in which one chain failed: once asked for, the diagnosis is the answer, the failure listed once above it', async () => {
    api.receipts.service.cache.invalidate();
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: ON_LEDGER });
    assert.ok(panel);
    await panel.waitForRender((x) => x.text.includes('Stopped testnet'));
    await panel.whyNoReceipt();
    const r = await panel.waitForRender((x) => x.text.includes('on-ledger request'));
    for (const chain of ['IOTA EVM', 'ShimmerEVM']) assert.equal(r.text.split(`${chain}: no receipt; active`).length - 1, 1, `${chain} once in ${r.text}`);
    assert.equal(r.text.split('Stopped testnet:').length - 1, 1, `the failed chain once in ${r.text}`);
  });

  it('an ID ending in 0000 whose hash the workspace sent: the record is read (nothing asked), the EVM checks run on the chain it is signed for', async () => {
    api.receipts.service.cache.invalidate();
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.whyNoReceipt', { requestId: `${HASH}0000` });
    assert.ok(panel);
    const r = await panel.waitForRender((x) => x.text.includes('ends in output index 0000'));
    assert.ok(r.text.includes('From the workspace’s record of it'), r.text);
    assert.ok(r.text.includes('IOTA EVM: Waiting: nonce 12 is next'), r.text);
    assert.ok(r.text.includes('ShimmerEVM: no receipt; active') && r.text.includes('signed for 8822: it is not this chain’s'), r.text);
  });
});
