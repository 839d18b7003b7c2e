// The panel of a transaction known only by its JSON-RPC, row by row: the transaction's own fields
// with names beside addresses, the EVM receipt with the revert right after its status, the fee, and
// the explorer links; and the edges of the revert text and the call line. Built from plain answers.
import { strict as assert } from 'node:assert';
import type { AbiCoder } from '../../../../src/evm/model/decode';
import type { EvmReceipt, EvmTransaction } from '../../../../src/evm/model/txRpc';
import { evmOnlyHoverLines, evmOnlyView, receiptRevertText, wantsReplay, type EvmOnlyFound } from '../../../../src/transactions/model/evmOnlyView';
import { BOB, loadCodecs, vaultIndex } from '../../helpers/evm';

const HASH = `0x${'ab'.repeat(32)}`;
const TO = BOB;
const FROM = `0x${'f'.repeat(40)}`;
const ERROR_NOPE = `0x08c379a0${32n.toString(16).padStart(64, '0')}${4n.toString(16).padStart(64, '0')}${Buffer.from('nope').toString('hex').padEnd(64, '0')}`;

function plain(receipt: Partial<EvmReceipt>, tx: Partial<EvmTransaction> | null = {}): EvmOnlyFound {
  return {
    hash: HASH,
    receipt: { status: 1, gasUsed: 21_000n, blockNumber: 9n, logs: [], totalLogs: 0, ...receipt },
    tx:
      tx === null
        ? null
        : { hash: HASH, from: FROM, to: TO, input: '0x', value: 1_500_000_000_000_000_000n, nonce: 7n, gas: 30_000n, gasPrice: 2n, blockNumber: 9n, ...tx },
  };
}

