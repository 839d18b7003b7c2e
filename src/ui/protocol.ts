// The message protocol between a panel (extension host) and its webview script. Shared by both
// sides: no 'vscode', no DOM. Every value crossing is JSON: bigints travel as decimal strings.
import type { L10n } from '../core/l10n';
import type { ErrorCommand, ErrorView } from './model/view';

/** Host → webview. */
export type HostMessage<S> =
  /** The whole state to render (the webview keeps it with setState for reloads). */
  | { type: 'state'; state: S }
  /** A fetch is under way: the webview shows a busy line and keeps what it has. */
  | { type: 'loading'; message: string }
  /** The whole text of an excerpt, asked for with `fullText`. */
  | { type: 'fullText'; key: string; text: string };

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

/** The words of the shared controls (dom.ts), localised by the host. */
export interface CommonLabels {
  copy: string;
  open: string;
  notWebLink: string;
  onlyWebLinks: string;
  showMore: string;
  showAll: string;
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

/** Buttons an error of a panel that shows a state at a block can offer beyond the shared ErrorView actions. */
export type StateErrorExtra = 'pickBlock' | 'openLatest';

export type StateErrorState = ErrorView & { extras: StateErrorExtra[] };

/** Actions of every panel that shows a state at a block (chain info, account). */
export type StateAction = { kind: 'pickBlock' } | { kind: 'openLatest' } | { kind: 'compare' } | { kind: 'clearCompare' };

/** The words of a state panel's toolbar, error and comparison. */
export interface StateLabels extends CommonLabels {
  actions: string;
  refresh: string;
  refreshTitle: string;
  pickBlock: string;
  pickBlockTitle: string;
  latest: string;
  latestTitle: string;
  compare: string;
  compareTitle: string;
  loading: string;
  lastAnswer: string;
  comparison: string;
  compareAnother: string;
  closeComparison: string;
  readingOther: string;
}

/** A state panel's words: what its buttons say of what it shows (the titles), the rest shared. */
export function stateLabels(l10n: L10n, own: Pick<StateLabels, 'actions' | 'refreshTitle' | 'pickBlockTitle' | 'latestTitle' | 'compareTitle'>): StateLabels {
  return {
    ...commonLabels(l10n),
    ...own,
    refresh: l10n.t('Refresh'),
    pickBlock: l10n.t('State at block…'),
    latest: l10n.t('Latest state'),
    compare: l10n.t('Compare with block…'),
    loading: l10n.t('Loading…'),
    lastAnswer: l10n.t('Showing the last answer read before the error.'),
    comparison: l10n.t('Comparison'),
    compareAnother: l10n.t('Compare with another block…'),
    closeComparison: l10n.t('Close comparison'),
    readingOther: l10n.t('Reading the other state…'),
  };
}
