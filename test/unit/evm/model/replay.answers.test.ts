// The replay's call and what a node's error says (src/evm/model/replay.ts), through a fake fetch:
// the fee fields sent only as a pair, a revert told by the code alone, a null data, an error without
// a message, the genesis block, and revert data that is not hex.
import * as assert from 'node:assert/strict';
import { readCallError, replayCallParams, replayTransaction, type ReplayedTx } from '../../../../src/evm/model/replay';

const URL = 'https://rpc.example/evm';
const TX: ReplayedTx = { from: `0x${'11'.repeat(20)}`, to: `0x${'22'.repeat(20)}`, input: '0x1234', value: 5n, gas: 21000n, gasPrice: 7n, blockNumber: 10n };

/** A fake JSON-RPC answering every call with this envelope body; the bodies sent are kept. */
function answering(reply: Record<string, unknown>) {
  const sent: unknown[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...reply }), { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

describe('evm/model/replay: the call sent', () => {
  it('the price is sent unless both the fee cap and the tip are known', () => {
    const base = { from: TX.from, to: TX.to, data: '0x1234', value: '0x5', gas: '0x5208' };
    assert.deepEqual(replayCallParams(TX), [{ ...base, gasPrice: '0x7' }, '0x9']);
    assert.deepEqual(replayCallParams({ ...TX, maxFeePerGas: 9n }), [{ ...base, gasPrice: '0x7' }, '0x9']);
    assert.deepEqual(replayCallParams({ ...TX, maxPriorityFeePerGas: 1n }), [{ ...base, gasPrice: '0x7' }, '0x9']);
  });

  it('a replay that returns is a success at the parent block, asked with eth_call', async () => {
    const node = answering({ result: '0x' });
    assert.deepEqual(await replayTransaction(URL, TX, { fetch: node.fetch }), { ok: true, block: 9n, kind: 'succeeded' });
    assert.deepEqual(
      node.sent.map((b) => (b as { method: string }).method),
      ['eth_call'],
    );
  });

  it('a transaction of the genesis block is not replayed', async () => {
    const node = answering({ result: '0x' });
    assert.deepEqual(await replayTransaction(URL, { ...TX, blockNumber: 0n }, { fetch: node.fetch }), {
      ok: false,
      reason: 'invalid',
      detail: 'blockNumber: the genesis block has no parent',
    });
    assert.deepEqual(node.sent, []);
  });

  it('revert data that is not hex makes the answer invalid', async () => {
    const node = answering({ error: { code: 3, message: 'execution reverted', data: '0xzz' } });
    assert.deepEqual(await replayTransaction(URL, TX, { fetch: node.fetch }), {
      ok: false,
      reason: 'invalid',
      detail: 'error.data: expected revert data as hex',
    });
  });
});

describe("evm/model/replay: a node's error object", () => {
  it('code 3 alone says a revert, even with empty data and other words', () => {
    assert.deepEqual(readCallError({ code: 3, message: 'boom', data: '0x' }), { kind: 'reverted', data: '0x' });
  });

  it('a null data is no data', () => {
    assert.deepEqual(readCallError({ code: -32000, message: 'execution reverted', data: null }), { kind: 'reverted', data: '0x' });
  });

  it('an error without a message is told by its code, or by nothing', () => {
    assert.deepEqual(readCallError({ code: -32000 }), { kind: 'node', message: '-32000' });
    assert.deepEqual(readCallError({}), { kind: 'node', message: '' });
  });
});
