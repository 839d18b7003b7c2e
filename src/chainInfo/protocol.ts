// What the chain info panel and its webview exchange: the panel's state, its actions and its
// words. Pure: the host builds the labels with vscode.l10n, the webview only reads them.
import type { L10n } from '../core/l10n';
import { stateLabels, type StateAction, type StateErrorExtra, type StateErrorState, type StateLabels } from '../ui/protocol';
import type { ChainInfoComparison, ChainInfoView } from './model/chainInfoView';

export interface ChainInfoIdentity {
  chainName: string;
  /** Undefined = latest; otherwise as asked (normalised when valid). */
  block?: string;
}

/** Buttons a chain-info error can offer beyond the shared ErrorView actions. */
export type ChainInfoErrorExtra = StateErrorExtra;

export type ChainInfoErrorState = StateErrorState;

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
export type ChainInfoAction = StateAction | { kind: 'copyJson' } | { kind: 'openRawJson' };

/** The panel's own words (buttons, headings): the webview has no l10n of its own. */
export interface ChainInfoPanelLabels extends StateLabels {
  copyJson: string;
  copyJsonTitle: string;
  openRawJson: string;
  openRawJsonTitle: string;
  field: string;
}

export function chainInfoPanelLabels(l10n: L10n): ChainInfoPanelLabels {
  return {
    ...stateLabels(l10n, {
      actions: l10n.t('Chain info actions'),
      refreshTitle: l10n.t('Read the chain info again'),
      pickBlockTitle: l10n.t('Open the chain info at another block or trie root'),
      latestTitle: l10n.t('Open the chain info at the latest state'),
      compareTitle: l10n.t('Show what changed between this state and another one'),
    }),
    copyJson: l10n.t('Copy as JSON'),
    copyJsonTitle: l10n.t('Copy the chain info as JSON'),
    openRawJson: l10n.t('Open raw JSON'),
    openRawJsonTitle: l10n.t("Open the node's answer in an editor"),
    field: l10n.t('Field'),
  };
}
