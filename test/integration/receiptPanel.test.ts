// "Chain: Show Request Receipt" and the receipt panel in a real extension host against the local
// Wasp node: each way the request ID reaches the command (argument, selection, word at the
// cursor; the input box route is exercised through the same validation by passing the value as
// an argument, since a test cannot type into a quick input), what the panel renders (its
// webview reports the visible text and HTML after each render), reuse, restore, and that hostile
// node text stays inert.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_EVM_REVERT_REASON, DEMO_RECEIPTS, DEMO_UNKNOWN_REQUEST_ID } from '../fixtures/demoData';
import { hostileReceipt } from '../fixtures/hostile';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, setChains, spyOutput } from './helpers';
import { foreignMarkup } from '../unit/hostile/corpus';
import { benchRequestId, bigReceipt } from '../../bench/shared';

const COMMAND = 'waspChain.showReceipt';
const SUCCESS = DEMO_RECEIPTS.evmSuccess.requestId;
const HOSTILE_ID = `0x${'d3'.repeat(32)}0000`;

describe('receipt panel', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;

  async function show(...args: unknown[]): Promise<ReceiptPanel> {
    const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>(COMMAND, ...args);
    assert.ok(panel, 'the command resolves with the panel');
    return panel;
  }

  /** Waits until the webview shows all of `parts`; returns what it rendered. */
  async function rendered(panel: ReceiptPanel, parts: string[]): Promise<{ text: string; html: string }> {
    try {
      return await panel.waitForRender((r) => parts.every((p) => r.text.includes(p)));
    } catch (e) {
      const missing = parts.filter((p) => !panel.lastRendered?.text.includes(p));
      throw new Error(`${e instanceof Error ? e.message : e}\nmissing: ${JSON.stringify(missing)}`, { cause: e });
    }
  }

  const receiptRequests = () => node.requests.filter((r) => r.route === 'receipt');

  before(async () => {
    api = await activate();
    node = await startLocalNode();
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'ShimmerEVM', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
      ],
      { defaultChain: 'IOTA EVM' },
    );
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    for (const p of api.chainInfo?.panels?.() ?? []) p.dispose();
    node.clearFaults();
    node.clearRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await node.close();
  });

  it('opens from a request ID argument: status, gas, fee checked against the policy, request fields', async () => {
    const panel = await show(SUCCESS);
    const r = await rendered(panel, ['Request succeeded', 'matches the fee policy']);
    for (const part of [
      'on IOTA EVM',
      SUCCESS,
      `${DEMO_RECEIPTS.evmSuccess.blockIndex.toLocaleString('en-US')}`,
      'EVM transaction (off-ledger)',
      '21,000',
      '210 base tokens',
      'matches the fee policy (100 gas = 1 base token)',
      'evm.sendTransaction',
      '0xDb3009babf5415B64ef64275f0f23A87E90Ea142@',
      'EVM account on a chain',
      'No gas burn log',
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    assert.match(r.html, /class="banner ok"/);
    assert.deepEqual(panel.identity, { requestId: SUCCESS, chainName: 'IOTA EVM' });
    assert.equal(api.services.recent.list('IOTA EVM')[0]?.requestId, SUCCESS, 'listed under its chain in the tree');
  });

  it('opens from { requestId, chainName, block }: tokens, the NFT with its metadata decoded', async () => {
    const ref = DEMO_RECEIPTS.onLedgerNft;
    const panel = await show({ requestId: ref.requestId, chainName: 'ShimmerEVM', block: ref.blockIndex });
    const r = await rendered(panel, ['Request succeeded', 'on-ledger request', 'Wasp Explorer Demo #4711']);
    for (const part of [
      '1,000,000,000',
      '47,600 base tokens',
      'accounts.deposit',
      'Native tokens',
      '1,000,000',
      'https://nft.example.org/wasp-demo/4711.png',
      '"collectionName": "Wasp Demo"',
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    assert.deepEqual(panel.identity, { requestId: ref.requestId, chainName: 'ShimmerEVM', block: String(ref.blockIndex) });
    assert.ok(
      receiptRequests().every((q) => q.query.block === String(ref.blockIndex)),
      'read at the block asked for',
    );
  });

  it('takes the ID from the selection (one ID inside a selected log line)', async () => {
    const content = `2025-01-01T00:00:00Z INFO request ${DEMO_RECEIPTS.evmRevert.requestId} processed\n`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'log' });
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 0, content.length - 1);
    const panel = await show();
    assert.equal(panel.identity.requestId, DEMO_RECEIPTS.evmRevert.requestId);
    const r = await rendered(panel, ['Request failed', DEMO_EVM_REVERT_REASON]);
    // A failed receipt leads with its error: the decoded revert reason, before any field.
    const lead = r.text.indexOf(DEMO_EVM_REVERT_REASON);
    assert.ok(lead >= 0 && lead < r.text.indexOf('Gas budget'), 'the revert reason comes first');
    assert.match(r.html, /class="banner failed"/);
    assert.ok(r.text.includes('a774'), 'the raw error code');
    assert.ok(r.text.includes('595 base tokens'));
  });

  it('names a revert by its reason in the banner; the revert data is folded once under Raw error data, wrapped', async () => {
    const panel = await show(DEMO_RECEIPTS.evmRevert.requestId);
    const r = await rendered(panel, ['Request failed', DEMO_EVM_REVERT_REASON]);
    const banner = /<div class="banner failed"[^>]*>([\s\S]*?)<\/div><section/.exec(r.html)?.[1] ?? '';
    assert.ok(banner.includes(`Reverted: ${DEMO_EVM_REVERT_REASON}`), banner);
    assert.doesNotMatch(banner, /08c379a0/i, 'no revert hex in the banner');
    const raw = /<details class="raw" data-field="rawError">([\s\S]*?)<\/details>/.exec(r.html)?.[1] ?? '';
    assert.match(raw, /^<summary>Raw error data<\/summary>/);
    assert.match(raw, /08c379a0/i, 'the raw message and parameters are folded here');
    const outside = r.html.replace(/<details class="raw"[\s\S]*?<\/details>/, '').replace(/<details[\s\S]*?<\/details>/g, '');
    assert.doesNotMatch(outside, /08c379a0/i, 'the revert data shows nowhere else unfolded');
    assert.ok(r.text.includes('a774'), 'the error code stays in view');
  });

  it('takes the ID under the cursor when nothing is selected', async () => {
    const id = DEMO_RECEIPTS.bigAmounts.requestId;
    const content = `const receipts = {\n  big: '${id}',\n};\n`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    const editor = await vscode.window.showTextDocument(doc);
    const pos = doc.positionAt(content.indexOf(id) + 30);
    editor.selection = new vscode.Selection(pos, pos);
    const panel = await show();
    assert.equal(panel.identity.requestId, id);
    const r = await rendered(panel, ['18,446,744,073,709,551,615', '9,007,199,254,740,993']);
    assert.ok(r.text.includes('accounts.transferAllowanceTo'));
  });

  it('rejects a malformed ID or block before any request (the input box validates the same way)', async () => {
    for (const bad of ['0x1234', `${SUCCESS}00`, 'hello', SUCCESS.slice(0, 66)]) {
      const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>(COMMAND, bad);
      assert.equal(panel, undefined, `rejected: ${bad}`);
    }
    const badBlock = await vscode.commands.executeCommand<ReceiptPanel | undefined>(COMMAND, { requestId: SUCCESS, block: 'yesterday' });
    assert.equal(badBlock, undefined);
    const unknownChain = await vscode.commands.executeCommand<ReceiptPanel | undefined>(COMMAND, { requestId: SUCCESS, chainName: 'Nope' });
    assert.equal(unknownChain, undefined);
    assert.equal(receiptRequests().length, 0, 'nothing was sent');
    assert.equal(api.receipts.panels().length, 0);
  });

  it('draws the gas burn log (chart and table with burn-code names) and toggles params', async () => {
    const panel = await show({ requestId: DEMO_RECEIPTS.gasBurnLogParams.requestId });
    // The fee check ends the load: wait for it too, or a paint from before it may be the one read.
    const r = await rendered(panel, ['Gas burn log', 'storage (0)', 'wasm (25)', 'gas is free']);
    for (const part of [
      '5,120',
      '51.20%',
      'minimum gas per request (26)',
      '10,000',
      'doc',
      'name',
      '"id": "invoice-42"',
      'Wasp Chain Explorer — démo ✓',
      'gas is free',
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    assert.equal((r.html.match(/class="bar"/g) ?? []).length, 7, 'one bar per burn code');
    assert.match(r.html, /aria-pressed="true"/);
    assert.equal(panel.identity.chainName, 'ShimmerEVM', 'found on the second chain');
  });

  it('reuses the panel of the same (chain, request, block)', async () => {
    const a = await show(SUCCESS);
    await rendered(a, ['Request succeeded']);
    const b = await show({ requestId: SUCCESS, chainName: 'IOTA EVM' });
    assert.equal(a, b);
    assert.equal(api.receipts.panels().length, 1);
    const other = await show({ requestId: SUCCESS, chainName: 'IOTA EVM', block: DEMO_RECEIPTS.evmSuccess.blockIndex });
    assert.notEqual(other, a, 'another block is another panel');
  });

  it('says when no chain knows the request, and retries on refresh', async () => {
    const panel = await show(DEMO_UNKNOWN_REQUEST_ID);
    await rendered(panel, ['No receipt', 'IOTA EVM, ShimmerEVM']);
    assert.equal(panel.state.status, 'error');
    const before = receiptRequests().length;
    await panel.refresh();
    assert.ok(receiptRequests().length > before, 'refresh asks the node again');
  });

  it('degrades gracefully when the fee policy cannot be read', async () => {
    node.inject({ route: 'chaininfo', fault: { type: 'status', status: 500 } });
    const panel = await show(SUCCESS);
    const r = await rendered(panel, ['Request succeeded', 'not checked: the fee policy could not be read']);
    assert.ok(r.text.includes('210 base tokens'));
  });

  it('links to the chain info at the receipt block, and opens the JSON', async () => {
    const panel = await show(SUCCESS);
    await rendered(panel, ['Request succeeded']);
    await panel.perform({ kind: 'showChainInfo' });
    const info = api.chainInfo.find('IOTA EVM', DEMO_RECEIPTS.evmSuccess.blockIndex);
    assert.ok(info, 'the chain info panel of that block is open');
    await panel.perform({ kind: 'openJson' });
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.languageId, 'json');
    assert.ok(doc?.getText().includes(`"requestId": "${SUCCESS}"`));
  });

  it('is restored from its saved identity after a reload (serializer)', async () => {
    const webviewPanel = vscode.window.createWebviewPanel('waspChain.receipt', 'restored', vscode.ViewColumn.Active, { enableScripts: true });
    const panel = await api.receipts.restore(webviewPanel, {
      identity: { requestId: SUCCESS, chainName: 'IOTA EVM' },
      status: 'ok',
      view: { rawJson: 'ignored' },
    });
    assert.ok(panel);
    await rendered(panel, ['Request succeeded', 'evm.sendTransaction']);
    // A chain removed from the settings since: said plainly, with a way to the settings.
    const gone = vscode.window.createWebviewPanel('waspChain.receipt', 'gone', vscode.ViewColumn.Active, { enableScripts: true });
    const orphan = await api.receipts.restore(gone, { identity: { requestId: SUCCESS, chainName: 'Gone' } });
    assert.ok(orphan);
    await rendered(orphan, ['Chain not configured', 'No valid chain named "Gone" is configured.', 'Open Settings']);
    const foreign = vscode.window.createWebviewPanel('waspChain.receipt', 'foreign', vscode.ViewColumn.Active, { enableScripts: true });
    // Disposing a panel the workbench is still opening upsets it: wait until it is shown.
    for (let i = 0; i < 100 && !foreign.visible; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(await api.receipts.restore(foreign, { identity: { requestId: 'javascript:alert(1)' } }), undefined);
  });

  it('shows the raw JSON as the node sent it: a field the extension does not read and exact numbers stay', async () => {
    const id = `0x${'e4'.repeat(32)}0000`;
    const receipt = hostileReceipt(HOSTILE_ID);
    receipt.request = {
      ...receipt.request,
      requestId: id,
      senderAccount: 'iota1qqqk305p7w207j6t95hh8xzzfxtmjumw2k6alsgttehx379uzv07k4hcswh',
      targetAddress: DEMO_CHAINS.iotaEvm,
    };
    node.setReceipt(DEMO_CHAINS.iotaEvm, receipt);
    // A number beyond 2^53 cannot be written from JS: plant it as text on the wire.
    const sent = JSON.stringify(receipt).replace('{', '{"futureField":18446744073709551615,');
    node.inject({ route: 'receipt', times: 1, fault: { type: 'status', status: 200, body: sent, contentType: 'application/json' } });
    const panel = await show(id);
    // The raw JSON is a collapsed section: built when opened, echoed to tests with the rest of the text.
    const r = await panel.waitForRender((x) => x.text.includes('futureField'));
    assert.ok(r.text.includes('"futureField": 18446744073709551615'), 'the big number keeps its digits');
  });

  it('renders a 2.3 MB receipt on demand: first params in part, raw JSON collapsed (timing logged)', async function () {
    this.timeout(120_000);
    const id = benchRequestId('big', 0);
    node.setReceipt(DEMO_CHAINS.iotaEvm, bigReceipt(id));
    const done = (r: { text: string }) => r.text.includes('Request succeeded') && !r.text.includes('checking against the fee policy');
    const times: number[] = [];
    const opened: number[] = [];
    const small: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      const plain = await api.receipts.open({ requestId: SUCCESS, chainName: 'IOTA EVM' });
      await plain.waitForRender(done, 60_000);
      small.push(performance.now() - s0);
      plain.dispose();
      const t0 = performance.now();
      const panel = await api.receipts.open({ requestId: id, chainName: 'IOTA EVM' });
      opened.push(performance.now() - t0);
      const r = await panel.waitForRender(done, 60_000);
      times.push(performance.now() - t0);
      if (i === 0) {
        assert.ok(r.text.includes('param18') && !r.text.includes('param19'), 'the first 20 params (code, param0…param18), then "Show 20 more"');
        assert.ok(r.text.includes('Show 20 more') && r.text.includes('Show all ('), 'the rest is a button away');
        assert.ok(r.text.includes('"contractHName"'), 'the collapsed raw JSON is in the test echo');
        assert.ok(!r.html.includes('&quot;contractHName&quot;') && !r.html.includes('"contractHName"'), 'but not built in the page');
        assert.ok(r.html.length < 200_000, `the page stays small: ${r.html.length} characters of HTML`);
        const state = JSON.stringify(panel.state);
        assert.ok(state.length < 1_000_000, `the state posted is excerpts, not the 4 MB view: ${state.length} characters`);
        assert.equal(panel.state.status === 'ok' && panel.state.view.params[0]?.value.hex.length, 1_000_001, 'the whole length is known for Show all');
      }
      panel.dispose();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A figure for the report, not an assertion: this machine is shared.
    const ms = (xs: number[]) => xs.map((t) => `${t.toFixed(0)} ms`).join(', ');
    console.log(`big receipt panel, open() to rendered: ${ms(times)} (first lookup uncached); open() resolved: ${ms(opened)}; a 2 KB receipt: ${ms(small)}`);
  });

  it('shows hostile node text literally: no link, script, image or HTML from the node', async () => {
    node.setReceipt(DEMO_CHAINS.iotaEvm, hostileReceipt(HOSTILE_ID));
    const panel = await show(HOSTILE_ID);
    const r = await rendered(panel, ['Request failed', '<img src=x onerror=alert(1)>']);
    assert.ok(r.text.includes('[click me](command:workbench.action.terminal.new)'));
    assert.ok(r.text.includes('<script>alert(document.cookie)</script>'));
    assert.ok(r.text.includes('<b>key</b>'), 'a param key shows as text');
    // innerHTML escapes '<' in text, so every '<' left opens a real element: all of them ours, none live.
    assert.deepEqual(foreignMarkup(r.html), []);
  });

  it('an action that fails is logged and reported by the panel, never left as a rejection', async () => {
    const panel = await show(SUCCESS);
    await rendered(panel, ['Request succeeded']);
    const env = vscode.env as unknown as { openExternal: (uri: vscode.Uri) => Thenable<boolean> };
    const original = env.openExternal;
    const failing = async (): Promise<boolean> => {
      throw new Error('the OS refused to open it');
    };
    env.openExternal = failing;
    assert.equal(env.openExternal, failing, 'openExternal could be replaced (else this test could not tell)');
    const output = spyOutput(api.services.log);
    try {
      // Resolves: the failure is caught in the panel, whichever action it was.
      await panel.perform({ kind: 'openExternal', url: 'https://example.com/x' });
      assert.ok(
        output.lines.some((l) => l.includes('openExternal') && l.includes('the OS refused to open it')),
        `logged: ${JSON.stringify(output.lines)}`,
      );
    } finally {
      output.restore();
      env.openExternal = original;
    }
  });
});
