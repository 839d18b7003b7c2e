// EVM receipts explained with the workspace's own ABIs, in a real extension host: the workspace
// holds a Hardhat artifact (workspace/evm/artifacts/…/Vault.json); a loopback Rebased node
// (evmNode.ts) answers with a receipt whose transaction calls Vault.transfer and reverts with its
// custom error, and serves the chain's EVM JSON-RPC.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { parseAbiItem } from '../../src/evm/model/abiIndex';
import { describeReport } from '../../src/workspace/model/scan';
import { WorkspaceAbis } from '../../src/workspace/abis';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { ARTIFACT, BOB, LEDGER, OBJECT_ID, startEvmNode, type EvmNode } from './evmNode';
import { activate, hoversAt, setChains, withOpenExternalSpy, withWarningAnswer } from './helpers';

describe('EVM receipts decoded with the workspace ABIs', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: EvmNode;
  let hostile: HostileFiles;

  before(async () => {
    api = await activate();
    node = await startEvmNode();
    // Before the first EVM hover of this file: the scan meets them (or, when an earlier file's
    // receipt started it already, the watcher does).
    hostile = hostileArtifacts(dirname(node.artifactUri.fsPath));
    await setChains([{ name: 'Rebased EVM', nodeUrl: node.url, explorerUrl: 'https://explorer.example/evm/' }], { defaultChain: 'Rebased EVM' });
    api.receipts.hover.waitMs = 15_000;
    // The first EVM receipt scans the workspace; the tests do not race that scan.
    api.receipts.hover.evmWaitMs = 15_000;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    hostile.remove();
    await vscode.workspace.fs.writeFile(node.artifactUri, new TextEncoder().encode(node.artifactText));
    await setChains(undefined, { defaultChain: undefined });
    node.server.close();
  });

  async function hoverPlain(): Promise<string> {
    const hovers = await hoversAt(`const revertedTxHash = '${node.requestId}';`, node.requestId);
    assert.equal(hovers.length, 1);
    return hovers[0]?.plain ?? '';
  }

  it('the hover over a custom-error revert leads with the error by name with its arguments, then the call; the revert data once, last', async () => {
    const text = await hoverPlain();
    const lines = text.split(/ {2}\n|\n\n/).map((l) => l.trim());
    assert.equal(lines[0], '$(error) Request failed: InsufficientBalance(available: 3, required: 5)', text);
    assert.ok(lines.includes('Error code a774 (core error: execution reverted: …)'), text);
    assert.ok(text.includes(`Calls transfer(to: ${BOB}, amount: 5)`), text);
    assert.equal(text.match(/InsufficientBalance/g)?.length, 1, 'the error said once');
    const raw = lines.findIndex((l) => /^Raw error data: 0x[0-9a-f]{8}/.test(l));
    assert.ok(raw > 0 && lines.slice(raw + 1).every((l) => l.includes('command:')), 'the raw data is the last line before the links');
    assert.ok(!lines.slice(0, raw).some((l) => /[0-9a-f]{64}/.test(l)), 'no revert data before it');
  });

  it('a hover over 128 KB of call data whose offsets alias one tail answers, the call not decoded (non-canonical)', async () => {
    const id = node.hostileRequestId;
    const hovers = await hoversAt(`txHash = ${id} // reverted, its call data aliased`, id);
    assert.equal(hovers.length, 1);
    const text = hovers[0]?.plain ?? '';
    assert.ok(text.includes('non-canonical encoding'), text);
    assert.ok(text.includes('Request failed: InsufficientBalance(available: 3, required: 5)'), 'the rest of the receipt still reads');
  });

  it('the panel shows the decoded call and error with each argument, and explorer links', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const r = await panel.waitForRender((x) => x.text.includes("Decoded with the workspace's ABIs"));
    for (const part of [
      'transfer(address,uint256)',
      '0xa9059cbb',
      ARTIFACT,
      'InsufficientBalance',
      'available',
      'required',
      BOB,
      `https://explorer.example/evm/tx/${node.requestId}`,
      `https://explorer.example/evm/address/${BOB}`,
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    // The banner leads with the decoded error; the revert data is folded once under Raw error data.
    const banner = /<div class="banner failed"[^>]*>([\s\S]*?)<\/div><section/.exec(r.html)?.[1] ?? '';
    assert.ok(banner.includes('InsufficientBalance(available: 3, required: 5)'), banner);
    const raw = /<details class="raw" data-field="rawError">([\s\S]*?)<\/details>/.exec(r.html)?.[1] ?? '';
    const data = /0x[0-9a-f]{136}/.exec(raw)?.[0] ?? '';
    assert.ok(data !== '', raw);
    assert.equal(r.html.split(data.slice(2)).length, 2, 'the revert data shows once');
    // The tree's Recent receipts row and the Show Request Receipt picker read the same line.
    assert.equal(api.services.recent.list('Rebased EVM')[0]?.summary, 'InsufficientBalance(available: 3, required: 5)');
  });

  it('explorer links on the sender, the address arguments and the assets objects; a click opens exactly the checked link', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const r = await panel.waitForRender((x) => x.text.includes("Decoded with the workspace's ABIs") && x.text.includes('IOTA explorer'));
    const sender = '0xA5609B93e96A78A36bBaD195A7537A0C577108Da';
    const object = `https://explorer.iota.org/object/${OBJECT_ID}?network=mainnet`;
    for (const part of ['Sender in explorer', `https://explorer.example/evm/address/${sender}`, 'to (Vault) in explorer', object]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    const spied = await withOpenExternalSpy(async () => {
      await panel.perform({ kind: 'openExternal', url: object });
      await panel.perform({ kind: 'openExternal', url: 'command:waspChain.signIn' });
    });
    assert.deepEqual(spied?.calls, [object], 'only the checked web link is opened');
  });

  it('the hover links the explorer through a command that rebuilds the URL: no URL in the Markdown', async () => {
    const hovers = await hoversAt(`const revertedTxHash = '${node.requestId}';`, node.requestId);
    const value = hovers[0]?.value ?? '';
    assert.ok(value.includes('Open in explorer') && value.includes('command:waspChain.openInExplorer?'), value);
    assert.ok(!value.includes('explorer.example'), 'the explorer URL itself is not in the hover');
    assert.ok(hovers[0]?.md && typeof hovers[0].md.isTrusted === 'object' && hovers[0].md.isTrusted.enabledCommands?.includes('waspChain.openInExplorer'));
    const spied = await withOpenExternalSpy(async () => {
      assert.equal(await vscode.commands.executeCommand('waspChain.openInExplorer', { requestId: node.requestId, chainName: 'Rebased EVM' }), true);
      // A forged argument opens nothing.
      assert.equal(await vscode.commands.executeCommand('waspChain.openInExplorer', { requestId: 'https://evil.example', chainName: 'Rebased EVM' }), false);
      assert.equal(await vscode.commands.executeCommand('waspChain.openInExplorer', { requestId: node.requestId, chainName: 'No such chain' }), false);
    });
    assert.deepEqual(spied?.calls, [`https://explorer.example/evm/tx/${node.requestId}`]);
  });

  it("Load EVM Logs asks the node's own JSON-RPC only on the click, the button names its host, and shows the decoded event", async () => {
    node.rpcMethods.length = 0;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const host = new URL(node.url).host;
    const before = await panel.waitForRender(
      (x) => x.text.includes('Load EVM Logs') && x.text.includes('the revert began here') && x.text.includes('failed (status 0)'),
    );
    assert.ok(before.text.includes(`Load EVM Logs from ${host}`), before.text);
    // With the panel: the EVM receipt's status, gas and price (one eth_getTransactionReceipt); its logs wait for the click.
    assert.deepEqual(
      node.rpcMethods.filter((m) => m === 'eth_getTransactionReceipt'),
      ['eth_getTransactionReceipt'],
    );
    assert.ok(!before.text.includes('Deposited('), 'no log shown before the click');
    node.rpcCalls.length = 0;
    node.rpcPaths.length = 0;
    node.rpcMethods.length = 0;
    const shown = await withWarningAnswer(
      () => undefined,
      async () => {
        await panel.perform({ kind: 'loadEvmLogs' });
        return panel.waitForRender((x) => x.text.includes('EVM receipt and logs'));
      },
    );
    assert.ok(shown, 'the warning dialog could be watched');
    assert.deepEqual(shown.asked, [], 'no question: the node answered');
    assert.deepEqual(node.rpcPaths, ['/v1/chain/evm'], "the node's own JSON-RPC, not the metadata's /evm");
    const r = shown.result;
    assert.ok(r.text.includes(`Deposited(from: ${BOB}, amount: 1000, note: "for rent")`), r.text);
    assert.ok(r.text.includes(`${node.url}/v1/chain/evm`), 'the panel says which URL was asked');
    assert.ok(r.text.includes('failed (status 0)') && !r.text.includes('disagree'), `the EVM receipt beside the ISC one: ${r.text}`);
  });

  it("a failed EVM request's panel shows its call tree at once, from the node's own JSON-RPC: the revert's frame marked and named from the deployment records, the magic call by its interface; Copy as JSON copies the trace", async () => {
    node.rpcPaths.length = 0;
    node.rpcMethods.length = 0;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const r = await panel.waitForRender((x) => x.text.includes('the revert began here') && x.text.includes('failed (status 0)'));
    assert.deepEqual(
      [...node.rpcMethods].sort(),
      ['debug_traceTransaction', 'eth_getTransactionReceipt'],
      'the call tree and the EVM receipt beside the ISC one',
    );
    assert.deepEqual(node.rpcPaths, ['/v1/chain/evm', '/v1/chain/evm']);
    for (const shown of ['Call tree', '3 calls, 2 failed', 'ISCSandbox', 'getChainID()', 'reverted: InsufficientBalance(available: 3, required: 5)', LEDGER])
      assert.ok(r.text.includes(shown), `${shown} in ${r.text}`);
    // Named from the workspace's records of the node's chain (8822): Ignition's Ledger, Foundry's Vault; never a record of another chain.
    assert.ok(r.text.includes('the revert began in Ledger: transfer('), r.text);
    // Each frame names its caller beside its callee: the call into Ledger is Vault's, both named from the records.
    assert.ok(r.text.includes('CALL Vault → Ledger · transfer('), r.text);
    assert.ok(r.text.includes('Vault'), r.text);
    assert.ok(!r.text.includes('ShimmerLedger'), 'a record of chain 148 names nothing on 8822');
    // The gas explained, with the EVM's own gas from the tree's outermost call (0x7a1c).
    assert.ok(r.text.includes('Gas and fee explained') && r.text.includes('EVM gas (call tree)') && r.text.includes('31,260'), r.text);
    // One section side by side: the EVM receipt's gas used and the fee sit with the ISC figures, not in the EVM receipt's own section.
    const explained = r.text.slice(r.text.indexOf('Gas and fee explained'));
    for (const shown of ['Declared gas limit', 'ISC gas budget', 'ISC gas burned', 'EVM gas used (EVM receipt)', 'Charged for', 'Fee charged'])
      assert.ok(explained.includes(shown), `${shown} in ${explained}`);
    assert.ok(!r.text.includes('Gas used (EVM receipt)'), 'not in another section');
    await vscode.env.clipboard.writeText('');
    await panel.perform({ kind: 'copyCallTree' });
    const copied = JSON.parse(await vscode.env.clipboard.readText()) as { type: string; calls: unknown[] };
    assert.equal(copied.type, 'CALL');
    assert.equal(copied.calls.length, 2);
    panel.dispose();
  });

  it("State changes are asked only on the click, from the node's own JSON-RPC with the prestateTracer: the sender's nonce, named from the records where they name it", async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const host = new URL(node.url).host;
    const before = await panel.waitForRender((x) => x.text.includes('the revert began here'));
    assert.ok(before.text.includes(`Show State Changes from ${host}`), before.text);
    assert.ok(!node.rpcMethods.includes('debug_traceTransaction/prestateTracer'), 'not asked before the click');
    node.rpcPaths.length = 0;
    await panel.perform({ kind: 'loadStateChanges' });
    const r = await panel.waitForRender((x) => x.text.includes('State changes') && x.text.includes('16 → 17'));
    assert.deepEqual(node.rpcPaths, ['/v1/chain/evm']);
    assert.ok(node.rpcMethods.includes('debug_traceTransaction/prestateTracer'));
    assert.ok(r.text.includes('leaves the fee out'), r.text);
    assert.ok(!r.text.includes(`Show State Changes from ${host}`), 'the button goes once they are shown');
    // The successful deposit: the Vault (Foundry's record of chain 8822) named.
    const deposit = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.budgetRequestId);
    await deposit.waitForRender((x) => x.text.includes('Show State Changes'));
    await deposit.perform({ kind: 'loadStateChanges' });
    const d = await deposit.waitForRender((x) => x.text.includes('1,000 → 2,000'));
    assert.ok(d.text.includes('Vault'), d.text);
  });

  it('a request that ran out of ISC gas after its EVM run succeeded says so in the panel and then in the hover; a revert names where it began', async () => {
    const id = node.budgetRequestId;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', id);
    const r = await panel.waitForRender((x) => x.text.includes('EVM gas (call tree)'));
    assert.ok(r.text.includes('ran out of ISC gas after the EVM succeeded: its budget was 26,000'), r.text);
    assert.ok(r.text.includes('24,000'), 'the EVM gas from the tree');
    assert.ok(r.text.includes('2,000 ISC gas burned beyond the EVM'), r.text);
    const after = (await hoversAt(`depositTxHash: ${id} # failed`, id))[0]?.plain ?? '';
    assert.ok(after.includes('Why: ran out of ISC gas after the EVM succeeded'), after);
    assert.ok(after.includes('Calls deposit(note: "for rent") on Vault'), `the contract named from the workspace's records: ${after}`);
    // The revert's frame, once its tree was read (the panel asks it at once for a failed request).
    const revert = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    await revert.waitForRender((x) => x.text.includes('the revert began here'));
    assert.ok((await hoverPlain()).includes('Why: reverted in Ledger: transfer('), 'the hover names the frame where the revert began');
  });

  it("the receipt panel's Sender's and Recipient's Account open the account panel of the receipt's own addresses", async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
    const r = await panel.waitForRender((x) => x.text.includes('Recipient’s Account'));
    assert.ok(r.text.includes('Sender’s Account'), r.text);
    await panel.perform({ kind: 'showAccount', who: 'recipient' });
    const opened = api.accounts.panels().map((p) => p.identity);
    assert.deepEqual(
      opened.map((i) => [i.address.toLowerCase(), i.chainName]),
      [[BOB.toLowerCase(), 'Rebased EVM']],
    );
    // Anything else the webview might send is not an address: the sender's is taken from the receipt.
    await panel.perform({ kind: 'showAccount', who: 'https://evil.example' as never });
    const sender = api.accounts.panels().find((p) => p.identity.address.toLowerCase() !== BOB.toLowerCase())?.identity.address ?? '';
    assert.match(sender, /^0x[0-9a-fA-F]{40}$/, "the receipt's sender");
    for (const p of api.accounts.panels()) p.dispose();
  });

  it('a metadata URL on a loopback address is asked only after the user confirms its host', async () => {
    node.rpcPaths.length = 0;
    node.ownRpcDown = true;
    try {
      const host = new URL(node.url).host;
      const load = async () => {
        const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', node.requestId);
        await panel.waitForRender((x) => x.text.includes('Load EVM Logs'));
        await panel.perform({ kind: 'loadEvmLogs' });
        const r = await panel.waitForRender((x) => x.text.includes('EVM receipt and logs'));
        panel.dispose();
        return r.text;
      };
      const declined = await withWarningAnswer(() => undefined, load);
      assert.ok(declined, 'the warning dialog could be watched');
      assert.equal(declined.asked.length, 1);
      assert.ok(declined.asked[0]?.message.includes(host), declined.asked[0]?.message);
      assert.ok(declined.asked[0]?.detail?.includes('loopback'), declined.asked[0]?.detail);
      assert.deepEqual(declined.asked[0]?.items, [`Ask ${host}`]);
      assert.deepEqual(node.rpcPaths, [], 'declined: the metadata URL is not asked');
      assert.ok(declined.result.includes('Not loaded'), declined.result);

      const confirmed = await withWarningAnswer((_m, items) => items[0], load);
      assert.deepEqual(node.rpcPaths, ['/evm'], 'confirmed: asked once');
      assert.ok(confirmed?.result.includes(`Deposited(from: ${BOB}, amount: 1000, note: "for rent")`), confirmed?.result);
    } finally {
      node.ownRpcDown = false;
    }
  });

  it('editing the artifact changes the next hover (the file watcher)', async () => {
    await hoverPlain();
    const edited = node.artifactText.replace('"name": "available"', '"name": "have"');
    assert.notEqual(edited, node.artifactText);
    await vscode.workspace.fs.writeFile(node.artifactUri, new TextEncoder().encode(edited));
    let text = '';
    const until = Date.now() + 20_000;
    while (!text.includes('InsufficientBalance(have: 3') && Date.now() < until) {
      text = await hoverPlain();
      if (!text.includes('(have: 3')) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(text.includes('Request failed: InsufficientBalance(have: 3, required: 5)'), text);
  });

  it('a checkout with artifacts linked to /proc/self/pagemap, /dev/zero and out of the folder, and a FIFO: the first EVM hover answers and the scan refuses them', async () => {
    // The artifact's first parameter is named as the last edit left it.
    const text = await hoverPlain();
    assert.ok(/Request failed: InsufficientBalance\(\w+: 3, required: 5\)/.test(text), text);
    const abis = await api.workspaceAbis.load();
    // A scan of its own, as the first EVM receipt after a restart would run it.
    const log = vscode.window.createOutputChannel('Wasp ABI scan test', { log: true });
    const fresh = new WorkspaceAbis(api.services.context.extensionUri, log);
    try {
      const report = await fresh.ready;
      assert.ok(report.refused >= 2 && report.indexed >= 1, describeReport(report));
      for (const index of [abis.index, fresh.index]) {
        assert.ok(index.has(node.artifactUri.toString()));
        for (const name of hostile.names) assert.equal(index.has(vscode.Uri.file(join(hostile.dir, name)).toString()), false, name);
        assert.deepEqual(index.errors(OUTSIDE_SELECTOR), [], 'nothing from outside the folder');
      }
    } finally {
      fresh.dispose();
      log.dispose();
    }
  });

  it('the watcher: links to /proc/self/pagemap and /dev/zero, a FIFO and an artifact over 4 MB changed after the scan are refused; an edit still applies', async () => {
    const abis = await api.workspaceAbis.load();
    await abis.ready;
    const late = hostileArtifacts(hostile.dir, 'late-');
    try {
      const edited = node.artifactText.replace('"name": "available"', '"name": "held"');
      await vscode.workspace.fs.writeFile(node.artifactUri, new TextEncoder().encode(edited));
      let text = '';
      const until = Date.now() + 20_000;
      while (!text.includes('InsufficientBalance(held: 3') && Date.now() < until) {
        text = await hoverPlain();
        if (!text.includes('(held: 3')) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(text.includes('Request failed: InsufficientBalance(held: 3, required: 5)'), text);
      for (const name of late.names) assert.equal(abis.index.has(vscode.Uri.file(join(late.dir, name)).toString()), false, name);
      assert.deepEqual(abis.index.errors(HUGE_SELECTOR), [], 'the artifact over the size cap');
      assert.deepEqual(abis.index.errors(OUTSIDE_SELECTOR), []);
    } finally {
      late.remove();
      await vscode.workspace.fs.writeFile(node.artifactUri, new TextEncoder().encode(node.artifactText));
    }
  });
});

