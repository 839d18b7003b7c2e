// Mutation testing of the pure parts (issue 16): `npm run mutation` breaks src/api, src/core, src/evm
// and every model/ in small ways and counts the breaks the unit suite notices. Not part of `npm test`
// (it takes many minutes); the HTML report lands in reports/mutation/ (git-ignored).
// mocha runs the TypeScript tests from source through esbuild-register, so the mutated sources in
// Stryker's sandbox are what the tests load (the esbuild bundles under out/ would hide them).
// Stryker reads only a default export from its config file.
// A worker runs a suite once per mutant it tests: the real-peer fixture keeps its anvil for the
// worker's life and reverts its chain to the deploy's state at each start
// (test/fixtures/realPeers/keptPeers.ts), where a new anvil and forge's deploy took about 1.2 s per
// suite and per mutant. The workers inherit this process's environment.
process.env.WASP_KEEP_REAL_PEERS = '1';

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A mutant runs the tests that cover it in mocha's file order and stops at the first that fails.
// Test files that start anvil and forge or compile with solc take seconds a test, where the others
// take milliseconds; they run last, so a mutant that a fast test kills never waits for them. A
// survivor still runs every test that covers it.
const SLOW_FIXTURE = /from '[^']*(?:fixtures\/realPeers\/|\/replayPeers'|fixtures\/debugger\/solcBuild')/;

function unitTestFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return unitTestFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function fastFirst(files) {
  const slow = (file) => SLOW_FIXTURE.test(readFileSync(file, 'utf8'));
  const sorted = [...files].sort();
  return [...sorted.filter((f) => !slow(f)), ...sorted.filter(slow)];
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'mocha',
  mochaOptions: {
    spec: fastFirst(unitTestFiles('test/unit')),
    extension: ['ts'],
    require: ['./scripts/stryker-register.mjs'],
    // Stryker's mocha options take no timeout: the unit runner's 10 s comes from this file.
    config: 'stryker.mocharc.json',
  },
  // Run only the tests that cover a mutant; each mutant is timed against its own tests.
  coverageAnalysis: 'perTest',
  // Module-level mutants (tables, regexes, schemas built at load) would each run the whole suite
  // and take two thirds of a run; Stryker leaves them out of the score as ignored. What they
  // guard is pinned by tests of the tables themselves.
  ignoreStatic: true,
  // No type checker: a mutant that would not type-check runs like any other, judged by the tests as
  // plain JavaScript. The TypeScript checker re-checked the unit suite for each mutant and took one
  // core the whole run while the test runners waited (src/api/answers.ts alone: over 10 minutes with
  // it, 31 s without); the type checker of `npm test` still checks the code as written.
  // Stryker puts `// @ts-nocheck` atop the files it matches here: the mutated sources only, never the
  // secret-rule corpus under test/fixtures/secrets, whose line numbers are what its test checks.
  disableTypeChecks: 'src/**/*.ts',
  mutate: [
    'src/api/**/*.ts',
    'src/core/**/*.ts',
    'src/evm/**/*.ts',
    'src/**/model/**/*.ts',
    // The panel messages: their guards decide what a webview may ask of the host.
    'src/**/protocol.ts',
    // The pure parts hold no unreachable code by design; every file above is loaded by a unit test.
  ],
  // The machine's 2 cores are shared; `STRYKER_CONCURRENCY=2 npm run mutation` on a quiet machine.
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  plugins: ['@stryker-mutator/*', './scripts/stryker-mutant-log.mjs'],
  reporters: ['clear-text', 'html', 'json', 'progress', 'mutant-log'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 85, break: null },
  // `npm run mutation` runs every mutant and records the results here; `npm run mutation:changed`
  // retests only the mutants whose code or covering tests changed since that record.
  incrementalFile: 'reports/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  // The loopback-node tests run real timers: a mutant that stalls one is a timeout, not a hang.
  // A mutant's budget is twice its tests' own time plus this; the slowest unit test takes about
  // 1 s, and every timed-out mutant also costs a worker restart.
  timeoutMS: 2_500,
  timeoutFactor: 2,
  // The initial run (every test, with coverage) takes about 2 minutes on a quiet machine; Stryker
  // gives up after 5 by default, which a machine busy with anything else exceeds.
  dryRunTimeoutMinutes: 15,
};
