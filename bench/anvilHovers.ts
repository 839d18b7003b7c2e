// The hover of a failed EVM transaction on a real EVM node, in the extension host: anvil, started by
// bench/run.mjs with the real-peer contracts (test/fixtures/realPeers) and a run of reverted
// withdraws mined (Overdrawn two calls deep), each hovered once (uncached) on a chain known only by
// its JSON-RPC, next to the JSON-RPC calls the hover makes (eth_getTransactionReceipt,
// eth_getTransactionByHash) POSTed with plain fetch at once, alternating which goes first.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { emit, round, stats, type BenchFigure } from './shared';

export const ANVIL_CHAIN_NAME = 'Bench anvil';

export interface AnvilBenchConfig {
  /** anvil's JSON-RPC. */
  anvilUrl: string;
  anvilChainId: string;
  /** Hashes of reverted transactions mined on it, each hovered once. */
  anvilFailedHashes: string[];
}

const WARMUP = 5;

/** The name the hash is assigned to says it is a transaction (idEvidence's "named"): the hover looks it up. */
const line = (i: number, hash: string) => `WITHDRAW_TX_${i} = "${hash}"`;
const column = (i: number) => `WITHDRAW_TX_${i} = "`.length + 5;

function hoverText(h: vscode.Hover | undefined): string {
  return (h?.contents ?? []).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

async function setChainsUntil(chains: unknown[] | undefined, done: () => boolean): Promise<void> {
  await vscode.workspace.getConfiguration('waspChain').update('chains', chains, vscode.ConfigurationTarget.Global);
  for (let i = 0; i < 500; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('bench: the chain registry did not pick up the chains');
}

export async function anvilFailedHoverTimes(api: ExtensionApi, token: vscode.CancellationToken, config: AnvilBenchConfig): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const put = (id: string, value: number, unit: string, detail?: Record<string, unknown>) => {
    emit(id, value, unit, detail);
    figures.push({ id, value, unit, ...(detail ? { detail } : {}) });
  };
  const hashes = config.anvilFailedHashes;
  const previous = vscode.workspace.getConfiguration('waspChain').inspect<unknown[]>('chains')?.globalValue;
  const hover = api.receipts.hover;
  const waits = { waitMs: hover.waitMs, evmWaitMs: hover.evmWaitMs };
  try {
    const chains = api.services.chains;
    await setChainsUntil(
      [{ name: ANVIL_CHAIN_NAME, evmJsonRpcUrl: config.anvilUrl, evmChainId: Number(config.anvilChainId) }],
      () => chains.evmOnly().length === 1 && chains.valid().length === 0,
    );
    hover.waitMs = 15_000;
    hover.evmWaitMs = 15_000;
    const doc = await vscode.workspace.openTextDocument({ content: hashes.map((h, i) => line(i, h)).join('\n'), language: 'plaintext' });
    const post = (method: string, hash: string) =>
      fetch(config.anvilUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [hash] }),
      }).then((r) => r.text());
    const raw = async (i: number) => {
      const t0 = performance.now();
      await Promise.all([post('eth_getTransactionReceipt', hashes[i] ?? ''), post('eth_getTransactionByHash', hashes[i] ?? '')]);
      return performance.now() - t0;
    };
    const viaHover = async (i: number) => {
      const t0 = performance.now();
      const h = await hover.provideHover(doc, new vscode.Position(i, column(i)), token);
      const ms = performance.now() - t0;
      const text = hoverText(h);
      if (!/Failed \\?\(EVM status 0\\?\)/.test(text))
        throw new Error(`bench: the hover of failed transaction ${i} on anvil did not say it failed: ${text.slice(0, 300)}`);
      return ms;
    };
    const hoverMs: number[] = [];
    const rawMs: number[] = [];
    for (let i = 0; i < hashes.length; i++) {
      let h: number;
      let g: number;
      if (i % 2 === 0) {
        h = await viaHover(i);
        g = await raw(i);
      } else {
        g = await raw(i);
        h = await viaHover(i);
      }
      if (i >= WARMUP) {
        hoverMs.push(h);
        rawMs.push(g);
      }
    }
    const hs = stats(hoverMs);
    const gs = stats(rawMs);
    put('evmOnly.anvil.failedHover.uncached.p50', round(hs.p50, 3), 'ms', { samples: hs.n, p99: round(hs.p99, 3) });
    put('evmOnly.anvil.failedHover.raw.p50', round(gs.p50, 3), 'ms', { samples: gs.n, requests: 2 });
    put('evmOnly.anvil.failedHover.overRaw', round(hs.p50 - gs.p50, 3), 'ms');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  } finally {
    hover.waitMs = waits.waitMs;
    hover.evmWaitMs = waits.evmWaitMs;
    await setChainsUntil(previous, () => api.services.chains.evmOnly().length === 0);
  }
  return figures;
}
