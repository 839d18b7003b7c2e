// A transaction of a chain known only by its EVM JSON-RPC, as the hover and the panel show it: the
// stand-alone JSON-RPC's answers (test/fixtures/jsonRpcNode.ts) read with the Vault's ABI. Status
// first; the revert from the receipt's own data (custom error by name, Error(string), a text), else
// from a call tree read before, else said to be unknown; gas and fee in BigInt; the call and logs.
import { strict as assert } from 'node:assert';
import { AbiIndex } from '../../../../src/evm/model/abiIndex';
import type { AbiCoder } from '../../../../src/evm/model/decode';
import { fetchEvmReceipt, fetchEvmTransaction } from '../../../../src/evm/model/txRpc';
import { evmOnlyHoverLines, evmOnlyView, receiptRevertText, replayText, wantsReplay, type EvmOnlyFound } from '../../../../src/transactions/model/evmOnlyView';
import { replayTransaction } from '../../../../src/evm/model/replay';
import { startJsonRpcNode, type JsonRpcNode } from '../../../fixtures/jsonRpcNode';
import { BOB, loadCodecs, vaultIndex } from '../../helpers/evm';
import type { EvmReceipt, EvmTransaction } from '../../../../src/evm/model/txRpc';

async function found(node: JsonRpcNode, hash: string): Promise<EvmOnlyFound> {
  const rpc = { fetch: globalThis.fetch };
  const [receipt, tx] = await Promise.all([fetchEvmReceipt(node.url, hash, rpc), fetchEvmTransaction(node.url, hash, rpc)]);
  assert.ok(receipt.ok && tx.ok);
  return { hash, tx: tx.tx, receipt: receipt.receipt };
}

