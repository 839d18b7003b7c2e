// The options of every panel's webview (activation creates panels' registries with them; the
// HTML itself is in panelHtml.ts, loaded with the first panel).
import * as vscode from 'vscode';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    // The script and stylesheet come in the HTML: only media (images) is read by URI.
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')],
    enableFindWidget: true,
  };
}
