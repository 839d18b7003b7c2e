// The shared transport in a browser host (src/api/transport.ts with api/browserHost.ts on), over a
// fetch injected in process: a blocked GET that carried a token is asked once more without it, and
// only a GET is; the second ask may be answered with no body; the error keeps the browser's failure
// as its cause. The loopback suites of browserHost.test.ts cover the same against a real node.
import * as assert from 'node:assert/strict';
import { setBrowserHost } from '../../../src/api/browserHost';
import { BrowserBlockedError } from '../../../src/api/errors';
import { send, type TransportRequest } from '../../../src/api/transport';
import { failure } from '../helpers/http';

const URL_ASKED = 'https://node.example/v1/chain';

/** A request with a token whose fetch is blocked the first time; `second` answers (or fails) the next ask. */
function blocked(method: 'GET' | 'POST', second: () => Response) {
  const blockedFailure = new TypeError('Failed to fetch');
  const asked: Array<{ method?: string; headers: unknown; redirect?: string }> = [];
  const req: TransportRequest = {
    url: URL_ASKED,
    method,
    headers: { Accept: 'application/json', Authorization: 'Bearer t' },
    redirect: 'manual',
    timeoutMs: 5_000,
    maxBytes: 1_000,
    context: { url: URL_ASKED },
    fetch: async (_input, init) => {
      asked.push({ method: init?.method, headers: init?.headers, redirect: init?.redirect });
      if (asked.length === 1) throw blockedFailure;
      return second();
    },
  };
  return { req, asked, blockedFailure };
}

describe('api/transport in process, in a browser host: a blocked request that carried a token', () => {
  beforeEach(() => setBrowserHost(true));
  afterEach(() => setBrowserHost(false));

  it('a GET is asked once more without the token; an answer, even a body-less one, means the token was refused', async () => {
    const b = blocked('GET', () => new Response(null, { status: 401 }));
    const e = await failure(send(b.req));
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.deepStrictEqual([e.reason, e.cause], ['token', b.blockedFailure]);
    assert.equal(b.asked.length, 2);
    assert.deepStrictEqual(b.asked[1], { method: 'GET', headers: { Accept: 'application/json' }, redirect: 'manual' });
  });

  it('blocked again without the token: a block, its cause the first failure', async () => {
    const b = blocked('GET', () => {
      throw new TypeError('Failed to fetch');
    });
    const e = await failure(send(b.req));
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.deepStrictEqual([e.reason, e.cause], ['blocked', b.blockedFailure]);
  });

  it('a POST is never asked again', async () => {
    const b = blocked('POST', () => new Response('{}', { status: 200 }));
    const e = await failure(send(b.req));
    assert.ok(e instanceof BrowserBlockedError, e.message);
    assert.equal(e.reason, 'blocked');
    assert.equal(b.asked.length, 1);
  });
});
