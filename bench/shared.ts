// What the orchestrator (bench/run.mjs), the local nodes it starts (bench/node/nodes.ts), the
// plain-Node benches and the in-host bench (bench/host.ts) agree on: the request IDs planted on
// the node, the receipts behind them, the chains, and the `BENCH {json}` line every figure
// travels in (the host's console lines reach run.mjs through the workbench log).
import { bech32 } from 'bech32';
import {
  DEMO_CHAINS,
  DEMO_RECEIPTS,
  DEMO_REBASED_REQUESTS,
  createDemoChains,
  createRebasedDemoChain,
  utf8Hex,
  type DemoChainSpec,
  type ReceiptJson,
} from '../test/fixtures/demoData';
import type { RebasedReceiptWire } from '../test/fixtures/wire';

export const BENCH_PREFIX = 'BENCH ';

/** One figure; `id` is what run.mjs's table looks up. */
export interface BenchFigure {
  id: string;
  value: number | string | boolean;
  unit?: string;
  /** Anything that helps read the figure (sample counts, spread). */
  detail?: Record<string, unknown>;
}

export function emit(id: string, value: BenchFigure['value'], unit?: string, detail?: Record<string, unknown>): void {
  const figure: BenchFigure = { id, value, ...(unit === undefined ? {} : { unit }), ...(detail === undefined ? {} : { detail }) };
  console.log(BENCH_PREFIX + JSON.stringify(figure));
}

/** The chain every planted receipt lives on. */
export const BENCH_CHAIN_ID = DEMO_CHAINS.iotaEvm;
/** Its name in the bench settings. */
export const BENCH_CHAIN_NAME = 'Bench';

/** Groups of planted request IDs: each hover of a measured group is the first of its ID. */
export const PLANTED = {
  uncached: { kind: 1, count: 45 },
  concurrent: { kind: 2, count: 1 },
  memory: { kind: 3, count: 10_000 },
  cached: { kind: 4, count: 1 },
  big: { kind: 5, count: 1 },
  /** The command → receipt panel runs: each opens a receipt not looked up before. */
  panel: { kind: 6, count: 12 },
  /** The first receipt panel of a window (each process of the startup runs opens it once). */
  firstPanel: { kind: 7, count: 1 },
} as const;

export type PlantedGroup = keyof typeof PLANTED;

/** `0x` + 68 hex: the group's kind, then the index. */
export function benchRequestId(group: PlantedGroup, index: number): string {
  return `0x${PLANTED[group].kind.toString(16).padStart(4, '0')}${index.toString(16).padStart(64, '0')}`;
}

/** The Rebased node's planted groups: the same measurements as the Stardust ones, on /v1/chain. */
export const REBASED_PLANTED = { cached: PLANTED.cached, uncached: PLANTED.uncached } as const;

/** The name of the Rebased bench chain (an entry without a chain ID, as users write them). */
export const REBASED_BENCH_CHAIN_NAME = 'Bench Rebased';

/** `0x` + 64 hex (a Rebased request ID): the group's kind, then the index. */
export function rebasedBenchRequestId(group: keyof typeof REBASED_PLANTED, index: number): string {
  return `0x${REBASED_PLANTED[group].kind.toString(16).padStart(4, '0')}${index.toString(16).padStart(60, '0')}`;
}

/** The Rebased demo's on-ledger success (coins and an object, about 1.5 KB) under another request ID. */
export function plainRebasedReceipt(requestId: string): RebasedReceiptWire {
  const template = createRebasedDemoChain().receipts.find((r) => r.request.requestId === DEMO_REBASED_REQUESTS.onLedger);
  if (!template) throw new Error('bench: the Rebased demo onLedger receipt is missing');
  template.request.requestId = requestId;
  return template;
}

let successTemplate: ReceiptJson | undefined;

