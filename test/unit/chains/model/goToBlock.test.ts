// The "Go to block…" input (src/chains/model/goToBlock.ts): what it takes and what it refuses.
import * as assert from 'node:assert/strict';
import { parseBlockIndex } from '../../../../src/chains/model/goToBlock';

describe('chains/model/goToBlock', () => {
  it('"Go to block…" takes an index up to the latest block, with # and separators', () => {
    assert.equal(parseBlockIndex(' #2,417 ', 3000), 2417);
    assert.equal(parseBlockIndex('0', 0), 0);
    assert.equal(parseBlockIndex('3001', 3000), 'The latest block is 3,000');
    assert.equal(parseBlockIndex('4294967296', undefined), 'A block index is at most 4,294,967,295');
    for (const bad of ['', '-1', '1.5', '0x10', 'latest', '1e3']) assert.equal(typeof parseBlockIndex(bad, 3000), 'string', bad);
  });
});
