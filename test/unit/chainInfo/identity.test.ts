import * as assert from 'node:assert/strict';
import { sameChainInfo } from '../../../src/chainInfo/identity';
import { normaliseBlock } from '../../../src/ui/model/blockState';
import { ChainInfoIdentitySchema } from '../../../src/chainInfo/identitySchema';

describe('chainInfo/identity', () => {
  it('reads (chain, block) from a saved state, the block normalised; rejects anything else', () => {
    assert.deepEqual(ChainInfoIdentitySchema.parse({ chainName: 'IOTA', block: ' 0005 ', extra: 1 }), { chainName: 'IOTA', block: normaliseBlock('0005') });
    assert.deepEqual(ChainInfoIdentitySchema.parse({ chainName: 'IOTA', block: null }), { chainName: 'IOTA', block: undefined });
    const long = { chainName: 'IOTA', block: 'b'.repeat(101) };
    const bads = [{ chainName: 42 }, { chainName: '  ' }, { chainName: 'x'.repeat(201) }, { chainName: 'IOTA', block: 7 }, long, null];
    for (const bad of bads) {
      assert.equal(ChainInfoIdentitySchema.safeParse(bad).success, false, JSON.stringify(bad));
    }
  });

  it('one panel per chain (any case) and state', () => {
    assert.ok(sameChainInfo({ chainName: 'IOTA' }, { chainName: ' iota ' }));
    assert.ok(sameChainInfo({ chainName: 'IOTA', block: '5' }, { chainName: 'IOTA', block: '5' }));
    assert.ok(!sameChainInfo({ chainName: 'IOTA', block: '5' }, { chainName: 'IOTA' }));
  });
});
