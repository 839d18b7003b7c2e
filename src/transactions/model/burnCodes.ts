// Names of gas burn codes (`gasBurnLog[].code`), and a per-code summary for the burn chart. Each
// generation numbers the codes its own way: the names come from its traits (api/burnCodeNames.ts).
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';

/**
 * The name of a burn code, e.g. 27 -> "evm" (Stardust), 21 -> "evm" (Rebased); unknown codes -> "code N".
 * Without a generation: Wasp 1's numbering, the first one.
 */
export function burnCodeName(code: number, generation: Generation = 'stardust'): string {
  const table = traitsOf(generation).burnCodeNames;
  const name = Number.isInteger(code) && code >= 0 ? table[code] : undefined;
  return name ?? `code ${String(code)}`;
}

export type BurnLogRecord = { code: number; gasBurned: bigint };

export type BurnCodeTotal = {
  code: number;
  name: string;
  /** Sum of gas burned under this code. */
  gasBurned: bigint;
  /** Number of log records merged into this entry. */
  count: number;
  /** Share of the total, in percent (0–100, two decimals), for a chart. */
  share: number;
};

export type BurnLogSummary = { total: bigint; entries: BurnCodeTotal[] };

/**
 * Totals a gas burn log per code, largest first (ties by code), with each code's share of
 * the total in percent. Sums stay bigint; only the share is a number (it is only drawn).
 */
export function summarizeBurnLog(records: readonly BurnLogRecord[], generation: Generation = 'stardust'): BurnLogSummary {
  const byCode = new Map<number, { gasBurned: bigint; count: number }>();
  let total = 0n;
  for (const r of records) {
    const entry = byCode.get(r.code) ?? { gasBurned: 0n, count: 0 };
    entry.gasBurned += r.gasBurned;
    entry.count += 1;
    byCode.set(r.code, entry);
    total += r.gasBurned;
  }
  const entries: BurnCodeTotal[] = [...byCode].map(([code, { gasBurned, count }]) => ({
    code,
    name: burnCodeName(code, generation),
    gasBurned,
    count,
    // Basis points in bigint first, so totals above 2^53 keep an exact ratio.
    share: total > 0n ? Number((gasBurned * 10_000n) / total) / 100 : 0,
  }));
  entries.sort((x, y) => (x.gasBurned === y.gasBurned ? x.code - y.code : x.gasBurned > y.gasBurned ? -1 : 1));
  return { total, entries };
}
