// Rebased (Wasp 2.x) receipts in a real extension host: a chain entry without chainId is Rebased,
// so 64-hex IDs go to its node's /v1/chain route and 68-hex ones never do. The node is a small
// loopback server answering with the v2 samples (the local node's Rebased mode is another branch).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { activate, EXTENSION_ID, setChains } from './helpers';

interface V2Node {
  url: string;
  paths: string[];
  server: Server;
}

/** Answers the receipt route with the samples, chain info with the governance sample, 404 otherwise. */
async function startV2Node(dir: string): Promise<{ node: V2Node; ids: Record<string, string> }> {
  const ids: Record<string, string> = {};
  const bodies = new Map<string, string>();
  for (const name of ['receipt-success-evm', 'receipt-failed-evm-revert', 'receipt-failed-isc', 'receipt-success-onledger']) {
    const text = readFileSync(join(dir, `${name}.json`), 'utf8');
    const id = (JSON.parse(text) as { request: { requestId: string } }).request.requestId;
    ids[name] = id;
    bodies.set(`/v1/chain/core/blocklog/requests/${id}`, text);
  }
  bodies.set('/v1/chain/core/governance/chaininfo', readFileSync(join(dir, 'governance-chaininfo.json'), 'utf8'));
  bodies.set('/v1/node/version', '{"version":"2.0.2"}');
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    paths.push(path);
    const body = bodies.get(path);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"Message":"Record not found","Error":"no receipt"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { node: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, server }, ids };
}

describe('Rebased receipts', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: V2Node;
  let ids: Record<string, string>;
  const receiptPaths = () => node.paths.filter((p) => p.includes('/requests/'));

  async function hoverText(content: string, needle: string): Promise<string[]> {
    const doc = await vscode.workspace.openTextDocument({ content, language: 'plaintext' });
    const at = doc.positionAt(content.indexOf(needle) + 5);
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? [];
    const texts = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value).replace(/\\([!-/:-@[-`{-~])/g, '$1')));
    return texts.filter((t) => /command:waspChain\.|Request (succeeded|failed)|No receipt/.test(t));
  }

  before(async () => {
    api = await activate();
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '';
    ({ node, ids } = await startV2Node(join(root, 'test/fixtures/samples/rebased')));
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    api.receipts.hover.waitMs = 15_000;
    await setChains([{ name: 'Rebased EVM', nodeUrl: node.url }], { defaultChain: 'Rebased EVM' });
    node.paths.length = 0;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    node.server.close();
  });

  it('the hover on a 64-hex ID shows the receipt from the /v1/chain route, with the EVM transaction', async () => {
    const id = ids['receipt-success-evm'] ?? '';
    const texts = await hoverText(`txHash=${id} done`, id);
    assert.equal(texts.length, 1);
    const text = texts[0] ?? '';
    assert.ok(text.includes('Request succeeded'), text);
    for (const part of ['Chain Rebased EVM', 'evm.sendTransaction', 'EVM transaction: to 0x79EC02', '1.25 IOTA', 'fee charged 0.00021 IOTA']) {
      assert.ok(text.includes(part), `hover shows "${part}": ${text}`);
    }
    assert.deepEqual(receiptPaths(), [`/v1/chain/core/blocklog/requests/${id}`]);
  });

  it('the hover on an EVM revert leads with the decoded reason', async () => {
    const id = ids['receipt-failed-evm-revert'] ?? '';
    const text = (await hoverText(`txHash: ${id}`, id))[0] ?? '';
    assert.ok(text.includes('Request failed:'), text);
    assert.ok(text.includes('Reverted: ERC20: transfer amount exceeds balance'), text);
  });

  it('a 68-hex ID sends nothing to the Rebased node', async () => {
    const id = `${ids['receipt-success-evm'] ?? ''}0000`;
    assert.deepEqual(await hoverText(`x ${id}`, id), []);
    const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', { requestId: id, chainName: 'Rebased EVM' });
    assert.ok(panel, 'the panel opens on the chain named, and says why it did not ask');
    await panel.waitForRender((r) => r.text.includes('its request IDs have 64 hex digits'));
    assert.deepEqual(receiptPaths(), [], 'no receipt request reached the node');
  });

  it('the hover on an unknown 64-hex ID stays quiet', async () => {
    const id = `0x${'5a'.repeat(32)}`;
    assert.deepEqual(await hoverText(`const txHash = '${id}';`, id), []);
    assert.deepEqual(receiptPaths(), [`/v1/chain/core/blocklog/requests/${id}`], 'asked, and the 404 said nothing');
  });

  it('the receipt panel shows coins, objects and the allowance', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', ids['receipt-success-onledger']);
    const r = await panel.waitForRender((x) => x.text.includes('Assets sent') && x.text.includes('matches the fee policy'));
    for (const part of [
      '5,000,000,000',
      '5 IOTA',
      '4.999 IOTA',
      '::tokn::TOKN',
      '250,000,000',
      '0x1c3477936c85b02877200653472806a64d0cc46774c829ec3dd640e90a7efca2',
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    assert.ok(r.text.includes('::collectible::Collectible'));
    assert.ok(r.text.includes('accounts.transferAllowanceTo'));
  });

  it('the receipt panel decodes the EVM transaction and checks the fee by its gas price', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', ids['receipt-failed-evm-revert']);
    const r = await panel.waitForRender((x) => x.text.includes('EVM transaction') && x.text.includes("matches the transaction's gas price"));
    for (const part of ['EIP-1559 (dynamic fee)', 'equals the request ID', '0x9E2A46eBf023301AC8B31F147BD89D9D4a8A3196', 'selector 0xa9059cbb, 68 bytes']) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
    assert.ok(r.text.includes('10,000,000,000 wei') && r.text.includes('10 gwei'));
    assert.ok(node.paths.includes('/v1/chain/core/governance/chaininfo'), 'the fee policy came from the Rebased route');
  });
});
