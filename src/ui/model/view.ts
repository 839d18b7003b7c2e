// What the panels show, as plain data: rows, the error view, excerpts of long texts. Models build
// these; the panel protocol carries them; nothing here knows of a host or a DOM.

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
export type ErrorCommand = 'setToken' | 'signIn' | 'retry' | 'openSettings' | 'watch' | 'diagnose';

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
  /** The value's tooltip: the exact form behind a formatted value (a time's UTC). */
  title?: string;
  /** Monospace (IDs, URLs, numbers to copy). */
  mono?: boolean;
  /** Offer a Copy button for this exact text (the raw value, not the revealed one). */
  copy?: { text: string; what: string };
  /** The value is a URL: `web` ones get an Open button (the host checks the scheme again). */
  link?: { url: string; web: boolean };
  /** The value is a placeholder ("not set"). */
  empty?: boolean;
}

/** The start of `text` (at most `limit` characters) under `key`. */
export function excerpt(key: string, text: string, limit: number): Excerpt {
  return { text: text.length > limit ? text.slice(0, limit) : text, length: text.length, key };
}
