// The claims of an access token, read without checking its signature (src/core/jwt.ts): real Wasp
// tokens, base64url at each character class and its padding, what is refused; and when it expires.
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

const b64 = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const tok = (payload: string): string => `h.${payload}.s`;

describe('core/jwt: decodeJwtClaims', () => {
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

  it('a JWT payload in standard base64 (/ or +) is not base64url: refused, not decoded', () => {
    const url = 'eyJzdWIiOiI_PyJ9'; // {"sub":"??"}
    assert.deepEqual(decodeJwtClaims(`h.${url}.s`), { sub: '??' });
    assert.equal(decodeJwtClaims(`h.${url.replace('_', '/')}.s`), undefined, 'a / anywhere');
    assert.equal(decodeJwtClaims(`h./${url.slice(1)}.s`), undefined, 'a bad first character');
    assert.equal(decodeJwtClaims(`h.${url.slice(0, -1)}+.s`), undefined, 'a bad last character');
  });
});

describe('core/jwt: isExpired', () => {
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
