// The panels' shared protocol (src/ui/protocol.ts): the common labels, and which posted values count as messages.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../src/core/l10n';
import { commonLabels, isWebviewMessage } from '../../../src/ui/protocol';
import { ENGLISH_COMMON_LABELS } from '../helpers/labels';

describe('ui/protocol', () => {
  it('gives the common labels their English text', () => {
    assert.deepEqual(commonLabels(englishL10n), ENGLISH_COMMON_LABELS);
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

  it('a webview message is an object with a string type, nothing else', () => {
    assert.equal(isWebviewMessage({ type: 'ready' }), true);
    assert.equal(isWebviewMessage({ type: 1 }), false);
    assert.equal(isWebviewMessage({}), false);
    assert.equal(isWebviewMessage(null), false);
    assert.equal(isWebviewMessage('ready'), false);
    assert.equal(isWebviewMessage(undefined), false);
  });
});
