// Activation in a window that never touched a chain (an empty folder, no chain in any settings):
// what loads is read from the bundle's own load record (each output file adds itself as it
// evaluates), compared with the files the main file imports statically. Then the stand-ins: each
// kind loads the features on first use and hands its call over.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionEntry } from '../../../src/extension';
import { registerStandIns, type StandInTargets } from '../../../src/startup/standIns';
import { EXTENSION_ID, closeEditorsDiscardingText, hoversAt, withErrorMessageSpy } from '../helpers';

const H68 = `0x${'5c'.repeat(34)}`;
const ADDRESS = `0x${'a1'.repeat(20)}`;

/** The main file and every chunk it imports statically, transitively: what activation may load. */
function startupFiles(dist: string): Set<string> {
  const seen = new Set<string>();
  const queue = ['extension.mjs'];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(dist, file === 'extension.mjs' ? file : join('chunks', file)), 'utf8');
    for (const m of text.matchAll(/\bimport\s*(?:[^"';]*?\bfrom\s*)?"\.\/(?:chunks\/)?([\w.-]+\.mjs)"/g)) queue.push(m[1] as string);
  }
  return seen;
}

describe('activation in a window without chains', () => {
  let entry: ExtensionEntry;
  let dist: string;

  before(async () => {
    const ext = vscode.extensions.getExtension<ExtensionEntry>(EXTENSION_ID);
    assert.ok(ext);
    entry = await ext.activate();
    dist = join(ext.extensionPath, 'dist');
  });

  it('loads the main file and its static imports only: no feature, no service', () => {
    const loaded = entry.loadedFiles();
    assert.ok(loaded.includes('extension.mjs'), `the load record holds the main file: ${loaded.join(', ')}`);
    const allowed = startupFiles(dist);
    assert.deepEqual(
      loaded.filter((f) => !allowed.has(f)),
      [],
    );
    assert.equal(entry.featuresLoaded, false);
  });

  it('VS Code loads the main file with one synchronous require, which brings in the ES module build', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    const main = join(ext.extensionPath, (ext.packageJSON as { main: string }).main);
    assert.match(main, /\.cjs$/);
    const cached = require.cache[main];
    assert.ok(cached, `require's cache holds ${main}: VS Code required it rather than importing it`);
    assert.equal(typeof (cached.exports as { activate?: unknown }).activate, 'function');
    assert.ok(entry.loadedFiles().includes('extension.mjs'));
  });

  it('registers a stand-in for every contributed command', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string }[] } };
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      manifest.contributes.commands.map((c) => c.command).filter((id) => !registered.has(id)),
      [],
    );
    assert.equal(entry.featuresLoaded, false);
  });

  it('a hover over words, short hex, or hex of no ID shape loads nothing', async () => {
    const before = entry.loadedFiles().length;
    const text = `plain words 0x1234 and 0x${'ab'.repeat(19)}a and ${ADDRESS}ff and x${H68}`;
    for (const needle of ['words', '0x1234', '0xabab', `${ADDRESS}ff`, `x${H68}`]) await hoversAt(text, needle);
    assert.equal(entry.featuresLoaded, false);
    assert.equal(entry.loadedFiles().length, before);
  });

  it('F5 on a wasp-evm configuration before the features loaded: they load and check it (a malformed hash is refused)', async function () {
    this.timeout(90_000);
    // debug.saveBeforeStart would ask where to save the hovers' untitled documents.
    await closeEditorsDiscardingText();
    const spied = await withErrorMessageSpy(async () =>
      vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'bad', transaction: '0x1234' }),
    );
    assert.ok(spied);
    assert.equal(spied.result, false, 'no session starts');
    assert.equal(entry.featuresLoaded, true);
    assert.ok(
      spied.messages.some((m) => /64 hex digits/.test(m)),
      spied.messages.join(' | '),
    );
    assert.ok(
      entry.loadedFiles().some((f) => !startupFiles(dist).has(f)),
      'the features came from chunks activation did not load',
    );
  });

  it('after the features loaded, a hover over a request ID is the features’ own (no chain configured)', async () => {
    const texts = (await hoversAt(`id: ${H68}`, H68)).map((h) => h.plain);
    assert.ok(
      texts.some((t) => /No chain is configured/.test(t)),
      texts.join(' | '),
    );
  });
});

describe('the stand-ins (registered with test IDs, beside the extension’s)', () => {
  it('a command run first loads, then runs the real command with its arguments and returns its result', async () => {
    const id = 'waspTest.standIn.command';
    const calls: unknown[][] = [];
    let loads = 0;
    let real: vscode.Disposable | undefined;
    // Like the extension's: loaded once, the stand-ins replaced by the real command in one turn.
    let loading: Promise<StandInTargets> | undefined;
    const standIns = registerStandIns(
      { commands: [id], views: [], webviewTypes: [] },
      () =>
        (loading ??= Promise.resolve().then(() => {
          loads++;
          standIns.dispose();
          real = vscode.commands.registerCommand(id, (...args: unknown[]) => {
            calls.push(args);
            return 'real answer';
          });
          return targets([]);
        })),
    );
    try {
      const [a, b] = await Promise.all([vscode.commands.executeCommand(id, 1, { two: 2 }), vscode.commands.executeCommand(id, 'again')]);
      assert.equal(a, 'real answer');
      assert.equal(b, 'real answer');
      assert.deepEqual(calls, [[1, { two: 2 }], ['again']]);
      assert.equal(loads, 1);
    } finally {
      standIns.dispose();
      real?.dispose();
    }
  });

  it('a hover over an address asks the loaded hovers; a hover elsewhere does not load', async () => {
    let loads = 0;
    const marker = 'stand-in forwarded';
    const standIns = registerStandIns({ commands: [], views: [], webviewTypes: [] }, async () => {
      loads++;
      return targets([{ provideHover: () => new vscode.Hover(marker) }]);
    });
    try {
      const none = await allHoverTexts(`nothing to see here, ${'word '.repeat(10)}`, 'see');
      assert.equal(loads, 0);
      assert.ok(!none.includes(marker));
      const shown = await allHoverTexts(`to: ${ADDRESS}`, ADDRESS);
      assert.equal(loads, 1);
      assert.ok(shown.includes(marker), shown);
    } finally {
      standIns.dispose();
    }
  });
});

/** Every hover's text at `needle`, whichever provider gave it. */
async function allHoverTexts(content: string, needle: string): Promise<string> {
  const doc = await vscode.workspace.openTextDocument({ content });
  const at = doc.positionAt(content.indexOf(needle) + 5);
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)) ?? [];
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

function targets(hovers: vscode.HoverProvider[]): StandInTargets {
  const none = { provideDebugConfigurations: () => [] };
  return {
    hovers,
    restorePanel: async () => undefined,
    debug: { configurations: none, dynamicConfigurations: none, adapters: { createDebugAdapterDescriptor: () => undefined } },
  };
}
