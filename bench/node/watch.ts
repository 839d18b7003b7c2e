// Plain Node, against local nodes in this process: what 20 watched requests cost a node, and the
// time to read a block of 100 receipts (issue 15).
//   - 20 watches on a node whose long poll lasts 6 s (a real node's lasts ~30 s: the rate scales
//     with it, so the figure is also given per long poll);
//   - 20 watches on a node that answers 408 at once (a proxy, a broken node): bounded by the
//     5 s minimum round, not by the node;
//   - 20 watches on a node that is down: the backoff (2 s, 4 s, 8 s…) bounds the attempts;
//   - a block of 100 receipts read with one request and made into tree rows, as the Blocks list does.
// The watch loop and the client are the extension's own (src/transactions/model/watchSet.ts, src/api/client.ts).
import { createServer } from 'node:net';
import { WaspClient } from '../../src/api/client';
import type { Receipt } from '../../src/api/stardustSchemas';
import type { RebasedReceipt } from '../../src/api/rebasedSchemas';
import { WatchSet } from '../../src/transactions/model/watchSet';
import { startLocalNode, type LocalNode } from '../../test/fixtures/localNode';
import { receiptCopy } from '../../test/fixtures/localNodeBlocks';
import { DEMO_CHAINS } from '../../test/fixtures/demoData';
import { emit, round, stats } from '../shared';

const WATCHES = 20;
const RUN_MS = 15_000;
const LONG_POLL_S = 6;
/** The watch loop's shortest round (model/watchSet.ts DEFAULT_MIN_ROUND_MS). */
const MIN_ROUND_S = 5;
const TARGET = { generation: 'stardust' as const, chainId: DEMO_CHAINS.iotaEvm };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pendingId = (n: number) => `0x${'7e'.repeat(32)}${n.toString(16).padStart(4, '0')}`;

/** Runs 20 watches for RUN_MS against a base URL; returns the long polls sent. */
async function watchFor(baseUrl: string): Promise<{ requests: number; maxInFlight: number }> {
  const client = new WaspClient({ baseUrl, timeoutMs: 15_000 });
  const set = new WatchSet<string, Receipt | RebasedReceipt>({
    key: (id) => id,
    limitMs: () => 10 * 60_000,
    maxWatches: () => WATCHES,
    wait: (id, { signal, timeoutSeconds }) => client.waitForRequest(TARGET, id, { signal, timeoutSeconds }),
  });
  for (let i = 0; i < WATCHES; i++) set.add(pendingId(i));
  await sleep(RUN_MS);
  const requests = set.requestsSent;
  set.dispose();
  await sleep(50);
  return { requests, maxInFlight: set.maxInFlightPerWatch };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function main(): Promise<void> {
  const perMinute = (n: number) => round((n * 60_000) / RUN_MS, 1);
  let node: LocalNode = await startLocalNode();
  try {
    node.chainLog.waitLimitSeconds = LONG_POLL_S;
    const poll = await watchFor(node.url);
    // Long polls that could start in the window: at 0, 6 and 12 s.
    const perLongPoll = poll.requests / (WATCHES * Math.ceil(RUN_MS / 1000 / LONG_POLL_S));
    emit('watch.longPoll.perMinute', perMinute(poll.requests), 'requests/min', {
      watches: WATCHES,
      nodeLongPollSeconds: LONG_POLL_S,
      seconds: RUN_MS / 1000,
      requests: poll.requests,
      maxInFlightPerWatch: poll.maxInFlight,
      timeouts408: node.chainLog.answered.timeout,
    });
    emit('watch.longPoll.perLongPoll', round(perLongPoll, 2), 'requests per watch per long poll');
    // A real node waits ~30 s per long poll: the same count of requests per long poll.
    emit('watch.longPoll.perMinuteAt30s', round(WATCHES * (60 / 30) * perLongPoll, 1), 'requests/min');

    node.chainLog.waitLimitSeconds = 0;
    const instant = await watchFor(node.url);
    emit('watch.instant408.perMinute', perMinute(instant.requests), 'requests/min', {
      watches: WATCHES,
      requests: instant.requests,
      bound: WATCHES * Math.ceil(RUN_MS / 1000 / MIN_ROUND_S),
    });
  } finally {
    await node.close();
  }

  const down = await watchFor(`http://127.0.0.1:${await freePort()}`);
  // Backoff 2, 4, 8 s (jittered down to half): at most 0, 1, 3, 7 and 15 s in the window.
  emit('watch.nodeDown.perMinute', perMinute(down.requests), 'requests/min', {
    watches: WATCHES,
    requests: down.requests,
    seconds: RUN_MS / 1000,
    bound: WATCHES * 5,
  });

  // A block of 100 receipts: one request, validated, made into rows (the Blocks list's work, without VS Code).
  node = await startLocalNode();
  try {
    const chain = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm);
    const template = chain?.receipts[0];
    if (!template) throw new Error('bench: no template receipt');
    const index = node.chainLog.addBlock(
      Array.from({ length: 100 }, (_, i) => receiptCopy(template, i, true)),
      DEMO_CHAINS.iotaEvm,
    );
    const client = new WaspClient({ baseUrl: node.url });
    const times: number[] = [];
    for (let run = 0; run < 8; run++) {
      const t0 = performance.now();
      const receipts = await client.getBlockReceipts(TARGET, index);
      const rows = receipts.map((r) => ({ requestId: r.request.requestId, failed: r.failed, gasBurned: r.gasBurned }));
      if (rows.length !== 100) throw new Error(`bench: ${rows.length} receipts in the block`);
      if (run > 0) times.push(performance.now() - t0);
    }
    const s = stats(times);
    emit('blocks.expand100.node', round(s.p50, 2), 'ms', { runs: s.n, max: round(s.max, 2), requestsPerExpand: 1, times: times.map((t) => round(t, 2)) });
  } finally {
    await node.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
