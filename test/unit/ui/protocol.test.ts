// The webviews' shared protocol (webviews/protocol.ts): the common labels, excerpts, and which
// posted values count as messages.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../src/core/l10n';
import { commonLabels, isWebviewMessage } from '../../../src/ui/protocol';
import { excerpt } from '../../../src/ui/model/view';

describe('webviews/protocol', () => {
  it('gives the common labels their English text', () => {
    assert.deepEqual(commonLabels(englishL10n), {
      copy: 'Copy',
      open: 'Open',
      notWebLink: '(not a web link)',
      onlyWebLinks: 'Only http and https links are opened',
      showMore: 'Show {0} more',
      showAll: 'Show all ({0} characters)',
    });
  });

  it('cuts an excerpt at the limit and keeps the full length', () => {
    assert.deepEqual(excerpt('k', 'abcdef', 4), { text: 'abcd', length: 6, key: 'k' });
    assert.deepEqual(excerpt('k', 'abcd', 4), { text: 'abcd', length: 4, key: 'k' });
    assert.deepEqual(excerpt('k', 'ab', 4), { text: 'ab', length: 2, key: 'k' });
  });

  it('takes only objects with a string type as messages', () => {
    assert.equal(isWebviewMessage({ type: 'refresh' }), true);
    assert.equal(isWebviewMessage({ type: 'refresh', payload: 1 }), true);
    // A function is no message, even with a string `type`.
    assert.equal(isWebviewMessage(Object.assign(() => 0, { type: 'refresh' })), false);
    for (const m of [null, undefined, 'refresh', 42, {}, { type: 1 }, { type: null }, () => 'refresh']) {
      assert.equal(isWebviewMessage(m), false, String(m));
    }
  });
});
