// The table of `npm run bench`: each row of bench/rows.mjs judged (bench/stats.ts: a timing row by
// the median of its runs), beside the verdict the row had in the last full run of record, printed
// and written to bench/results/. Where it is written:
//   - a full run that completed is the new run of record: latest.{json,md}, the one before it moved
//     to previous.{json,md};
//   - a run of chosen scenarios (WASP_BENCH_ONLY) writes only.{json,md}, a full run whose host run
//     did not complete incomplete.{json,md}: neither replaces the run of record.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROWS } from './rows.mjs';

const SPREAD_LEGEND =
  'A timing row shows the median of its runs, then the fastest (min) and the slowest (max) run and how many runs; ' +
  'its verdict compares the median with the target. A p99 row says how many samples it came from. Counts and bytes are single figures.';

function readRun(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** One row of ROWS with its figure: the value shown, the verdict, the last full run's verdict. */
function judgeRow(r, f, S, verdicts) {
  let value = '—';
  let result;
  let summary;
  if (r.timing) {
    const j = S.judgeTiming(f?.detail?.times, r.timing.atMost);
    result = j.verdict;
    summary = j.spread;
    if (j.spread) value = S.showSpread(j.spread, r.timing.show);
    else if (f) value = `${r.timing.show(f.value)} (no runs)`;
  } else if (r.p99) {
    const samples = f?.detail?.calls ?? f?.detail?.samples;
    result = S.judgeP99(f?.value, samples, r.p99.atMost);
    if (f) value = `${f.value} ms (p99 of ${Number(samples ?? 0).toLocaleString('en-US')} samples)`;
  } else {
    value = f === undefined ? '—' : r.show(f);
    result = f === undefined ? (r.check ? 'MISSING' : '') : r.check ? (r.check(f) ? 'pass' : 'MISS') : '';
  }
  const judged = Boolean(r.check || r.p99 || r.timing?.atMost !== undefined);
  return {
    what: r.what,
    id: r.id,
    value,
    target: r.target ?? '',
    result,
    lastFullRun: S.recordCell(verdicts, r.id, judged),
    ...(summary ? { median: summary.median, min: summary.min, max: summary.max, runs: summary.n } : {}),
    note: f && r.note ? r.note(f) : undefined,
    raw: f ?? null,
  };
}

/** Numeric lists on one line: a figure's runs are data, not a page each. */
function compactJson(value) {
  return JSON.stringify(value, null, 2).replace(/\[\s+(-?[\d.e+-]+(?:,\s+-?[\d.e+-]+)*)\s+\]/g, (_, list) => `[${list.split(/,\s+/).join(', ')}]`);
}

/**
 * Judges, prints and writes the table. `run`: { figures, only, complete, machine, durationSeconds, phases }.
 * Returns the rows and whether the bench failed to measure something (not a missed target).
 */
export function report(S, resultsDir, run) {
  const { figures, only, complete, machine } = run;
  const record = S.pickRecord([readRun(join(resultsDir, 'latest.json')), readRun(join(resultsDir, 'previous.json'))], machine);
  const verdicts = S.recordVerdicts(record?.run);
  const recordLine = record
    ? `Last full run: ${S.describeMachine(record.run.machine)}${record.sameKind ? '' : ' (another kind of machine: its verdicts may not carry over)'}.`
    : 'Last full run: none recorded.';
  const rows = ROWS.filter((r) => only.length === 0 || (!Array.isArray(r) && figures.has(r.id))).map((r) =>
    Array.isArray(r) ? { section: r[0] } : judgeRow(r, figures.get(r.id), S, verdicts),
  );
  const judged = rows.filter((r) => ['pass', 'MISS'].includes(r.result) || S.isBenchFailure(r.result));
  const passed = judged.filter((r) => r.result === 'pass').length;
  const duration = `${Math.floor(run.durationSeconds / 60)} min ${Math.round(run.durationSeconds % 60)} s`;
  const phases = Object.entries(run.phases)
    .map(([k, s]) => `${k} ${Math.round(s)} s`)
    .join(', ');
  const machineLine =
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.os}; Node ${machine.node}; ` +
    `VS Code ${machine.vscode ?? '?'} in ${machine.host} (Node ${machine.hostNode ?? '?'}); ${machine.date.slice(0, 16).replace('T', ' ')} UTC; ` +
    `commit ${machine.commit}; load average ${machine.loadAverage.start.join(' ')} → ${machine.loadAverage.end.join(' ')}`;

  // Console.
  const cells = rows.filter((r) => !r.section);
  const w = ['what', 'value', 'target', 'result'].map((k) => Math.max(...cells.map((r) => (r[k] ?? '').length)));
  console.log(`\n${SPREAD_LEGEND}\n${recordLine} Its verdict is the last column.`);
  for (const r of rows) {
    if (r.section) console.log(`\n${r.section}`);
    else console.log(`  ${r.what.padEnd(w[0])}  ${r.value.padStart(w[1])}  ${r.target.padEnd(w[2])}  ${r.result.padEnd(w[3])}  ${r.lastFullRun}`);
    if (r.note) console.log(`      ${r.note}`);
  }
  console.log(`\nmachine: ${machineLine}`);
  console.log(`bench: ${passed} of ${judged.length} targets met; total ${duration} (${phases})`);

  // Files.
  mkdirSync(resultsDir, { recursive: true });
  const full = only.length === 0;
  const name = !full ? 'only' : complete ? 'latest' : 'incomplete';
  if (name === 'latest') {
    for (const ext of ['json', 'md']) {
      const file = join(resultsDir, `latest.${ext}`);
      if (existsSync(file)) copyFileSync(file, join(resultsDir, `previous.${ext}`));
    }
  }
  const out = {
    machine,
    targetsMet: passed,
    targets: judged.length,
    complete,
    only,
    durationSeconds: Math.round(run.durationSeconds),
    phases: run.phases,
    lastFullRun: record ? { machine: record.run.machine, sameKind: record.sameKind } : null,
    rows: cells,
    figures: Object.fromEntries(figures),
  };
  writeFileSync(join(resultsDir, `${name}.json`), `${compactJson(out)}\n`);
  const md = [
    SPREAD_LEGEND,
    '',
    `${recordLine} Its verdict is the last column.`,
    '',
    '| measure | figure | target | | last full run |',
    '|---|---:|---|---|---|',
  ];
  for (const r of rows) {
    if (r.section) md.push(`| **${r.section}** | | | | |`);
    else
      md.push(
        `| ${r.what}${r.note ? ` (${r.note})` : ''} | ${r.value} | ${r.target} | ${r.result === 'pass' ? '✓' : r.result} | ${r.lastFullRun === 'pass' ? '✓' : r.lastFullRun} |`,
      );
  }
  md.push('', `Machine: ${machineLine}.`, '', `${passed} of ${judged.length} targets met. The run took ${duration} (${phases}).`);
  writeFileSync(join(resultsDir, `${name}.md`), `${md.join('\n')}\n`);
  console.log(
    `bench: wrote bench/results/${name}.json and ${name}.md${name === 'latest' ? ' (the run before is previous.*)' : ' (the run of record, latest.*, is left alone)'}`,
  );
  return { benchFailed: judged.some((r) => S.isBenchFailure(r.result)) };
}