describe('transactions/model/evmOnlyView: the panel row by row', () => {
  let coder: AbiCoder;
  before(async () => {
    ({ coder } = await loadCodecs());
  });

  it('the transaction section lists hash, block, sender and recipient (named, to copy), value in tokens and wei, nonce, gas limit and price', () => {
    const names = new Map([
      [FROM, 'Alice'],
      [TO, 'Vault'],
    ]);
    const view = evmOnlyView(plain({}), { rpcUrl: 'http://h' }, { coder, index: vaultIndex(), nameOf: (a) => names.get(a) }, {});
    const tx = view.sections.find((s) => s.id === 'evmOnlyTx');
    assert.equal(tx?.title, 'Transaction');
    assert.deepEqual(tx?.rows, [
      { field: 'evmHash', label: 'Transaction hash', value: HASH, mono: true, copy: { text: HASH, what: 'hash' } },
      { field: 'evmBlock', label: 'Block', value: '9', mono: true },
      { field: 'evmFrom', label: 'From', value: FROM, mono: true, copy: { text: FROM, what: 'address' }, detail: 'Alice' },
      { field: 'evmTo', label: 'To', value: TO, mono: true, copy: { text: TO, what: 'address' }, detail: 'Vault' },
      { field: 'evmValue', label: 'Value', value: '1.5', detail: '1,500,000,000,000,000,000 wei', mono: true },
      { field: 'evmNonce', label: 'Nonce', value: '7', mono: true },
      { field: 'evmGasLimit', label: 'Gas limit', value: '30,000', mono: true },
      { field: 'evmGasPrice', label: 'Gas price', value: '2 wei', mono: true },
    ]);
  });

  it('the section titles name what each holds', () => {
    const view = evmOnlyView(plain({}), { rpcUrl: 'http://h', explorerUrl: 'https://explorer.example' }, { coder, index: vaultIndex() }, {});
    assert.deepEqual(
      view.sections.map((s) => [s.id, s.title]),
      [
        ['evmOnlyTx', 'Transaction'],
        ['evmLogs', 'EVM receipt and logs'],
        ['evmAbi', "Decoded with the workspace's ABIs"],
        ['evmOnlyLinks', 'Explorer'],
      ],
    );
  });

  it('the explorer section links the transaction, the recipient and the sender, each opened in the browser', () => {
    const view = evmOnlyView(plain({}), { rpcUrl: 'http://h', explorerUrl: 'https://explorer.example' }, { coder, index: vaultIndex() }, {});
    const tx = `https://explorer.example/tx/${HASH}`;
    const to = `https://explorer.example/address/${TO}`;
    const from = `https://explorer.example/address/${FROM}`;
    assert.deepEqual(view.sections.find((s) => s.id === 'evmOnlyLinks')?.rows, [
      { field: 'evmExplorerTx', label: 'Transaction in explorer', value: tx, mono: true, link: { url: tx, web: true } },
      { field: 'evmExplorerTo', label: 'Recipient in explorer', value: to, mono: true, link: { url: to, web: true } },
      { field: 'evmExplorerFrom', label: 'Sender in explorer', value: from, mono: true, link: { url: from, web: true } },
    ]);
  });

  it('a failed transaction: the revert row follows the status row, and the fee comes last with its wei', () => {
    const f = plain({ status: 0, effectiveGasPrice: 10n, revertReason: ERROR_NOPE });
    const view = evmOnlyView(f, { rpcUrl: 'http://h' }, { coder, index: vaultIndex() }, {});
    assert.equal(view.revert, 'nope');
    assert.deepEqual(view.sections.find((s) => s.id === 'evmLogs')?.rows, [
      { field: 'evmLogsUrl', label: 'Asked', value: 'http://h', mono: true },
      { field: 'evmReceiptStatus', label: 'EVM receipt', value: 'failed (status 0)' },
      { field: 'evmRevert', label: 'Revert', value: 'nope' },
      { field: 'evmReceiptGas', label: 'Gas used (EVM receipt)', value: '21,000', mono: true },
      { field: 'evmReceiptPrice', label: 'Effective gas price', value: '10 wei', mono: true },
      { field: 'evmLogsNone', label: 'Logs', value: 'none', empty: true },
      { field: 'evmFee', label: 'Fee', value: '0.00000000000021', detail: '210,000 wei: gas used × effective gas price', mono: true },
    ]);
  });

  it('a failed transaction whose receipt does not say why: the revert row says so, as an empty value', () => {
    const view = evmOnlyView(plain({ status: 0 }), { rpcUrl: 'http://h' }, { coder, index: vaultIndex() }, {});
    assert.equal('revert' in view, false);
    assert.deepEqual(
      view.sections.find((s) => s.id === 'evmLogs')?.rows.find((r) => r.field === 'evmRevert'),
      { field: 'evmRevert', label: 'Revert', value: 'not said by the receipt: Show Call Tree reads where it began', empty: true },
    );
  });

  it('a successful transaction has no revert row and no revert, even with a call tree line', () => {
    const view = evmOnlyView(plain({ revertReason: ERROR_NOPE }), { rpcUrl: 'http://h' }, { coder, index: vaultIndex() }, { traceLine: 'reverted in X' });
    assert.equal(view.failed, false);
    assert.equal(view.statusText, 'Succeeded (EVM status 1)');
    assert.equal('revert' in view, false);
    assert.deepEqual(
      view.sections.find((s) => s.id === 'evmLogs')?.rows.map((r) => r.field),
      ['evmLogsUrl', 'evmReceiptStatus', 'evmReceiptGas', 'evmLogsNone'],
    );
  });

  it('a receipt without status: neither failed nor succeeded, and no revert row', () => {
    const view = evmOnlyView(plain({ status: undefined }), { rpcUrl: 'http://h' }, { coder, index: vaultIndex() }, {});
    assert.equal(view.failed, undefined);
    assert.equal(view.statusText, 'Included (the JSON-RPC sends no status)');
    assert.deepEqual(
      view.sections.find((s) => s.id === 'evmLogs')?.rows.map((r) => r.field),
      ['evmLogsUrl', 'evmReceiptGas', 'evmLogsNone'],
    );
  });
});

describe('transactions/model/evmOnlyView: edges of the revert text, the call line and the replay', () => {
  it('revert data padded with white space is read as revert data', () => {
    assert.equal(receiptRevertText(`  ${ERROR_NOPE}\n`, undefined), 'nope');
  });

  it('a text that merely ends in hex, or hex followed by text, is shown as the text it is', () => {
    assert.equal(receiptRevertText('execution reverted 0xdeadbeef', undefined), 'execution reverted 0xdeadbeef');
    assert.equal(receiptRevertText('0xdeadbeef reverted', undefined), '0xdeadbeef reverted');
  });

  it('revert data of exactly a selector names it; anything shorter says nothing', () => {
    assert.equal(receiptRevertText('0xdeadbeef', undefined), 'custom error 0xdeadbeef (data 0xdeadbeef)');
    assert.equal(receiptRevertText('0xdeadbe', undefined), undefined);
  });

  it('without the ABIs, call data of exactly a selector is a call, not a transfer', () => {
    assert.equal(evmOnlyHoverLines(plain({}, { input: '0xdeadbeef' }), 'T', undefined)[2], 'Calls 0xdeadbeef on 0xfB6916…c5d359');
  });

  it('a successful transaction never wants a replay', () => {
    assert.equal(wantsReplay(plain({}), undefined), false);
    assert.equal(wantsReplay(plain({ status: 0 }), undefined), true);
  });

  it('a failed transaction the JSON-RPC does not give cannot be replayed', () => {
    assert.equal(wantsReplay(plain({ status: 0 }, null), undefined), false);
  });
});
