// The text-safety module's edges that mutation testing found unchecked: surrogate pairs at the
// clip limit, runs of line breaks, the notification's broken link syntax.
import * as assert from 'node:assert/strict';
import { clip, notificationText, plainLine } from '../../../src/core/text';

describe('core/text', () => {
  it('clip counts code points: text of exactly max code points in more code units is whole', () => {
    assert.equal(clip('😀😀', 2), '😀😀');
    assert.equal(clip('😀😀😀', 2), '😀…');
    assert.equal(clip('abc', 3), 'abc');
    assert.equal(clip('abcd', 3), 'ab…');
  });

  it('plainLine makes a run of line breaks one space', () => {
    assert.equal(plainLine('a\n\r\n\u2028b', 20), 'a b');
  });

  it('notificationText breaks Markdown link syntax with a space, keeping the text', () => {
    assert.equal(notificationText('[x](command:y)'), '[x] (command:y)');
  });
});