describe('transactions/model/evmOnlyView: a transaction known only by its JSON-RPC', () => {
  let node: JsonRpcNode;
  let wasp: JsonRpcNode;
  let coder: AbiCoder;
  before(async () => {
    [node, wasp, { coder }] = await Promise.all([startJsonRpcNode(), startJsonRpcNode({ waspShape: true }), loadCodecs()]);
  });
  after(() => Promise.all([node.close(), wasp.close()]));

  it('a reverted transfer: failure first, the custom error by name from the receipt, gas at its price with the fee, the call on the named contract, no logs', async () => {
    const f = await found(node, node.ids.reverted);
    const lines = evmOnlyHoverLines(f, 'Testnet', { coder, index: vaultIndex(), nameOf: (a) => (a === f.tx?.to ? 'Vault' : undefined) });
    assert.deepEqual(lines, [
      'Failed (EVM status 0) on Testnet, block 7',
      'Why: custom error InsufficientBalance(available: 3, required: 5)',
      'Gas used 31,244 at 10,000,000,000 wei: fee 0.00031244',
      'Calls transfer(to: 0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359, amount: 5) on Vault',
      'Logs: none',
    ]);
  });

  it('Wasp sends no revert data: the hover says so until a call tree was read, then says where the revert began', async () => {
    const f = await found(wasp, wasp.ids.reverted);
    const decoding = { coder, index: vaultIndex() };
    assert.equal(evmOnlyHoverLines(f, 'T', decoding)[1], 'Why: the receipt does not say; Open Receipt shows the call tree, where the revert began.');
    assert.equal(evmOnlyHoverLines(f, 'T', decoding, { traceLine: 'reverted in Ledger: transfer(…)' })[1], 'Why: reverted in Ledger: transfer(…)');
  });

  it('no revertReason and no call tree read: the replay at the parent block names the error, decoded with the ABIs, said as a replay', async () => {
    const f = await found(wasp, wasp.ids.reverted);
    const decoding = { coder, index: vaultIndex() };
    assert.equal(wantsReplay(f, undefined), true);
    assert.equal(wantsReplay(f, 'reverted in Ledger: transfer(…)'), false, 'a call tree read already says it');
    assert.equal(wantsReplay(await found(node, node.ids.reverted), undefined), false, 'the receipt says it');
    assert.equal(wantsReplay(await found(wasp, wasp.ids.deposit), undefined), false, 'it did not fail');
    assert.ok(f.tx);
    const replay = await replayTransaction(wasp.url, f.tx, { fetch: globalThis.fetch });
    const caveat = '(replayed at block 6; a transaction earlier in block 7 may have changed the state)';
    assert.equal(evmOnlyHoverLines(f, 'T', decoding, { replay })[1], `Why: custom error InsufficientBalance(available: 3, required: 5) ${caveat}`);
    assert.equal(
      evmOnlyHoverLines(f, 'T', decoding, { traceLine: 'reverted in Ledger: transfer(…)', replay })[1],
      'Why: reverted in Ledger: transfer(…)',
      'the call tree first',
    );
    const view = evmOnlyView(f, { rpcUrl: wasp.url }, decoding, { replay });
    assert.equal(view.revert, `custom error InsufficientBalance(available: 3, required: 5) ${caveat}`, "the panel's banner");
    assert.equal(replayText({ ok: true, block: 6n, kind: 'reverted', data: '0x' }, decoding), `reverted without a reason ${caveat}`);
    assert.equal(replayText({ ok: true, block: 6n, kind: 'failed', message: 'out of gas' }, decoding), `out of gas ${caveat}`);
    assert.equal(
      replayText({ ok: true, block: 6n, kind: 'succeeded' }, decoding),
      'the replay at block 6 does not fail: a transaction earlier in block 7 may have changed the state',
    );
    assert.equal(replayText({ ok: false, reason: 'timeout' }, decoding), undefined, 'no answer: nothing said');
    assert.equal(
      evmOnlyHoverLines(f, 'T', decoding, { replay: { ok: false, reason: 'timeout' } })[1],
      'Why: the receipt does not say; Open Receipt shows the call tree, where the revert began.',
    );
  });

  it('a deposit: success, its logs by event name; without the ABIs (late) the selector and a count instead', async () => {
    const f = await found(node, node.ids.deposit);
    const lines = evmOnlyHoverLines(f, 'T', { coder, index: vaultIndex() });
    assert.equal(lines[0], 'Succeeded (EVM status 1) on T, block 7');
    assert.equal(lines.at(-1), 'Logs: 1 (Deposited)');
    assert.match(lines[2] ?? '', /^Calls deposit\(/);
    const bare = evmOnlyHoverLines(f, 'T', undefined);
    assert.match(bare[2] ?? '', /^Calls 0x[0-9a-f]{8} on 0xfb6916…c5d359$/);
    assert.equal(bare.at(-1), 'Logs: 1');
  });

  it('the revert data in every shape a JSON-RPC sends: Error(string), a panic, a text (revealed), nothing, an unknown custom error', () => {
    const decoding = { coder, index: new AbiIndex() };
    const reason = `0x08c379a0${32n.toString(16).padStart(64, '0')}${4n.toString(16).padStart(64, '0')}${Buffer.from('nope').toString('hex').padEnd(64, '0')}`;
    assert.equal(receiptRevertText(reason, decoding), 'nope');
    assert.equal(receiptRevertText(`0x4e487b71${'0'.repeat(62)}11`, decoding), 'panic 0x11: arithmetic overflow or underflow');
    assert.equal(receiptRevertText('execution reverted: no\u202etoken', decoding), 'execution reverted: no⟨U+202E⟩token');
    assert.equal(receiptRevertText(undefined, decoding), undefined);
    assert.equal(receiptRevertText('0x', decoding), undefined);
    assert.match(
      receiptRevertText(`0xdeadbeef${'0'.repeat(64)}`, decoding) ?? '',
      /^custom error 0xdeadbeef \(data 0xdeadbeef0+\): no ABI in the workspace declares it$/,
    );
  });

  it('the panel: the transaction, the EVM receipt with its revert and fee, the call decoded, the explorer links from the entry', async () => {
    const f = await found(node, node.ids.reverted);
    const view = evmOnlyView(f, { rpcUrl: node.url, explorerUrl: 'https://explorer.example', evmChainId: 1076n }, { coder, index: vaultIndex() }, {});
    assert.equal(view.failed, true);
    assert.equal(view.statusText, 'Failed (EVM status 0)');
    assert.equal(view.revert, 'custom error InsufficientBalance(available: 3, required: 5)');
    assert.deepEqual(
      view.sections.map((s) => s.id),
      ['evmOnlyTx', 'evmLogs', 'evmAbi', 'evmOnlyLinks'],
    );
    const rows = new Map(view.sections.flatMap((s) => s.rows).map((r) => [r.field, r.value]));
    assert.equal(rows.get('evmNonce'), '40');
    assert.equal(rows.get('evmGasPrice'), '10,000,000,000 wei');
    assert.equal(rows.get('evmReceiptStatus'), 'failed (status 0)');
    assert.equal(rows.get('evmRevert'), 'custom error InsufficientBalance(available: 3, required: 5)');
    assert.equal(rows.get('evmReceiptGas'), '31,244');
    assert.equal(rows.get('evmFee'), '0.00031244');
    assert.equal(rows.get('evmCall'), 'transfer');
    assert.equal(rows.get('evmExplorerTx'), `https://explorer.example/tx/${node.ids.reverted}`);
  });
});

const HASH = `0x${'ab'.repeat(32)}`;
const TO = BOB.toLowerCase();
const CREATED = `0x${'c1'.repeat(20)}`;

/** A receipt and its transaction as the JSON-RPC's answers give them, with only what a test changes. */
function plain(receipt: Partial<EvmReceipt>, tx: Partial<EvmTransaction> | null = {}): EvmOnlyFound {
  return {
    hash: HASH,
    receipt: { status: 1, gasUsed: 21_000n, blockNumber: 9n, logs: [], totalLogs: 0, ...receipt },
    tx:
      tx === null
        ? null
        : { hash: HASH, from: `0x${'f'.repeat(40)}`, to: TO, input: '0x', value: 0n, nonce: 1n, gas: 30_000n, gasPrice: 1n, blockNumber: 9n, ...tx },
  };
}

describe('transactions/model/evmOnlyView: the shapes a JSON-RPC answer takes', () => {
  let coder: AbiCoder;
  before(async () => {
    ({ coder } = await loadCodecs());
  });

  it('a receipt without status or price: "Included", no revert line, gas used alone', () => {
    assert.deepEqual(evmOnlyHoverLines(plain({ status: undefined }, null), 'T', undefined), [
      'Included (the JSON-RPC sends no status) on T, block 9',
      'Gas used 21,000',
      'Logs: none',
    ]);
  });

  it('a receipt whose transaction the JSON-RPC does not give: the panel says so and names the contract it created', () => {
    const f = plain({ contractAddress: CREATED }, null);
    const view = evmOnlyView(f, { rpcUrl: 'http://h' }, { coder, index: vaultIndex(), nameOf: (a) => (a === CREATED ? 'Vault' : undefined) }, {});
    const rows = view.sections.find((s) => s.id === 'evmOnlyTx')?.rows.slice(2);
    assert.deepEqual(rows, [
      { field: 'evmTxMissing', label: 'Transaction', value: 'the JSON-RPC has its receipt but does not give the transaction', empty: true },
      { field: 'evmCreated', label: 'Contract created', value: CREATED, mono: true, detail: 'Vault' },
    ]);
  });

  it('a contract creation: To says so, and there is no call to decode', () => {
    const view = evmOnlyView(
      plain({ contractAddress: CREATED }, { to: undefined, input: '0x6080' }),
      { rpcUrl: 'http://h' },
      { coder, index: vaultIndex() },
      {},
    );
    assert.deepEqual(
      view.sections.flatMap((s) => s.rows).find((r) => r.field === 'evmTo'),
      { field: 'evmTo', label: 'To', value: 'contract creation', empty: true },
    );
    assert.deepEqual(
      view.sections.map((s) => s.id),
      ['evmOnlyTx', 'evmLogs'],
    );
  });

  it('no call data is a transfer (to the named contract), with or without the ABIs; the panel says there is no call data', () => {
    const f = plain({});
    const decoding = { coder, index: vaultIndex() };
    assert.equal(evmOnlyHoverLines(f, 'T', undefined)[2], 'Transfer to 0xfb6916…c5d359');
    assert.equal(evmOnlyHoverLines(f, 'T', decoding)[2], 'Transfer to 0xfb6916…c5d359');
    assert.equal(evmOnlyHoverLines(f, 'T', { ...decoding, nameOf: () => 'Vault' })[2], 'Transfer to Vault');
    assert.deepEqual(evmOnlyView(f, { rpcUrl: 'http://h' }, decoding, {}).sections.find((s) => s.id === 'evmAbi')?.rows, [
      { field: 'evmCall', label: 'Function', value: 'no call data', empty: true },
    ]);
  });

  it('a call no ABI declares: the hover and the panel name its selector and say so', () => {
    const f = plain({}, { input: `0xdeadbeef${'0'.repeat(64)}` });
    const decoding = { coder, index: vaultIndex() };
    assert.equal(evmOnlyHoverLines(f, 'T', decoding)[2], 'Calls function 0xdeadbeef: no ABI in the workspace declares it');
    assert.deepEqual(evmOnlyView(f, { rpcUrl: 'http://h' }, decoding, {}).sections.find((s) => s.id === 'evmAbi')?.rows, [
      { field: 'evmCall', label: 'Function', value: 'function 0xdeadbeef: no ABI in the workspace declares it', mono: true },
    ]);
  });

  it('the logs line names the first three, an event no ABI declares as "unknown event", and counts the rest', () => {
    const log = { address: TO, topics: [`0x${'e'.repeat(64)}`], data: '0x' };
    const f = plain({ logs: [log, log, log, log], totalLogs: 5 });
    assert.equal(evmOnlyHoverLines(f, 'T', { coder, index: vaultIndex() }).at(-1), 'Logs: 5 (unknown event, unknown event, unknown event, 2 more)');
  });

  it('revert data without the ABIs: the selector and the data in lower case', () => {
    assert.equal(receiptRevertText(`0xDEADBEEF${'AB'.repeat(4)}`, undefined), 'custom error 0xdeadbeef (data 0xdeadbeefabababab)');
  });

  it('a replay that reverts with data too short to name an error: the data itself, said as a replay', () => {
    assert.equal(
      replayText({ ok: true, block: 6n, kind: 'reverted', data: '0x1234' }, undefined),
      'reverted with data 0x1234 (replayed at block 6; a transaction earlier in block 7 may have changed the state)',
    );
  });
});
