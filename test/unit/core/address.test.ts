// EVM addresses and their EIP-55 checksum (src/core/address.ts), on the specification's own examples.
import * as assert from 'node:assert/strict';
import { checksumAddressOfBytes, hasValidChecksum, toChecksumAddress } from '../../../src/core/address';

// The EIP-55 specification's own examples.
const SPEC = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('core/address: the EIP-55 checksum', () => {
  it('checksums the EIP-55 example from any case', () => {
    assert.equal(toChecksumAddress(SPEC.toLowerCase()), SPEC);
    assert.equal(toChecksumAddress(`0x${SPEC.slice(2).toUpperCase()}`), SPEC);
    assert.equal(hasValidChecksum(SPEC), true);
    assert.equal(hasValidChecksum(SPEC.toLowerCase()), false);
  });

  it('rejects anything but 0x + exactly 40 hex characters', () => {
    assert.equal(toChecksumAddress(`${SPEC}0`), undefined);
    assert.equal(toChecksumAddress(`x${SPEC}`), undefined);
    assert.equal(toChecksumAddress(SPEC.slice(0, 41)), undefined);
    assert.equal(toChecksumAddress(SPEC.slice(2)), undefined);
    assert.equal(toChecksumAddress(`${SPEC.slice(0, 41)}g`), undefined);
  });

  it('checksums exactly 20 bytes', () => {
    const bytes = Uint8Array.from(Buffer.from(SPEC.slice(2), 'hex'));
    assert.equal(checksumAddressOfBytes(bytes), SPEC);
    assert.equal(checksumAddressOfBytes(bytes.subarray(0, 19)), undefined);
    assert.equal(checksumAddressOfBytes(Uint8Array.from([...bytes, 1])), undefined);
  });
});
