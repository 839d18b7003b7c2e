// The local Wasp nodes of a bench run, started by bench/run.mjs in its own process (so the node's
// work never runs on the extension host's thread, as with a real, remote node):
//   main      answers at once; holds every planted receipt (bench/shared.ts PLANTED);
//   slow      answers in 100 ms; the demo chains (the tree refresh of one chain, and of 50 names);
//   distinct  answers in 100 ms; 50 distinct chains (the refresh of 50 different chains);
//   narrow    the same as distinct, refreshed with waspChain.request.maxConcurrent set to 6;
//   rebasedMain  a Rebased node answering at once, with planted Rebased receipts (the hover figures);
//   mixed     a Stardust node (25 distinct chains) and 5 Rebased nodes, 100 ms each (generation
//             detection per node, and a 50-chain refresh over both generations).
// run.mjs reads their request logs afterwards: what the node saw is the figure, not what the
// extension believes it sent.
import { startLocalNode, type LocalNode } from '../../test/fixtures/localNode';
import { startLiveBenchNode, type LiveBenchNode } from '../liveNode';
import {
  BENCH_CHAIN_ID,
  MIXED_REBASED_NODES,
  MIXED_STARDUST_CHAINS,
  PLANTED,
  REBASED_PLANTED,
  REFRESH_CHAINS,
  SLOW_NODE_LATENCY_MS,
  benchRequestId,
  bigReceipt,
  distinctChains,
  plainReceipt,
  plainRebasedReceipt,
  rebasedBenchRequestId,
  type PlantedGroup,
} from '../shared';

// For run.mjs, which knows nothing else of bench/shared.ts.
export { BENCH_CHAIN_ID, BENCH_CHAIN_NAME, benchRequestId } from '../shared';

export interface BenchNodes {
  main: LocalNode;
  slow: LocalNode;
  distinct: LocalNode;
  narrow: LocalNode;
  mixedStardust: LocalNode;
  mixedRebased: LocalNode[];
  /** A Rebased node answering at once, with the REBASED_PLANTED receipts. */
  rebasedMain: LocalNode;
  /** The live feed's node and its control server (bench/liveNode.ts). */
  live: LiveBenchNode;
  /** Receipt requests the main node received for a planted ID. */
  receiptRequestsFor(requestId: string): number;
  close(): Promise<void>;
}

export async function startBenchNodes(): Promise<BenchNodes> {
  const main = await startLocalNode();
  for (const group of Object.keys(PLANTED) as PlantedGroup[]) {
    for (let i = 0; i < PLANTED[group].count; i++) {
      const id = benchRequestId(group, i);
      main.setReceipt(BENCH_CHAIN_ID, group === 'big' ? bigReceipt(id) : plainReceipt(id));
    }
  }
  const slow = await startLocalNode({ latencyMs: SLOW_NODE_LATENCY_MS });
  const distinct = await startLocalNode({ latencyMs: SLOW_NODE_LATENCY_MS, chains: distinctChains(REFRESH_CHAINS) });
  const narrow = await startLocalNode({ latencyMs: SLOW_NODE_LATENCY_MS, chains: distinctChains(REFRESH_CHAINS) });
  const mixedStardust = await startLocalNode({ latencyMs: SLOW_NODE_LATENCY_MS, chains: distinctChains(MIXED_STARDUST_CHAINS) });
  const mixedRebased = await Promise.all(
    Array.from({ length: MIXED_REBASED_NODES }, () => startLocalNode({ generation: 'rebased', latencyMs: SLOW_NODE_LATENCY_MS })),
  );
  const rebasedMain = await startLocalNode({ generation: 'rebased' });
  for (const group of Object.keys(REBASED_PLANTED) as (keyof typeof REBASED_PLANTED)[]) {
    for (let i = 0; i < REBASED_PLANTED[group].count; i++) rebasedMain.setRebasedReceipt(plainRebasedReceipt(rebasedBenchRequestId(group, i)));
  }
  const live = await startLiveBenchNode();
  return {
    main,
    rebasedMain,
    live,
    slow,
    distinct,
    narrow,
    mixedStardust,
    mixedRebased,
    receiptRequestsFor: (requestId) => main.requests.filter((r) => r.route === 'receipt' && r.path.toLowerCase().includes(requestId.toLowerCase())).length,
    close: async () => {
      await Promise.all([main, slow, distinct, narrow, mixedStardust, ...mixedRebased, rebasedMain, live].map((n) => n.close()));
    },
  };
}
