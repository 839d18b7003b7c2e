// Checks that loading the unit test files runs no product code. Mocha loads every file (its top
// level and its describe bodies) before the first test; product code a test file runs then is
// "static" to Stryker, and `npm run mutation` restarts a test runner process (and its anvil) for
// every mutant in that code (844 mutants, each a restart, when this check came).
// A fixture a test file builds from product code belongs in the test or in a `beforeEach` hook:
// Stryker learns which test covers what in a root `beforeEach`, so code in a `before` hook is
// counted for whichever test ran last, and a mutant in it runs that test instead of the suite's.
//
// `node scripts/check-unit-load.mjs` loads the unit files in mocha's order without running a test,
// with each product module a test file imports wrapped so that a call or `new` is recorded with
// the test file's line; it prints those and exits 1 if there are any. Product modules that build
// their own tables at load are not this check's business: they load the same in every process.
import Module from 'node:module';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative, sep } from 'node:path';
import Mocha from 'mocha';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'test') + sep;
const srcDir = join(root, 'src') + sep;

const { default: config } = await import('../stryker.config.mjs');
await import('./stryker-register.mjs');

const calls = new Map();

function testLine() {
  const stack = new Error().stack?.split('\n') ?? [];
  const frames = stack.filter((line) => line.includes(testDir)).map((line) => /\(?([^()\s]+:\d+):\d+\)?$/.exec(line.trim())?.[1]);
  const outer = frames.filter(Boolean).at(-1);
  return outer ? relative(root, outer).split(sep).join('/') : 'a test file';
}

function record(name) {
  const where = testLine();
  const key = `${where} runs ${name}`;
  calls.set(key, (calls.get(key) ?? 0) + 1);
}

const wrapped = new WeakMap();

function wrap(value, name) {
  if (typeof value !== 'function') return value;
  const known = wrapped.get(value);
  if (known) return known;
  const proxy = new Proxy(value, {
    apply(target, self, args) {
      record(name);
      return Reflect.apply(target, self, args);
    },
    construct(target, args, newTarget) {
      record(`new ${name}`);
      return Reflect.construct(target, args, newTarget === proxy ? target : newTarget);
    },
  });
  wrapped.set(value, proxy);
  return proxy;
}

const originalRequire = Module.prototype.require;
Module.prototype.require = function (request) {
  const exports = originalRequire.call(this, request);
  const from = this.filename ?? '';
  if (!from.startsWith(testDir) || exports === null || typeof exports !== 'object') return exports;
  const path = Module._resolveFilename(request, this);
  if (!path.startsWith(srcDir)) return exports;
  const module = relative(root, path).split(sep).join('/');
  return new Proxy(exports, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      return typeof key === 'string' ? wrap(value, `${module} ${key}`) : value;
    },
  });
};

const mocha = new Mocha({ reporter: function Silent() {} });
for (const file of config.mochaOptions.spec) mocha.addFile(join(root, file));
await mocha.loadFilesAsync();
Module.prototype.require = originalRequire;

if (calls.size === 0) {
  console.log(`unit load: ${config.mochaOptions.spec.length} test files load without running product code`);
} else {
  console.error('unit load: test files run product code while mocha loads them (move it into the test or a `beforeEach` hook):');
  for (const [key, n] of [...calls].sort()) console.error(`  ${key}${n > 1 ? ` (${n} times)` : ''}`);
  process.exitCode = 1;
}
