// How `npm run bench` turns repeated measurements into a row of its table, and what it compares
// the row with. Pure: bench/run.mjs bundles this file and calls it; test/unit/bench/stats.test.ts
// pins it.
//   - A timing row is the median of at least MIN_RUNS runs, shown with the smallest and largest
//     run beside it, and judged on the median: one slow run is noise, a slow median is a finding.
//   - A p99 row is judged on its value, and only when it came from at least MIN_P99_SAMPLES samples.
//   - The last full run of record (bench/results/latest.json, previous.json) gives each row the
//     verdict it had then and the machine it had it on.

export const MIN_RUNS = 5;
export const MIN_P99_SAMPLES = 1_000;

export type Verdict = 'pass' | 'MISS' | 'MISSING' | 'TOO FEW RUNS' | 'TOO FEW SAMPLES';

export interface Spread {
  n: number;
  median: number;
  min: number;
  max: number;
}

/** The median (the mean of the two middle values for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  if (s.length === 0) return NaN;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Median, min and max of the runs; undefined when there is none or one is not a finite number. */
export function spread(runs: unknown): Spread | undefined {
  if (!Array.isArray(runs) || runs.length === 0 || !runs.every((r) => typeof r === 'number' && Number.isFinite(r))) return undefined;
  const values = runs as number[];
  return { n: values.length, median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** A figure rounded to what its size makes meaningful: 3 decimals below 1, 2 below 10, 1 below 100, none above. */
export function tidy(value: number): number {
  const a = Math.abs(value);
  const digits = a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** `12.3 ms (min 11, max 14.2; 5 runs)`: `show` writes one value with its unit. */
export function showSpread(s: Spread, show: (value: number) => string): string {
  return `${show(tidy(s.median))} (min ${show(tidy(s.min))}, max ${show(tidy(s.max))}; ${s.n} runs)`;
}

export interface TimingJudgement {
  verdict: Verdict | '';
  spread?: Spread;
}

/**
 * A timing row from its runs: MISSING without runs, TOO FEW RUNS under MIN_RUNS, else the median
 * against `atMost` (no verdict for a row without a target).
 */
export function judgeTiming(runs: unknown, atMost: number | undefined): TimingJudgement {
  const s = spread(runs);
  if (!s) return { verdict: atMost === undefined ? '' : 'MISSING' };
  if (atMost === undefined) return { verdict: '', spread: s };
  if (s.n < MIN_RUNS) return { verdict: 'TOO FEW RUNS', spread: s };
  return { verdict: s.median <= atMost ? 'pass' : 'MISS', spread: s };
}

/** A p99 row: its value against `atMost`, TOO FEW SAMPLES under MIN_P99_SAMPLES. */
export function judgeP99(value: unknown, samples: unknown, atMost: number): Verdict {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'MISSING';
  if (typeof samples !== 'number' || samples < MIN_P99_SAMPLES) return 'TOO FEW SAMPLES';
  return value <= atMost ? 'pass' : 'MISS';
}

/** A verdict that means the bench itself failed to measure (the run exits 1), not the extension. */
export function isBenchFailure(verdict: string): boolean {
  return verdict === 'MISSING' || verdict === 'TOO FEW RUNS' || verdict === 'TOO FEW SAMPLES';
}

/** What the table needs of the machine a run was made on. */
export interface MachineFacts {
  cpu: string;
  cores: number;
  node: string;
  date: string;
  commit?: string;
}

/** Machines of one kind give figures that can be compared: the same CPU model and core count. */
export function sameKind(a: Pick<MachineFacts, 'cpu' | 'cores'>, b: Pick<MachineFacts, 'cpu' | 'cores'>): boolean {
  return a.cpu === b.cpu && a.cores === b.cores;
}

/** `AMD EPYC, 2 cores, Node 20.20.2, 2026-11-25 13:39 UTC, commit ab87ea8`. */
export function describeMachine(m: MachineFacts): string {
  const when = /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(m.date) ? `${m.date.slice(0, 10)} ${m.date.slice(11, 16)} UTC` : m.date;
  return `${m.cpu}, ${m.cores} cores, Node ${m.node}, ${when}, ${m.commit ? `commit ${m.commit}` : 'commit not recorded'}`;
}

/** A run as bench/results/*.json keeps it (older files lack `only`, `complete` or `commit`). */
export interface RunOfRecord {
  machine: MachineFacts;
  complete?: boolean;
  only?: string[];
  rows: Array<{ id: string; result: string }>;
}

/** A run that may stand as the run of record: every scenario, and the host run completed. */
export function isFullRun(run: Pick<RunOfRecord, 'complete' | 'only'>): boolean {
  return run.complete === true && (run.only ?? []).length === 0;
}

/**
 * The full run to compare with: the newest full run made on this kind of machine, else the newest
 * full run at all (`sameKind` false tells the table to say so). Candidates come newest first.
 */
export function pickRecord(candidates: ReadonlyArray<RunOfRecord | undefined>, here: MachineFacts): { run: RunOfRecord; sameKind: boolean } | undefined {
  const full = candidates.filter((c): c is RunOfRecord => c !== undefined && isFullRun(c));
  const mine = full.find((c) => sameKind(c.machine, here));
  if (mine) return { run: mine, sameKind: true };
  return full[0] ? { run: full[0], sameKind: false } : undefined;
}

/** Each row's verdict in the run of record: 'pass', 'MISS', or '' for a row it had no target for. */
export function recordVerdicts(run: RunOfRecord | undefined): Map<string, string> {
  const verdicts = new Map<string, string>();
  for (const row of run?.rows ?? []) if (typeof row.id === 'string') verdicts.set(row.id, row.result === 'pass' || row.result === 'MISS' ? row.result : '');
  return verdicts;
}

/** A row's cell for the last full run: its verdict, 'new' for a row that run did not have. */
export function recordCell(verdicts: ReadonlyMap<string, string>, id: string, judged: boolean): string {
  if (!judged) return '';
  const v = verdicts.get(id);
  return v === undefined ? 'new' : v === '' ? '—' : v;
}
