// dist/extension.cjs, the file package.json names as main (esbuild.mjs writes it from
// scripts/extensionBundle.mjs): VS Code requires it, and it must hand over the ES module build's
// activate and deactivate. Run in a child Node beside a small ES module that stands for
// dist/extension.mjs, once as Node 22 runs it (require of an ES module) and once with that turned
// off, where activate comes through import().
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../fixtures/paths';

const root = repoRoot(__dirname);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string };

interface ExtensionBundle {
  CJS_MAIN: string;
  cjsMainText(): string;
}
const bundle = (): Promise<ExtensionBundle> => import(pathToFileURL(join(root, 'scripts/extensionBundle.mjs')).href) as Promise<ExtensionBundle>;

const PROBE = `
const main = require('./extension.cjs');
const first = main.activate({ from: 'host' });
Promise.resolve(first).then((entry) => {
  console.log(JSON.stringify({ sync: !(first instanceof Promise), entry, deactivate: main.deactivate() ?? null }));
});
`;

async function run(flags: string[]): Promise<{ sync: boolean; entry: unknown; deactivate: unknown }> {
  const dir = mkdtempSync(join(tmpdir(), 'cjs-main-'));
  try {
    writeFileSync(join(dir, 'extension.cjs'), (await bundle()).cjsMainText());
    writeFileSync(
      join(dir, 'extension.mjs'),
      'export function activate(context) { return { context, kind: "esm" }; }\nexport function deactivate() { return "deactivated"; }\n',
    );
    writeFileSync(join(dir, 'probe.cjs'), PROBE);
    return JSON.parse(execFileSync(process.execPath, [...flags, join(dir, 'probe.cjs')], { cwd: dir, encoding: 'utf8' })) as never;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the CommonJS main file', () => {
  it('is what package.json names as main', async () => {
    assert.equal(manifest.main, `./${(await bundle()).CJS_MAIN}`);
  });

  it('requires the ES module build synchronously and hands over its activate and deactivate', async () => {
    assert.deepEqual(await run([]), { sync: true, entry: { context: { from: 'host' }, kind: 'esm' }, deactivate: 'deactivated' });
  });

  it('where Node cannot require an ES module, activate loads it through import()', async () => {
    assert.deepEqual(await run(['--no-experimental-require-module']), { sync: false, entry: { context: { from: 'host' }, kind: 'esm' }, deactivate: null });
  });
});
