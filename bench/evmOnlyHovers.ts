// The hover on a chain known only by its EVM JSON-RPC, in the extension host, against the
// stand-alone loopback JSON-RPC (test/fixtures/jsonRpcNode.ts, started here: every other hash is
// answered as a copy of the Vault deposit): cached p50/p99 of the provider called directly, and the
// uncached p50 next to the same two calls (eth_getTransactionReceipt, eth_getTransactionByHash)
// POSTed with plain fetch at once, alternating which goes first. Returns the figures it emitted.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { startJsonRpcNode } from '../test/fixtures/jsonRpcNode';
import { emit, pairedFigures, pairedTimes, postJsonRpc, round, stats, type BenchFigure } from './shared';

export const EVM_ONLY_CHAIN_NAME = 'Bench EVM-only';

export interface EvmOnlyBenchOptions {
  cached: number;
  uncached: number;
  warmup: number;
}

const FULL: EvmOnlyBenchOptions = { cached: 2_000, uncached: 40, warmup: 5 };

/** `0x` + 64 hex, one per line of the bench document (never the fixture's own two). */
const hash = (i: number) => `0x${'e0'.padEnd(8, '0')}${i.toString(16).padStart(56, '0')}`;
/** The name the hash is assigned to says it is a transaction (idEvidence's "named"): the hover looks it up. */
const line = (i: number) => `DEPLOY_TX_${i} = "${hash(i)}"`;
const column = (i: number) => `DEPLOY_TX_${i} = "`.length + 5;

function hoverText(h: vscode.Hover | undefined): string {
  return (h?.contents ?? []).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

function expectFound(h: vscode.Hover | undefined, what: string): void {
  const text = hoverText(h);
  if (!text.includes('Succeeded \\(EVM status 1\\)') && !text.includes('Succeeded (EVM status 1)'))
    throw new Error(`bench: ${what}: the EVM-only hover did not show the transaction: ${text.slice(0, 300)}`);
}

/** Writes waspChain.chains and waits until the registry has picked them up. */
export async function setChainsUntil(chains: unknown[] | undefined, done: () => boolean): Promise<void> {
  await vscode.workspace.getConfiguration('waspChain').update('chains', chains, vscode.ConfigurationTarget.Global);
  for (let i = 0; i < 500; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('bench: the chain registry did not pick up the chains');
}

export async function evmOnlyHoverTimes(api: ExtensionApi, token: vscode.CancellationToken, options: EvmOnlyBenchOptions = FULL): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const put = (id: string, value: number, unit: string, detail?: Record<string, unknown>) => {
    emit(id, value, unit, detail);
    figures.push({ id, value, unit, ...(detail ? { detail } : {}) });
  };
  const node = await startJsonRpcNode({ anyHash: true });
  const previous = vscode.workspace.getConfiguration('waspChain').inspect<unknown[]>('chains')?.globalValue;
  const hover = api.receipts.hover;
  const waits = { waitMs: hover.waitMs, evmWaitMs: hover.evmWaitMs };
  try {
    const chains = api.services.chains;
    await setChainsUntil([{ name: EVM_ONLY_CHAIN_NAME, evmJsonRpcUrl: node.url }], () => chains.evmOnly().length === 1 && chains.valid().length === 0);
    hover.waitMs = 15_000;
    hover.evmWaitMs = 15_000;
    const n = options.uncached + 1;
    const doc = await vscode.workspace.openTextDocument({ content: Array.from({ length: n }, (_, i) => line(i)).join('\n'), language: 'plaintext' });
    const at = (i: number) => new vscode.Position(i, column(i));

    // Cached: the first hover asks (and scans the workspace's ABIs), the next ones are answered from the cache.
    expectFound(await hover.provideHover(doc, at(0), token), 'first hover of the cached hash');
    for (let i = 0; i < Math.min(200, options.cached); i++) await hover.provideHover(doc, at(0), token);
    const asked = node.methods.length;
    const cached: number[] = [];
    for (let i = 0; i < options.cached; i++) {
      const t0 = performance.now();
      const h = await hover.provideHover(doc, at(0), token);
      cached.push(performance.now() - t0);
      if (!h) throw new Error('bench: a cached EVM-only hover answered nothing');
    }
    const c = stats(cached);
    put('evmOnly.hover.cached.p50', round(c.p50, 4), 'ms', { calls: c.n, requestsMeanwhile: node.methods.length - asked });
    put('evmOnly.hover.cached.p99', round(c.p99, 4), 'ms', { calls: c.n });

    // Uncached: each hash once, next to the same two calls POSTed with plain fetch at once.
    const raw = async (i: number) => {
      const t0 = performance.now();
      await Promise.all([postJsonRpc(node.url, 'eth_getTransactionReceipt', [hash(i)]), postJsonRpc(node.url, 'eth_getTransactionByHash', [hash(i)])]);
      return performance.now() - t0;
    };
    const viaHover = async (i: number) => {
      const t0 = performance.now();
      const h = await hover.provideHover(doc, at(i), token);
      const ms = performance.now() - t0;
      expectFound(h, `uncached EVM-only hover ${i}`);
      return ms;
    };
    const before = node.methods.length;
    const { hoverMs, rawMs } = await pairedTimes(
      Array.from({ length: n - 1 }, (_, k) => k + 1),
      options.warmup,
      viaHover,
      raw,
    );
    // Each uncached hover sends its two calls once; the raw side sends the same two. Only those
    // methods count: the Chains view, when shown, reads the chain's eth_chainId and eth_blockNumber.
    const sent = node.methods.slice(before).filter((m) => m === 'eth_getTransactionReceipt' || m === 'eth_getTransactionByHash').length;
    if (sent !== 4 * options.uncached) throw new Error(`bench: ${options.uncached} uncached EVM-only hovers and their raw twins sent ${sent} calls`);
    const ids = { hover: 'evmOnly.hover.uncached.p50', raw: 'evmOnly.hover.uncached.raw.p50', over: 'evmOnly.hover.uncached.overRaw' };
    for (const f of pairedFigures(ids, { hoverMs, rawMs }, 2)) put(f.id, f.value, f.unit, f.detail);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  } finally {
    hover.waitMs = waits.waitMs;
    hover.evmWaitMs = waits.evmWaitMs;
    await setChainsUntil(previous, () => api.services.chains.evmOnly().length === 0);
    await node.close();
  }
  return figures;
}
