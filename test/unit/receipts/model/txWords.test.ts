// The words that say a hex string is a transaction or request ID (src/receipts/model/txWords.ts).
import * as assert from 'node:assert/strict';
import { namesTransaction, namesTx } from '../../../../src/receipts/model/txWords';

describe('receipts/model/txWords', () => {
  const words: [string, boolean][] = [
    ['tx', true],
    ['transaktion', true],
    ['交易', true],
    ['交易哈希', true],
    ['トランザクションid', true],
    ['key', false],
    ['', false],
  ];
  for (const [word, expected] of words) {
    it(`${JSON.stringify(word)} ${expected ? 'says' : 'does not say'} transaction`, () => assert.equal(namesTransaction(word), expected));
  }

  it('parts say transaction when any one of them does', () => {
    assert.equal(namesTx(['deposit', 'tx']), true);
    assert.equal(namesTx(['deposit', 'key']), false);
    assert.equal(namesTx([]), false);
  });
});
