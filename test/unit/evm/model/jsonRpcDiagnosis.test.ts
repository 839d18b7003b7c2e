// What the no-receipt diagnosis asks a chain's EVM JSON-RPC (src/evm/model/jsonRpc.ts
// fetchTransactionCount, fetchBalance, fetchTransactionByHash), through a fake fetch: the request
// each sends, the quantities read within their bounds, the transaction read field by field, and
// every answer that is not what it claims an `invalid` failure naming its field.
import * as assert from 'node:assert/strict';
import { fetchBalance, fetchGasPrice, fetchTransactionByHash, fetchTransactionCount } from '../../../../src/evm/model/jsonRpc';

const URL = 'https://rpc.example/evm';
const SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HASH = `0x${'ab'.repeat(32)}`;

/** A fake `fetch` that answers `body` as JSON, and remembers the JSON-RPC requests it was sent. */
function answering(body: unknown) {
  const requests: unknown[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    requests.push(JSON.parse(String(init.body)));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requests };
}

const request = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: 1, method, params });

describe("evm/model/jsonRpc: a sender's nonce and balance", () => {
  it('asks for the lower-cased address at the latest block, or at a block number in hex', async () => {
    const count = answering({ result: '0x29' });
    assert.deepEqual(await fetchTransactionCount(URL, SENDER, { fetch: count.fetch }), { ok: true, value: 41n });
    assert.deepEqual(await fetchTransactionCount(URL, SENDER, { fetch: count.fetch, block: 255n }), { ok: true, value: 41n });
    assert.deepEqual(count.requests, [
      request('eth_getTransactionCount', [SENDER.toLowerCase(), 'latest']),
      request('eth_getTransactionCount', [SENDER.toLowerCase(), '0xff']),
    ]);
    const balance = answering({ result: `0x${'f'.repeat(64)}` });
    assert.deepEqual(await fetchBalance(URL, SENDER, { fetch: balance.fetch, block: 7n }), { ok: true, value: 2n ** 256n - 1n });
    assert.deepEqual(balance.requests, [request('eth_getBalance', [SENDER.toLowerCase(), '0x7'])]);
  });

  it('refuses an address that is not 0x + 40 hex before any request', async () => {
    const f = answering({ result: '0x1' });
    for (const address of [SENDER.slice(2), `${SENDER}0`, `0x${'g'.repeat(40)}`]) {
      assert.deepEqual(await fetchTransactionCount(URL, address, { fetch: f.fetch }), { ok: false, reason: 'badUrl', detail: 'address' }, address);
      assert.deepEqual(await fetchBalance(URL, address, { fetch: f.fetch }), { ok: false, reason: 'badUrl', detail: 'address' }, address);
    }
    assert.equal(f.requests.length, 0);
  });

  it('a nonce past 2^64-1 or a balance that is no quantity is invalid, naming the bound', async () => {
    const count = await fetchTransactionCount(URL, SENDER, { fetch: answering({ result: `0x1${'0'.repeat(16)}` }).fetch });
    assert.deepEqual(count, { ok: false, reason: 'invalid', detail: 'result: expected a hex quantity at most 2^64-1' });
    const balance = await fetchBalance(URL, SENDER, { fetch: answering({ result: 12 }).fetch });
    assert.deepEqual(balance, { ok: false, reason: 'invalid', detail: 'result: expected a hex quantity at most 2^256-1' });
  });

  it('an answer that is JSON but no JSON-RPC envelope is invalid', async () => {
    for (const body of ['[]', '"0x1"', '{"error":"boom"}', '{"error":{"code":"x"}}'])
      assert.deepEqual(await fetchGasPrice(URL, { fetch: answering(body).fetch }), { ok: false, reason: 'invalid' }, body);
  });
});

describe('evm/model/jsonRpc: a transaction by its hash', () => {
  const TX = { hash: HASH.toUpperCase().replace('0X', '0x'), from: SENDER, nonce: '0x29', blockNumber: '0x7', gas: '0x5208', gasPrice: '0x2540be400' };
  const read = (result: unknown) => fetchTransactionByHash(URL, HASH, { fetch: answering({ result }).fetch });

  it('an included one: hash and sender lower-cased, quantities as bigint', async () => {
    const f = answering({ result: TX });
    const r = await fetchTransactionByHash(URL, HASH.toUpperCase().replace('0X', '0x'), { fetch: f.fetch });
    assert.deepEqual(r, { ok: true, tx: { hash: HASH, from: SENDER.toLowerCase(), nonce: 41n, blockNumber: 7n, gas: 21000n, gasPrice: 10n ** 10n } });
    assert.deepEqual(f.requests, [request('eth_getTransactionByHash', [HASH])]);
  });

  it('none, not yet in a block, or "transaction not found" all say not included (null)', async () => {
    assert.deepEqual(await read(null), { ok: true, tx: null });
    assert.deepEqual(await read({ ...TX, blockNumber: null }), { ok: true, tx: null });
    const notFound = answering({ error: { code: -32000, message: 'transaction not found' } });
    assert.deepEqual(await fetchTransactionByHash(URL, HASH, { fetch: notFound.fetch }), { ok: true, tx: null });
  });

  it('refuses a hash that is not 0x + 64 hex before any request', async () => {
    const f = answering({ result: TX });
    assert.deepEqual(await fetchTransactionByHash(URL, HASH.slice(0, -1), { fetch: f.fetch }), { ok: false, reason: 'badUrl', detail: 'hash' });
    assert.equal(f.requests.length, 0);
  });

  it('a missing field, a quantity that is not one, or another hash is invalid, naming the field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...TX, from: undefined }, 'from'],
      [{ ...TX, nonce: '0x029' }, 'nonce'],
      [{ ...TX, blockNumber: '0x' }, 'blockNumber'],
      [{ ...TX, gas: `0x1${'0'.repeat(16)}` }, 'gas'],
      [{ ...TX, gasPrice: '-0x1' }, 'gasPrice'],
      [{ ...TX, hash: `0x${'cd'.repeat(32)}` }, 'hash'],
    ];
    for (const [result, field] of bad) assert.deepEqual(await read(result), { ok: false, reason: 'invalid', detail: field }, field);
  });
});
