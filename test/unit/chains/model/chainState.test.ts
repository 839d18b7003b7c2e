// The state of a chain in the tree (src/chains/model/chainState.ts) for every kind of load outcome:
// its label, detail, hint and flags, the exact words the tree, the status bar and the commands show,
// and the context value the menus match.
import * as assert from 'node:assert/strict';
import {
  BadRequestError,
  CancelledError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  TokenExpiredError,
  UnauthorizedError,
} from '../../../../src/api/errors';
import { chainContextValue, type ChainStateInput, decideChainState } from '../../../../src/chains/model/chainState';
import { englishL10n } from '../../../../src/core/l10n';

const missing = (permission: string) => new UnauthorizedError(`The node denied access: missing permission "${permission}"`, permission, false, { status: 401 });
const rejected = () => new UnauthorizedError('The node rejected the access token: invalid or expired jwt', undefined, true, { status: 401 });

const denied = () => new UnauthorizedError('The node denied access', undefined, false, { status: 401 });

const decide = (i: ChainStateInput) => decideChainState(i, englishL10n);
const HINT_TOKEN = 'Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).';
const HINT_EXPIRED = 'Sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).';
const ctx = { url: 'http://n/v1/x' };

describe('chains/model/chainState: decideChainState', () => {
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
      assert.match(d.detail ?? '', /2024-01-02 03:04:05 UTC/);
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

  it('a load error without a finding is decided as before', () => {
    assert.equal(decideChainState({ loaded: true, error: new NetworkError('x', 'ECONNREFUSED', {}) }).state, 'unreachable');
  });
});

