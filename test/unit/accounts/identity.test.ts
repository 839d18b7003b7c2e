// Which account panel is which, and which of two states comes first in a comparison (src/accounts/identity.ts).
import * as assert from 'node:assert/strict';
import { earlierFirst, sameAccount } from '../../../src/accounts/identity';

describe('accounts/identity: panels and the order of two states', () => {
  it('takes chain names and addresses case-insensitively and blocks normalised', () => {
    assert.ok(sameAccount({ chainName: 'IOTA', address: '0xABC', block: '007' }, { chainName: 'iota', address: '0xabc', block: '7' }));
    assert.ok(sameAccount({ chainName: 'IOTA', address: '0xabc', block: 'latest' }, { chainName: 'IOTA', address: '0xabc' }));
    assert.ok(!sameAccount({ chainName: 'IOTA', address: '0xabc', block: '7' }, { chainName: 'IOTA', address: '0xabc', block: '8' }));
  });

  it('puts the latest state last and block indexes in order; two trie roots stay as given', () => {
    assert.deepEqual(earlierFirst(undefined, '5'), ['5', undefined]);
    assert.deepEqual(earlierFirst('5', undefined), ['5', undefined]);
    assert.deepEqual(earlierFirst('12', '9'), ['9', '12']);
    assert.deepEqual(earlierFirst('9', '12'), ['9', '12']);
    const root = `0x${'a'.repeat(40)}`;
    assert.deepEqual(earlierFirst(root, '9'), [root, '9']);
  });
});
