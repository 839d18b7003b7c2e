// A Stryker reporter for `npm run mutation`: each mutant's result, one JSON line as it is known, in
// reports/mutation/mutants.jsonl. A full run takes longer than an hour on 2 cores and Stryker writes
// its reports only at the end; a run stopped early still leaves what it tested (status, mutator,
// where, how many tests ran, and the seconds since the first mutant was tested).
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

const FILE = 'reports/mutation/mutants.jsonl';

class MutantLog {
  started = 0;

  onMutationTestingPlanReady() {
    mkdirSync(dirname(FILE), { recursive: true });
    writeFileSync(FILE, '');
    this.started = performance.now();
  }

  onMutantTested(result) {
    const row = {
      s: Math.round((performance.now() - this.started) / 100) / 10,
      file: relative(process.cwd(), result.fileName).split('\\').join('/'),
      line: result.location.start.line,
      column: result.location.start.column,
      mutator: result.mutatorName,
      replacement: result.replacement,
      status: result.status,
      tests: result.testsCompleted,
    };
    appendFileSync(FILE, `${JSON.stringify(row)}\n`);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'mutant-log', MutantLog)];
