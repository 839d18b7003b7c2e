// A node's "not here" (404) is routine when a lookup tries several chains: logged as info, not as a
// warning; other failures stay warnings; the line never carries a token.
import * as assert from 'node:assert/strict';
import { requestLogLine } from '../../../../src/config/model/requestLog';

const base = { method: 'GET', url: 'http://n/v1/chain/core/blocklog/requests/0x01', durationMs: 12, authenticated: true };

describe('config/model/requestLog: the level and line of a request', () => {
  it('a 404 (no receipt on this chain, no such route) is info', () => {
    assert.deepEqual(requestLogLine({ ...base, status: 404, error: 'No receipt: the request is not known at this state' }), {
      level: 'info',
      line: 'GET http://n/v1/chain/core/blocklog/requests/0x01 → 404 in 12 ms (with token): No receipt: the request is not known at this state',
    });
  });

  it('a failure the user may act on (500, 401, no answer) is a warning; success is info', () => {
    assert.equal(requestLogLine({ ...base, status: 500, error: 'The node answered 500' }).level, 'warn');
    assert.equal(requestLogLine({ ...base, status: 401, error: 'denied' }).level, 'warn');
    assert.deepEqual(requestLogLine({ ...base, authenticated: false, error: 'The node could not be reached: connection refused' }), {
      level: 'warn',
      line: 'GET http://n/v1/chain/core/blocklog/requests/0x01 → no answer in 12 ms: The node could not be reached: connection refused',
    });
    assert.equal(requestLogLine({ ...base, status: 200 }).level, 'info');
  });
});
