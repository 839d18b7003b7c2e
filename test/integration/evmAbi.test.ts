// EVM receipts explained with the workspace's own ABIs, in a real extension host: the workspace
// holds a Hardhat artifact (workspace/evm/artifacts/…/Vault.json); a loopback Rebased node answers
// with a receipt whose transaction calls Vault.transfer and reverts with its custom error.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { parseAbiText, type AbiItem, type AbiParam } from '../../src/evm/model/abiIndex';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { evmParam, txLegacy } from '../fixtures/rlp';
import { activate, EXTENSION_ID, hoversAt, setChains } from './helpers';

const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const ARTIFACT = 'evm/artifacts/contracts/Vault.sol/Vault.json';

describe('EVM receipts decoded with the workspace ABIs', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let server: Server;
  let url: string;
  let requestId: string;
  let artifactUri: vscode.Uri;
  let artifactText: string;
  const rpcCalls: string[] = [];

  before(async () => {
    api = await activate();
    const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '';
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder is open');
    artifactUri = vscode.Uri.joinPath(folder.uri, ARTIFACT);
    artifactText = new TextDecoder().decode(await vscode.workspace.fs.readFile(artifactUri));
    const items = parseAbiText(artifactText)?.items ?? [];
    const find = (kind: AbiItem['kind'], signature: string) => items.find((i) => i.kind === kind && i.signature === signature) as AbiItem;
    const { encodeAbiParameters } = await import('../fixtures/evmEncode.mjs');
    const encode = (p: AbiParam[], v: unknown[]) => encodeAbiParameters(p as never, v as never) as string;
    const transfer = find('function', 'transfer(address,uint256)');
    const error = find('error', 'InsufficientBalance(uint256,uint256)');
    const call = transfer.selector + encode(transfer.inputs, [BOB, 5n]).slice(2);
    const revert = error.selector + encode(error.inputs, [3n, 5n]).slice(2);
    const { param, requestId: id } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data: call, gas: 60000n }), false);
    requestId = id;
    const receipt = JSON.parse(readFileSync(join(root, 'test/fixtures/samples/rebased/receipt-failed-evm-revert.json'), 'utf8'));
    receipt.request.params = [param];
    receipt.request.requestId = id;
    receipt.rawError = { code: 'a774', params: [`${revert.slice(2)}:string`] };
    receipt.errorMessage = `execution reverted: ${revert.slice(2)}`;
    const bodies = new Map<string, string>([
      [`/v1/chain/core/blocklog/requests/${id}`, JSON.stringify(receipt)],
      ['/v1/node/version', '{"version":"2.0.2"}'],
    ]);
    // The chain's EVM JSON-RPC: the receipt of this transaction with one Deposited log of the Vault.
    const deposited = find('event', 'Deposited(address,uint256,string)');
    const log = {
      address: BOB,
      topics: [deposited.selector, `0x${'00'.repeat(12)}${BOB.slice(2).toLowerCase()}`],
      data: encode(
        deposited.inputs.filter((p) => !p.indexed),
        [1000n, 'for rent'],
      ),
    };
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/evm' && req.method === 'POST') {
        let text = '';
        req.on('data', (c: Buffer) => (text += c.toString()));
        req.on('end', () => {
          rpcCalls.push(text);
          const call = JSON.parse(text) as { id: number; method: string; params: string[] };
          const result = call.method === 'eth_getTransactionReceipt' && call.params[0] === id ? { status: '0x0', logs: [log] } : null;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
        });
        return;
      }
      const body = bodies.get(path);
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(body ?? '{"Message":"Record not found","Error":"no receipt"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const info = JSON.parse(readFileSync(join(root, 'test/fixtures/samples/rebased/governance-chaininfo.json'), 'utf8'));
    info.metadata = { ...info.metadata, evmJsonRpcURL: `${url}/evm` };
    bodies.set('/v1/chain/core/governance/chaininfo', JSON.stringify(info));
    await setChains([{ name: 'Rebased EVM', nodeUrl: url, explorerUrl: 'https://explorer.example/evm/' }], { defaultChain: 'Rebased EVM' });
    api.receipts.hover.waitMs = 15_000;
    // The first EVM receipt scans the workspace; the tests do not race that scan.
    api.receipts.hover.evmWaitMs = 15_000;
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await vscode.workspace.fs.writeFile(artifactUri, new TextEncoder().encode(artifactText));
    await setChains(undefined, { defaultChain: undefined });
    server.close();
  });

  async function hoverPlain(): Promise<string> {
    const hovers = await hoversAt(`reverted ${requestId} here`, requestId);
    assert.equal(hovers.length, 1);
    return hovers[0]?.plain ?? '';
  }

  it('the hover over a custom-error revert shows the error by name with its arguments, and the call', async () => {
    const text = await hoverPlain();
    assert.ok(text.includes('Custom error: InsufficientBalance(available: 3, required: 5)'), text);
    assert.ok(text.includes(`Calls transfer(to: ${BOB}, amount: 5)`), text);
  });

  it('the panel shows the decoded call and error with each argument', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', requestId);
    const r = await panel.waitForRender((x) => x.text.includes("Decoded with the workspace's ABIs"));
    for (const part of [
      'transfer(address,uint256)',
      '0xa9059cbb',
      ARTIFACT,
      'InsufficientBalance',
      'available',
      'required',
      BOB,
      `https://explorer.example/evm/tx/${requestId}`,
      `https://explorer.example/evm/address/${BOB}`,
    ]) {
      assert.ok(r.text.includes(part), `panel shows "${part}"`);
    }
  });

  it('Load EVM Logs asks the JSON-RPC of the node metadata only on the click, and shows the decoded event', async () => {
    rpcCalls.length = 0;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', requestId);
    await panel.waitForRender((x) => x.text.includes('Load EVM Logs'));
    assert.deepEqual(rpcCalls, [], 'nothing asked before the click');
    await panel.perform({ kind: 'loadEvmLogs' });
    const r = await panel.waitForRender((x) => x.text.includes('EVM logs'));
    assert.equal(rpcCalls.length, 1);
    assert.ok(r.text.includes(`Deposited(from: ${BOB}, amount: 1000, note: "for rent")`), r.text);
    assert.ok(r.text.includes(`${url}/evm`), 'the panel says which URL was asked');
  });

  it('editing the artifact changes the next hover (the file watcher)', async () => {
    await hoverPlain();
    const edited = artifactText.replace('"name": "available"', '"name": "have"');
    assert.notEqual(edited, artifactText);
    await vscode.workspace.fs.writeFile(artifactUri, new TextEncoder().encode(edited));
    let text = '';
    const until = Date.now() + 20_000;
    while (!text.includes('InsufficientBalance(have: 3') && Date.now() < until) {
      text = await hoverPlain();
      if (!text.includes('(have: 3')) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(text.includes('Custom error: InsufficientBalance(have: 3, required: 5)'), text);
  });
});
