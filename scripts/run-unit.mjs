// Runs the unit suite in plain Node: mocha over out/test/unit/**/*.test.js (built from
// test/unit/**/*.test.ts by `node esbuild.mjs --tests`), spec reporter, then the plain
// `unit: N passed, N failed` line CI reads. Exits non-zero on a failure or when no test ran.
//   node scripts/run-unit.mjs [--grep <regexp>] [<file substring>...]
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(repo, 'out/test/unit');
const { values, positionals } = parseArgs({ options: { grep: { type: 'string' } }, allowPositionals: true });

// The bundles carry inline source maps: stack traces then name the .ts files.
process.setSourceMapsEnabled(true);

const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : /\.test\.js$/.test(n) ? [p] : [];
  });
const files = (existsSync(root) ? walk(root) : []).filter((f) => positionals.length === 0 || positionals.some((s) => relative(root, f).includes(s))).sort();
if (files.length === 0) {
  console.error(`unit: no test files under ${relative(repo, root)} (build them with: node esbuild.mjs --tests)`);
  console.log('unit: 0 passed, 0 failed');
  process.exit(1);
}

const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: 10_000, slow: 500 });
if (values.grep) mocha.grep(values.grep);
for (const f of files) mocha.addFile(f);
await mocha.loadFilesAsync();

const stats = await new Promise((res) => {
  const runner = mocha.run(() => res(runner.stats));
});
console.log(`unit: ${stats.passes} passed, ${stats.failures} failed`);

// Like mocha --exit: a server or timer a test forgot to close must not hang CI; name it instead.
const leftovers = process.getActiveResourcesInfo().filter((r) => !/^(TTYWrap|PipeWrap|FSReqCallback)$/.test(r));
if (leftovers.length > 0) console.log(`unit: warning: still open after the suite: ${[...new Set(leftovers)].join(', ')}`);
process.exit(stats.failures > 0 || stats.passes === 0 ? 1 : 0);
