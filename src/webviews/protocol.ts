// The message protocol between a panel (extension host) and its webview script. Shared by both
// sides: no 'vscode', no DOM. Every value crossing is JSON: bigints travel as decimal strings.

/** Host → webview. */
export type HostMessage<S> =
  /** The whole state to render (the webview keeps it with setState for reloads). */
  | { type: 'state'; state: S }
  /** A fetch is under way: the webview shows a busy line and keeps what it has. */
  | { type: 'loading'; message: string };

/** Actions every panel understands; panels add their own with `kind`. */
export type CommonAction =
  | { kind: 'refresh' }
  | { kind: 'copy'; text: string; what: string }
  /** Opened only after the host checks the scheme (http, https). */
  | { kind: 'openExternal'; url: string }
  | { kind: 'retry' };

/** Webview → host. */
export type WebviewMessage<A = never> =
  | { type: 'ready' }
  | { type: 'action'; action: CommonAction | A }
  /**
   * After each render: the visible text and the hrefs/targets shown, so tests in the real
   * host can check what a user sees (the webview's DOM is out of their reach otherwise).
   */
  | { type: 'rendered'; text: string; html: string };

/** The error view shared by panels: what happened and what to do. */
export interface ErrorView {
  kind: string;
  title: string;
  message: string;
  hint: string;
  /** Extension commands the panel offers as buttons (an allowlist checked by the host). */
  actions: Array<{ label: string; command: 'setToken' | 'signIn' | 'retry' | 'openSettings' }>;
}

export function isWebviewMessage(m: unknown): m is WebviewMessage<unknown> {
  return typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string';
}
