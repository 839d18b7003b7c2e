// What a chain known only by its JSON-RPC is asked, against the stand-alone loopback JSON-RPC
// (test/fixtures/jsonRpcNode.ts): the transaction and its EVM receipt validated field by field, the
// chain ID and latest block, and every fault (HTML, a huge answer, an error object, no answer in time,
// a dropped connection) an outcome that says so, never an exception; quantities parsed at their edges.
import { strict as assert } from 'node:assert';
import { parseQuantity } from '../../../../src/evm/model/jsonRpc';
import { fetchBlockNumber, fetchChainId, fetchEvmReceipt, fetchEvmTransaction } from '../../../../src/evm/model/txRpc';
import { startJsonRpcNode, type JsonRpcNode } from '../../../fixtures/jsonRpcNode';

const rpc = { fetch: globalThis.fetch };

describe('evm/model/txRpc: a stand-alone JSON-RPC', () => {
  let node: JsonRpcNode;
  before(async () => {
    node = await startJsonRpcNode();
  });
  afterEach(() => {
    node.fault = undefined;
  });
  after(() => node.close());

  it('the transaction: from, to, input, value, nonce, gas, price and block, addresses lower-cased, quantities as bigint', async () => {
    const r = await fetchEvmTransaction(node.url, node.ids.deposit.toUpperCase().replace('0X', '0x'), rpc);
    assert.ok(r.ok && r.tx);
    assert.equal(r.tx.hash, node.ids.deposit);
    assert.equal(r.tx.from, node.sender.toLowerCase());
    assert.equal(r.tx.to, '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359');
    assert.deepEqual([r.tx.value, r.tx.nonce, r.tx.gas, r.tx.gasPrice, r.tx.blockNumber], [1000n, 41n, 60000n, 10n ** 10n, 7n]);
    assert.match(r.tx.input, /^0x[0-9a-f]{8}/);
    assert.deepEqual(await fetchEvmTransaction(node.url, `0x${'9'.repeat(64)}`, rpc), { ok: true, tx: null }, 'an unknown hash is null, not an error');
  });

  it('the EVM receipt: status, gas used, effective price, block, logs; a failed one with the revert data some JSON-RPCs add', async () => {
    const ok = await fetchEvmReceipt(node.url, node.ids.deposit, rpc);
    assert.ok(ok.ok);
    assert.deepEqual(
      [ok.receipt.status, ok.receipt.gasUsed, ok.receipt.effectiveGasPrice, ok.receipt.blockNumber, ok.receipt.totalLogs],
      [1, 48512n, 10n ** 10n, 7n, 1],
    );
    assert.equal(ok.receipt.contractAddress, undefined, 'null is no contract');
    const failed = await fetchEvmReceipt(node.url, node.ids.reverted, rpc);
    assert.ok(failed.ok);
    assert.equal(failed.receipt.status, 0);
    assert.match(failed.receipt.revertReason ?? '', /^0x[0-9a-f]{8}0{63}3/);
    assert.deepEqual(await fetchEvmReceipt(node.url, `0x${'9'.repeat(64)}`, rpc), { ok: false, reason: 'notFound' });
  });

  it('the chain ID and latest block; another chain ID is answered as it is (the caller compares)', async () => {
    assert.deepEqual(await fetchChainId(node.url, rpc), { ok: true, value: 1076n });
    assert.deepEqual(await fetchBlockNumber(node.url, rpc), { ok: true, value: 12n });
    node.chainId = 1n;
    assert.deepEqual(await fetchChainId(node.url, rpc), { ok: true, value: 1n });
    node.chainId = 1076n;
  });

  it('faults: an HTML page is invalid, a huge answer too large, an error object said, no answer a timeout, a dropped connection a network failure', async () => {
    node.fault = 'html';
    assert.deepEqual(await fetchChainId(node.url, rpc), { ok: false, reason: 'invalid' });
    node.fault = 'huge';
    assert.deepEqual(await fetchEvmReceipt(node.url, node.ids.deposit, rpc), { ok: false, reason: 'tooLarge' });
    node.fault = 'rpcError';
    assert.deepEqual(await fetchBlockNumber(node.url, rpc), { ok: false, reason: 'rpcError', detail: 'header not found' });
    node.fault = { delayMs: 500 };
    assert.deepEqual(await fetchEvmTransaction(node.url, node.ids.deposit, { ...rpc, timeoutMs: 50 }), { ok: false, reason: 'timeout' });
    node.fault = 'reset';
    const reset = await fetchChainId(node.url, rpc);
    assert.equal(reset.ok === false && reset.reason, 'network');
  });

  it('refuses a hash that is not 0x + 64 hex, or a URL it may not open, before any request', async () => {
    const before = node.methods.length;
    assert.deepEqual(await fetchEvmReceipt(node.url, '0x1234', rpc), { ok: false, reason: 'badUrl', detail: 'hash' });
    assert.deepEqual(await fetchEvmTransaction(node.url, `0x${'g'.repeat(64)}`, rpc), { ok: false, reason: 'badUrl', detail: 'hash' });
    assert.deepEqual(await fetchChainId('file:///etc/passwd', rpc), { ok: false, reason: 'badUrl' });
    assert.equal(node.methods.length, before);
  });
});

