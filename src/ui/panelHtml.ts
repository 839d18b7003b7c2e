// The HTML shell of every panel: a strict CSP with a fresh nonce, nothing inline but what carries
// that nonce, resources from the extension only. `echo` asks the webview to report what it
// rendered (tests); production panels never send their content back.
// The first paint waits for nothing: the panel's script and the stylesheet are in the HTML under
// the nonce (fetched through the webview's resource loader, each cost a round trip through the
// workbench), and the state to show first travels in it too instead of after a ready handshake.
import * as vscode from 'vscode';
import { code as style } from 'webview-code:webview.css';
import { bytesToHex } from '../core/hex';
import { INITIAL_STATE_ID, stateScriptText } from './model/initialState';

export interface ShellOptions {
  /** The panel's webview script, as text (`webview-code:<name>Main`). */
  code: string;
  title: string;
  echo: boolean;
  /** The state the webview shows first (JSON). */
  state?: unknown;
}

export function renderShell(webview: vscode.Webview, options: ShellOptions): string {
  // Web Crypto, not node:crypto: the browser's web worker host has no Node modules.
  const nonce = bytesToHex(crypto.getRandomValues(new Uint8Array(18))).slice(2);
  const csp = [
    "default-src 'none'",
    // The nonce admits our one <style> element; style attributes stay refused.
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  // A data block: never run, so the CSP has nothing to say about it; its text is escaped JSON.
  const state = options.state === undefined ? '' : `<script type="application/json" id="${INITIAL_STATE_ID}">${stateScriptText(options.state)}</script>\n`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">${style}</style>
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" aria-live="polite"${options.echo ? ' data-echo="1"' : ''}><p class="busy">${escapeHtml(vscode.l10n.t('Loading…'))}</p></main>
${state}<script nonce="${nonce}">${options.code}</script>
</body>
</html>`;
}

/** The language and title are ours, but HTML never takes raw text. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
