// The HTML shell of every panel: a strict CSP with a fresh nonce, nothing inline but what carries
// that nonce, resources from the extension only. `echo` asks the webview to report what it
// rendered (tests); production panels never send their content back.
// The first paint waits for nothing: the panel's script and stylesheet are inlined under the
// nonce (each fetched through the webview's resource loader cost a round trip to the host), and
// the state to show first travels in the HTML instead of after a ready handshake.
import * as vscode from 'vscode';
import { bytesToHex } from '../core/hex';
import { INITIAL_STATE_ID, fitsInline, stateScriptText } from './model/initialState';

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')],
    enableFindWidget: true,
  };
}

/** A panel's script and stylesheet as text, to be inlined. */
export interface InlineCode {
  script: string;
  style: string;
}

export interface ShellOptions {
  script: string;
  title: string;
  echo: boolean;
  /** The state the webview shows first (JSON). */
  state?: unknown;
  /** The script and stylesheet inlined; without it the webview loads them by URI. */
  inline?: InlineCode;
}

const inlineReads = new Map<string, Promise<InlineCode | undefined>>();

/**
 * The panel's script and the shared stylesheet, read once per window. Undefined where they cannot
 * be read (a web host whose extension files are served over https) or cannot be inlined as they
 * are: the shell then links them.
 */
export function inlineCode(extensionUri: vscode.Uri, script: string): Promise<InlineCode | undefined> {
  const scriptUri = vscode.Uri.joinPath(extensionUri, 'dist', 'webview', script);
  const key = scriptUri.toString();
  let read = inlineReads.get(key);
  if (!read) {
    read = readInline(scriptUri, vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
    inlineReads.set(key, read);
  }
  return read;
}

async function readInline(scriptUri: vscode.Uri, styleUri: vscode.Uri): Promise<InlineCode | undefined> {
  try {
    const [script, style] = await Promise.all([scriptUri, styleUri].map(async (u) => new TextDecoder().decode(await vscode.workspace.fs.readFile(u))));
    if (script === undefined || style === undefined || !fitsInline(script, 'script') || !fitsInline(style, 'style')) return undefined;
    return { script, style };
  } catch {
    return undefined;
  }
}

export function renderShell(webview: vscode.Webview, extensionUri: vscode.Uri, options: ShellOptions): string {
  // Web Crypto, not node:crypto: the browser's web worker host has no Node modules.
  const nonce = bytesToHex(crypto.getRandomValues(new Uint8Array(18))).slice(2);
  const { inline } = options;
  const csp = [
    "default-src 'none'",
    // The nonce admits our one <style> element; style attributes stay refused.
    `style-src ${webview.cspSource}${inline ? ` 'nonce-${nonce}'` : ''}`,
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const style = inline
    ? `<style nonce="${nonce}">${inline.style}</style>`
    : `<link rel="stylesheet" href="${escapeHtml(webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css')).toString())}">`;
  const script = inline
    ? `<script nonce="${nonce}">${inline.script}</script>`
    : `<script nonce="${nonce}" src="${escapeHtml(webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', options.script)).toString())}"></script>`;
  // A data block: never run, so the CSP has nothing to say about it; its text is escaped JSON.
  const state = options.state === undefined ? '' : `<script type="application/json" id="${INITIAL_STATE_ID}">${stateScriptText(options.state)}</script>\n`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(vscode.env.language)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${style}
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" aria-live="polite"${options.echo ? ' data-echo="1"' : ''}><p class="busy">${escapeHtml(vscode.l10n.t('Loading…'))}</p></main>
${state}${script}
</body>
</html>`;
}

/** Resource URIs are ours, but an attribute never takes raw text. */
function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}
