// The HTML shell of every panel: a strict CSP with a fresh nonce, no inline script or style,
// the webview bundle and the shared stylesheet from the extension only. `echo` asks the webview
// to report what it rendered (tests); production panels never send their content back.
import * as vscode from 'vscode';
import { bytesToHex } from '../core/hex';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
    enableFindWidget: true,
  };
}

export function renderShell(webview: vscode.Webview, extensionUri: vscode.Uri, options: { script: string; title: string; echo: boolean }): string {
  // Web Crypto, not node:crypto: the browser's web worker host has no Node modules.
  const nonce = bytesToHex(crypto.getRandomValues(new Uint8Array(18))).slice(2);
  const scriptUri = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', options.script));
  const styleUri = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(styleUri.toString())}">
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" aria-live="polite"${options.echo ? ' data-echo="1"' : ''}><p class="busy">${escapeHtml(vscode.l10n.t('Loading…'))}</p></main>
<script nonce="${nonce}" src="${escapeHtml(scriptUri.toString())}"></script>
</body>
</html>`;
}

/** Resource URIs are ours, but an attribute never takes raw text. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
