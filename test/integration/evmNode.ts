// A loopback Rebased node for the EVM ABI host tests: one receipt whose transaction calls
// Vault.transfer(BOB, 5) and reverts with InsufficientBalance(3, 5), encoded with the ABI of the
// workspace's Hardhat artifact (workspace/evm/…), plus the chain's EVM JSON-RPC answering
// eth_getTransactionReceipt with one Deposited log and debug_traceTransaction with its call tree (the
// revert begins in a call to a ledger contract, after a call into the magic contract): the node's own
// at /v1/chain/evm (switched off by `ownRpcDown`), and another at /evm that the chain info's metadata names. A second receipt's
// transaction carries 128 KB of call data for the shipped magic contract's callView whose offsets
// all alias one tail (a decoding bomb).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { parseAbiText, type AbiItem, type AbiParam } from '../../src/evm/model/abiIndex';
import { aliasedCallViewArgs } from '../fixtures/hostileAbiData';
import { evmParam, txLegacy } from '../fixtures/rlp';
import { EXTENSION_ID } from './helpers';

export const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const OBJECT_ID = `0x${'ab'.repeat(32)}`;
export const ARTIFACT = 'evm/artifacts/contracts/Vault.sol/Vault.json';
/** The contract the traced transaction calls, where its revert begins. */
export const LEDGER = '0x2222222222222222222222222222222222222222';
const SENDER = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

export interface EvmNode {
  server: Server;
  url: string;
  requestId: string;
  /** The receipt whose call data is the decoding bomb. */
  hostileRequestId: string;
  /** A deposit whose EVM run succeeded and whose request then ran out of its ISC gas budget. */
  budgetRequestId: string;
  artifactUri: vscode.Uri;
  artifactText: string;
  /** The JSON-RPC bodies received. */
  rpcCalls: string[];
  /** The method of each JSON-RPC call received. */
  rpcMethods: string[];
  /** The path of each JSON-RPC call received. */
  rpcPaths: string[];
  /** When set, the node's own JSON-RPC (/v1/chain/evm) answers 404. */
  ownRpcDown: boolean;
}

