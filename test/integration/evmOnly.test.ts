// Chains known only by their EVM JSON-RPC (no web API), in a real extension host, against the
// stand-alone loopback JSON-RPC of test/fixtures/jsonRpcNode.ts: Add Chain writes the IOTA EVM
// Testnet preset as such an entry and checks its eth_chainId; the hover over a reverted
// transaction's hash says it failed and why (the receipt's revert data decoded with the workspace's
// Vault ABI; for a Wasp-shaped JSON-RPC, where the call tree said the revert began once it was
// read); Show Request Receipt opens the EVM side and says what needs the web API; the tree row says
// the EVM chain ID and latest block and what it cannot show; the account hover reads balance and nonce.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { startJsonRpcNode, type JsonRpcNode } from '../fixtures/jsonRpcNode';
import { evmOnlyHoverTimes } from '../../bench/evmOnlyHovers';
import { activate, config, hoversAt, itemTexts, label, setChains, waitFor, withPrompts } from './helpers';

const TESTNET_CHAIN = '0x2f11f5ea9d3c093c9cc2e329cf92e05aa00ac052ada96c4c14a2f6869a7cbcaf';

describe('EVM-only chains: known only by their JSON-RPC', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let rpc: JsonRpcNode;
  let wasp: JsonRpcNode;

  before(async () => {
    api = await activate();
    [rpc, wasp] = await Promise.all([startJsonRpcNode(), startJsonRpcNode({ waspShape: true })]);
    api.receipts.hover.waitMs = 15_000;
    // The first EVM hover scans the workspace for ABIs; the tests do not race that scan.
    api.receipts.hover.evmWaitMs = 15_000;
    api.accounts.hover.waitMs = 15_000;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await setChains(undefined, { defaultChain: undefined });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await Promise.all([rpc.close(), wasp.close()]);
  });

  it('Add Chain offers IOTA EVM Testnet; the preset writes an entry without nodeUrl, checked by its eth_chainId, and says when the chain ID differs', async () => {
    const offered = await withPrompts([() => undefined], () => vscode.commands.executeCommand('waspChain.addChain'));
    const testnet = offered?.shown[0]?.items.find((i) => i.label === 'IOTA EVM Testnet');
    assert.equal(testnet?.description, 'json-rpc.evm.testnet.iota.cafe');
    assert.match(testnet?.detail ?? '', /^EVM JSON-RPC only \(no web API\) · EVM chain ID 1076 · checked /);

    const run = await withPrompts([], () =>
      vscode.commands.executeCommand('waspChain.addChain', { network: 'iotaEvmTestnet', evmJsonRpcUrl: rpc.url, target: 'user' }),
    );
    assert.equal(run?.result, 'IOTA EVM Testnet');
    assert.deepEqual(config().inspect('chains')?.globalValue, [
      { name: 'IOTA EVM Testnet', evmJsonRpcUrl: rpc.url, evmChainId: 1076, chainId: TESTNET_CHAIN, explorerUrl: 'https://explorer.evm.testnet.iota.cafe' },
    ]);
    assert.equal(run?.notes.length, 1, run?.notes.join('\n'));
    assert.match(run?.notes[0] ?? '', /^"IOTA EVM Testnet" added and checked: its JSON-RPC answers EVM chain ID 1076\. No web API is known for it/);
    assert.equal(api.services.chains.valid().length, 0, 'nothing that needs a node sees it');
    assert.equal(api.services.chains.evmOnly()[0]?.evmChainId, 1076n);

    await setChains(undefined);
    rpc.chainId = 1n;
    try {
      const other = await withPrompts([], () =>
        vscode.commands.executeCommand('waspChain.addChain', { network: 'iotaEvmTestnet', evmJsonRpcUrl: rpc.url, target: 'user' }),
      );
      assert.deepEqual(other?.notes, ['"IOTA EVM Testnet" added, but its JSON-RPC differs from the network: its EVM chain ID is 1, not 1076.']);
    } finally {
      rpc.chainId = 1076n;
    }
    await setChains(undefined);
    rpc.fault = 'html';
    try {
      const html = await withPrompts([], () =>
        vscode.commands.executeCommand('waspChain.addChain', { network: 'iotaEvmTestnet', evmJsonRpcUrl: rpc.url, target: 'user' }),
      );
      assert.match(
        html?.notes[0] ?? '',
        /^"IOTA EVM Testnet" added, but 127\.0\.0\.1:\d+ does not answer as its JSON-RPC: the answer is not an EVM chain ID\.$/,
      );
    } finally {
      rpc.fault = undefined;
    }
  });

  it('the hover over a reverted transaction: failure first, the custom error decoded with the workspace ABI, gas and fee, the call; a hash near a key is not sent', async () => {
    await setChains([{ name: 'Testnet', evmJsonRpcUrl: rpc.url, evmChainId: 1076 }]);
    const hovers = await hoversAt(`const revertedTxHash = '${rpc.ids.reverted}';`, rpc.ids.reverted);
    assert.equal(hovers.length, 1);
    const text = hovers[0]?.plain ?? '';
    assert.ok(text.includes('Failed (EVM status 0) on Testnet, block 7'), text);
    assert.ok(text.includes('Why: custom error InsufficientBalance(available: 3, required: 5)'), text);
    assert.ok(text.includes('Gas used 31,244 at 10,000,000,000 wei: fee 0.00031244'), text);
    assert.ok(text.includes('Calls transfer(to: 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359, amount: 5)'), text);
    assert.ok(text.indexOf('Failed') < text.indexOf('Why'), 'success or failure first');

    const asked = rpc.methods.length;
    const secret = await hoversAt(`const privateKey = "${rpc.ids.deposit}";`, rpc.ids.deposit, 8);
    assert.match(secret[0]?.plain ?? '', /may be a secret/);
    assert.equal(rpc.methods.length, asked, 'nothing was sent for a possible key');

    // 20 hovers of one new hash at once: its two calls are sent once, and every hover shows it.
    const content = `DEPLOY_TX = "${rpc.ids.deposit}"`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'plaintext' });
    const at = doc.positionAt(content.indexOf(rpc.ids.deposit) + 5);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)),
    );
    for (const hovers of burst)
      assert.ok(hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Succeeded \\(EVM status 1\\)'))));
    assert.deepEqual(rpc.methods.slice(asked).sort(), ['eth_getTransactionByHash', 'eth_getTransactionReceipt']);

    // A host that is no JSON-RPC (an HTML page) or answers an error object: said, per chain, never a crash.
    const unknown = `0x${'7'.repeat(64)}`;
    for (const [fault, said] of [
      ['html', 'Testnet: the answer is not a valid transaction receipt'],
      ['rpcError', 'Testnet: the JSON-RPC answered with an error: header not found'],
    ] as const) {
      rpc.fault = fault;
      try {
        const failed = await hoversAt(`const revertedTxHash = '${unknown}'; // ${fault}`, unknown);
        assert.ok(failed[0]?.plain.includes(said), failed[0]?.plain);
      } finally {
        rpc.fault = undefined;
      }
    }
  });

  it('Show Request Receipt: the EVM side, what needs the web API said once; on a Wasp JSON-RPC the call tree is read and the hover then says where the revert began', async () => {
    await setChains([{ name: 'Wasp Testnet', evmJsonRpcUrl: wasp.url }]);
    const asked = wasp.methods.length;
    const before = await hoversAt(`const revertedTxHash = '${wasp.ids.reverted}';`, wasp.ids.reverted);
    // No revertReason, no call tree yet: one eth_call of the transaction at its parent block says why (never a trace from a hover).
    assert.ok(
      before[0]?.plain.includes(
        'Why: custom error InsufficientBalance(available: 3, required: 5) (replayed at block 6; a transaction earlier in block 7 may have changed the state)',
      ),
      before[0]?.plain,
    );
    assert.deepEqual(
      wasp.methods.slice(asked).filter((m) => m === 'eth_call' || m.startsWith('debug_')),
      ['eth_call'],
    );
    assert.equal(wasp.calls.at(-1)?.[1], '0x6', 'replayed at block N−1');

    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: wasp.ids.reverted, chainName: 'Wasp Testnet' });
    assert.ok(panel);
    const parts = [
      'Failed (EVM status 0)',
      'Known only by its EVM JSON-RPC',
      'the ISC receipt, the gas burn log and governance',
      'Transaction',
      'EVM receipt and logs',
      '31,244',
      'transfer',
      'Call tree',
      'reverted in',
      // The banner: the error decoded with its arguments.
      'with InsufficientBalance(available: 3, required: 5)',
    ];
    const r = await panel.waitForRender((x) => parts.every((p) => x.text.includes(p)), 30_000).catch(() => panel.lastRendered);
    const missing = parts.filter((p) => !r?.text.includes(p));
    assert.deepEqual(missing, [], r?.text.slice(0, 3000));
    assert.equal(r?.text.split('Known only by its EVM JSON-RPC').length, 2, 'said once');
    assert.ok(wasp.methods.includes('debug_traceTransaction'), 'the failed transaction\u2019s call tree is read with the panel');

    const after = await hoversAt(`const revertedTxHash = '${wasp.ids.reverted}';`, wasp.ids.reverted);
    assert.match(after[0]?.plain ?? '', /Why: reverted in .* with InsufficientBalance\(available: 3, required: 5\)/);
  });

  it("names from the workspace's deployment records of the JSON-RPC's own eth_chainId, when the entry names no evmChainId: the hover's call and the panel's revert", async () => {
    const records = await startJsonRpcNode({ chainId: 8822n, waspShape: true });
    try {
      await setChains([{ name: 'Records', evmJsonRpcUrl: records.url }]);
      const hovers = await hoversAt(`const revertedTxHash = '${records.ids.reverted}';`, records.ids.reverted);
      assert.ok(hovers[0]?.plain.includes('Calls transfer(to: 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359, amount: 5) on Vault'), hovers[0]?.plain);
      const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: records.ids.reverted, chainName: 'Records' });
      assert.ok(panel);
      const r = await panel
        .waitForRender((x) => x.text.includes('reverted in ') && x.text.includes('the revert began here'), 30_000)
        .catch(() => panel.lastRendered);
      assert.ok(r?.text.includes('CALL Vault → Ledger · transfer('), r?.text.slice(0, 3000));
    } finally {
      await records.close();
    }
  });

  it('the tree row says the EVM chain ID and latest block, JSON-RPC only, and one line of what it cannot show; Refresh and Remove Chain take it', async () => {
    await setChains([{ name: 'Testnet', evmJsonRpcUrl: rpc.url, evmChainId: 1076, chainId: TESTNET_CHAIN }]);
    const row = () => api.chains.tree.getChildren().find((n) => n.kind === 'evmChain' && n.chainName === 'Testnet');
    assert.ok(row(), 'the tree lists the chain');
    await waitFor(() => String(api.chains.tree.getTreeItem(row()!).description).startsWith('EVM chain ID 1076'), 'its head to be read');
    const item = api.chains.tree.getTreeItem(row()!);
    assert.equal(item.description, 'EVM chain ID 1076 · block 12 · JSON-RPC only · User');
    assert.equal(item.contextValue, 'evmChain');
    assert.ok(itemTexts(item)[2]?.includes(TESTNET_CHAIN), 'the ISC chain ID shown, not asked');
    const children = api.chains.tree.getChildren(row()!);
    assert.equal(children.length, 1);
    const limit = api.chains.tree.getTreeItem(children[0]!);
    assert.equal(label(limit), 'No web API');
    assert.match(
      String(limit.description),
      /the ISC receipt, the gas burn log and governance \(chain info, blocks, L2 accounts\) need the chain’s web API\. Add it: set nodeUrl/,
    );
    assert.equal(limit.command?.command, 'workbench.action.openSettings');

    rpc.block = 13n;
    await vscode.commands.executeCommand('waspChain.refresh', 'Testnet');
    assert.match(String(api.chains.tree.getTreeItem(row()!).description), /block 13/);
    rpc.block = 12n;

    // A command that needs the web API says so plainly, naming the fix.
    const info = await withPrompts([], () => vscode.commands.executeCommand('waspChain.showChainInfo', 'Testnet'));
    assert.deepEqual(info?.notes, [
      '"Testnet" is known only by its EVM JSON-RPC: this command needs the chain’s web API. Add nodeUrl to its entry in waspChain.chains.',
    ]);

    // It may be the default chain (its hovers ask it first): starred, and the status bar names it.
    assert.equal(await vscode.commands.executeCommand('waspChain.setDefaultChain', 'Testnet'), 'Testnet');
    assert.match(String(api.chains.tree.getTreeItem(row()!).description), /^★ EVM chain ID 1076/);

    // Remove Chain takes it like any entry (a script's name is not asked about), and the default naming it goes too.
    assert.equal(await vscode.commands.executeCommand('waspChain.removeChain', 'Testnet'), true);
    assert.equal(config().inspect('chains')?.globalValue?.toString(), '', 'the entry is gone from the user settings');
    assert.equal(row(), undefined);
    assert.equal(api.services.chains.defaultChainName(), undefined);
  });

  it('waspChain.defaultChain naming an entry with only evmJsonRpcUrl is no problem: nothing is reported, the status bar names it', async () => {
    const before = api.chains.problems.reports;
    await setChains([{ name: 'Testnet', evmJsonRpcUrl: rpc.url }], { defaultChain: 'Testnet' });
    await waitFor(() => api.chains.statusBar.item.text === '$(plug) Testnet', `the status bar (${api.chains.statusBar.item.text})`);
    assert.equal(api.chains.problems.reports, before, `not reported: ${api.chains.problems.lastMessage ?? ''}`);
  });

  it('the bench scenario (bench/evmOnlyHovers.ts) runs in the host: cached and uncached EVM-only hovers, each uncached one sending its two calls once', async () => {
    const source = new vscode.CancellationTokenSource();
    const figures = await evmOnlyHoverTimes(api, source.token, { cached: 20, uncached: 6, warmup: 1 });
    assert.deepEqual(
      figures.map((f) => f.id),
      [
        'evmOnly.hover.cached.p50',
        'evmOnly.hover.cached.p99',
        'evmOnly.hover.uncached.p50',
        'evmOnly.hover.uncached.raw.p50',
        'evmOnly.hover.uncached.overRaw',
      ],
    );
    assert.equal(figures[0]?.detail?.requestsMeanwhile, 0, 'a cached hover sends nothing');
    assert.equal(api.services.chains.evmOnly().length, 0, 'the settings are put back');
  });

  it('a node chain that fails does not hide the transaction an EVM-only chain knows: its answer comes first', async () => {
    // A node nobody answers at (a closed port): its lookup fails, it does not miss.
    await setChains([
      { name: 'Down', nodeUrl: 'http://127.0.0.1:9' },
      { name: 'Testnet', evmJsonRpcUrl: rpc.url, evmChainId: 1076 },
    ]);
    const hovers = await hoversAt(`const revertedTxHash = '${rpc.ids.reverted}';`, rpc.ids.reverted);
    assert.equal(hovers.length, 1);
    assert.ok(hovers[0]?.plain.includes('Failed (EVM status 0) on Testnet, block 7'), hovers[0]?.plain);
  });

  it('the account hover on an EVM-only chain: balance (exact, in wei too) and nonce from the JSON-RPC', async () => {
    await setChains([{ name: 'Testnet', evmJsonRpcUrl: rpc.url }]);
    const content = `const sender = "${rpc.sender}";`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    const at = content.indexOf(rpc.sender);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + 5))) ?? [];
    const texts = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).map((v) => v.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
    const ours = texts.find((t) => t.includes('(the address was sent to its EVM JSON-RPC)'));
    assert.ok(ours, texts.join('\n---\n'));
    assert.ok(ours.includes('Balance 5.000000000000000123 (5,000,000,000,000,000,123 wei)'), ours);
    assert.ok(ours.includes('Nonce 42'), ours);
  });
});
