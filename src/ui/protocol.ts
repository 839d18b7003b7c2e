// The message protocol between a panel (extension host) and its webview script. Shared by both
// sides: no 'vscode', no DOM. Every value crossing is JSON: bigints travel as decimal strings.
import type { L10n } from '../core/l10n';

/** Host → webview. */
export type HostMessage<S> =
  /** The whole state to render (the webview keeps it with setState for reloads). */
  | { type: 'state'; state: S }
  /** A fetch is under way: the webview shows a busy line and keeps what it has. */
  | { type: 'loading'; message: string }
  /** The whole text of an excerpt, asked for with `fullText`. */
  | { type: 'fullText'; key: string; text: string };

/**
 * A long text as the webview gets it: its start, its whole length, and the key to ask the host
 * for the rest. Megabytes stay on the host until a user asks for them.
 */
export interface Excerpt {
  text: string;
  length: number;
  key: string;
}

/** What an error view's buttons ask for: an allowlist the host maps to its own commands. */
export type ErrorCommand = 'setToken' | 'signIn' | 'retry' | 'openSettings' | 'watch';

/** Actions every panel understands; panels add their own with `kind`. */
export type CommonAction =
  | { kind: 'refresh' }
  | { kind: 'copy'; text: string; what: string }
  /** Opened only after the host checks the scheme (http, https). */
  | { kind: 'openExternal'; url: string }
  /** Sends the whole text of an excerpt back (`fullText`), or copies it. */
  | { kind: 'fullText'; key: string }
  | { kind: 'copyExcerpt'; key: string; what: string }
  /** A button of the error view: the one shape for every panel. */
  | { kind: 'errorAction'; command: ErrorCommand };

/** Webview → host. */
export type WebviewMessage<A = never> =
  | { type: 'ready' }
  | { type: 'action'; action: CommonAction | A }
  /**
   * After each render. Only when the host asked for it (tests, never in production) it carries
   * the text (collapsed sections included) and the HTML shown: a test in the real host cannot
   * reach the webview's DOM otherwise.
   */
  | { type: 'rendered'; text?: string; html?: string };

/** The error view shared by panels: what happened and what to do. */
export interface ErrorView {
  kind: string;
  title: string;
  message: string;
  hint: string;
  /** Our commands the panel offers as buttons. */
  actions: Array<{ label: string; command: ErrorCommand }>;
  /** What was being done, e.g. "Reading the chain info of IOTA (block 5) from http://…". */
  context?: string;
  /** More lines under the message (e.g. what each chain answered). */
  details?: string[];
}

/** One labelled value of a panel; both panels' rows have this shape. */
export interface Row {
  /** A stable key (tests, styling, and the diff's field names where they match). */
  field: string;
  label: string;
  /** Display text; remote text has invisible characters revealed. */
  value: string;
  /** A muted explanation after the value. */
  detail?: string;
  /** Monospace (IDs, URLs, numbers to copy). */
  mono?: boolean;
  /** Offer a Copy button for this exact text (the raw value, not the revealed one). */
  copy?: { text: string; what: string };
  /** The value is a URL: `web` ones get an Open button (the host checks the scheme again). */
  link?: { url: string; web: boolean };
  /** The value is a placeholder ("not set"). */
  empty?: boolean;
}

/** The words of the shared controls (dom.ts), localised by the host. */
export interface CommonLabels {
  copy: string;
  open: string;
  notWebLink: string;
  onlyWebLinks: string;
  showMore: string;
  showAll: string;
}

/** The start of `text` (at most `limit` characters) under `key`. */
export function excerpt(key: string, text: string, limit: number): Excerpt {
  return { text: text.length > limit ? text.slice(0, limit) : text, length: text.length, key };
}

export function isWebviewMessage(m: unknown): m is WebviewMessage<unknown> {
  return typeof m === 'object' && m !== null && typeof (m as { type?: unknown }).type === 'string';
}

export function commonLabels(l10n: L10n): CommonLabels {
  return {
    copy: l10n.t('Copy'),
    open: l10n.t('Open'),
    notWebLink: l10n.t('(not a web link)'),
    onlyWebLinks: l10n.t('Only http and https links are opened'),
    showMore: l10n.t('Show {0} more'),
    showAll: l10n.t('Show all ({0} characters)'),
  };
}
