// The Chains tree's refresh in `npm run bench` (in the host): one chain, 50 names of it, 50 distinct
// chains (with the default and a narrow request limit), and 50 chains of both generations over
// nodes answering in 100 ms. Each timing is REFRESH_RUNS runs (the table shows their median and spread).
import * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import {
  BENCH_CHAIN_ID,
  MIXED_REBASED_NODES,
  MIXED_REFRESHES,
  MIXED_STARDUST_CHAINS,
  NARROW_LIMIT,
  REFRESH_CHAINS,
  distinctChainId,
  emit,
  round,
  stats,
  type BenchConfig,
} from './shared';
import { sleep, type ChainSetting } from './hostUtil';

const REFRESH_RUNS = 5;

type SetChains = (api: ExtensionApi, chains: ChainSetting[]) => Promise<void>;

/** model.refresh() with one chain, 50 names of that chain, and 50 distinct chains, on nodes answering in 100 ms. */
export async function treeRefresh(api: ExtensionApi, benchConfig: BenchConfig, setChains: SetChains): Promise<void> {
  const model = api.chains.model;
  try {
    await vscode.commands.executeCommand('waspChain.chains.focus');
  } catch {
    // Without the view shown the model still loads; the tree only redraws less.
  }
  const measure = async (phase: string, chains: ChainSetting[], runs: number) => {
    await setChains(api, chains);
    await model.refresh();
    await model.whenIdle();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await model.refresh();
      times.push(performance.now() - t0);
    }
    const notOk = model.validRows().filter((r) => model.snapshot(r).state !== 'ok').length;
    if (notOk > 0) throw new Error(`bench: ${notOk} of ${chains.length} chains did not load (${phase})`);
    const s = stats(times);
    emit(`refresh.${phase}`, round(s.p50, 1), 'ms', { chains: chains.length, runs: times.map((t) => round(t, 1)) });
    return { p50: s.p50, times };
  };
  // A ratio's runs: each run of the many chains over the median of the one chain.
  const ratio = (many: { p50: number; times: number[] }, base: { p50: number }) => ({ times: many.times.map((t) => round(t / base.p50, 2)) });
  const one = await measure('one', [{ name: 'Slow 1', nodeUrl: benchConfig.slowUrl, chainId: BENCH_CHAIN_ID }], REFRESH_RUNS);
  const names = await measure(
    'names',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Slow ${i + 1}`, nodeUrl: benchConfig.slowUrl, chainId: BENCH_CHAIN_ID })),
    REFRESH_RUNS,
  );
  emit('refresh.names.ratio', round(names.p50 / one.p50, 2), 'x', ratio(names, one));
  const distinct = await measure(
    'distinct',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Distinct ${i + 1}`, nodeUrl: benchConfig.distinctUrl, chainId: distinctChainId(i) })),
    REFRESH_RUNS,
  );
  emit('refresh.distinct.ratio', round(distinct.p50 / one.p50, 2), 'x', ratio(distinct, one));
  // The same under a tight limit set by the user: what the default of 64 buys.
  const config = vscode.workspace.getConfiguration('waspChain');
  await config.update('request.maxConcurrent', NARROW_LIMIT, vscode.ConfigurationTarget.Global);
  for (let i = 0; i < 200 && vscode.workspace.getConfiguration('waspChain').get('request.maxConcurrent') !== NARROW_LIMIT; i++) await sleep(10);
  await sleep(50); // NodeClients applies it from the same change event
  const narrow = await measure(
    'narrow',
    Array.from({ length: REFRESH_CHAINS }, (_, i) => ({ name: `Narrow ${i + 1}`, nodeUrl: benchConfig.narrowUrl, chainId: distinctChainId(i) })),
    3,
  );
  emit('refresh.narrow.ratio', round(narrow.p50 / one.p50, 2), 'x', { maxConcurrent: NARROW_LIMIT, ...ratio(narrow, one) });
  await config.update('request.maxConcurrent', undefined, vscode.ConfigurationTarget.Global);
  await setChains(api, []);
}

/** 50 chains over a Stardust node and 5 Rebased nodes (100 ms each): detection per node, and the refresh. */
export async function mixedGenerations(api: ExtensionApi, benchConfig: BenchConfig, setChains: SetChains): Promise<void> {
  const model = api.chains.model;
  const generations = api.services.clients.generations;
  const perRebased = (REFRESH_CHAINS - MIXED_STARDUST_CHAINS) / MIXED_REBASED_NODES;
  const chains = (suffix: string): ChainSetting[] => [
    ...Array.from({ length: MIXED_STARDUST_CHAINS }, (_, i) => ({
      name: `Stardust ${i + 1}${suffix}`,
      nodeUrl: benchConfig.mixedStardustUrl,
      chainId: distinctChainId(i),
    })),
    // Rebased entries as users write them: without a chain ID (the node's one chain).
    ...benchConfig.mixedRebasedUrls.flatMap((url, n) =>
      Array.from({ length: perRebased }, (_, i) => ({ name: `Rebased ${n + 1}.${i + 1}${suffix}`, nodeUrl: url })),
    ),
  ];
  const nodes = 1 + benchConfig.mixedRebasedUrls.length;
  // A window's life without Refresh: the first load, then a settings change that reloads every chain.
  const before = generations.started;
  const t0 = performance.now();
  await setChains(api, chains(''));
  await model.ensureLoaded();
  await model.whenIdle();
  const firstLoad = performance.now() - t0;
  await setChains(api, chains(' (renamed)'));
  await model.ensureLoaded();
  await model.whenIdle();
  const probes = generations.started - before;
  emit('detect.perNode', round(probes / nodes, 2), 'requests', { nodes, probes, loads: 2, chains: chains('').length });
  emit('refresh.mixed.firstLoad', round(firstLoad, 1), 'ms', { what: 'settings written → every chain loaded, detection included' });
  const notOk = model.validRows().filter((r) => model.snapshot(r).state !== 'ok').length;
  if (notOk > 0) throw new Error(`bench: ${notOk} of ${chains('').length} mixed chains did not load`);
  const times: number[] = [];
  for (let i = 0; i < MIXED_REFRESHES; i++) {
    const t = performance.now();
    await model.refresh();
    times.push(performance.now() - t);
  }
  const s = stats(times);
  emit('refresh.mixed', round(s.p50, 1), 'ms', { chains: chains('').length, nodes, runs: times.map((x) => round(x, 1)) });
  await setChains(api, []);
}