describe('chains/model/chainState: inactive chains', () => {
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

describe('chains/model/chainState: chainContextValue', () => {
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

describe('chains/model/chainState: the exact words', () => {
  it('is valid with an empty problem list', () => {
    assert.deepEqual(decideChainState({ loaded: true, problems: [] }), { state: 'ok', label: 'ok', hasToken: false });
  });

  it('tells the user where to correct an invalid entry', () => {
    assert.deepEqual(decideChainState({ loaded: true, problems: ['The entry has no name.'] }), {
      hasToken: false,
      state: 'invalid',
      label: 'invalid configuration',
      detail: 'The entry has no name.',
      hint: 'Correct the entry in the waspChain.chains setting.',
    });
  });

  it('says loading… before a load has ended', () => {
    assert.deepEqual(decideChainState({ loaded: false, tokenStatus: { kind: 'ok' } }), { hasToken: true, state: 'loading', label: 'loading…' });
  });

  it('explains a withheld token, with and without a permission', () => {
    const detail =
      'The node requires an access token. One is stored for this node, but it is not sent to a chain from workspace settings while the workspace is not trusted.';
    const hint =
      'The workspace is not trusted, so the stored token is not sent to a chain from workspace settings: trust the workspace, or add the chain to your user settings.';
    assert.deepEqual(decideChainState({ loaded: true, tokenStatus: { kind: 'withheld' }, error: missing('write') }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token with "write" permission (withheld)',
      detail,
      hint,
      missingPermission: 'write',
    });
    assert.deepEqual(decideChainState({ loaded: true, tokenStatus: { kind: 'withheld' }, error: denied() }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token (withheld)',
      detail,
      hint,
      missingPermission: undefined,
    });
  });

  it('asks for a token with the missing permission', () => {
    const e = missing('read');
    assert.deepEqual(decideChainState({ loaded: true, tokenStatus: { kind: 'ok' }, error: e }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token with "read" permission',
      detail: `The stored token lacks the "read" permission.\n${e.message}`,
      hint: 'Set a token that has the "read" permission, or sign in as a user who has it.',
      missingPermission: 'read',
    });
    assert.deepEqual(decideChainState({ loaded: true, error: e }), {
      hasToken: false,
      state: 'needsToken',
      label: 'needs a token with "read" permission',
      detail: e.message,
      hint: 'Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).',
      missingPermission: 'read',
    });
  });

  it('says the node wants a token when none is stored', () => {
    assert.deepEqual(decideChainState({ loaded: true, error: denied() }), {
      hasToken: false,
      state: 'needsToken',
      label: 'needs a token',
      detail: 'The node requires an access token, and none is stored for it.',
      hint: 'Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).',
    });
  });

  it('names an unreachable node and passes the error text and hint on', () => {
    const e = new NetworkError('connect ECONNREFUSED 127.0.0.1:9090', 'ECONNREFUSED', {});
    assert.deepEqual(decideChainState({ loaded: true, error: e }), {
      hasToken: false,
      state: 'unreachable',
      label: 'unreachable',
      detail: e.message,
      hint: e.hint,
    });
  });

  it('says who to ask about an inactive chain', () => {
    const e = new NotFoundError('Not found (404)', 'chain', { status: 404 });
    assert.deepEqual(decideChainState({ loaded: true, error: e, inactive: true }), {
      hasToken: false,
      state: 'nodeError',
      label: 'not running on this node',
      detail: 'The node knows this chain but does not run it (inactive): its state cannot be read.',
      hint: 'Check with the node operator, or point the chain at a node that runs it.',
    });
  });

  it('names each other node error kind', () => {
    const label = (error: unknown) => decideChainState({ loaded: true, error }).label;
    assert.equal(label(new RateLimitedError('Too many requests (429)', 3, { status: 429 })), 'rate limited');
    assert.equal(label(new ResponseTooLargeError(1024, {})), 'answer too large');
    assert.equal(label(new InvalidInputError('block', 'not a block')), 'invalid input');
    assert.equal(label(new ServerError('Internal error (500)', { status: 500 })), 'node error');
  });

  it('tells what to do after an unexpected error', () => {
    assert.deepEqual(decideChainState({ loaded: true, error: 'boom' }), {
      hasToken: false,
      state: 'nodeError',
      label: 'unexpected error',
      detail: 'boom',
      hint: 'Try again; if it persists, check the output channel "Wasp Chain Explorer".',
    });
  });
});

describe('chains/model/chainState: the whole decision of every outcome', () => {
  it('settings problems win over everything; an empty list is no problem', () => {
    assert.deepEqual(decide({ loaded: true, problems: ['a', 'b'], error: new NetworkError('x', undefined, ctx) }), {
      hasToken: false,
      state: 'invalid',
      label: 'invalid configuration',
      detail: 'a\nb',
      hint: 'Correct the entry in the waspChain.chains setting.',
    });
    assert.equal(decide({ loaded: true, problems: [] }).state, 'ok');
    assert.deepEqual(decide({ loaded: false }), { hasToken: false, state: 'loading', label: 'loading…' });
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' } }), { hasToken: true, state: 'ok', label: 'ok' });
  });

  it('an expired token, known from the token or from the error', () => {
    const expected = {
      hasToken: true,
      state: 'expired',
      label: 'token expired',
      detail: 'The access token expired at 2026-01-01 00:00:00 UTC.',
      hint: HINT_EXPIRED,
    };
    const at = Date.UTC(2026, 0, 1);
    assert.deepEqual(decide({ loaded: false, tokenStatus: { kind: 'expired', expiredAt: at } }), expected);
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: new TokenExpiredError(at) }), expected);
  });

  it('401: withheld, a missing permission with or without a token, a rejected token, none stored', () => {
    const perm = new UnauthorizedError('The node denied access: missing permission "write"', 'write', false, ctx);
    const plain = new UnauthorizedError('The node denied access (401)', undefined, false, ctx);
    const rejectedToken = new UnauthorizedError('The node rejected the access token: expired', undefined, true, ctx);
    const withheldHint =
      'The workspace is not trusted, so the stored token is not sent to a chain from workspace settings: trust the workspace, or add the chain to your user settings.';
    const withheldDetail =
      'The node requires an access token. One is stored for this node, but it is not sent to a chain from workspace settings while the workspace is not trusted.';
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'withheld' }, error: perm }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token with "write" permission (withheld)',
      detail: withheldDetail,
      hint: withheldHint,
      missingPermission: 'write',
    });
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'withheld' }, error: plain }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token (withheld)',
      detail: withheldDetail,
      hint: withheldHint,
      missingPermission: undefined,
    });
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: perm }), {
      hasToken: true,
      state: 'needsToken',
      label: 'needs a token with "write" permission',
      detail: 'The stored token lacks the "write" permission.\nThe node denied access: missing permission "write"',
      hint: 'Set a token that has the "write" permission, or sign in as a user who has it.',
      missingPermission: 'write',
    });
    assert.deepEqual(decide({ loaded: true, error: perm }), {
      hasToken: false,
      state: 'needsToken',
      label: 'needs a token with "write" permission',
      detail: 'The node denied access: missing permission "write"',
      hint: HINT_TOKEN,
      missingPermission: 'write',
    });
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: rejectedToken }), {
      hasToken: true,
      state: 'needsToken',
      label: 'token rejected by the node',
      detail: 'The node rejected the access token: expired',
      hint: HINT_EXPIRED,
    });
    assert.deepEqual(decide({ loaded: true, error: rejectedToken }), {
      hasToken: false,
      state: 'needsToken',
      label: 'needs a token',
      detail: 'The node requires an access token, and none is stored for it.',
      hint: HINT_TOKEN,
    });
    assert.equal(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: plain }).detail, 'The node denied access (401)');
  });

  it('each kind of node error gets its own words; the error gives detail and hint', () => {
    const cases: [unknown, string, string][] = [
      [new NetworkError('The node could not be reached: connection refused', 'ECONNREFUSED', ctx), 'unreachable', 'unreachable'],
      [new TimeoutError(1000, ctx), 'unreachable', 'no answer (timeout)'],
      [new NotFoundError('Chain not found', 'chain', ctx), 'nodeError', 'chain not found on the node'],
      [new NotFoundError('Not found (404)', 'route', ctx), 'nodeError', 'not found (is it a Wasp API?)'],
      [new BadRequestError('The node rejected the request', undefined, ctx), 'nodeError', 'rejected by the node'],
      [new RateLimitedError('The node is rate limiting requests (429)', undefined, ctx), 'nodeError', 'rate limited'],
      [new RedirectError('https://x/', ctx), 'nodeError', 'redirected'],
      [new ResponseTooLargeError(10, ctx), 'nodeError', 'answer too large'],
      [new InvalidResponseError('f', 'a string', ctx), 'nodeError', 'invalid answer'],
      [new CancelledError(ctx), 'nodeError', 'cancelled'],
      [new InvalidInputError('block', 'bad block'), 'nodeError', 'invalid input'],
      [new ServerError('The node answered 500', ctx), 'nodeError', 'node error'],
    ];
    for (const [error, state, label] of cases) {
      const e = error as Error & { hint: string };
      assert.deepEqual(decide({ loaded: true, error }), { hasToken: false, state, label, detail: e.message, hint: e.hint }, label);
    }
    assert.deepEqual(decide({ loaded: true, inactive: true, error: new NotFoundError('Chain not found', 'chain', ctx) }), {
      hasToken: false,
      state: 'nodeError',
      label: 'not running on this node',
      detail: 'The node knows this chain but does not run it (inactive): its state cannot be read.',
      hint: 'Check with the node operator, or point the chain at a node that runs it.',
    });
    assert.deepEqual(decide({ loaded: true, error: 'a string thrown' }), {
      hasToken: false,
      state: 'nodeError',
      label: 'unexpected error',
      detail: 'a string thrown',
      hint: 'Try again; if it persists, check the output channel "Wasp Chain Explorer".',
    });
    assert.equal(decide({ loaded: true, error: new Error('boom') }).detail, 'boom');
  });
});
