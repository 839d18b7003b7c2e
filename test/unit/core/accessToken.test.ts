// Which access tokens are refused before they are stored (src/core/accessToken.ts), the length limit inclusive.
import * as assert from 'node:assert/strict';
import { accessTokenProblem, MAX_TOKEN_CHARS } from '../../../src/core/accessToken';

describe('core/accessToken: the problems of a token', () => {
  it('names each problem, with the length limit inclusive', () => {
    assert.equal(MAX_TOKEN_CHARS, 16384);
    assert.equal(accessTokenProblem(''), 'empty');
    assert.equal(accessTokenProblem('a'.repeat(MAX_TOKEN_CHARS)), undefined);
    assert.equal(accessTokenProblem('a'.repeat(MAX_TOKEN_CHARS + 1)), 'tooLong');
    assert.equal(accessTokenProblem(`${'a'.repeat(MAX_TOKEN_CHARS)}\n`), 'tooLong');
    assert.equal(accessTokenProblem('ab\ncd'), 'characters');
    assert.equal(accessTokenProblem('aZ09-._~+/=='), undefined);
  });
});
