// The replay of a failed transaction at its parent block (one eth_call, never a trace), against the
// stand-alone loopback JSON-RPC (test/fixtures/jsonRpcNode.ts, which answers the replayed transfer as
// anvil and Wasp do: code 3, the revert data in `data`): what is sent, and every shape of answer read,
// checked and bounded.
import { strict as assert } from 'node:assert';
import { fetchEvmTransaction } from '../../../../src/evm/model/txRpc';
import { readCallError, REPLAY_MAX_DATA_BYTES, replayCallParams, replayTransaction, type ReplayedTx } from '../../../../src/evm/model/replay';
import { startJsonRpcNode, type JsonRpcNode } from '../../../fixtures/jsonRpcNode';

const rpc = { fetch: globalThis.fetch };
const TX: ReplayedTx = { from: '0xaa', to: '0xbb', input: '0x1234', value: 5n, gas: 60_000n, gasPrice: 10n ** 10n, blockNumber: 7n };

describe('evm/model/replay: a failed transaction replayed at its parent block', () => {
  let node: JsonRpcNode;
  before(async () => {
    node = await startJsonRpcNode({ waspShape: true });
  });
  after(() => node.close());

  it('sends ONE eth_call of the same transaction (from, to, data, value, gas, price) at block N−1, and reads the revert data of the error object', async () => {
    const tx = await fetchEvmTransaction(node.url, node.ids.reverted, rpc);
    assert.ok(tx.ok && tx.tx);
    const asked = node.methods.length;
    const outcome = await replayTransaction(node.url, tx.tx, rpc);
    assert.deepEqual(node.methods.slice(asked), ['eth_call']);
    assert.deepEqual(node.calls.at(-1), [{ from: tx.tx.from, to: tx.tx.to, data: tx.tx.input, value: '0x0', gas: '0xea60', gasPrice: '0x2540be400' }, '0x6']);
    assert.ok(outcome.ok && outcome.kind === 'reverted');
    assert.equal(outcome.block, 6n);
    assert.match(outcome.data, /^0x[0-9a-f]{8}0{63}3/, 'the custom error with its arguments');
  });

  it('a call that does not revert at the parent block is said as such', async () => {
    const tx = await fetchEvmTransaction(node.url, node.ids.deposit, rpc);
    assert.ok(tx.ok && tx.tx);
    assert.deepEqual(await replayTransaction(node.url, tx.tx, rpc), { ok: true, block: 6n, kind: 'succeeded' });
  });

  it('a type-2 transaction sends its fee cap and tip instead of a price; a creation sends no `to`; the genesis block has no parent', () => {
    const [call, block] = replayCallParams({ ...TX, maxFeePerGas: 3n, maxPriorityFeePerGas: 1n }) ?? [];
    assert.deepEqual(call, { from: '0xaa', to: '0xbb', data: '0x1234', value: '0x5', gas: '0xea60', maxFeePerGas: '0x3', maxPriorityFeePerGas: '0x1' });
    assert.equal(block, '0x6');
    const { to: _to, ...creation } = TX;
    assert.equal('to' in (replayCallParams(creation)?.[0] ?? {}), false);
    assert.equal(replayCallParams({ ...TX, blockNumber: 0n }), undefined);
  });

  it('reads every shape of error a node answers: anvil/Wasp/geth (code 3, data), nested data, a revert without data, another failure; malformed or oversized data is refused', () => {
    const data = `0x08c379a0${'00'.repeat(68)}`;
    assert.deepEqual(readCallError({ code: 3, message: 'execution reverted: nope', data }), { kind: 'reverted', data });
    assert.deepEqual(readCallError({ code: -32603, message: 'Error: VM Exception', data: { message: 'x', data: data.toUpperCase().replace('0X', '0x') } }), {
      kind: 'reverted',
      data,
    });
    assert.deepEqual(readCallError({ code: -32000, message: 'execution reverted' }), { kind: 'reverted', data: '0x' });
    assert.deepEqual(readCallError({ code: -32000, message: 'out of gas' }), { kind: 'failed', message: 'out of gas' });
    // anvil (revm) words a halt as its HaltReason: the call ran and failed.
    assert.deepEqual(readCallError({ code: -32003, message: 'EVM error OutOfGas' }), { kind: 'failed', message: 'EVM error OutOfGas' });
    assert.deepEqual(readCallError({ code: -32003, message: 'EVM error InvalidFEOpcode' }), { kind: 'failed', message: 'EVM error InvalidFEOpcode' });
    assert.deepEqual(readCallError({ code: -32000, message: 'header not found' }), { kind: 'node', message: 'header not found' });
    assert.deepEqual(readCallError({ code: -32000, message: 'out of gas', data: '0x' }), { kind: 'failed', message: 'out of gas' });
    assert.deepEqual(readCallError({ code: -32000, message: 'out of gas\u202e!' }), { kind: 'failed', message: 'out of gas⟨U+202E⟩!' });
    assert.deepEqual(
      readCallError({ code: -32000, message: 'missing trie node abc' }),
      { kind: 'node', message: 'missing trie node abc' },
      "the node's trouble, not the call's",
    );
    assert.equal(readCallError({ code: 3, message: 'execution reverted', data: '0xzz' }), undefined);
    assert.equal(readCallError({ code: 3, message: 'execution reverted', data: '0x123' }), undefined, 'an odd number of digits');
    assert.equal(readCallError({ code: 3, message: 'execution reverted', data: 42 }), undefined);
    assert.equal(readCallError({ code: 3, data: `0x${'00'.repeat(REPLAY_MAX_DATA_BYTES + 1)}` }), undefined, 'past the bound');
    assert.ok(readCallError({ code: 3, data: `0x${'00'.repeat(REPLAY_MAX_DATA_BYTES)}` }), 'at the bound');
  });

  it('a JSON-RPC that answers no JSON, or cannot run the call (header not found): a failure that says nothing of the transaction, never an exception', async () => {
    const tx = await fetchEvmTransaction(node.url, node.ids.reverted, rpc);
    assert.ok(tx.ok && tx.tx);
    node.fault = 'html';
    try {
      assert.deepEqual(await replayTransaction(node.url, tx.tx, rpc), { ok: false, reason: 'invalid' });
    } finally {
      node.fault = undefined;
    }
    node.fault = 'rpcError';
    try {
      assert.deepEqual(await replayTransaction(node.url, tx.tx, rpc), { ok: false, reason: 'rpcError', detail: 'header not found' });
    } finally {
      node.fault = undefined;
    }
  });
});
