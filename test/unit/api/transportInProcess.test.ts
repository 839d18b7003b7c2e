// The shared transport (src/api/transport.ts send) over a fetch injected in process (no socket):
// an error answer's body read or dropped as asked, a body-less answer, the byte cap declared up
// front, a cancel while the body streams, and what the one retry logs (its URL, whether a token
// went, the first attempt's time and failure), skipped when the deadline would cut its wait short.
import * as assert from 'node:assert/strict';
import { onClock } from '../helpers/clock';
import { CancelledError, NetworkError, ResponseTooLargeError } from '../../../src/api/errors';
import { send, type RequestLogEntry, type TransportRequest } from '../../../src/api/transport';
import { failure } from '../helpers/http';

const URL_ASKED = 'https://node.example/v1/chain';
/** A fetch that fails as undici does when the node closes the connection before answering. */
const reset = (): never => {
  throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
};

/** A request whose fetch gives the answers in turn (a function throws instead), recording each call. */
function request(answers: Array<Response | (() => never)>, more: Partial<TransportRequest> = {}) {
  const retried: RequestLogEntry[] = [];
  let calls = 0;
  const req: TransportRequest = {
    url: URL_ASKED,
    method: 'GET',
    headers: { Accept: 'application/json' },
    redirect: 'manual',
    timeoutMs: 5_000,
    maxBytes: 1_000,
    context: { url: URL_ASKED },
    fetch: async () => {
      const a = answers[calls++];
      if (a === undefined) assert.fail('asked once too often');
      return typeof a === 'function' ? a() : a;
    },
    onRetried: (e) => retried.push(e),
    waitBeforeRetry: async () => undefined,
    ...more,
  };
  return { req, retried, calls: () => calls };
}

/** Runs `f` with Date.now frozen, so durations are exact. */
const frozen = <T>(f: () => Promise<T>): Promise<T> => onClock(() => 5_000_000, f);

describe('api/transport in process: the body of an answer', () => {
  it("reads an error answer's body unless told not to, then drops it unread (with or without a body)", async () => {
    assert.equal((await send(request([new Response('node words', { status: 400 })]).req)).text, 'node words');
    const dropped = await send(request([new Response('node words', { status: 400 })], { readErrorBody: false }).req);
    assert.deepStrictEqual([dropped.response.status, dropped.text], [400, '']);
    assert.equal((await send(request([new Response(null, { status: 404 })], { readErrorBody: false }).req)).text, '');
  });

  it('an answer without a body is the empty text', async () => {
    assert.equal((await send(request([new Response(null, { status: 200 })]).req)).text, '');
  });

  it('a declared length above the cap is too large, whether a body follows or not', async () => {
    const e = await failure(send(request([new Response(null, { status: 200, headers: { 'content-length': '5000' } })]).req));
    assert.ok(e instanceof ResponseTooLargeError, e.message);
  });

  it('a cancel while the body streams ends the read: cancelled, not too large', async () => {
    const cancel = new AbortController();
    const endless = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(100));
        cancel.abort();
      },
    });
    const e = await failure(send(request([new Response(endless, { status: 200 })], { signal: cancel.signal }).req));
    assert.ok(e instanceof CancelledError, e.message);
  });
  it('a body over the cap is too large even when the caller cancels as the last chunk arrives', async () => {
    const cancel = new AbortController();
    // Nothing is pulled before the read asks: the cancel comes with the chunk that crosses the cap.
    const big = new ReadableStream<Uint8Array>(
      {
        pull(c) {
          c.enqueue(new Uint8Array(2_000));
          cancel.abort();
        },
      },
      { highWaterMark: 0 },
    );
    const e = await failure(send(request([new Response(big, { status: 200 })], { signal: cancel.signal }).req));
    assert.ok(e instanceof ResponseTooLargeError, e.message);
  });
});

describe('api/transport in process: the one retry', () => {
  it('logs the first attempt with its URL, status, no time passed on a frozen clock, and whether a token went', async () => {
    for (const [headers, authenticated] of [
      [{ Accept: 'application/json', Authorization: 'Bearer t' }, true],
      [{ Accept: 'application/json' }, false],
    ] as const) {
      const r = request([new Response(null, { status: 503 }), new Response('{}', { status: 200 })], { headers: { ...headers } });
      assert.equal((await frozen(() => send(r.req))).text, '{}');
      assert.equal(r.retried.length, 1);
      const { error, ...entry } = r.retried[0] ?? assert.fail('no retry logged');
      assert.deepStrictEqual(entry, { method: 'GET', url: URL_ASKED, status: 503, durationMs: 0, authenticated });
      assert.match(error ?? '', /^The node answered 503; asked once more in \d+ ms$/);
    }
  });

  it('says a reset first attempt was a closed connection, and a retry that gets no answer carries no status', async () => {
    const r = request([reset, new Response(null, { status: 503 })]);
    assert.equal((await send(r.req)).response.status, 503);
    assert.match(r.retried[0]?.error ?? '', /^The node could not be reached: connection closed by the node; asked once more in \d+ ms$/);
    const again = request([new Response(null, { status: 503 }), reset]);
    const e = await failure(send(again.req));
    assert.ok(e instanceof NetworkError, e.message);
    assert.equal(e.status, undefined);
  });

  it('is not made when its wait would end exactly at the deadline: the first answer stands', async () => {
    const r = request([new Response(null, { status: 503, headers: { 'retry-after': '1' } }), new Response('{}', { status: 200 })], { timeoutMs: 1_000 });
    assert.equal((await frozen(() => send(r.req))).response.status, 503);
    assert.equal(r.calls(), 1);
  });
});
