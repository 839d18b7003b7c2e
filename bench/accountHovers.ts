// The account hover's figures, in the extension host, against the same local nodes as the receipt
// hovers (the Stardust bench chain, then the Rebased one): cached p50/p99 of the provider called
// directly, uncached p50 next to the same requests sent with plain fetch at once (the balance and
// NFT routes, eth_getTransactionCount, and eth_getBalance on Rebased), alternating which goes first,
// and the reads started for 100 concurrent hovers of one address.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { evmRpcTarget } from '../src/evm/model/rpcTarget';
import { BENCH_CHAIN_ID, BENCH_CHAIN_NAME, REBASED_BENCH_CHAIN_NAME, emit, round, stats, type BenchConfig } from './shared';

const CACHED_SAMPLES = 2_000;
const UNCACHED = 40;
const WARMUP = 5;
const CONCURRENT = 100;
/** Where the address starts on each line of the bench document. */
const COLUMN = 'owner '.length;

type ChainSetting = { name: string; nodeUrl: string; chainId?: string };

export interface AccountBenchHost {
  setChains(api: ExtensionApi, chains: ChainSetting[]): Promise<void>;
}

const address = (tag: number, i: number) => `0x${tag.toString(16).padStart(8, '0')}${i.toString(16).padStart(32, '0')}`;

function hoverText(h: vscode.Hover | undefined): string {
  return (h?.contents ?? []).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

function expectBalance(h: vscode.Hover | undefined, what: string): void {
  const text = hoverText(h);
  if (!text.includes('Base tokens')) throw new Error(`bench: ${what}: the account hover did not show the balance: ${text.slice(0, 300)}`);
}

export async function accountHoverTimes(api: ExtensionApi, token: vscode.CancellationToken, config: BenchConfig, host: AccountBenchHost): Promise<void> {
  await host.setChains(api, [{ name: BENCH_CHAIN_NAME, nodeUrl: config.mainUrl, chainId: BENCH_CHAIN_ID }]);
  await generation(api, token, 'account.hover', 1);
  await concurrent(api, token);
  await host.setChains(api, [{ name: REBASED_BENCH_CHAIN_NAME, nodeUrl: config.rebasedMainUrl }]);
  await generation(api, token, 'account.hover.rebased', 2);
  await host.setChains(api, [{ name: BENCH_CHAIN_NAME, nodeUrl: config.mainUrl, chainId: BENCH_CHAIN_ID }]);
}

async function generation(api: ExtensionApi, token: vscode.CancellationToken, prefix: string, tag: number): Promise<void> {
  const hover = api.accounts.hover;
  hover.waitMs = 15_000;
  const service = api.accounts.service;
  service.forget();
  const chain = service.lookupOrder()[0];
  if (!chain) throw new Error('bench: no chain for the account hover');
  const addresses = Array.from({ length: UNCACHED + 1 }, (_, i) => address(tag, i));
  const doc = await vscode.workspace.openTextDocument({ content: addresses.map((a) => `owner ${a}`).join('\n'), language: 'plaintext' });
  const at = (i: number) => new vscode.Position(i, COLUMN + 5);

  // Cached: the first hover reads, the next ones are answered from the shared reads.
  expectBalance(await hover.provideHover(doc, at(0), token), 'first hover of the cached address');
  const started = service.reads.started;
  for (let i = 0; i < 200; i++) await hover.provideHover(doc, at(0), token);
  const cached: number[] = [];
  for (let i = 0; i < CACHED_SAMPLES; i++) {
    const t0 = performance.now();
    const h = await hover.provideHover(doc, at(0), token);
    cached.push(performance.now() - t0);
    if (!h) throw new Error('bench: a cached account hover answered nothing');
  }
  const c = stats(cached);
  emit(`${prefix}.cached.p50`, round(c.p50, 4), 'ms', { calls: c.n, mean: round(c.mean, 4), readsMeanwhile: service.reads.started - started });
  emit(`${prefix}.cached.p99`, round(c.p99, 4), 'ms', { calls: c.n });

  // Uncached: each address once, next to the same requests sent with plain fetch at once.
  const api2 = api.services.clients.apiFor(chain);
  const rpc = evmRpcTarget({ nodeUrl: chain.nodeUrl, generation: api2.generation, chainId: chain.chainId, evmJsonRpcUrl: chain.evmJsonRpcUrl });
  if (!rpc) throw new Error('bench: no JSON-RPC URL for the bench chain');
  const post = (method: string, a: string) =>
    fetch(rpc.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [a, 'latest'] }),
    }).then((r) => r.text());
  const raw = async (a: string) => {
    const agent = service.agentFor(chain, a).agentId;
    const t0 = performance.now();
    await Promise.all([
      fetch(api2.accountUrl(agent, 'balance'), { headers: { Accept: 'application/json' } }).then((r) => r.text()),
      fetch(api2.accountUrl(agent, 'nfts'), { headers: { Accept: 'application/json' } }).then((r) => r.text()),
      post('eth_getTransactionCount', a),
      ...(api2.generation === 'rebased' ? [post('eth_getBalance', a)] : []),
    ]);
    return performance.now() - t0;
  };
  const viaHover = async (i: number) => {
    const t0 = performance.now();
    const h = await hover.provideHover(doc, at(i), token);
    const ms = performance.now() - t0;
    expectBalance(h, `uncached account hover ${i}`);
    return ms;
  };
  const hoverMs: number[] = [];
  const rawMs: number[] = [];
  const before = service.reads.started;
  for (let i = 1; i <= UNCACHED; i++) {
    const a = addresses[i] as string;
    let h: number;
    let g: number;
    if (i % 2 === 0) {
      h = await viaHover(i);
      g = await raw(a);
    } else {
      g = await raw(a);
      h = await viaHover(i);
    }
    if (i > WARMUP) {
      hoverMs.push(h);
      rawMs.push(g);
    }
  }
  const reads = service.reads.started - before;
  if (reads !== UNCACHED) throw new Error(`bench: ${UNCACHED} uncached account hovers started ${reads} reads`);
  const hs = stats(hoverMs);
  const gs = stats(rawMs);
  emit(`${prefix}.uncached.p50`, round(hs.p50, 3), 'ms', { samples: hs.n, p99: round(hs.p99, 3) });
  emit(`${prefix}.uncached.raw.p50`, round(gs.p50, 3), 'ms', { samples: gs.n, requests: api2.generation === 'rebased' ? 4 : 3 });
  emit(`${prefix}.uncached.overRaw`, round(hs.p50 - gs.p50, 3), 'ms', { times: hoverMs.map((h, i) => round(h - (rawMs[i] as number), 3)) });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** 100 hovers of one new address at once: the reads started (each read sends each of its requests once). */
async function concurrent(api: ExtensionApi, token: vscode.CancellationToken): Promise<void> {
  const service = api.accounts.service;
  service.forget();
  const doc = await vscode.workspace.openTextDocument({ content: `owner ${address(9, 1)}`, language: 'plaintext' });
  const before = service.reads.started;
  const all = await Promise.all(Array.from({ length: CONCURRENT }, () => api.accounts.hover.provideHover(doc, new vscode.Position(0, COLUMN + 5), token)));
  all.forEach((h, i) => expectBalance(h, `concurrent account hover ${i}`));
  emit('account.hover.concurrent.reads', service.reads.started - before, 'reads', { hovers: CONCURRENT });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
