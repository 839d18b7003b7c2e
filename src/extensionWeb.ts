// The browser entry ("browser" in package.json): the same extension in the web worker extension
// host of vscode.dev, github.dev or code-server, built by esbuild.mjs as one CommonJS file (that
// host loads no ES modules). Requests then follow a browser's rules (api/browserHost.ts).
import type * as vscode from 'vscode';
import { setBrowserHost } from './api/browserHost';
import { activate as activateExtension, type ExtensionEntry } from './extension';

export { deactivate } from './extension';

export function activate(context: vscode.ExtensionContext): ExtensionEntry {
  setBrowserHost(true);
  return activateExtension(context);
}
