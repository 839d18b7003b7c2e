// Loaded by the extension host through extensionTestsPath, under test-electron's contract:
// export `run(): Promise<void>`, reject on failure. esbuild.mjs --tests builds it twice:
// out/test/integration/index.js (trusted workspace) and untrusted.js (test/integration/untrusted/**),
// each bundling its own suite's test files behind `virtual:test-files`.
import * as util from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { ExtensionEntry } from '../../src/extension';

export async function run(): Promise<void> {
  // The host forwards console lines already joined; mocha's reporters print printf-style strings.
  Mocha.reporters.Base.consoleLog = (...args: unknown[]) => console.log(util.format(...args));
  const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, color: false, reporter: 'spec' });
  // WASP_TEST_GREP (passed through by scripts/run-integration.mjs) runs a subset while developing.
  if (process.env.WASP_TEST_GREP) mocha.grep(new RegExp(process.env.WASP_TEST_GREP));

  // Bundled test files call describe/it as they load: put the bdd globals in place first.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  const { suiteName, testFiles } = await import('virtual:test-files');
  // Each test starts with no ID known from a node: an ID one test found would otherwise be looked
  // up by another's hover wherever it is written (the secret rules' third rule).
  mocha.suite.beforeEach(async () => {
    const ext = vscode.extensions.getExtension<ExtensionEntry>(EXTENSION_ID);
    const entry = ext?.isActive ? ext.exports : undefined;
    if (entry?.featuresLoaded) await (await entry.ready()).services.known.forget();
  });

  // Proves in the log that the suite runs inside a real extension host, and which one.
  console.log(
    `${suiteName}: inside VS Code ${vscode.version} extension host (${vscode.env.appName}, ` +
      `uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'}, ` +
      `Node ${process.versions.node}, WASP_TEST_HOST=${process.env.WASP_TEST_HOST ?? 'unset'}), ` +
      `workspace trusted: ${vscode.workspace.isTrusted}, ` +
      `${testFiles.length} test file(s)`,
  );

  const stats = await new Promise<Mocha.Stats | undefined>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats));
  });
  const passed = stats?.passes ?? 0;
  const failed = stats?.failures ?? 0;
  // The plain line CI reads; scripts/run-integration.mjs and scripts/test.mjs check it too.
  console.log(`${suiteName}: ${passed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${suiteName}: ${failed} test(s) failed`);
  if (passed === 0 && !process.env.WASP_TEST_GREP) throw new Error(`${suiteName}: no test ran`);
}
