// What a client sends of its credentials (src/api/clientAuth.ts): the Bearer header only for a token
// that can form one, with a message that never quotes it; the sign-in path only on the node itself,
// below its path prefix, whatever `/auth/info` names.
import * as assert from 'node:assert/strict';
import { authRouteSegments, bearer } from '../../../src/api/clientAuth';
import { InvalidInputError, InvalidResponseError } from '../../../src/api/errors';

describe('api/clientAuth: the Bearer header', () => {
  it('a token as it is; none (or an empty one) sends nothing', async () => {
    assert.equal(await bearer(() => 'abc.def.ghi'), 'Bearer abc.def.ghi');
    assert.equal(await bearer(async () => 'tok'), 'Bearer tok');
    assert.equal(await bearer(() => undefined), undefined);
    assert.equal(await bearer(() => ''), undefined);
    assert.equal(await bearer(undefined), undefined);
  });

  it('a token that cannot form the header is refused, named as the token, with what to do, never quoted', async () => {
    const secret = 'sec\nret';
    await assert.rejects(
      bearer(() => secret),
      (e: unknown) => {
        assert.ok(e instanceof InvalidInputError);
        assert.equal(e.field, 'token');
        assert.equal(e.message, 'The stored access token cannot be sent: it is not a valid Bearer token.');
        assert.equal(e.hint, 'Set the access token again (Chain: Set Access Token) or sign in.');
        assert.ok(!JSON.stringify({ m: e.message, h: e.hint }).includes('ret'));
        return true;
      },
    );
  });
});

describe('api/clientAuth: the sign-in path', () => {
  const base = new URL('https://node.example/wasp/api');

  it('none named: /auth below the prefix', () => {
    assert.deepEqual(authRouteSegments(undefined, base), ['auth']);
    assert.deepEqual(authRouteSegments('', base), ['auth']);
  });

  it('a path on the node, relative or absolute, with the node prefix taken off once, escapes decoded', () => {
    assert.deepEqual(authRouteSegments('/auth', base), ['auth']);
    assert.deepEqual(authRouteSegments('/wasp/api/auth', base), ['auth']);
    assert.deepEqual(authRouteSegments('https://node.example/wasp/api/v2/login', base), ['v2', 'login']);
    assert.deepEqual(authRouteSegments('/wasp/apiary/auth', base), ['wasp', 'apiary', 'auth'], 'only a whole prefix segment');
    assert.deepEqual(authRouteSegments('/a%20b//c/', base), ['a b', 'c']);
    assert.deepEqual(authRouteSegments('/auth', new URL('https://node.example/')), ['auth']);
    assert.deepEqual(
      authRouteSegments('/wasp/api/auth', new URL('https://node.example/wasp/api//')),
      ['auth'],
      'trailing slashes of the base are no part of the prefix',
    );
  });

  const refused: Array<[string, string]> = [
    ['another origin', 'https://evil.example/auth'],
    ['another port', 'https://node.example:8443/auth'],
    ['another scheme', 'http://node.example/wasp/api/auth'],
    ['a protocol-relative URL', '//evil.example/auth'],
    ['a malformed escape', '/auth/%E0%A4%A'],
    ['a URL that does not parse', 'https://[oops/auth'],
  ];
  for (const [what, authURL] of refused) {
    it(`${what} is refused, named as the node's authURL`, () => {
      assert.throws(
        () => authRouteSegments(authURL, base),
        (e: unknown) => {
          assert.ok(e instanceof InvalidResponseError, String(e));
          assert.equal(e.field, 'authURL');
          assert.match(e.message, /a path on the same node/);
          return true;
        },
      );
    });
  }

  it('another origin says why: credentials are never sent elsewhere', () => {
    assert.throws(() => authRouteSegments('https://evil.example/auth', base), /credentials are never sent elsewhere/);
  });
});
