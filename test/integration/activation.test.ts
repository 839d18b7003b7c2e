import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers';

interface Manifest {
  publisher: string;
  name: string;
  contributes?: { commands?: { command: string }[] };
}

describe('activation', () => {
  function ourExtension(): vscode.Extension<unknown> {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is loaded in the extension host`);
    return ext;
  }

  it('is present and activates', async () => {
    const ext = ourExtension();
    const manifest = ext.packageJSON as Manifest;
    assert.equal(`${manifest.publisher}.${manifest.name}`, EXTENSION_ID);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers every command contributed in package.json', async () => {
    const ext = ourExtension();
    await ext.activate();
    const contributed = (ext.packageJSON as Manifest).contributes?.commands?.map((c) => c.command) ?? [];
    assert.ok(contributed.length > 0, 'package.json contributes commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });
});
