// The chain's own contracts under the magic prefix 0x1074, named by their kind byte as each
// generation's iscmagic/address.go packs them; anything else is not named.
import { strict as assert } from 'node:assert';
import { MAGIC_ADDRESS, wellKnownAddressName } from '../../../../src/evm/model/iscMagic';

const at = (kind: string, payload = '') => `0x1074${kind}${payload.padEnd(34, '0')}`;

describe('evm/model/iscMagic: the chain’s well-known addresses', () => {
  it('the magic contract and the base-token and NFT wrappers, on both generations, in any case', () => {
    for (const generation of ['stardust', 'rebased'] as const) {
      assert.equal(wellKnownAddressName(MAGIC_ADDRESS, generation), 'ISC magic contract');
      assert.equal(wellKnownAddressName(at('01').toUpperCase().replace('0X', '0x'), generation), 'ISC base token (ERC20)');
      assert.equal(wellKnownAddressName(at('03'), generation), 'ISC NFTs (ERC721)');
      assert.equal(wellKnownAddressName(at('04', 'ab'.repeat(17)), generation), 'ISC NFT collection (ERC721)');
    }
  });

  it('kind 2: a Wasp 1 foundry’s native token (serial little-endian), a Wasp 2 coin’s wrapper', () => {
    assert.equal(wellKnownAddressName(at('02', '05010000'), 'stardust'), 'ISC native token (ERC20, foundry 261)');
    assert.equal(wellKnownAddressName(at('02', 'c0ffee'.repeat(5)), 'rebased'), 'ISC coin (ERC20 wrapper)');
    assert.equal(wellKnownAddressName(at('05', 'aa'), 'stardust'), 'ISC external native token (ERC20)');
    assert.equal(wellKnownAddressName(at('05', 'aa'), 'rebased'), undefined, 'no kind 5 on Wasp 2');
  });

  it('not named: another kind, a payload where none belongs, another prefix, a malformed address', () => {
    assert.equal(wellKnownAddressName(at('06'), 'rebased'), undefined);
    assert.equal(wellKnownAddressName(at('01', '01'), 'rebased'), undefined);
    assert.equal(wellKnownAddressName(`0x1075${'0'.repeat(36)}`, 'rebased'), undefined);
    assert.equal(wellKnownAddressName(`${MAGIC_ADDRESS}00`, 'rebased'), undefined);
    assert.equal(wellKnownAddressName('0x1074', 'rebased'), undefined);
  });
});