const OUTSIDE_SELECTOR = parseAbiItem({ type: 'error', name: 'OutsideTheFolder', inputs: [] })?.selector ?? '';
const HUGE_SELECTOR = parseAbiItem({ type: 'error', name: 'HugeArtifact', inputs: [] })?.selector ?? '';

interface HostileFiles {
  dir: string;
  names: string[];
  remove(): void;
}

/**
 * What a hostile checkout may ship in its artifacts folder `dir`: links to endless files, a link
 * to an ABI outside the folder, a FIFO, and a valid artifact over the 4 MB cap.
 */
function hostileArtifacts(dir: string, prefix = ''): HostileFiles {
  const outside = mkdtempSync(join(tmpdir(), 'wasp-outside-'));
  writeFileSync(join(outside, 'Outside.json'), JSON.stringify({ abi: [{ type: 'error', name: 'OutsideTheFolder', inputs: [] }] }));
  const links: [string, string][] = [
    [`${prefix}pagemap.json`, '/proc/self/pagemap'],
    [`${prefix}zero.json`, '/dev/zero'],
    [`${prefix}outside.json`, join(outside, 'Outside.json')],
  ];
  for (const [name, target] of links) symlinkSync(target, join(dir, name));
  execFileSync('mkfifo', [join(dir, `${prefix}fifo.json`)]);
  const huge = JSON.stringify({ abi: [{ type: 'error', name: 'HugeArtifact', inputs: [] }] });
  writeFileSync(join(dir, `${prefix}Huge.json`), huge + ' '.repeat(5 * 1024 * 1024));
  const names = [...links.map(([name]) => name), `${prefix}fifo.json`, `${prefix}Huge.json`];
  return {
    dir,
    names,
    remove: () => {
      for (const name of names) rmSync(join(dir, name), { force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}
