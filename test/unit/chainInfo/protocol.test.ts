// The chain info panel's words (chainInfo/protocol.ts): every label and tooltip in English.
import * as assert from 'node:assert/strict';
import { chainInfoPanelLabels } from '../../../src/chainInfo/protocol';
import { englishL10n } from '../../../src/core/l10n';
import { ENGLISH_COMMON_LABELS } from '../helpers/labels';

describe('chainInfo/protocol: panel labels', () => {
  it('gives every button, tooltip and status line its English text', () => {
    assert.deepEqual(chainInfoPanelLabels(englishL10n), {
      ...ENGLISH_COMMON_LABELS,
      actions: 'Chain info actions',
      refresh: 'Refresh',
      refreshTitle: 'Read the chain info again',
      pickBlock: 'State at block…',
      pickBlockTitle: 'Open the chain info at another block or trie root',
      latest: 'Latest state',
      latestTitle: 'Open the chain info at the latest state',
      compare: 'Compare with block…',
      compareTitle: 'Show what changed between this state and another one',
      copyJson: 'Copy as JSON',
      copyJsonTitle: 'Copy the chain info as JSON',
      openRawJson: 'Open raw JSON',
      openRawJsonTitle: "Open the node's answer in an editor",
      loading: 'Loading…',
      lastAnswer: 'Showing the last answer read before the error.',
      comparison: 'Comparison',
      compareAnother: 'Compare with another block…',
      closeComparison: 'Close comparison',
      readingOther: 'Reading the other state…',
      field: 'Field',
    });
  });
});
