// The plain data the panels show (src/ui/model/view.ts): an excerpt of a long text.
import * as assert from 'node:assert/strict';
import { excerpt } from '../../../../src/ui/model/view';

describe('ui/model/view: excerpt', () => {
  it('cuts an excerpt at the limit and keeps the full length', () => {
    assert.deepEqual(excerpt('k', 'abcdef', 4), { text: 'abcd', length: 6, key: 'k' });
    assert.deepEqual(excerpt('k', 'abcd', 4), { text: 'abcd', length: 4, key: 'k' });
    assert.deepEqual(excerpt('k', 'ab', 4), { text: 'ab', length: 2, key: 'k' });
  });
});
