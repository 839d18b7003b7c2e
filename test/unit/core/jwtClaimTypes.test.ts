// A token's claims of the wrong type are left out, one claim at a time: an expiry or issue time
// that is text or beyond any number, permissions that are null. Tokens built in the test.
import * as assert from 'node:assert/strict';
import { decodeJwtClaims } from '../../../src/core/jwt';

/** A token whose payload is this JSON text as written (so it may hold 1e999, which JSON.stringify cannot). */
const tokenOf = (json: string): string => `h.${Buffer.from(json).toString('base64url')}.s`;

describe('core/jwt: claims of the wrong type', () => {
  it('an expiry or issue time given as text is left out, the other claims kept', () => {
    assert.deepStrictEqual(decodeJwtClaims(tokenOf('{"exp":"1700000000","iat":"1600000000","sub":"wasp"}')), { sub: 'wasp' });
  });

  it('an expiry or issue time too large for a number (1e999, read as Infinity) is left out', () => {
    assert.deepStrictEqual(decodeJwtClaims(tokenOf('{"exp":1e999,"iat":-1e999,"sub":"wasp"}')), { sub: 'wasp' });
  });

  it('permissions that are null give no permissions rather than failing the token', () => {
    assert.deepStrictEqual(decodeJwtClaims(tokenOf('{"exp":5,"permissions":null}')), { exp: 5 });
  });
});