/** A successful EVM receipt of the demo data (about 2 KB of JSON) under another request ID. */
export function plainReceipt(requestId: string): ReceiptJson {
  if (!successTemplate) {
    const chain = createDemoChains().find((c) => c.chainId === BENCH_CHAIN_ID);
    successTemplate = chain?.receipts.find((r) => r.request.requestId === DEMO_RECEIPTS.evmSuccess.requestId);
    if (!successTemplate) throw new Error('bench: the demo evmSuccess receipt is missing');
  }
  return withRequestId(successTemplate, requestId);
}

function withRequestId(template: ReceiptJson, requestId: string): ReceiptJson {
  const r = JSON.parse(JSON.stringify(template)) as ReceiptJson;
  r.request.requestId = requestId;
  return r;
}

export const BIG_PARAM_BYTES = 1024 * 1024;
export const BIG_BURN_RECORDS = 10_000;

/**
 * A contract call with 1 MiB of params (one 512 KiB blob, as a deployment carries, plus 256
 * values of 2 KiB) and 10,000 burn records over every burn code. About 2.3 MB of JSON.
 */
/** `sizes`: the bench's by default; a unit test passes smaller ones. */
export function bigReceipt(requestId: string, sizes = { paramBytes: BIG_PARAM_BYTES, burnRecords: BIG_BURN_RECORDS }): ReceiptJson {
  const r = plainReceipt(requestId);
  const blob = (bytes: number, seed: number) => {
    const b = Buffer.alloc(bytes);
    for (let i = 0; i < bytes; i++) b[i] = (i * 31 + seed) & 0xff;
    return `0x${b.toString('hex')}`;
  };
  const items = [{ key: utf8Hex('code'), value: blob(sizes.paramBytes / 2, 7) }];
  for (let i = 0; i < 256; i++) items.push({ key: utf8Hex(`param${i}`), value: blob(sizes.paramBytes / 2 / 256, i) });
  r.request.params = { Items: items };
  r.request.isEVM = false;
  r.request.isOffLedger = true;
  r.request.callTarget = { contractHName: 'fa9fa907', functionHName: 'ae9deae4' };
  let total = 0;
  r.gasBurnLog = [];
  for (let i = 0; i < sizes.burnRecords; i++) {
    const gasBurned = 10 + ((i * 7919) % 5000);
    total += gasBurned;
    r.gasBurnLog.push({ code: i % 28, gasBurned });
  }
  r.gasBurned = String(total);
  r.gasBudget = String(total * 2);
  r.request.gasBudget = `"${total * 2}"`;
  return r;
}

/** Chain `index` of the distinct-chains refresh: a valid Bech32 alias address (tst1p...). */
export function distinctChainId(index: number): string {
  const bytes = [8, ...Array.from({ length: 32 }, (_, i) => (i === 31 ? index & 0xff : i === 30 ? (index >> 8) & 0xff : 0x5a))];
  return bech32.encode('tst', bech32.toWords(bytes), 90);
}

/** `count` copies of the IOTA EVM demo chain under distinct chain IDs. */
export function distinctChains(count: number): DemoChainSpec[] {
  const template = createDemoChains().find((c) => c.chainId === BENCH_CHAIN_ID);
  if (!template) throw new Error('bench: the demo IOTA EVM chain is missing');
  return Array.from({ length: count }, (_, i) => ({ ...(JSON.parse(JSON.stringify(template)) as DemoChainSpec), chainId: distinctChainId(i), receipts: [] }));
}

