// What each API error tells the user to do (src/api/errors.ts): its message, its hint, where it came from.
import * as assert from 'node:assert/strict';
import {
  BadRequestError,
  CancelledError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  TokenExpiredError,
} from '../../../src/api/errors';

const ctx = { url: 'http://n/v1/x', status: 500 };

describe('api/errors: what each error tells the user to do', () => {
  it('hints and messages', () => {
    const table: [Error & { hint: string; kind: string }, string, string][] = [
      [new InvalidInputError('f', 'bad'), 'bad', 'Correct the value and try again.'],
      [new NotFoundError('m', 'receipt', ctx), 'm', 'The request is not known to this chain at that state: check the request ID, the chain, and the block.'],
      [new NotFoundError('m', 'chain', ctx), 'm', 'The node does not run this chain: check the chain ID and the node URL.'],
      [new NotFoundError('m', 'route', ctx), 'm', 'Check the node URL: it should be the web API base (without /v1).'],
      [new NotFoundError('m', 'unknown', ctx), 'm', 'Check the node URL: it should be the web API base (without /v1).'],
      [new BadRequestError('m', undefined, ctx), 'm', 'The node rejected the request: check the chain ID, the request ID and the block.'],
      [new RateLimitedError('m', 12, ctx), 'm', 'The node asks to wait 12 s before trying again.'],
      [new RateLimitedError('m', 0, ctx), 'm', 'The node asks to wait 0 s before trying again.'],
      [new RateLimitedError('m', undefined, ctx), 'm', 'The node is rate limiting requests: wait a moment and try again.'],
      [
        new ServerError('m', ctx),
        'm',
        'The node failed to answer: try again later, or check the node (for an unknown chain or block the receipt route also answers 500).',
      ],
      [new NetworkError('m', 'ECONNREFUSED', ctx), 'm', 'The node could not be reached: check the node URL and that the node is running.'],
      [
        new ResponseTooLargeError(1024, ctx),
        "The node's answer exceeded 1024 bytes",
        'The answer was larger than allowed: raise waspChain.request.maxResponseBytes if you trust this node.',
      ],
      [
        new InvalidResponseError('a.b', 'a string', ctx),
        'Invalid response: field "a.b": a string',
        'The node sent an answer this extension does not understand: check that the node URL points at a Wasp web API (v1).',
      ],
      [
        new InvalidResponseError('', 'JSON', ctx),
        'Invalid response: JSON',
        'The node sent an answer this extension does not understand: check that the node URL points at a Wasp web API (v1).',
      ],
      [new CancelledError(ctx), 'The request was cancelled', ''],
      [
        new TokenExpiredError(Date.UTC(2026, 0, 2)),
        'The access token expired at 2026-01-02 00:00:00 UTC',
        'The access token has expired: sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).',
      ],
    ];
    for (const [e, message, hint] of table) {
      assert.equal(e.message, message, e.kind);
      assert.equal(e.hint, hint, e.kind);
      assert.equal(e.name, 'WaspApiError');
    }
    const s = new ServerError('m', ctx);
    assert.equal(s.url, 'http://n/v1/x');
    assert.equal(s.status, 500);
  });
});
