// What the chain info panel and its webview exchange: the panel's state, its actions and its
// words. Pure: the host builds the labels with vscode.l10n, the webview only reads them.
import type { L10n } from '../core/l10n';
import { commonLabels, type CommonLabels } from '../ui/protocol';
import { type ErrorView } from '../ui/model/view';
import type { ChainInfoComparison, ChainInfoView } from './model/chainInfoView';

export interface ChainInfoIdentity {
  chainName: string;
  /** Undefined = latest; otherwise as asked (normalised when valid). */
  block?: string;
}

/** Buttons a chain-info error can offer beyond the shared ErrorView actions. */
export type ChainInfoErrorExtra = 'pickBlock' | 'openLatest';

export type ChainInfoErrorState = ErrorView & { extras: ChainInfoErrorExtra[] };

/** The whole state of a chain info panel, as the webview renders and persists it. */
export interface ChainInfoPanelState {
  /** What the panel shows; the only part the serializer keeps after a reload. */
  identity: ChainInfoIdentity;
  /** Words of the panel itself, in the editor's language. */
  labels: ChainInfoPanelLabels;
  heading: string;
  stateLabel: string;
  view?: ChainInfoView;
  error?: ChainInfoErrorState;
  compare?: { label: string; comparison?: ChainInfoComparison; error?: ChainInfoErrorState };
}

/** Actions only the chain info panel knows (the shared ones are in webviews/protocol.ts). */
export type ChainInfoAction =
  { kind: 'pickBlock' } | { kind: 'openLatest' } | { kind: 'compare' } | { kind: 'clearCompare' } | { kind: 'copyJson' } | { kind: 'openRawJson' };

/** The panel's own words (buttons, headings): the webview has no l10n of its own. */
export interface ChainInfoPanelLabels extends CommonLabels {
  actions: string;
  refresh: string;
  refreshTitle: string;
  pickBlock: string;
  pickBlockTitle: string;
  latest: string;
  latestTitle: string;
  compare: string;
  compareTitle: string;
  copyJson: string;
  copyJsonTitle: string;
  openRawJson: string;
  openRawJsonTitle: string;
  loading: string;
  lastAnswer: string;
  comparison: string;
  compareAnother: string;
  closeComparison: string;
  readingOther: string;
  field: string;
}

export function chainInfoPanelLabels(l10n: L10n): ChainInfoPanelLabels {
  return {
    ...commonLabels(l10n),
    actions: l10n.t('Chain info actions'),
    refresh: l10n.t('Refresh'),
    refreshTitle: l10n.t('Read the chain info again'),
    pickBlock: l10n.t('State at block…'),
    pickBlockTitle: l10n.t('Open the chain info at another block or trie root'),
    latest: l10n.t('Latest state'),
    latestTitle: l10n.t('Open the chain info at the latest state'),
    compare: l10n.t('Compare with block…'),
    compareTitle: l10n.t('Show what changed between this state and another one'),
    copyJson: l10n.t('Copy as JSON'),
    copyJsonTitle: l10n.t('Copy the chain info as JSON'),
    openRawJson: l10n.t('Open raw JSON'),
    openRawJsonTitle: l10n.t("Open the node's answer in an editor"),
    loading: l10n.t('Loading…'),
    lastAnswer: l10n.t('Showing the last answer read before the error.'),
    comparison: l10n.t('Comparison'),
    compareAnother: l10n.t('Compare with another block…'),
    closeComparison: l10n.t('Close comparison'),
    readingOther: l10n.t('Reading the other state…'),
    field: l10n.t('Field'),
  };
}
