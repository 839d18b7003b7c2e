// The memory scenario of `npm run bench` (in the host): 10,000 distinct IDs hovered, the receipt
// cache and the heap at checkpoints. Bytes, not timings: single figures.
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import type * as vscode from 'vscode';
import type { ExtensionApi } from '../src/extension';
import { DEFAULT_LOOKUP_CAPACITY } from '../src/transactions/model/receiptLookup';
import { BENCH_CHAIN_NAME, PLANTED, benchRequestId, emit, round } from './shared';
import { closeAll, hoverText, idDocument, idPosition, sleep } from './hostUtil';

/** `gc` even when the host was not started with --expose-gc (V8 can still be told to expose it). */
function collector(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

export async function memoryAfterManyIds(api: ExtensionApi, token: vscode.CancellationToken): Promise<void> {
  const hover = api.receipts.hover;
  // The figure is memory, not time: on a loaded machine a hover may wait for its answer longer
  // than the default before it gives up (as bench/accountHovers.ts lets it).
  const waitMs = hover.waitMs;
  hover.waitMs = 15_000;
  const lookup = api.receipts.service.cache;
  const count = PLANTED.memory.count;
  const doc = await idDocument(Array.from({ length: count }, (_, i) => benchRequestId('memory', i)));
  const gc = collector();
  const heap = async () => {
    await sleep(50);
    for (let i = 0; i < 3; i++) gc?.();
    return process.memoryUsage().heapUsed;
  };
  const base = await heap();
  const fetches = lookup.fetchCount;
  let next = 0;
  let failures = 0;
  const hoverUpTo = async (end: number) => {
    // 16 hovers at a time (the client's limit keeps 6 requests in flight).
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < end) {
          const i = next++;
          const h = await hover.provideHover(doc, idPosition(i), token);
          if (!hoverText(h).includes('Request succeeded')) failures++;
        }
      }),
    );
  };
  // Heap and cache after 1,000 IDs (the cache, 500 entries, is full), 5,000 and 10,000: bounded
  // means flat from the first checkpoint on. Unbounded, 9,000 more answers would hold well over
  // 100 MB (memory.perEntry below).
  const checkpoints = [1_000, count / 2, count];
  const heapAt: number[] = [];
  const entriesAt: number[] = [];
  const t0 = performance.now();
  for (const end of checkpoints) {
    await hoverUpTo(end);
    heapAt.push(await heap());
    entriesAt.push(lookup.cacheSize);
  }
  const elapsed = performance.now() - t0;
  if (failures > 0) throw new Error(`bench: ${failures} of ${count} hovers did not show their receipt`);
  const mb = (b: number) => round(b / 1024 / 1024, 2);
  emit('memory.hovers', count, 'IDs', { requests: lookup.fetchCount - fetches, seconds: round(elapsed / 1000, 1), gcExposed: gc !== undefined });
  emit('memory.cacheEntries', lookup.cacheSize, 'entries', {
    capacity: DEFAULT_LOOKUP_CAPACITY,
    atCheckpoints: Object.fromEntries(checkpoints.map((c, i) => [c, entriesAt[i]])),
    inFlight: lookup.pending,
  });
  emit('memory.recentReceipts', api.services.recent.list(BENCH_CHAIN_NAME).length, 'entries');
  if (gc) {
    const first = heapAt[0] ?? 0;
    const last = heapAt[heapAt.length - 1] ?? 0;
    emit('memory.heap', mb(last - base), 'MB', { ids: count, atCheckpoints: Object.fromEntries(checkpoints.map((c, i) => [c, mb((heapAt[i] ?? 0) - base)])) });
    emit('memory.perEntry', round((first - base) / 1024 / DEFAULT_LOOKUP_CAPACITY, 1), 'KB', { note: 'heap after 1,000 IDs over the cache capacity' });
    emit('memory.growth', mb(last - first), 'MB', { from: checkpoints[0], to: count });
  }
  hover.waitMs = waitMs;
  await closeAll();
}
