import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

// Runs in the second host launch (scripts/run-integration.mjs): Workspace Trust enabled and the
// workspace folder not trusted, i.e. Restricted Mode.
describe('untrusted workspace', () => {
  it('runs with the workspace not trusted', () => {
    assert.equal(vscode.workspace.isTrusted, false);
    assert.ok(vscode.workspace.workspaceFolders?.length, 'a workspace folder is open');
  });
});
