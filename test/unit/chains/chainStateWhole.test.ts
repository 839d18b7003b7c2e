// The chain tree's state of every kind of load outcome, whole (label, detail, hint, flags), the
// words of the node-generation findings, and the webview message guard (the chain-info panel's words are in chainInfoProtocolLabels.test.ts).
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
} from '../../../src/api/errors';
import { decideChainState, type ChainStateInput } from '../../../src/chains/model/chainState';
import { findingDecision } from '../../../src/chains/model/generationState';
import { englishL10n } from '../../../src/core/l10n';
import { isWebviewMessage } from '../../../src/ui/protocol';

const decide = (i: ChainStateInput) => decideChainState(i, englishL10n);
const HINT_TOKEN = 'Set an access token (Chain: Set Access Token) or sign in (Chain: Sign In).';
const HINT_EXPIRED = 'Sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).';
const ctx = { url: 'http://n/v1/x' };

describe('chains/model/chainState: every outcome, whole', () => {
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
      detail: 'The access token expired at 2026-01-01T00:00:00.000Z.',
      hint: HINT_EXPIRED,
    };
    const at = Date.UTC(2026, 0, 1);
    assert.deepEqual(decide({ loaded: false, tokenStatus: { kind: 'expired', expiredAt: at } }), expected);
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: new TokenExpiredError(at) }), expected);
  });

  it('401: withheld, a missing permission with or without a token, a rejected token, none stored', () => {
    const perm = new UnauthorizedError('The node denied access: missing permission "write"', 'write', false, ctx);
    const plain = new UnauthorizedError('The node denied access (401)', undefined, false, ctx);
    const rejected = new UnauthorizedError('The node rejected the access token: expired', undefined, true, ctx);
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
    assert.deepEqual(decide({ loaded: true, tokenStatus: { kind: 'ok' }, error: rejected }), {
      hasToken: true,
      state: 'needsToken',
      label: 'token rejected by the node',
      detail: 'The node rejected the access token: expired',
      hint: HINT_EXPIRED,
    });
    assert.deepEqual(decide({ loaded: true, error: rejected }), {
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

describe('chains/model/generationState: what the node runs, in words', () => {
  const useIt = "Use the node's chain (Chain: Use the Node's Chain) to rewrite the entry where it is written.";
  it('each finding', () => {
    assert.deepEqual(findingDecision({ kind: 'migrated', nodeChainId: '0xc8' }, true, englishL10n), {
      hasToken: true,
      state: 'migrated',
      label: 'node runs Rebased: the Stardust chain ID no longer applies',
      detail: 'This node runs the Rebased generation and chain 0xc8; the Stardust chain ID no longer applies.',
      hint: useIt,
    });
    assert.deepEqual(findingDecision({ kind: 'otherChain', nodeChainId: '0xaa', configuredChainId: '0xbb' }, false, englishL10n), {
      hasToken: false,
      state: 'otherChain',
      label: 'node runs another chain',
      detail: "This node runs chain 0xaa, not 0xbb (the entry's chain ID).",
      hint: useIt,
    });
    assert.deepEqual(findingDecision({ kind: 'stardustNode', version: '1.0.3' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs Stardust',
      detail: 'This node runs the Stardust generation (version 1.0.3): an entry with a 0x chain ID, or without one, is for a Rebased node.',
      hint: "Give the entry the chain's Bech32 chain ID, or point it at a Rebased node.",
    });
    assert.match(findingDecision({ kind: 'stardustNode', version: '' }, false, englishL10n).detail ?? '', /\(version \?\)/);
    assert.deepEqual(findingDecision({ kind: 'noChain' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs no chain',
      detail: 'This Rebased node runs no chain (GET /v1/chain answered 404 with an empty body).',
      hint: 'Check with the node operator, or point the entry at a node that runs the chain.',
    });
    assert.deepEqual(findingDecision({ kind: 'unclassified', said: 'HTTP 500', answered: 'HTTP 500' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'not a Wasp node (it answered HTTP 500)',
      detail: 'The URL does not answer as a Wasp node (Rebased, Wasp 2.x, or Stardust, Wasp 1.x). It answered: HTTP 500',
      hint: 'Check the node URL: it should be the web API base (without /v1).',
    });
  });
});

describe('webviews/protocol', () => {
  it('a webview message is an object with a string type, nothing else', () => {
    assert.equal(isWebviewMessage({ type: 'ready' }), true);
    assert.equal(isWebviewMessage({ type: 1 }), false);
    assert.equal(isWebviewMessage({}), false);
    assert.equal(isWebviewMessage(null), false);
    assert.equal(isWebviewMessage('ready'), false);
    assert.equal(isWebviewMessage(undefined), false);
  });
});
