// The magic contract's ABI per generation (src/evm/model/iscMagic.ts magicAbiIndex): loaded once per
// generation, each function under its interface's name; and addresses that only contain the magic
// prefix are no well-known address.
import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import { magicAbiIndex, wellKnownAddressName } from '../../../../src/evm/model/iscMagic';

const selectorOf = (signature: string) => `0x${Buffer.from(keccak_256(signature)).toString('hex').slice(0, 8)}`;

describe('evm/model/iscMagic: the ABI of the magic contract', () => {
  it("ISCUtil's hn(string) under its interface's name on both generations; Wasp 2's ERC20CoinAddress only on Wasp 2", async () => {
    for (const generation of ['stardust', 'rebased'] as const) {
      const index = await magicAbiIndex(generation);
      const found = index.functions(selectorOf('hn(string)'));
      assert.deepEqual(
        found.map((f) => [f.item.name, f.sources]),
        [['hn', ['ISCUtil']]],
        generation,
      );
    }
    assert.equal((await magicAbiIndex('rebased')).functions(selectorOf('ERC20CoinAddress(string)')).length, 1);
    assert.equal((await magicAbiIndex('stardust')).functions(selectorOf('ERC20CoinAddress(string)')).length, 0);
  });

  it('is loaded once per generation', () => {
    assert.equal(magicAbiIndex('rebased'), magicAbiIndex('rebased'));
    assert.notEqual(magicAbiIndex('rebased'), magicAbiIndex('stardust'));
  });
});

describe('evm/model/iscMagic: addresses that only contain the prefix', () => {
  it('text before or after a magic address, or another prefix, names nothing', () => {
    const collection = `0x107404${'0'.repeat(34)}`;
    assert.equal(wellKnownAddressName(collection, 'rebased'), 'ISC NFT collection (ERC721)');
    assert.equal(wellKnownAddressName(`0xabcd01${'0'.repeat(34)}`, 'rebased'), undefined);
    assert.equal(wellKnownAddressName(`0x123404${collection}`, 'rebased'), undefined);
    assert.equal(wellKnownAddressName(`${collection}zz`, 'rebased'), undefined);
  });
});
