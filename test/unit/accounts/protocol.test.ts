// The account panel's words (accounts/protocol.ts): every label and tooltip in English.
import * as assert from 'node:assert/strict';
import { accountPanelLabels } from '../../../src/accounts/protocol';
import { englishL10n } from '../../../src/core/l10n';
import { ENGLISH_COMMON_LABELS } from '../helpers/labels';

describe('accounts/protocol: panel labels', () => {
  it('gives every button, tooltip and status line its English text, the pin buttons included', () => {
    assert.deepEqual(accountPanelLabels(englishL10n), {
      ...ENGLISH_COMMON_LABELS,
      actions: 'Account actions',
      refresh: 'Refresh',
      refreshTitle: 'Read the account again',
      pickBlock: 'State at block…',
      pickBlockTitle: 'Show the account at another block or trie root',
      latest: 'Latest state',
      latestTitle: 'Show the account at the latest state',
      compare: 'Compare with block…',
      compareTitle: 'Show what came and went between this state and another one',
      loading: 'Loading…',
      lastAnswer: 'Showing the last answer read before the error.',
      comparison: 'Comparison',
      compareAnother: 'Compare with another block…',
      closeComparison: 'Close comparison',
      readingOther: 'Reading the other state…',
      pin: 'Pin Account',
      pinTitle: "List this account under its chain's Accounts in the Chains view",
      unpin: 'Unpin',
      unpinTitle: "Remove this account from its chain's Accounts",
      change: 'Change',
    });
  });
});
