// The call tree of a large trace in the receipt panel: from the click on Show Call Tree to the tree
// rendered in the webview, for 1,000 and 10,000 frames, against the floor of an empty panel. A
// loopback Rebased node in this process serves a successful EVM receipt (the node's own sample)
// and, at its JSON-RPC, a callTracer answer whose outermost call is that transaction's, with the
// other frames two levels below it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { bytesToHex } from '../src/core/hex';
import { decodeEvmTxParam } from '../src/evm/model/signedTx';
import { emit, round, stats } from './shared';
// The node's own samples, bundled (the bench runs from a copy of the extension without test/).
import chainSample from '../test/fixtures/samples/rebased/chain.json';
import governanceSample from '../test/fixtures/samples/rebased/governance-chaininfo.json';
import receiptSample from '../test/fixtures/samples/rebased/receipt-success-evm.json';

const CHAIN_NAME = 'Bench Call Tree';
const RUNS = 5;

type ReceiptPanel = Awaited<ReturnType<ExtensionApi['receipts']['open']>>;

interface Helpers {
  /** One empty webview panel, created → its script's first message (ms). */
  floor(): Promise<number>;
  setChains(api: ExtensionApi, chains: Array<{ name: string; nodeUrl: string }>): Promise<void>;
}

/** A trace of `frames` frames whose outermost call is the transaction's (so the panel takes it as this one's). */
function traceOf(root: { from: string; to: string; input: string; value: bigint }, frames: number): unknown {
  const per = Math.ceil(Math.sqrt(frames - 1));
  const frame = (i: number, calls?: unknown[]) => ({
    type: i % 7 === 0 ? 'STATICCALL' : 'CALL',
    from: root.to,
    gas: '0x30d40',
    gasUsed: `0x${(100 + i).toString(16)}`,
    to: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    input: `0x${(0xa9059cbb + i).toString(16).padStart(8, '0')}${'00'.repeat(64)}`,
    output: `0x${'00'.repeat(31)}01`,
    ...(calls ? { calls } : {}),
    value: '0x0',
  });
  const children: unknown[] = [];
  let made = 1;
  for (let c = 0; made < frames; c++) {
    const inner: unknown[] = [];
    made++;
    for (let j = 0; j < per - 1 && made < frames; j++, made++) inner.push(frame(made));
    children.push(frame(c, inner));
  }
  return {
    type: 'CALL',
    from: root.from,
    gas: '0x30d40',
    gasUsed: '0x1595c',
    to: root.to,
    input: root.input,
    output: '0x',
    calls: children,
    value: `0x${root.value.toString(16)}`,
  };
}

async function startNode(traces: Map<number, unknown>): Promise<{ server: Server; url: string; requestId: string; pick(frames: number): void }> {
  const receipt = receiptSample as { request: { requestId: string; params: string[]; senderAccount: string } };
  const decoded = decodeEvmTxParam(receipt.request.params[0] ?? '');
  if (!decoded.ok || decoded.tx.to === undefined) throw new Error('bench: the sample EVM receipt has no decodable call');
  const tx = decoded.tx;
  const callRoot = { from: receipt.request.senderAccount.toLowerCase(), to: (tx.to ?? '').toLowerCase(), input: bytesToHex(tx.data), value: tx.value };
  let frames = 0;
  const bodies = new Map<string, string>([
    [`/v1/chain/core/blocklog/requests/${receipt.request.requestId}`, JSON.stringify(receipt)],
    ['/v1/node/version', '{"version":"2.0.2"}'],
    ['/v1/chain/core/governance/chaininfo', JSON.stringify(governanceSample)],
    ['/v1/chain', JSON.stringify(chainSample)],
  ]);
  const answers = new Map<number, string>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/v1/chain/evm' && req.method === 'POST') {
      req.resume();
      req.on('end', () => {
        let body = answers.get(frames);
        if (body === undefined)
          answers.set(frames, (body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: traces.get(frames) ?? traceOf(callRoot, frames) })));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      return;
    }
    const body = bodies.get(path);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body ?? '{"Message":"Record not found","Error":"no receipt"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requestId: receipt.request.requestId, pick: (n) => (frames = n) };
}

/** Show Call Tree on a successful EVM request's panel: the click → the tree rendered (ms), `RUNS` times. */
async function clickToTree(api: ExtensionApi, requestId: string): Promise<{ p50: number; runs: number[] }> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const panel: ReceiptPanel = await api.receipts.open({ requestId, chainName: CHAIN_NAME });
    await panel.waitForRender(() => panel.state.status === 'ok' && panel.state.callTree?.status === 'offer', 30_000);
    const t0 = performance.now();
    const shown = panel.waitForRender(() => panel.state.status === 'ok' && panel.state.callTree?.status === 'ok', 60_000);
    await panel.perform({ kind: 'loadCallTree' });
    await shown;
    runs.push(performance.now() - t0);
    panel.dispose();
  }
  return { p50: stats(runs).p50, runs: runs.map((r) => round(r, 1)) };
}

export async function callTreeTimes(api: ExtensionApi, helpers: Helpers): Promise<void> {
  const node = await startNode(new Map());
  try {
    await helpers.setChains(api, [{ name: CHAIN_NAME, nodeUrl: node.url }]);
    const floors: number[] = [];
    for (let i = 0; i < RUNS; i++) floors.push(await helpers.floor());
    const floor = stats(floors).p50;
    for (const frames of [1_000, 10_000]) {
      node.pick(frames);
      const t = await clickToTree(api, node.requestId);
      emit(`panel.callTree.${frames}`, round(t.p50, 1), 'ms', {
        runs: t.runs,
        times: t.runs,
        floor: round(floor, 1),
        what: 'Show Call Tree clicked → the tree rendered in the webview',
      });
      // Its runs: each click over the floor's median.
      emit(`panel.callTree.${frames}.overFloor`, round(t.p50 / floor, 2), 'x', { times: t.runs.map((r) => round(r / floor, 2)) });
    }
  } finally {
    await new Promise((r) => node.server.close(r));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  }
}
