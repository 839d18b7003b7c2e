// bench/stats.ts: a timing row of `npm run bench` is the median of its runs with their spread, is
// judged on that median, and is shown beside the verdict of the last full run on this kind of machine.
import * as assert from 'node:assert/strict';
import {
  describeMachine,
  isBenchFailure,
  isFullRun,
  judgeP99,
  judgeTiming,
  median,
  pickRecord,
  recordCell,
  recordVerdicts,
  showSpread,
  spread,
  tidy,
  type RunOfRecord,
} from '../../../bench/stats';

const ms = (v: number) => `${v} ms`;
const machine = { cpu: 'AMD EPYC', cores: 2, node: '20.20.2', date: '2026-11-25T13:39:40.174Z' };

describe('bench/stats: the median and spread of runs', () => {
  it('the median of an odd count is the middle value, whatever the order of the runs', () => {
    assert.equal(median([14.2, 11, 12.3, 30, 12]), 12.3);
  });

  it('the median of an even count is the mean of the two middle values', () => {
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  it('no runs have no median', () => {
    assert.ok(Number.isNaN(median([])));
  });

  it('the spread is the smallest and the largest run, with the count', () => {
    assert.deepEqual(spread([12, 11, 14.2, 12.3, 13]), { n: 5, median: 12.3, min: 11, max: 14.2 });
  });

  it('runs that are absent, empty or hold a non-number give no spread', () => {
    assert.equal(spread(undefined), undefined);
    assert.equal(spread([]), undefined);
    assert.equal(spread([1, 2, Number.NaN]), undefined);
    assert.equal(spread([1, '2', 3]), undefined);
  });

  it('a figure keeps the digits its size makes meaningful', () => {
    assert.deepEqual([tidy(0.12345), tidy(4.0789), tidy(12.345), tidy(344.6), tidy(-1.666)], [0.123, 4.08, 12.3, 345, -1.67]);
  });

  it('a row shows the median, then the min, the max and how many runs', () => {
    assert.equal(showSpread({ n: 5, median: 12.34, min: 11.02, max: 14.21 }, ms), '12.3 ms (min 11 ms, max 14.2 ms; 5 runs)');
  });
});

describe('bench/stats: the verdict of a timing row', () => {
  it('is judged on the median, not on the slowest run', () => {
    const j = judgeTiming([10, 11, 12, 90, 95], 50);
    assert.equal(j.verdict, 'pass');
    assert.equal(j.spread?.max, 95);
  });

  it('misses when the median is over the target, however fast the fastest run', () => {
    assert.equal(judgeTiming([1, 60, 61, 62, 63], 50).verdict, 'MISS');
  });

  it('passes at the target itself (the targets read "at most")', () => {
    assert.equal(judgeTiming([50, 50, 50, 50, 50], 50).verdict, 'pass');
  });

  it('fewer than 5 runs give no verdict but say so, and that is a failure of the bench', () => {
    const j = judgeTiming([1, 2, 3, 4], 50);
    assert.equal(j.verdict, 'TOO FEW RUNS');
    assert.ok(isBenchFailure(j.verdict));
  });

  it('a target row without runs is MISSING; a row without a target has no verdict but keeps its spread', () => {
    assert.equal(judgeTiming(undefined, 50).verdict, 'MISSING');
    assert.deepEqual(judgeTiming([3, 1, 2], undefined), { verdict: '', spread: { n: 3, median: 2, min: 1, max: 3 } });
  });

  it('a missed target is a finding, not a failure of the bench', () => {
    assert.equal(isBenchFailure('MISS'), false);
    assert.equal(isBenchFailure('pass'), false);
  });
});

describe('bench/stats: the verdict of a p99 row', () => {
  it('needs at least 1,000 samples', () => {
    assert.equal(judgeP99(0.5, 999, 1), 'TOO FEW SAMPLES');
    assert.equal(judgeP99(0.5, undefined, 1), 'TOO FEW SAMPLES');
    assert.equal(judgeP99(0.5, 1_000, 1), 'pass');
  });

  it('compares the p99 itself with the target', () => {
    assert.equal(judgeP99(1.2, 2_000, 1), 'MISS');
    assert.equal(judgeP99(undefined, 2_000, 1), 'MISSING');
  });
});

describe('bench/stats: the last full run of record', () => {
  const run = (over: Partial<RunOfRecord>): RunOfRecord => ({ machine, complete: true, rows: [], ...over });

  it('a run of every scenario that completed is a full run; a chosen scenario or a broken host run is not', () => {
    assert.equal(isFullRun({ complete: true }), true);
    assert.equal(isFullRun({ complete: true, only: [] }), true);
    assert.equal(isFullRun({ complete: true, only: ['anvilHovers'] }), false);
    assert.equal(isFullRun({ complete: false }), false);
  });

  it('prefers the newest full run on the same kind of machine over a newer one elsewhere', () => {
    const elsewhere = run({ machine: { ...machine, cores: 8 } });
    const here = run({ machine: { ...machine, date: '2026-11-20T10:00:00.000Z' } });
    assert.deepEqual(pickRecord([elsewhere, here], machine), { run: here, sameKind: true });
  });

  it('skips a partial run, and falls back to a full run on another kind of machine, saying so', () => {
    const partial = run({ only: ['live'] });
    const elsewhere = run({ machine: { ...machine, cpu: 'Intel Xeon' } });
    assert.deepEqual(pickRecord([partial, elsewhere], machine), { run: elsewhere, sameKind: false });
    assert.equal(pickRecord([partial, undefined], machine), undefined);
  });

  it("gives each judged row that run's verdict, 'new' for a row it lacked and a dash where it had no target", () => {
    const verdicts = recordVerdicts(
      run({
        rows: [
          { id: 'activation.vscode', result: 'MISS' },
          { id: 'hover.cached.p99', result: 'pass' },
          { id: 'panel.floor', result: '' },
        ],
      }),
    );
    assert.equal(recordCell(verdicts, 'activation.vscode', true), 'MISS');
    assert.equal(recordCell(verdicts, 'hover.cached.p99', true), 'pass');
    assert.equal(recordCell(verdicts, 'panel.floor', true), '—');
    assert.equal(recordCell(verdicts, 'panel.first.overFloor', true), 'new');
    assert.equal(recordCell(verdicts, 'panel.floor', false), '');
  });

  it('names the machine, the date and the commit, or says the commit was not recorded', () => {
    assert.equal(describeMachine({ ...machine, commit: 'ab87ea8' }), 'AMD EPYC, 2 cores, Node 20.20.2, 2026-11-25 13:39 UTC, commit ab87ea8');
    assert.equal(describeMachine(machine), 'AMD EPYC, 2 cores, Node 20.20.2, 2026-11-25 13:39 UTC, commit not recorded');
  });
});
