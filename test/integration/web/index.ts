// Loaded by the browser's web worker extension host through extensionTestsPath (the contract of
// test-electron: export `run(): Promise<void>`, reject on failure). esbuild.mjs --tests builds it
// as out/test/integration/web.js: one CommonJS file for the browser (mocha's browser build, the
// suite's test files behind `virtual:test-files`, `node:assert/strict` from ./assert.ts).
// scripts/run-integration.mjs starts the nodes (test/fixtures/webNodesCli.ts) and writes what the
// suite needs into the workspace (web-run.json): a worker has no environment and no server.
import mochaBrowser from 'mocha/mocha.js';
import * as vscode from 'vscode';
import { readWebRun } from './webRun';

export async function run(): Promise<void> {
  const { grep } = await readWebRun();
  const mocha = mochaBrowser;
  // The host forwards console lines already joined; mocha's reporters print printf-style strings.
  (globalThis as unknown as { Mocha: typeof Mocha }).Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(printf(args));
  mocha.setup({ ui: 'bdd', timeout: 20_000, color: false, reporter: 'spec' });
  if (grep) mocha.grep(new RegExp(grep));
  const { suiteName, testFiles } = await import('virtual:test-files');

  // Proves in the log that the suite runs in the web worker host: no Node there.
  console.log(
    `${suiteName}: inside VS Code ${vscode.version} extension host (${vscode.env.appName}, uiKind ${vscode.UIKind[vscode.env.uiKind]}, ` +
      `remote ${vscode.env.remoteName ?? 'none'}, web worker: ${typeof (globalThis as { process?: unknown }).process === 'undefined' && typeof (globalThis as { importScripts?: unknown }).importScripts === 'function'}), ` +
      `${testFiles.length} test file(s)`,
  );

  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  const stats = (mocha as unknown as { suite: Mocha.Suite }).suite;
  const total = stats.total();
  const failed = failures;
  const passed = countPassed(stats);
  console.log(`${suiteName}: ${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${suiteName}: ${failed} test(s) failed`);
  if (passed === 0 && !grep) throw new Error(`${suiteName}: no test ran (of ${total})`);
}

function countPassed(suite: Mocha.Suite): number {
  return suite.tests.filter((t) => t.state === 'passed').length + suite.suites.reduce((n, s) => n + countPassed(s), 0);
}

/** util.format's %s, %d and %% (a worker has no node:util). */
function printf([first, ...rest]: unknown[]): string {
  if (first === undefined) return '';
  if (typeof first !== 'string') return [first, ...rest].map(String).join(' ');
  const text = first.replace(/%[sdj%]/g, (m) => (m === '%%' ? '%' : rest.length > 0 ? String(rest.shift()) : m));
  return [text, ...rest.map(String)].join(' ');
}
