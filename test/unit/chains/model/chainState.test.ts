import * as assert from 'node:assert/strict';
import {
  BadRequestError,
  CancelledError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RedirectError,
  ServerError,
  TimeoutError,
  TokenExpiredError,
  UnauthorizedError,
} from '../../../src/api/errors';
import { chainContextValue, decideChainState } from '../../../src/chains/model/chainState';

const missing = (permission: string) => new UnauthorizedError(`The node denied access: missing permission "${permission}"`, permission, false, { status: 401 });
const rejected = () => new UnauthorizedError('The node rejected the access token: invalid or expired jwt', undefined, true, { status: 401 });

describe('model/chainState', () => {
  describe('decideChainState', () => {
    it('is loading until a load has ended', () => {
      const d = decideChainState({ loaded: false });
      assert.equal(d.state, 'loading');
      assert.equal(d.hasToken, false);
    });

    it('is ok when the load ended without an error', () => {
      assert.deepEqual(decideChainState({ loaded: true, tokenStatus: { kind: 'ok', expiresAt: 1 } }), { state: 'ok', label: 'ok', hasToken: true });
      assert.equal(decideChainState({ loaded: true }).hasToken, false);
    });

    it('is invalid when the settings entry has problems, whatever else is known', () => {
      const d = decideChainState({ loaded: true, problems: ['nodeUrl: bad', 'chainId: bad checksum'], error: new NetworkError('x', 'ECONNREFUSED', {}) });
      assert.equal(d.state, 'invalid');
      assert.equal(d.label, 'invalid configuration');
      assert.equal(d.detail, 'nodeUrl: bad\nchainId: bad checksum');
      assert.equal(chainContextValue(d.state, { hasToken: true, isDefault: true }), 'chain.invalid');
    });

    it('names the missing permission when the node does', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'none' }, error: missing('write') });
      assert.equal(d.state, 'needsToken');
      assert.equal(d.missingPermission, 'write');
      assert.equal(d.label, 'needs a token with "write" permission');
      assert.match(d.hint ?? '', /Set Access Token/);
    });

    it('says that a stored token lacks the permission', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'ok' }, error: missing('write') });
      assert.equal(d.state, 'needsToken');
      assert.equal(d.label, 'needs a token with "write" permission');
      assert.match(d.detail ?? '', /stored token lacks the "write" permission/);
      assert.equal(d.hasToken, true);
    });

    it('needs a token when the node refuses without naming a permission', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'none' }, error: rejected() });
      assert.equal(d.state, 'needsToken');
      assert.equal(d.label, 'needs a token');
      assert.equal(d.missingPermission, undefined);
      assert.doesNotMatch(d.detail ?? '', /rejected/, 'no token was sent, so none was rejected');
    });

    it('says the node rejected a stored token', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'ok' }, error: rejected() });
      assert.equal(d.state, 'needsToken');
      assert.equal(d.label, 'token rejected by the node');
    });

    it('explains a token withheld in an untrusted workspace', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'withheld' }, error: missing('read') });
      assert.equal(d.state, 'needsToken');
      assert.match(d.label, /withheld/);
      assert.match(d.hint ?? '', /not trusted/);
      assert.equal(d.hasToken, true);
    });

    it('is expired from the token alone, even before the load ended', () => {
      const expiredAt = Date.UTC(2024, 0, 2, 3, 4, 5);
      for (const loaded of [false, true]) {
        const d = decideChainState({ loaded, tokenStatus: { kind: 'expired', expiredAt } });
        assert.equal(d.state, 'expired');
        assert.equal(d.label, 'token expired');
        assert.match(d.detail ?? '', /2024-01-02T03:04:05/);
        assert.match(d.hint ?? '', /Sign In/);
      }
    });

    it('is expired when the client refused to send an expired token', () => {
      const d = decideChainState({ loaded: true, tokenStatus: { kind: 'ok' }, error: new TokenExpiredError(0) });
      assert.equal(d.state, 'expired');
    });

    it('is unreachable on network failures and timeouts', () => {
      assert.equal(decideChainState({ loaded: true, error: new NetworkError('refused', 'ECONNREFUSED', {}) }).state, 'unreachable');
      const t = decideChainState({ loaded: true, error: new TimeoutError(15000, {}) });
      assert.equal(t.state, 'unreachable');
      assert.match(t.label, /timeout/);
    });

    it('is a node error for everything else the node answers, with a label per kind', () => {
      const cases: Array<[unknown, string]> = [
        [new ServerError('The node answered 500', {}), 'node error'],
        [new NotFoundError('Chain not found', 'chain', {}), 'chain not found on the node'],
        [new NotFoundError('Not found (404)', 'route', {}), 'not found (is it a Wasp API?)'],
        [new BadRequestError('rejected', 'bad', {}), 'rejected by the node'],
        [new InvalidResponseError('gasLimits', 'a number', {}), 'invalid answer'],
        [new RedirectError('https://elsewhere/', {}), 'redirected'],
        [new CancelledError(), 'cancelled'],
        [new Error('boom'), 'unexpected error'],
        ['a string', 'unexpected error'],
      ];
      for (const [error, label] of cases) {
        const d = decideChainState({ loaded: true, error });
        assert.equal(d.state, 'nodeError', label);
        assert.equal(d.label, label);
        assert.ok(d.detail, `${label} has a detail`);
      }
    });
  });

  describe('inactive chains', () => {
    it('says "not running" when the node knows the chain but does not run it', () => {
      const d = decideChainState({ loaded: true, error: new NotFoundError('Chain not found', 'chain', {}), inactive: true });
      assert.equal(d.state, 'nodeError');
      assert.equal(d.label, 'not running on this node');
      assert.match(d.detail ?? '', /does not run it/);
    });

    it('keeps "chain not found" when the chain is unknown', () => {
      const d = decideChainState({ loaded: true, error: new NotFoundError('Chain not found', 'chain', {}), inactive: false });
      assert.equal(d.label, 'chain not found on the node');
    });
  });

  describe('chainContextValue', () => {
    it('builds chain.<state>[.hasToken][.default] as the menus match it', () => {
      assert.equal(chainContextValue('ok'), 'chain.ok');
      assert.equal(chainContextValue('ok', { hasToken: true }), 'chain.ok.hasToken');
      assert.equal(chainContextValue('needsToken', { isDefault: true }), 'chain.needsToken.default');
      assert.equal(chainContextValue('expired', { hasToken: true, isDefault: true }), 'chain.expired.hasToken.default');
      // The menus' regular expressions (package.json).
      assert.match(chainContextValue('expired', { hasToken: true }), /^chain\.(needsToken|expired)/);
      assert.match(chainContextValue('ok', { hasToken: true, isDefault: true }), /^chain\..*\.hasToken/);
      assert.doesNotMatch(chainContextValue('ok', { isDefault: true }), /^chain\..*\.hasToken/);
    });
  });
});
