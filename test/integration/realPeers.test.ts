// A chain known only by its EVM JSON-RPC, in a real extension host, against a real one: the anvil
// scripts/run-integration.mjs starts for this launch with the real-peer fixture's transactions mined
// (test/fixtures/realPeers), and its project (forge's out/ and broadcast/, the Hardhat artifacts,
// the Ignition and hardhat-deploy records) in the workspace's real-peers/ folder. The hover, the
// receipt panel with its call tree, the account hover and the names, from answers no one here wrote.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { activate, hoversAt, setChains } from './helpers';

interface RealPeersRun {
  rpcUrl: string;
  chainId: string;
  folder: string;
  txs: Record<'customError' | 'requireString' | 'panic' | 'outOfGas' | 'save' | 'createInCall' | 'valueTransfer' | 'noCode', string>;
  addresses: Record<'bank' | 'ledger' | 'issuedReceipt', string>;
  blocks: Record<string, string>;
  accounts: string[];
}

/** What the runner started for this launch (absent when the suite runs some other way: then it says so). */
function realPeersRun(): RealPeersRun {
  const text = process.env.WASP_TEST_REAL_PEERS;
  assert.ok(text, 'WASP_TEST_REAL_PEERS: scripts/run-integration.mjs starts anvil for the integration launch');
  return JSON.parse(text) as RealPeersRun;
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: T }).result;
}

