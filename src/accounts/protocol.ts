// What the account panel and its webview exchange: the panel's state, its actions and its words.
// Pure: the host builds the labels with vscode.l10n, the webview only reads them.
import type { L10n } from '../core/l10n';
import { stateLabels, type StateAction, type StateErrorExtra, type StateErrorState, type StateLabels } from '../ui/protocol';
import type { Row } from '../ui/model/view';
import type { AccountSection } from './model/accountView';

export interface AccountIdentity {
  chainName: string;
  /** An EVM address (any case; EIP-55 once checked) or an agent ID of the chain's generation. */
  address: string;
  /** Undefined = latest; otherwise as asked (normalised when valid). */
  block?: string;
}

/** Buttons an account error can offer beyond the shared ErrorView actions. */
export type AccountErrorExtra = StateErrorExtra;

export type AccountErrorState = StateErrorState;

/** The whole state of an account panel, as the webview renders and persists it. */
export interface AccountPanelState {
  /** What the panel shows; the only part the serializer keeps after a reload. */
  identity: AccountIdentity;
  labels: AccountPanelLabels;
  heading: string;
  stateLabel: string;
  sections?: AccountSection[];
  /** An EVM account that can be pinned, and whether it is. */
  pin?: { pinned: boolean };
  error?: AccountErrorState;
  compare?: { label: string; summary?: string; rows?: Row[]; error?: AccountErrorState };
}

/** Actions only the account panel knows (the shared ones are in ui/protocol.ts). */
export type AccountAction = StateAction | { kind: 'pin' } | { kind: 'unpin' };

export interface AccountPanelLabels extends StateLabels {
  pin: string;
  pinTitle: string;
  unpin: string;
  unpinTitle: string;
  change: string;
}

export function accountPanelLabels(l10n: L10n): AccountPanelLabels {
  return {
    ...stateLabels(l10n, {
      actions: l10n.t('Account actions'),
      refreshTitle: l10n.t('Read the account again'),
      pickBlockTitle: l10n.t('Show the account at another block or trie root'),
      latestTitle: l10n.t('Show the account at the latest state'),
      compareTitle: l10n.t('Show what came and went between this state and another one'),
    }),
    pin: l10n.t('Pin Account'),
    pinTitle: l10n.t("List this account under its chain's Accounts in the Chains view"),
    unpin: l10n.t('Unpin'),
    unpinTitle: l10n.t("Remove this account from its chain's Accounts"),
    change: l10n.t('Change'),
  };
}