export async function startEvmNode(): Promise<EvmNode> {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '';
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'a workspace folder is open');
  const artifactUri = vscode.Uri.joinPath(folder.uri, ARTIFACT);
  const artifactText = new TextDecoder().decode(await vscode.workspace.fs.readFile(artifactUri));
  const items = parseAbiText(artifactText)?.items ?? [];
  const find = (kind: AbiItem['kind'], signature: string) => items.find((i) => i.kind === kind && i.signature === signature) as AbiItem;
  const { encodeAbiParameters } = await import('../fixtures/evmEncode.mjs');
  const encode = (p: AbiParam[], v: unknown[]) => encodeAbiParameters(p as never, v as never) as string;
  const transfer = find('function', 'transfer(address,uint256)');
  const error = find('error', 'InsufficientBalance(uint256,uint256)');
  const call = transfer.selector + encode(transfer.inputs, [BOB, 5n]).slice(2);
  const revert = error.selector + encode(error.inputs, [3n, 5n]).slice(2);
  const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data: call, gas: 60000n }), false);
  const receipt = JSON.parse(readFileSync(join(root, 'test/fixtures/samples/rebased/receipt-failed-evm-revert.json'), 'utf8'));
  receipt.request.params = [param];
  receipt.request.requestId = requestId;
  receipt.rawError = { code: 'a774', params: [`${revert.slice(2)}:string`] };
  receipt.errorMessage = `execution reverted: ${revert.slice(2)}`;
  // An object in the assets: the panel links it to the IOTA explorer of the chain's network (/v1/chain says 8822).
  receipt.request.assets = { coins: null, objects: [{ id: OBJECT_ID, type: '0x2::nft::Nft' }] };
  const magic = parseAbiText(readFileSync(join(root, 'media/abis/iscMagic.abi.json'), 'utf8'))?.items.find((i) => i.name === 'callView');
  assert.ok(magic, 'the shipped magic ABI has callView');
  const bomb = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data: magic.selector + aliasedCallViewArgs(1_500, 84 * 1024), gas: 60000n }), false);
  const hostile = { ...receipt, request: { ...receipt.request, params: [bomb.param], requestId: bomb.requestId } };
  // deposit("for rent") with 1000 wei and a 60,000 gas limit: the sender's L2 balance afforded a
  // budget of 26,000 ISC gas; the EVM used 24,000 and the magic call's ISC gas took the rest.
  const depositFn = find('function', 'deposit(string)');
  const depositCall = depositFn.selector + encode(depositFn.inputs, ['for rent']).slice(2);
  const budgetTx = evmParam(txLegacy({ nonce: 1n, gasPrice: 10n ** 10n, to: BOB, data: depositCall, gas: 60000n, value: 1000n }), false);
  const budget = {
    ...receipt,
    request: { ...receipt.request, params: [budgetTx.param], requestId: budgetTx.requestId },
    rawError: { code: '714a', params: [] },
    errorMessage: 'gas budget exceeded',
    gasBudget: '26000',
    gasBurned: '26000',
    gasFeeCharged: '260000',
  };
  const bodies = new Map<string, string>([
    [`/v1/chain/core/blocklog/requests/${requestId}`, JSON.stringify(receipt)],
    [`/v1/chain/core/blocklog/requests/${bomb.requestId}`, JSON.stringify(hostile)],
    [`/v1/chain/core/blocklog/requests/${budgetTx.requestId}`, JSON.stringify(budget)],
    ['/v1/node/version', '{"version":"2.0.2"}'],
  ]);
  const deposited = find('event', 'Deposited(address,uint256,string)');
  const log = {
    address: BOB,
    topics: [deposited.selector, `0x${'00'.repeat(12)}${BOB.slice(2).toLowerCase()}`],
    data: encode(
      deposited.inputs.filter((p) => !p.indexed),
      [1000n, 'for rent'],
    ),
  };
  const rpcCalls: string[] = [];
  const rpcPaths: string[] = [];
  const rpcMethods: string[] = [];
  const reverting = { output: revert, error: 'execution reverted', value: '0x0' };
  const frame = (from: string, to: string, input: string, gasUsed: string, rest: Record<string, unknown>) => ({
    type: 'CALL',
    from,
    gas: '0xea60',
    gasUsed,
    to: to.toLowerCase(),
    input,
    ...rest,
  });
  const trace = frame(SENDER, BOB, call, '0x7a1c', {
    ...reverting,
    calls: [
      {
        ...frame(BOB.toLowerCase(), '0x1074000000000000000000000000000000000000', '0x564b81ef', '0x0', { output: `0x${'0'.repeat(63)}1`, value: '0x0' }),
        type: 'STATICCALL',
      },
      frame(BOB.toLowerCase(), LEDGER, call, '0x2390', reverting),
    ],
  });
  const budgetTrace = frame(SENDER, BOB, depositCall, '0x5dc0', {
    output: '0x',
    calls: [frame(BOB.toLowerCase(), '0x1074000000000000000000000000000000000000', '0x564b81ef', '0x0', { output: `0x${'0'.repeat(63)}1`, value: '0x0' })],
    value: '0x3e8',
  });
  // What each transaction changed (the prestateTracer in diff mode): the failed transfer only the sender's nonce.
  const stateDiffs = new Map<string, unknown>([
    [requestId, { post: { [SENDER]: { nonce: 17 } }, pre: { [SENDER]: { balance: '0xde0b6b3a7640000', nonce: 16 } } }],
    [
      budgetTx.requestId,
      {
        post: { [BOB.toLowerCase()]: { balance: '0x7d0' }, [SENDER]: { balance: '0xde0b6b3a763fc18', nonce: 18 } },
        pre: { [BOB.toLowerCase()]: { balance: '0x3e8', code: '0x6080' }, [SENDER]: { balance: '0xde0b6b3a7640000', nonce: 17 } },
      },
    ],
  ]);
  const traces = new Map<string, unknown>([
    [requestId, trace],
    [budgetTx.requestId, budgetTrace],
  ]);
  const answer = (method: string, hash: string, config: { tracer?: string } | undefined): unknown =>
    method === 'eth_getTransactionReceipt'
      ? hash === requestId
        ? // As Wasp answers: the larger of the EVM gas (the trace's outermost 0x7a1c) and the ISC gas burned, at the transaction's price.
          { status: '0x0', gasUsed: '0x7a1c', effectiveGasPrice: '0x2540be400', logs: [log] }
        : null
      : method === 'debug_traceTransaction'
        ? ((config?.tracer === 'prestateTracer' ? stateDiffs : traces).get(hash) ?? null)
        : null;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if ((path === '/evm' || (path === '/v1/chain/evm' && !node.ownRpcDown)) && req.method === 'POST') {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        rpcCalls.push(text);
        rpcPaths.push(path);
        const rpc = JSON.parse(text) as { id: number; method: string; params: [string, { tracer?: string }?] };
        const config = rpc.params[1];
        rpcMethods.push(config?.tracer === 'prestateTracer' ? `${rpc.method}/prestateTracer` : rpc.method);
        const result = answer(rpc.method, rpc.params[0] ?? '', config);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
      });
      return;
    }
    const body = bodies.get(path);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"Message":"Record not found","Error":"no receipt"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const info = JSON.parse(readFileSync(join(root, 'test/fixtures/samples/rebased/governance-chaininfo.json'), 'utf8'));
  info.metadata = { ...info.metadata, evmJsonRpcURL: `${url}/evm` };
  bodies.set('/v1/chain/core/governance/chaininfo', JSON.stringify(info));
  // The node's chain: IOTA EVM (evmChainId 8822), whose L1 network is mainnet.
  const chain = JSON.parse(readFileSync(join(root, 'test/fixtures/samples/rebased/chain.json'), 'utf8'));
  chain.metadata = { ...chain.metadata, evmJsonRpcURL: `${url}/evm` };
  bodies.set('/v1/chain', JSON.stringify(chain));
  const node: EvmNode = {
    server,
    url,
    requestId,
    hostileRequestId: bomb.requestId,
    budgetRequestId: budgetTx.requestId,
    artifactUri,
    artifactText,
    rpcCalls,
    rpcPaths,
    rpcMethods,
    ownRpcDown: false,
  };
  return node;
}
