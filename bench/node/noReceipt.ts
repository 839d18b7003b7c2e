// Plain Node, against a local Rebased node in this process: "Why no receipt?" end to end (the
// workspace record's facts, the chain's five public answers, the verdict), with the node answering
// each request after a fixed latency, so the round trips show in the time: run in parallel, the
// diagnosis takes one latency; asked one after another, five.
import { WaspClient } from '../../src/api/client';
import { RebasedChain } from '../../src/api/rebasedChain';
import { diagnoseNoReceipt, txFactsOfRecord } from '../../src/transactions/model/noReceipt';
import { gatherChainFacts } from '../../src/transactions/model/noReceiptFacts';
import { startLocalNode } from '../../test/fixtures/localNode';
import { GAP_SENDER } from '../../test/fixtures/localNodeAccounts';
import { emit, round, stats } from '../shared';

const LATENCY_MS = 40;
const RUNS = 20;

async function main(): Promise<void> {
  const node = await startLocalNode({ generation: 'rebased' });
  try {
    node.setLatency(LATENCY_MS);
    const chain = new RebasedChain(() => new WaspClient({ baseUrl: node.url }), '', { known: () => undefined, read: () => Promise.resolve(undefined) });
    const record = { hash: `0x${'4b'.repeat(32)}`, from: GAP_SENDER, nonce: 14n, gas: 21_000n, gasPrice: 10n ** 10n, value: 1000n, type: 0 as const };
    const times: number[] = [];
    let requests = 0;
    let peak = 0;
    for (let i = 0; i < RUNS; i++) {
      node.clearRequests();
      const started = performance.now();
      const tx = txFactsOfRecord(record);
      if (!tx) throw new Error('the record gives no facts');
      const { facts } = await gatherChainFacts(tx, { rpcUrl: `${node.url}/v1/chain/evm`, fetch: globalThis.fetch, chain, baseDecimals: 9 });
      if (diagnoseNoReceipt(tx, facts).verdict !== 'nonceGap') throw new Error('the diagnosis is not the nonce gap');
      times.push(performance.now() - started);
      requests = node.requests.length;
      peak = Math.max(peak, node.maxConcurrent);
    }
    const s = stats(times);
    emit('noReceipt.diagnosis', round(s.p50 / LATENCY_MS, 2), 'round trips', {
      p50: round(s.p50, 1),
      max: round(s.max, 1),
      latencyMs: LATENCY_MS,
      requests,
      peakInFlight: peak,
      runs: RUNS,
      times: times.map((t) => round(t / LATENCY_MS, 2)),
    });
  } finally {
    await node.close();
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
