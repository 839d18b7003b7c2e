import * as assert from 'node:assert/strict';
import { decodeJwtClaims, isExpired } from '../../../src/core/jwt';

/** The token from samples/auth-login-success.json (HS256, issued by a Wasp node). */
const SAMPLE =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJ3YXNwIiwic3ViIjoid2FzcCIsImF1ZCI6WyJ3YXNwIl0sImV4cCI6MTY4OTk1MTAyNCwibmJmIjoxNjg5ODY0NjI0LCJpYXQiOjE2ODk4NjQ2MjQsImp0aSI6IjE2ODk4NjQ2MjQiLCJwZXJtaXNzaW9ucyI6eyJ3cml0ZSI6e319fQ.LNUuTaoRjEPQyD2nQ00O6NeadiG7nmOEyVIQmGNb1a0';

function base64url(s: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function token(payload: unknown): string {
  return `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(payload))}.sig`;
}

describe('model/jwt', () => {
  it('reads the claims of a real Wasp token (permissions as an object)', () => {
    assert.deepEqual(decodeJwtClaims(SAMPLE), { exp: 1689951024, iat: 1689864624, sub: 'wasp', permissions: ['write'] });
  });
  it('accepts permissions as an array and base64url characters', () => {
    // "ü?>" encodes with '+' and '/' in standard base64, '-' and '_' in base64url.
    const t = token({ exp: 2000000000, sub: 'ü?>ü?>', permissions: ['read', 7, 'write'] });
    assert.match(t.split('.')[1] ?? '', /[-_]/);
    assert.deepEqual(decodeJwtClaims(t), { exp: 2000000000, sub: 'ü?>ü?>', permissions: ['read', 'write'] });
  });
  it('accepts padded payloads', () => {
    const [h, p] = token({ exp: 1 }).split('.');
    assert.deepEqual(decodeJwtClaims(`${h}.${p}==.x`), { exp: 1 });
  });
  it('leaves out mistyped claims', () => {
    assert.deepEqual(decodeJwtClaims(token({ exp: '123', iat: null, sub: 5, permissions: 'write' })), {});
  });
  it('returns undefined for malformed tokens', () => {
    for (const bad of [
      '',
      'abc',
      'a.b',
      'a.b.c.d',
      `x..y`,
      `x.${base64url('not json')}.y`,
      `x.${base64url('[1,2]')}.y`,
      `x.${base64url('null')}.y`,
      'x.$$$$.y',
      'x.a.y', // 1 char mod 4 is never valid base64
      `x.${btoa('\xff\xfe')}.y`, // invalid UTF-8
    ]) {
      assert.equal(decodeJwtClaims(bad), undefined, bad);
    }
  });
  describe('isExpired', () => {
    it('compares against exp with a skew', () => {
      const claims = { exp: 1000 };
      assert.equal(isExpired(claims, 900), false);
      assert.equal(isExpired(claims, 969), false);
      assert.equal(isExpired(claims, 970), true);
      assert.equal(isExpired(claims, 1000, 0), true);
      assert.equal(isExpired(claims, 999, 0), false);
      assert.equal(isExpired(claims, 2000), true);
    });
    it('never expires without exp', () => {
      assert.equal(isExpired({}, Number.MAX_SAFE_INTEGER), false);
    });
  });
});