describe('evm/model/txRpc: answers that are not what they claim', () => {
  const answering =
    (result: unknown): typeof globalThis.fetch =>
    async () =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { headers: { 'content-type': 'application/json' } });
  const HASH = `0x${'a'.repeat(64)}`;
  const receipt = { transactionHash: HASH, status: '0x1', gasUsed: '0x5208', blockNumber: '0x7', logs: [] };
  const tx = { hash: HASH, from: `0x${'1'.repeat(40)}`, to: null, input: '0x', value: '0x0', nonce: '0x0', gas: '0x5208', gasPrice: '0x1', blockNumber: '0x7' };

  it('a receipt of another transaction, a status other than 0 or 1, gas with leading zeros or past 2^64 are invalid, naming the field', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ ...receipt, transactionHash: `0x${'b'.repeat(64)}` }, 'transactionHash'],
      [{ ...receipt, status: '0x2' }, 'status'],
      [{ ...receipt, gasUsed: '0x05208' }, 'gasUsed'],
      [{ ...receipt, gasUsed: `0x1${'0'.repeat(16)}` }, 'gasUsed'],
      [{ ...receipt, effectiveGasPrice: '-0x1' }, 'effectiveGasPrice'],
      [{ ...receipt, logs: [{ address: '0x12', topics: [], data: '0x' }] }, 'logs.0.address'],
    ];
    for (const [answer, field] of bad)
      assert.deepEqual(await fetchEvmReceipt('http://rpc.example', HASH, { fetch: answering(answer) }), { ok: false, reason: 'invalid', detail: field });
  });

  it('a creation has no `to`; a pending transaction (no block) is not shown; a quantity that is not one is invalid', async () => {
    const created = await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering(tx) });
    assert.ok(created.ok && created.tx && created.tx.to === undefined);
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering({ ...tx, blockNumber: null }) }), { ok: true, tx: null });
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering({ ...tx, value: 5 }) }), {
      ok: false,
      reason: 'invalid',
      detail: 'value',
    });
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering({ ...tx, nonce: '0x' }) }), {
      ok: false,
      reason: 'invalid',
      detail: 'nonce',
    });
  });

  it('a type-2 transaction keeps its fee cap and tip (what its replay sends); a type-2 without them is invalid; another type has none', async () => {
    const t2 = { ...tx, type: '0x2', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' };
    const read = await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering(t2) });
    assert.ok(read.ok && read.tx);
    assert.deepEqual([read.tx.maxFeePerGas, read.tx.maxPriorityFeePerGas], [2_000_000_000n, 1_000_000_000n]);
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering({ ...t2, maxFeePerGas: null }) }), {
      ok: false,
      reason: 'invalid',
      detail: 'maxFeePerGas',
    });
    const legacy = await fetchEvmTransaction('http://rpc.example', HASH, { fetch: answering({ ...t2, type: '0x0' }) });
    assert.ok(legacy.ok && legacy.tx && !('maxFeePerGas' in legacy.tx));
  });

  it('a transaction of another hash, a type-2 without its tip, a receipt without a block, a chain ID that is no quantity are invalid, naming the field', async () => {
    const options = (result: unknown) => ({ fetch: answering(result) });
    const invalid = (detail: string) => ({ ok: false, reason: 'invalid', detail });
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, options({ ...tx, hash: `0x${'b'.repeat(64)}` })), invalid('hash'));
    const noTip = { ...tx, type: '0x2', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x' };
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, options(noTip)), invalid('maxPriorityFeePerGas'));
    assert.deepEqual(await fetchEvmReceipt('http://rpc.example', HASH, options({ ...receipt, blockNumber: '0x07' })), invalid('blockNumber'));
    assert.deepEqual(await fetchChainId('http://rpc.example', options('0x01')), invalid('result: expected a hex quantity'));
  });

  it('"transaction not found" from the JSON-RPC is no transaction, not a failure', async () => {
    const notFound: typeof globalThis.fetch = async () =>
      new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'transaction not found' } }));
    assert.deepEqual(await fetchEvmTransaction('http://rpc.example', HASH, { fetch: notFound }), { ok: true, tx: null });
  });
});

describe('evm/model/jsonRpc: a hex quantity at its edges', () => {
  it('0x0 is zero; 0x, leading zeros, non-hex, negative, a number and past the bound are no quantity', () => {
    assert.equal(parseQuantity('0x0'), 0n);
    assert.equal(parseQuantity('0x1'), 1n);
    assert.equal(parseQuantity('0xFF'), 255n);
    assert.equal(parseQuantity(`0x${'f'.repeat(64)}`), 2n ** 256n - 1n, '2^256-1 is the largest uint256');
    for (const v of ['0x', '0x00', '0x01', '0xg', '-0x1', '1', ' 0x1', '0x1 ', `0x1${'0'.repeat(64)}`, 5, null, undefined, 10n])
      assert.equal(parseQuantity(v), undefined, String(v));
    assert.equal(parseQuantity(`0x1${'0'.repeat(16)}`, 2n ** 64n - 1n), undefined, '2^64 is past a uint64');
    assert.equal(parseQuantity(`0x${'f'.repeat(16)}`, 2n ** 64n - 1n), 2n ** 64n - 1n);
  });
});
