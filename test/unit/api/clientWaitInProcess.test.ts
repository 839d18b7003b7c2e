// The node client's long poll, its check that a receipt is the one asked for, and its wait for a
// slot of the shared limiter (src/api/client.ts), against a fetch injected in process (no socket).
import * as assert from 'node:assert/strict';
import { onClock } from '../helpers/clock';
import { WaspClient } from '../../../src/api/client';
import { CancelledError, InvalidResponseError, ServerError } from '../../../src/api/errors';
import { Limiter } from '../../../src/api/limiter';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { failure } from '../helpers/http';
import { rebasedSampleText, stardustSampleText } from '../helpers/samples';

const IOTA = DEMO_CHAINS.iotaEvm;
const BASE = 'https://node.example';
const REBASED = { generation: 'rebased' } as const;
/** The request ID of the Rebased receipt sample, and another. */
const SAMPLE_REQUEST = '0x3356f3dd90e7a6940c8f38068c9ba01b40c6d5144c5f6e2c7a2b584ffa91e338';
const OTHER_REQUEST = `0x${'12'.repeat(32)}`;
const OTHER_STARDUST_REQUEST = `0x${'12'.repeat(34)}`;

/** A client whose fetch gives every request the same answer. */
const answering = (status: number, body: string, options: { limiter?: Limiter; token?: () => string } = {}) =>
  new WaspClient({ baseUrl: BASE, fetch: async () => new Response(body, { status }), waitBeforeRetry: async () => undefined, ...options });

describe('api/client in process: the long poll', () => {
  it('a 408 is "not yet": no receipt, no error', async () => {
    assert.equal(await answering(408, rebasedSampleText('error-408-wait-timeout')).waitForRequest(REBASED, SAMPLE_REQUEST), undefined);
  });

  it('outlasts its own wait by the margin: a retry that fits in the wait and the margin is made', async () => {
    const start = 1_000_000;
    let now = start;
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => {
      calls++;
      if (calls > 1) return new Response(rebasedSampleText('receipt-success-evm'), { status: 200 });
      // The first answer arrives 14.5 s into a one-second wait: 15.5 s in when the retry is sent.
      now = start + 14_500;
      return new Response(null, { status: 503, headers: { 'retry-after': '1' } });
    };
    const client = new WaspClient({ baseUrl: BASE, fetch, waitBeforeRetry: async () => undefined });
    const receipt = await onClock(
      () => now,
      () => client.waitForRequest(REBASED, SAMPLE_REQUEST, { timeoutSeconds: 1 }),
    );
    assert.equal(receipt?.request.requestId, SAMPLE_REQUEST);
    assert.equal(calls, 2);
  });

  it('another failure of the node is thrown as it is', async () => {
    const e = await failure(answering(500, rebasedSampleText('error-500-internal')).waitForRequest(REBASED, SAMPLE_REQUEST));
    assert.ok(e instanceof ServerError);
  });
});

describe('api/client in process: a receipt of another request than the one asked', () => {
  const check = (e: unknown, url: string) => {
    assert.ok(e instanceof InvalidResponseError);
    assert.deepStrictEqual([e.field, e.expected, e.url], ['request.requestId', 'the request ID asked for', url]);
  };

  it('is refused by the long poll, naming the wait URL', async () => {
    check(
      await failure(answering(200, rebasedSampleText('receipt-success-evm')).waitForRequest(REBASED, OTHER_REQUEST)),
      `${BASE}/v1/chain/requests/${OTHER_REQUEST}/wait`,
    );
  });

  it('is refused by a receipt read of each generation, naming the receipt URL', async () => {
    check(
      await failure(answering(200, rebasedSampleText('receipt-success-evm')).getRebasedReceipt(OTHER_REQUEST)),
      `${BASE}/v1/chain/core/blocklog/requests/${OTHER_REQUEST}`,
    );
    check(
      await failure(answering(200, stardustSampleText('receipt-success-evm')).getReceipt(IOTA, OTHER_STARDUST_REQUEST)),
      `${BASE}/v1/chains/${IOTA}/core/blocklog/requests/${OTHER_STARDUST_REQUEST}`,
    );
  });
});

describe('api/client in process: waiting for a slot of the shared limiter', () => {
  it('a wait cancelled by the caller is a cancelled request naming its URL', async () => {
    const limiter = new Limiter(1);
    let release: () => void = () => undefined;
    const busy = limiter.run(() => new Promise<void>((r) => (release = r)));
    const cancel = new AbortController();
    const waiting = answering(200, rebasedSampleText('chain'), { limiter }).getRebasedChain({ signal: cancel.signal });
    cancel.abort();
    const e = await failure(waiting);
    assert.ok(e instanceof CancelledError);
    assert.equal(e.url, `${BASE}/v1/chain`);
    release();
    await busy;
  });

  it('a failure that is no API error and no cancel reaches the caller as it is', async () => {
    const broken = new Error('the keychain is locked');
    const client = answering(200, rebasedSampleText('chain'), {
      limiter: new Limiter(1),
      token: () => {
        throw broken;
      },
    });
    await assert.rejects(client.getRebasedChain(), (e) => e === broken);
  });
});
