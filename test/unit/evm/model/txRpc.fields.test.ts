// Each field of a transaction and an EVM receipt as a JSON-RPC answers it (src/evm/model/txRpc.ts),
// through a fake fetch: every quantity that is not one names itself, a field that is null or left
// out is left out, the zero address is no contract, and the logs kept are bounded.
import * as assert from 'node:assert/strict';
import { MAX_LOGS } from '../../../../src/evm/model/jsonRpc';
import { fetchEvmReceipt, fetchEvmTransaction } from '../../../../src/evm/model/txRpc';

const URL = 'https://rpc.example/evm';
const HASH = `0x${'ab'.repeat(32)}`;
const FROM = `0x${'11'.repeat(20)}`;
const TO = `0x${'22'.repeat(20)}`;

/** A fake JSON-RPC whose every call answers this result. */
function answering(result: unknown) {
  const fetch = (async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { status: 200 })) as unknown as typeof globalThis.fetch;
  return { fetch };
}

const txAnswer = (over: Record<string, unknown> = {}) => ({
  hash: HASH,
  from: FROM,
  to: TO,
  input: '0x',
  value: '0x5',
  nonce: '0x1',
  gas: '0x5208',
  gasPrice: '0x3b9aca00',
  blockNumber: '0x7',
  ...over,
});
const receiptAnswer = (over: Record<string, unknown> = {}) => ({ gasUsed: '0x5208', blockNumber: '0x7', logs: [], ...over });

describe('evm/model/txRpc: the fields of a transaction', () => {
  it('a value, gas, gas price or block that is not a quantity is named', async () => {
    for (const field of ['value', 'nonce', 'gas', 'gasPrice', 'blockNumber']) {
      const r = await fetchEvmTransaction(URL, HASH, answering(txAnswer({ [field]: 'zz' })));
      assert.deepEqual(r, { ok: false, reason: 'invalid', detail: field }, field);
    }
  });

  it('a contract creation, with to null or left out, has no to', async () => {
    const want = { hash: HASH, from: FROM, input: '0x', value: 5n, nonce: 1n, gas: 21000n, gasPrice: 10n ** 9n, blockNumber: 7n };
    assert.deepEqual(await fetchEvmTransaction(URL, HASH, answering(txAnswer({ to: null }))), { ok: true, tx: want });
    const { to: _to, ...withoutTo } = txAnswer();
    assert.deepEqual(await fetchEvmTransaction(URL, HASH, answering(withoutTo)), { ok: true, tx: want });
  });
});

describe('evm/model/txRpc: the fields of a receipt', () => {
  it('a status or effective price of null, and an empty or null revert reason, are left out', async () => {
    const want = { ok: true, receipt: { gasUsed: 21000n, blockNumber: 7n, logs: [], totalLogs: 0 } };
    assert.deepEqual(await fetchEvmReceipt(URL, HASH, answering(receiptAnswer())), want);
    assert.deepEqual(await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ status: null, effectiveGasPrice: null }))), want);
    assert.deepEqual(await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ revertReason: '' }))), want);
    assert.deepEqual(await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ revertReason: null }))), want);
  });

  it('a revert reason given as text is kept', async () => {
    const r = await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ status: '0x0', revertReason: 'Not enough' })));
    assert.deepEqual(r, { ok: true, receipt: { gasUsed: 21000n, blockNumber: 7n, logs: [], totalLogs: 0, status: 0, revertReason: 'Not enough' } });
  });

  it('the zero address is no created contract; another address is', async () => {
    const zero = await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ contractAddress: `0x${'0'.repeat(40)}` })));
    assert.ok(zero.ok);
    assert.equal('contractAddress' in zero.receipt, false);
    const made = await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ contractAddress: `0x${'A0'.repeat(20)}` })));
    assert.ok(made.ok);
    assert.equal(made.receipt.contractAddress, `0x${'a0'.repeat(20)}`);
  });

  it(`keeps the first ${MAX_LOGS} logs and counts them all`, async () => {
    const logs = Array.from({ length: MAX_LOGS + 1 }, (_, i) => ({ address: TO, topics: [], data: `0x${i.toString(16).padStart(4, '0')}` }));
    const r = await fetchEvmReceipt(URL, HASH, answering(receiptAnswer({ logs })));
    assert.ok(r.ok);
    assert.equal(r.receipt.logs.length, MAX_LOGS);
    assert.equal(r.receipt.totalLogs, MAX_LOGS + 1);
    assert.deepEqual(r.receipt.logs[MAX_LOGS - 1], logs[MAX_LOGS - 1]);
  });
});
