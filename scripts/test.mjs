// `npm test`: type check, lint, format check, dependency rules, build with tests, unit suite, integration suite, and a check that
// `npm start` still works, and that the packaged .vsix works when installed, in that order,
// stopping at the first failure. Each suite prints a plain `<suite>: N passed, N failed` line (CI
// reads it); this script checks those lines too and fails a suite that ran no test.
// Timings per stage are printed as each ends and again at the end.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const RESULT = /^(?:([\w-]+): )?(\d+) passed, (\d+) failed$/;

const stages = [
  { name: 'typecheck', cmd: [npm, 'run', '-s', 'typecheck'] },
  { name: 'lint', cmd: [npm, 'run', '-s', 'lint'] },
  // Layout: files as Prettier (.prettierrc.json) writes them; `npm run format` fixes this stage.
  { name: 'format', cmd: [npm, 'run', '-s', 'format:check'] },
  // Layering (.dependency-cruiser.cjs): no import cycle, type imports included; no vscode in a pure part.
  { name: 'deps', cmd: [npm, 'run', '-s', 'deps'] },
  // Translators work from l10n/bundle.l10n.json: a string added without `npm run l10n` fails here.
  { name: 'l10n', cmd: [process.execPath, 'scripts/l10n.mjs', '--check'] },
  // The GitHub workflows as GitHub reads them (its own parser and schema, offline), actions pinned by SHA.
  { name: 'workflows', cmd: [process.execPath, 'scripts/check-workflows.mjs'] },
  // Mocha loads the unit test files without running product code: what a file runs while it loads
  // is static to Stryker, and `npm run mutation` restarts a test runner for each mutant in it.
  { name: 'unit-load', cmd: [process.execPath, 'scripts/check-unit-load.mjs'] },
  { name: 'build', cmd: [process.execPath, 'esbuild.mjs', '--tests'] },
  { name: 'unit', cmd: [process.execPath, 'scripts/run-unit.mjs'], suites: ['unit'] },
  {
    name: 'integration',
    cmd: [process.execPath, 'scripts/run-integration.mjs'],
    suites: ['integration', 'integration-untrusted', 'integration-startup', 'integration-multiroot', 'integration-web'],
  },
  // The README's other command: `npm start` must still bring up the extension against the demo
  // node (checked headless in the offline host: the Chains view lists the demo chains).
  { name: 'start', cmd: [process.execPath, 'scripts/start.mjs', '--check'] },
  // The packaged .vsix, installed into a fresh host without the development path, must work
  // exactly as in development (tree, hover, both panels, walkthrough).
  { name: 'package', cmd: [npm, 'run', '-s', 'package:check'] },
];

const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = [];
const t0 = Date.now();
let failure;
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.cmd.slice(stage.cmd[0] === npm ? 0 : 1).join(' ')}`);
  const started = Date.now();
  const { code, results } = await run(stage.cmd, !!stage.suites);
  const ms = Date.now() - started;
  timings.push(`${stage.name} ${secs(ms)}`);
  let problem = code === 0 ? undefined : `exit code ${code}`;
  for (const suite of stage.suites ?? []) {
    const r = results.get(suite);
    if (!r) problem ??= `no "${suite}: N passed, N failed" line`;
    else if (r.passed + r.failed === 0) problem ??= `${suite} ran no test`;
    else if (r.failed > 0) problem ??= `${suite}: ${r.failed} failed`;
  }
  console.log(`== ${stage.name}: ${problem ? `FAILED (${problem})` : 'ok'} in ${secs(ms)}`);
  if (problem) {
    failure = `${stage.name} failed (${problem})`;
    break;
  }
}
console.log(`\ntimings: ${timings.join(', ')}; total ${secs(Date.now() - t0)}`);
console.log(failure ? `npm test: ${failure}` : 'npm test: all stages passed');
process.exit(failure ? 1 : 0);

/** Runs a command in the repo; with `scan`, tees its stdout and collects the plain result lines. */
function run([cmd, ...args], scan) {
  return new Promise((res) => {
    const child = spawn(cmd, args, { cwd: repo, stdio: ['ignore', scan ? 'pipe' : 'inherit', 'inherit'] });
    const results = new Map();
    if (scan) {
      let buf = '';
      const take = (line) => {
        const m = RESULT.exec(line.trim());
        if (m) results.set(m[1] ?? '', { passed: Number(m[2]), failed: Number(m[3]) });
      };
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk);
        buf += chunk;
        const lines = buf.split('\n');
        buf = lines.pop() ?? '';
        lines.forEach(take);
      });
      child.stdout.on('end', () => take(buf));
    }
    child.once('error', (err) => {
      console.error(err.message);
      res({ code: 127, results });
    });
    child.once('close', (code, signal) => res({ code: code ?? (signal ? 128 : 1), results }));
  });
}
