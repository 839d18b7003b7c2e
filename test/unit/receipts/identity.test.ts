// Which receipt panel a saved state or a request names (src/receipts/identity.ts, identitySchema.ts).
import * as assert from 'node:assert/strict';
import { receiptMatches } from '../../../src/receipts/identity';
import { ReceiptIdentitySchema } from '../../../src/receipts/identitySchema';

const ID = `0x${'ab'.repeat(34)}`;

describe('receipts/identitySchema: the saved panel state', () => {
  it('reads an identity from a saved state and nothing else; rejects what is not one', () => {
    const upper = ID.toUpperCase().replace('0X', '0x');
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: upper, chainName: 'IOTA EVM', block: 5 }), { requestId: ID, chainName: 'IOTA EVM', block: '5' });
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: ID, chainName: null, block: 'latest' }), { requestId: ID });
    const bads = [
      { requestId: 'javascript:alert(1)' },
      { requestId: ID, chainName: ' ' },
      { requestId: ID, block: 'nope' },
      { requestId: ID, chainName: 'x'.repeat(201) },
      { chainName: 'IOTA' },
    ];
    for (const bad of bads) {
      assert.equal(ReceiptIdentitySchema.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });

  it('restores the panel of a Rebased request (0x + 64 hex) as well as a Stardust one, lower-cased', () => {
    const rebased = `0x${'Ab'.repeat(32)}`;
    assert.deepEqual(ReceiptIdentitySchema.parse({ requestId: rebased, chainName: 'IOTA EVM' }), { requestId: rebased.toLowerCase(), chainName: 'IOTA EVM' });
    assert.equal(ReceiptIdentitySchema.safeParse({ requestId: `0x${'ab'.repeat(33)}` }).success, false, '66 hex is neither');
  });
});

describe('receipts/identity: which panel shows a request', () => {
  it('a panel without a chain name matches the request on any chain; a named chain only itself', () => {
    assert.ok(receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID }));
    assert.ok(receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID, chainName: 'iota' }));
    assert.ok(!receiptMatches({ requestId: ID, chainName: 'IOTA' }, { requestId: ID, chainName: 'Shimmer' }));
    assert.ok(!receiptMatches({ requestId: ID }, { requestId: ID, block: '5' }));
  });
});
