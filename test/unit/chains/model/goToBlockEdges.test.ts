// "Go to block…" at its edges: a '#' only in front, the largest block index there can be, and the
// exact message for text that is no index.
import * as assert from 'node:assert/strict';
import { parseBlockIndex } from '../../../../src/chains/model/goToBlock';

describe('chains/model/goToBlock: the edges of a block index', () => {
  it("a '#' inside the digits is no block index: the message says what to type", () => {
    assert.equal(parseBlockIndex('12#3', undefined), 'Type a block index: digits only, e.g. 2417');
    assert.equal(parseBlockIndex('#123', undefined), 123);
  });

  it('4,294,967,295 (the largest uint32) is a block index when no latest is known', () => {
    assert.equal(parseBlockIndex('4294967295', undefined), 4294967295);
  });
});