describe('real peers: an EVM-only chain served by anvil, the records by forge, solc and the toolchains', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let run: RealPeersRun;

  before(async () => {
    api = await activate();
    run = realPeersRun();
    api.receipts.hover.waitMs = 15_000;
    // The first EVM hover scans the workspace for ABIs and records; the tests do not race that scan.
    api.receipts.hover.evmWaitMs = 15_000;
    api.accounts.hover.waitMs = 15_000;
    await setChains([{ name: 'Anvil', evmJsonRpcUrl: run.rpcUrl, evmChainId: Number(run.chainId) }]);
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
  });

  it('the hover of the withdraw that reverted two calls deep: failure first, the call on the Bank named by forge’s broadcast, gas and fee as anvil’s receipt says', async () => {
    const hash = run.txs.customError;
    const receipt = await rpc<{ gasUsed: string; effectiveGasPrice: string }>(run.rpcUrl, 'eth_getTransactionReceipt', [hash]);
    // A hash is looked up where the text says it is one (the secret guard of the hover).
    const hovers = await hoversAt(`const WITHDRAW_TX = "${hash}";`, hash, 8);
    assert.equal(hovers.length, 1);
    const text = hovers[0]?.plain ?? '';
    assert.ok(text.includes(`Failed (EVM status 0) on Anvil, block ${run.blocks.customError}`), text);
    assert.ok(text.includes('Calls withdraw(amount: 5000) on Bank'), text);
    const gas = BigInt(receipt.gasUsed).toLocaleString('en-US');
    const price = BigInt(receipt.effectiveGasPrice).toLocaleString('en-US');
    assert.ok(text.includes(`Gas used ${gas} at ${price} wei`), text);
    assert.ok(text.indexOf('Failed') < text.indexOf('Why'), 'success or failure first');
    // anvil sends no revertReason and no call tree was read: one eth_call at the parent block says why.
    const parent = BigInt(run.blocks.customError ?? 0) - 1n;
    assert.ok(
      text.includes(`Why: custom error Overdrawn(available: 1000, required: 5000) (replayed at block ${parent.toString()}; a transaction earlier in block`),
      text,
    );
  });

  it('Show State Changes on the panel of a chain known only by its JSON-RPC: anvil’s prestateTracer diff, the Bank named, nothing asked before the click', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: run.txs.save, chainName: 'Anvil' });
    assert.ok(panel);
    const shown = await panel.waitForRender((x) => x.text.includes('Show State Changes'), 30_000).catch(() => panel.lastRendered);
    assert.ok(shown?.text.includes('Show State Changes') && !shown.text.includes('State changes'), shown?.text.slice(0, 3000));
    await panel.perform({ kind: 'loadStateChanges' });
    const r = await panel.waitForRender((x) => x.text.includes('State changes') && x.text.includes('Bank'), 30_000).catch(() => panel.lastRendered);
    assert.ok(r?.text.includes('State changes') && r.text.includes('Bank'), r?.text.slice(0, 4000));
    assert.ok(r?.text.includes('depends on the chain'), 'the fee note does not claim a gas price of 0 for an EVM it does not know');
  });

  it('Show Request Receipt of the withdraw: the call tree from anvil’s callTracer names Bank → Ledger, decodes Overdrawn(1000, 5000) with the Hardhat artifact’s ABI; the hover then says where the revert began', async () => {
    const hash = run.txs.customError;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: hash, chainName: 'Anvil' });
    assert.ok(panel);
    const parts = [
      'Failed (EVM status 0)',
      'Known only by its EVM JSON-RPC',
      'withdraw',
      'Call tree',
      'Bank',
      'Ledger',
      'debit',
      'Overdrawn(available: 1000, required: 5000)',
      'reverted in',
    ];
    const r = await panel.waitForRender((x) => parts.every((p) => x.text.includes(p)), 30_000).catch(() => panel.lastRendered);
    assert.deepEqual(
      parts.filter((p) => !r?.text.includes(p)),
      [],
      r?.text.slice(0, 4000),
    );
    const after = await hoversAt(`reverted ${hash} again`, hash);
    assert.match(after[0]?.plain ?? '', /Why: reverted in Ledger: debit\(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 5000\)/);
  });

  it('require with a string, a Panic, an out-of-gas: each panel’s call tree says why in words', async () => {
    for (const [which, said] of [
      ['requireString', 'reverted: amount is zero'],
      ['panic', 'reverted: panic 0x12: division or modulo by zero'],
      ['outOfGas', 'out of gas'],
    ] as const) {
      const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: run.txs[which], chainName: 'Anvil' });
      assert.ok(panel, which);
      const r = await panel.waitForRender((x) => x.text.includes(said), 30_000).catch(() => panel.lastRendered);
      assert.ok(r?.text.includes(said), `${which}: ${r?.text.slice(0, 3000)}`);
      panel.dispose();
    }
  });

  it('the hover of the event-emitting save: success, the call on the named Bank, both events by name (Credited from the Ledger, Saved from the Bank)', async () => {
    const hash = run.txs.save;
    const hovers = await hoversAt(`const SAVE_TX = "${hash}";`, hash, 8);
    const text = hovers[0]?.plain ?? '';
    assert.ok(text.includes(`Succeeded (EVM status 1) on Anvil, block ${run.blocks.save}`), text);
    assert.ok(text.includes('Calls save(note: "for rent") on Bank'), text);
    assert.ok(text.includes('Logs: 2 (Credited, Saved)'), text);
  });

  it('the account hover: the balance exact to the wei and the nonce, as anvil holds them', async () => {
    const sender = run.accounts[2] ?? '';
    const [balance, nonce] = await Promise.all([
      rpc<string>(run.rpcUrl, 'eth_getBalance', [sender, 'latest']),
      rpc<string>(run.rpcUrl, 'eth_getTransactionCount', [sender, 'latest']),
    ]);
    const content = `const payer = "${sender}";`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    const hovers =
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(content.indexOf(sender) + 5))) ?? [];
    const texts = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).map((v) => v.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
    const ours = texts.find((t) => t.includes('(the address was sent to its EVM JSON-RPC)'));
    assert.ok(ours, texts.join('\n---\n'));
    assert.ok(ours.includes(`(${BigInt(balance).toLocaleString('en-US')} wei)`), ours);
    assert.ok(ours.includes(`Nonce ${BigInt(nonce)}`), ours);
  });
});
