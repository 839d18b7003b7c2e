// What changes when the extension runs in a browser (vscode.dev, github.dev: the web worker
// extension host) instead of Node. The browser entry (src/extensionWeb.ts) says so once, before
// anything is sent. Three answers change there:
// - The worker's security policy lets plain http and ws reach only localhost and 127.0.0.1
//   (connect-src https: wss: http://localhost:* http://127.0.0.1:*); any other plain-http node is
//   refused here before a request, with the reason, instead of a bare failure.
// - A request the browser blocks (CORS, mixed content, the page's policy) fails as a TypeError
//   with one fixed sentence and no cause: "Failed to fetch" (Chromium), "NetworkError when
//   attempting to fetch resource." (Firefox), "Load failed" (Safari). A node that is down fails
//   the same way: the browser does not say which.
// - `redirect: 'manual'` gives an opaque redirect: status 0, no Location (answers.ts).
// Pure: no 'vscode'.

let browser = false;

/** Called once by the browser entry: requests from now on follow a browser's rules. */
export function setBrowserHost(on: boolean): void {
  browser = on;
}

export function inBrowserHost(): boolean {
  return browser;
}

/** The hosts a plain http or ws URL may reach from the web worker host (its connect-src). */
const PLAIN_ALLOWED = new Set(['localhost', '127.0.0.1']);

/** Why `url` cannot be asked from a browser, or undefined when it can (or this is not a browser). */
export function browserRefusal(url: string): string | undefined {
  if (!browser) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if ((parsed.protocol === 'http:' || parsed.protocol === 'ws:') && !PLAIN_ALLOWED.has(parsed.hostname)) {
    return `A browser reaches a plain-${parsed.protocol.slice(0, -1)} node only on this machine (localhost or 127.0.0.1), not ${parsed.host}`;
  }
  return undefined;
}

const BLOCKED_MESSAGES = /^(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed)$/;

/** Whether `e` is the browser's opaque failure of a fetch: blocked by CORS or policy, or no connection. */
export function isBrowserBlock(e: unknown): boolean {
  return browser && e instanceof TypeError && BLOCKED_MESSAGES.test(e.message) && e.cause === undefined;
}
