import * as assert from 'node:assert/strict';
import { decodeJwtClaims } from '../../../src/core/jwt';

const b64 = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const tok = (payload: string): string => `h.${payload}.s`;

describe('core/jwt edge cases', () => {
  it('decodes every base64url character class (upper, lower, digits, - and _) exactly', () => {
    const sub = 'w?>~~ÿ12 zZ09>>>?';
    const body = b64(JSON.stringify({ sub, exp: 1700000000 }));
    assert.match(body, /-/);
    assert.match(body, /_/);
    assert.match(body, /[0-9]/);
    assert.match(body, /[a-z]/);
    assert.deepEqual(decodeJwtClaims(tok(body)), { sub, exp: 1700000000 });
  });

  it('accepts trailing padding but rejects = inside the payload', () => {
    const body = b64('{"sub":"a"}');
    assert.deepEqual(decodeJwtClaims(tok(`${body}==`)), { sub: 'a' });
    // "e30" is "{}"; an = in the middle is not base64url.
    assert.equal(decodeJwtClaims(tok('e3=0')), undefined);
  });

  it('rejects a payload with a non-base64url character', () => {
    assert.equal(decodeJwtClaims(tok('e30+')), undefined);
    assert.equal(decodeJwtClaims(tok('+e30')), undefined);
  });

  it('rejects a payload whose length is 1 mod 4 even when the other bytes are JSON', () => {
    const body = b64('{} ');
    assert.deepEqual(decodeJwtClaims(tok(body)), {});
    assert.equal(decodeJwtClaims(tok(`${body}A`)), undefined);
  });

  it('needs exactly three parts', () => {
    const body = b64('{"sub":"x"}');
    assert.equal(decodeJwtClaims(`h.${body}`), undefined);
    assert.equal(decodeJwtClaims(`h.${body}.s.t`), undefined);
    assert.deepEqual(decodeJwtClaims(`h.${body}.s`), { sub: 'x' });
  });

  it('rejects a payload that is not valid UTF-8 instead of replacing characters', () => {
    const bytes = Uint8Array.from([...Buffer.from('{"sub":"'), 0xff, ...Buffer.from('"}')]);
    assert.equal(decodeJwtClaims(tok(b64(bytes))), undefined);
  });

  it('rejects JSON that is not an object', () => {
    assert.equal(decodeJwtClaims(tok(b64('42'))), undefined);
    assert.equal(decodeJwtClaims(tok(b64('"s"'))), undefined);
    assert.equal(decodeJwtClaims(tok(b64('null'))), undefined);
    assert.equal(decodeJwtClaims(tok(b64('[{"sub":"a"}]'))), undefined);
  });
});
