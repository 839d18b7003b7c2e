// Each chain state's exact words, hint and token flag (chains/model/chainState.ts): what the tree,
// the status bar and the commands show.
import * as assert from 'node:assert/strict';
import {
  InvalidInputError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  UnauthorizedError,
} from '../../../src/api/errors';
import { decideChainState } from '../../../src/chains/model/chainState';

const none = new UnauthorizedError('The node denied access', undefined, false, { status: 401 });
const missing = (p: string) => new UnauthorizedError(`The node denied access: missing permission "${p}"`, p, false, { status: 401 });

describe('model/chainState: the exact words', () => {
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
    assert.deepEqual(decideChainState({ loaded: true, tokenStatus: { kind: 'withheld' }, error: none }), {
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
    assert.deepEqual(decideChainState({ loaded: true, error: none }), {
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
