import * as assert from 'node:assert/strict';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';

const HASH = `0x${'12'.repeat(32)}`;
const LOG = { address: `0x${'ab'.repeat(20)}`, topics: [`0x${'cd'.repeat(32)}`], data: '0x' };

/** A fake `fetch` that answers `body` (or no body) with `status`, and remembers what it was asked. */
function fakeFetch(body: string | null, status = 200) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (init.signal?.aborted) throw new Error('aborted by the caller');
    return new Response(body, { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const ask = (body: string | null, extra: { maxBytes?: number; signal?: AbortSignal; hash?: string } = {}) => {
  const f = fakeFetch(body);
  const { hash, ...rest } = extra;
  return fetchEvmLogs('https://rpc.example/evm', hash ?? HASH, { fetch: f.fetch, ...rest }).then((r) => ({ r, calls: f.calls }));
};

describe('evm/model/jsonRpc with a fake fetch', () => {
  it('one JSON POST to the checked URL, JSON both ways, no cookie, no redirect; the status is kept when given', async () => {
    const { r, calls } = await ask(JSON.stringify({ result: { status: '0x0', logs: [LOG] } }));
    assert.deepEqual(r, { ok: true, logs: [LOG], total: 1, status: '0x0' });
    assert.equal(calls.length, 1);
    const init = calls[0]?.init;
    assert.equal(calls[0]?.url, 'https://rpc.example/evm');
    assert.equal(init?.method, 'POST');
    assert.deepEqual(Object.fromEntries(new Headers(init?.headers)), { accept: 'application/json', 'content-type': 'application/json' });
    assert.equal(init?.credentials, 'omit');
    assert.equal(init?.redirect, 'error');
    assert.deepEqual(JSON.parse(String(init?.body)), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH] });
    // No status in the answer: none in the outcome (not an undefined one).
    assert.deepEqual((await ask(JSON.stringify({ result: { logs: [] } }))).r, { ok: true, logs: [], total: 0 });
  });

  it('a hash that is not exactly 0x + 64 hex is refused before any request', async () => {
    for (const hash of [`x${HASH}`, `${HASH}0`, `${HASH}\n`, HASH.slice(0, 65)]) {
      const { r, calls } = await ask('{"result":null}', { hash });
      assert.deepEqual(r, { ok: false, reason: 'badUrl' }, hash);
      assert.equal(calls.length, 0, hash);
    }
  });

  it('the size bound: exactly maxBytes is read, one byte more is too large', async () => {
    const text = '{"result":null}';
    assert.deepEqual((await ask(text, { maxBytes: text.length })).r, { ok: false, reason: 'notFound' });
    assert.deepEqual((await ask(text, { maxBytes: text.length - 1 })).r, { ok: false, reason: 'tooLarge' });
  });

  it('hex fields must be 0x + hex from start to end', async () => {
    for (const address of [`zz${LOG.address}`, `${LOG.address}zz`, LOG.address.slice(2)]) {
      const { r } = await ask(JSON.stringify({ result: { logs: [{ ...LOG, address }] } }));
      assert.deepEqual(r, { ok: false, reason: 'invalid' }, address);
    }
  });

  it('an RPC error: its message, else its code, else nothing', async () => {
    assert.deepEqual((await ask('{"error":{"code":-32000}}')).r, { ok: false, reason: 'rpcError', detail: '-32000' });
    assert.deepEqual((await ask('{"error":{}}')).r, { ok: false, reason: 'rpcError', detail: '' });
    assert.deepEqual((await ask('{"error":{"code":1,"message":"m"}}')).r, { ok: false, reason: 'rpcError', detail: 'm' });
  });

  it('no body is not a receipt; the caller aborting is a network failure, not a timeout', async () => {
    assert.deepEqual((await ask(null)).r, { ok: false, reason: 'invalid' });
    const caller = new AbortController();
    caller.abort();
    assert.deepEqual((await ask('{"result":null}', { signal: caller.signal })).r, { ok: false, reason: 'network', detail: 'aborted by the caller' });
    // A caller signal that is not aborted changes nothing.
    assert.deepEqual((await ask('{"result":null}', { signal: new AbortController().signal })).r, { ok: false, reason: 'notFound' });
  });
});
