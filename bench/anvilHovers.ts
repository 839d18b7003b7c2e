// The hover of a failed EVM transaction on a real EVM node, in the extension host: anvil, started by
// bench/run.mjs with the real-peer contracts (test/fixtures/realPeers) and a run of reverted
// withdraws mined (Overdrawn two calls deep), each hovered once (uncached) on a chain known only by
// its JSON-RPC, next to the JSON-RPC calls the hover makes POSTed with plain fetch, alternating
// which goes first: eth_getTransactionReceipt and eth_getTransactionByHash at once, then (anvil
// sends no revertReason) the one eth_call that replays the transaction at its parent block.
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { fetchEvmReceipt, fetchEvmTransaction } from '../src/evm/model/txRpc';
import { replayCallParams } from '../src/evm/model/replay';
import { setChainsUntil } from './evmOnlyHovers';
import { emit, pairedFigures, pairedTimes, postJsonRpc, type BenchFigure } from './shared';

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
    // The replay's eth_call of each transaction, built (untimed) from what anvil answers of it.
    const replays = await Promise.all(
      hashes.map(async (hash) => {
        const rpc = { fetch: globalThis.fetch };
        const [receipt, tx] = await Promise.all([fetchEvmReceipt(config.anvilUrl, hash, rpc), fetchEvmTransaction(config.anvilUrl, hash, rpc)]);
        const params = receipt.ok && tx.ok && tx.tx ? replayCallParams({ ...tx.tx, blockNumber: receipt.receipt.blockNumber }) : undefined;
        if (params === undefined) throw new Error(`bench: anvil does not answer the failed transaction ${hash}`);
        return params;
      }),
    );
    const raw = async (i: number) => {
      const t0 = performance.now();
      const hash = hashes[i] ?? '';
      await Promise.all([postJsonRpc(config.anvilUrl, 'eth_getTransactionReceipt', [hash]), postJsonRpc(config.anvilUrl, 'eth_getTransactionByHash', [hash])]);
      await postJsonRpc(config.anvilUrl, 'eth_call', replays[i] ?? []);
      return performance.now() - t0;
    };
    const viaHover = async (i: number) => {
      const t0 = performance.now();
      const h = await hover.provideHover(doc, new vscode.Position(i, column(i)), token);
      const ms = performance.now() - t0;
      const text = hoverText(h);
      if (!/Failed \\?\(EVM status 0\\?\)/.test(text) || !text.includes('replayed at block'))
        throw new Error(`bench: the hover of failed transaction ${i} on anvil did not say it failed and why: ${text.slice(0, 300)}`);
      return ms;
    };
    const times = await pairedTimes(
      hashes.map((_, i) => i),
      WARMUP,
      viaHover,
      raw,
    );
    const ids = { hover: 'evmOnly.anvil.failedHover.uncached.p50', raw: 'evmOnly.anvil.failedHover.raw.p50', over: 'evmOnly.anvil.failedHover.overRaw' };
    for (const f of pairedFigures(ids, times, 3)) put(f.id, f.value, f.unit, f.detail);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  } finally {
    hover.waitMs = waits.waitMs;
    hover.evmWaitMs = waits.evmWaitMs;
    await setChainsUntil(previous, () => api.services.chains.evmOnly().length === 0);
  }
  return figures;
}