/** What run.mjs tells the host, in WASP_BENCH. */
export interface BenchConfig {
  /** Latency 0, every planted receipt. */
  mainUrl: string;
  /** Answers in SLOW_NODE_LATENCY_MS; serves the demo chains. */
  slowUrl: string;
  /** Answers in SLOW_NODE_LATENCY_MS; serves REFRESH_CHAINS distinct chains. */
  distinctUrl: string;
  /** The same, for the refresh with a higher concurrency limit. */
  narrowUrl: string;
  /** The mixed refresh: a Stardust node with MIXED_STARDUST_CHAINS distinct chains (100 ms)… */
  mixedStardustUrl: string;
  /** …and MIXED_REBASED_NODES Rebased nodes (100 ms), one chain each, under several names. */
  mixedRebasedUrls: string[];
  /** A Rebased node (latency 0) holding the REBASED_PLANTED receipts. */
  rebasedMainUrl: string;
  /** The live feed's Rebased node (bench/liveNode.ts) and its control server. */
  liveUrl: string;
  liveControlUrl: string;
  /** anvil (test/fixtures/realPeers) and reverted transactions mined on it, for bench/anvilHovers.ts. */
  anvilUrl: string;
  anvilChainId: string;
  anvilFailedHashes: string[];
  /** WASP_BENCH_ONLY: the host scenarios to run (all when absent). */
  only?: string[];
  /** Where the main run leaves a receipt panel's HTML, for the fresh hosts that open it alone as their first panel. */
  panelHtmlPath: string;
}

/** The 50-chain refresh over mixed nodes: 25 Stardust chains on one node, 25 entries on 5 Rebased nodes. */
export const MIXED_STARDUST_CHAINS = 25;
export const MIXED_REBASED_NODES = 5;
/** Refreshes of those 50 chains: the runs of their timing row (each asks every node's version again). */
export const MIXED_REFRESHES = 5;

export const SLOW_NODE_LATENCY_MS = 100;
export const REFRESH_CHAINS = 50;
/** A limit as tight as a browser's per-host one, to show what the default of 64 buys. */
export const NARROW_LIMIT = 6;

/** Median, p-quantile (nearest rank) and mean of a sample. */
export function stats(values: readonly number[]): { n: number; min: number; p50: number; p99: number; max: number; mean: number } {
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] ?? NaN;
  return { n: s.length, min: s[0] ?? NaN, p50: q(0.5), p99: q(0.99), max: s[s.length - 1] ?? NaN, mean: s.reduce((a, b) => a + b, 0) / (s.length || 1) };
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** One JSON-RPC call POSTed with plain fetch: the floor a hover's request is measured against. */
export function postJsonRpc(url: string, method: string, params: unknown[]): Promise<string> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.text());
}

/**
 * Runs a hover and its raw twin for each index in `indexes`, alternating which goes first (neither
 * always gets the warmer connection), and keeps the times after the first `warmup` of them.
 */
export async function pairedTimes(
  indexes: readonly number[],
  warmup: number,
  viaHover: (i: number) => Promise<number>,
  raw: (i: number) => Promise<number>,
): Promise<{ hoverMs: number[]; rawMs: number[] }> {
  const hoverMs: number[] = [];
  const rawMs: number[] = [];
  for (const [k, i] of indexes.entries()) {
    let h: number;
    let g: number;
    if (i % 2 === 0) {
      h = await viaHover(i);
      g = await raw(i);
    } else {
      g = await raw(i);
      h = await viaHover(i);
    }
    if (k >= warmup) {
      hoverMs.push(h);
      rawMs.push(g);
    }
  }
  return { hoverMs, rawMs };
}

/** The hover's p50 (with its p99), its raw twin's p50, and what the hover adds over it. */
export function pairedFigures(
  ids: { hover: string; raw: string; over: string },
  times: { hoverMs: number[]; rawMs: number[] },
  requests: number,
): Array<{ id: string; value: number; unit: string; detail?: Record<string, unknown> }> {
  const hs = stats(times.hoverMs);
  const gs = stats(times.rawMs);
  return [
    { id: ids.hover, value: round(hs.p50, 3), unit: 'ms', detail: { samples: hs.n, p99: round(hs.p99, 3) } },
    { id: ids.raw, value: round(gs.p50, 3), unit: 'ms', detail: { samples: gs.n, requests } },
    // Its runs: each hover over its raw twin (a pair).
    { id: ids.over, value: round(hs.p50 - gs.p50, 3), unit: 'ms', detail: { times: times.hoverMs.map((h, i) => round(h - (times.rawMs[i] as number), 3)) } },
  ];
}
