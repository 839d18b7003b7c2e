// The EVM transaction rows of a receipt (src/transactions/model/receiptView.ts): a decoding error, a
// contract creation, a legacy transfer, fee caps in gwei, the selector, long call data.
import * as assert from 'node:assert/strict';
import { evmTxLine } from '../../../../../src/transactions/model/evmTxView';
import type { EvmTxView } from '../../../../../src/transactions/model/receiptViewTypes';
import { englishL10n, evmTxRows } from '../../../../../src/transactions/model/receiptView';
import { rebasedView } from '../../../helpers/receipts';

describe('transactions/model/receiptView: EVM transaction rows', () => {
  const amt = (raw: string, text: string, decimal?: string) => (decimal === undefined ? { raw, text } : { raw, text, decimal });
  const tx: EvmTxView = {
    type: 2,
    typeText: 'EIP-1559',
    creation: true,
    value: amt('0', '0'),
    nonce: '3',
    gasLimit: amt('50000', '50,000'),
    maxFeePerGas: amt('2000000000', '2,000,000,000'),
    maxPriorityFeePerGas: amt('1500000000', '1,500,000,000'),
    data: { byteLength: 5000, selector: '0xa9059cbb', hex: '0xa9059cbb00', truncated: true },
    hash: '0x11',
    hashMatches: false,
  };
  it('a decoding error is one row', () => {
    assert.deepEqual(evmTxRows({ evmTxError: 'bad RLP' }, englishL10n), [
      { field: 'evmTxError', label: 'Not decoded', value: 'bad RLP', detail: 'the request parameter is not a valid signed transaction' },
    ]);
    assert.equal(evmTxRows({}, englishL10n), undefined);
  });
  it('an EIP-1559 contract creation: fee caps in gwei, the selector, the copy limit', () => {
    assert.deepEqual(evmTxRows({ evmTx: tx }, englishL10n), [
      {
        field: 'evmTxHash',
        label: 'Transaction hash',
        value: '0x11',
        mono: true,
        detail: 'differs from the request ID: this is not the transaction of this request',
        copy: { text: '0x11', what: 'transaction hash' },
      },
      { field: 'evmTxType', label: 'Type', value: 'EIP-1559' },
      { field: 'evmTxTo', label: 'To', value: 'contract creation', empty: true },
      { field: 'evmTxValue', label: 'Value', value: '0 wei', mono: true, copy: { text: '0', what: 'Value' } },
      { field: 'evmTxNonce', label: 'Nonce', value: '3', mono: true },
      { field: 'evmTxGasLimit', label: 'Gas limit', value: '50,000', mono: true, copy: { text: '50000', what: 'gas limit' } },
      {
        field: 'evmTxMaxFee',
        label: 'Max fee per gas',
        value: '2,000,000,000 wei',
        mono: true,
        detail: '2 gwei',
        copy: { text: '2000000000', what: 'Max fee per gas' },
      },
      {
        field: 'evmTxPriorityFee',
        label: 'Max priority fee per gas',
        value: '1,500,000,000 wei',
        mono: true,
        detail: '1.5 gwei',
        copy: { text: '1500000000', what: 'Max priority fee per gas' },
      },
      {
        field: 'evmTxData',
        label: 'Data',
        value: 'selector 0xa9059cbb, 5,000 bytes',
        mono: true,
        detail: 'the first 4,096 bytes can be copied',
        copy: { text: '0xa9059cbb00', what: 'call data' },
      },
    ]);
  });
  it('a legacy transfer to an address: chain ID, gas price; data without selector', () => {
    const legacy: EvmTxView = {
      ...tx,
      type: 0,
      typeText: 'legacy',
      creation: false,
      to: '0xAbC',
      chainId: '8822',
      value: amt('1250000000000000000', '1,250,000,000,000,000,000', '1.25 IOTA'),
      gasPrice: amt('10000000000', '10,000,000,000'),
      data: { byteLength: 2, hex: '0x0102', truncated: false },
      hashMatches: true,
    };
    delete legacy.maxFeePerGas;
    delete legacy.maxPriorityFeePerGas;
    const rows = evmTxRows({ evmTx: legacy }, englishL10n) ?? [];
    assert.deepEqual(
      rows.map((r) => r.field),
      ['evmTxHash', 'evmTxType', 'evmTxChainId', 'evmTxTo', 'evmTxValue', 'evmTxNonce', 'evmTxGasLimit', 'evmTxGasPrice', 'evmTxData'],
    );
    assert.equal(rows[0]?.detail, 'keccak256 of the signed transaction: equals the request ID');
    assert.deepEqual(rows[2], { field: 'evmTxChainId', label: 'EVM chain ID', value: '8822', mono: true });
    assert.deepEqual(rows[3], { field: 'evmTxTo', label: 'To', value: '0xAbC', mono: true, copy: { text: '0xAbC', what: 'address' } });
    assert.deepEqual(rows[4], {
      field: 'evmTxValue',
      label: 'Value',
      value: '1,250,000,000,000,000,000 wei',
      mono: true,
      detail: '1.25 IOTA',
      copy: { text: '1250000000000000000', what: 'Value' },
    });
    assert.deepEqual(rows[7], {
      field: 'evmTxGasPrice',
      label: 'Gas price',
      value: '10,000,000,000 wei',
      mono: true,
      detail: '10 gwei',
      copy: { text: '10000000000', what: 'Gas price' },
    });
    assert.deepEqual(rows[8], { field: 'evmTxData', label: 'Data', value: '2 bytes', mono: true, copy: { text: '0x0102', what: 'call data' } });
  });

  it('a parameter that is not a signed transaction is one row that says so', () => {
    assert.deepEqual(evmTxRows({ evmTxError: 'bad RLP' }, englishL10n), [
      { field: 'evmTxError', label: 'Not decoded', value: 'bad RLP', detail: 'the request parameter is not a valid signed transaction' },
    ]);
    assert.equal(evmTxRows({}, englishL10n), undefined);
  });

  it('a contract creation, without a chain ID, with long call data (its size grouped: a defect printed 5000) and a hash that differs', () => {
    const tx = rebasedView('receipt-success-evm').rebased?.evmTx;
    assert.ok(tx);
    const { to: _to, chainId: _chainId, ...rest } = tx;
    const rows = evmTxRows(
      {
        evmTx: { ...rest, creation: true, hashMatches: false, data: { byteLength: 5000, hex: '0x6080', truncated: true, selector: '0x60806040' } },
      },
      englishL10n,
    );
    assert.deepEqual(
      rows?.map((r) => [r.field, r.value, r.detail, r.empty]),
      [
        ['evmTxHash', tx.hash, 'differs from the request ID: this is not the transaction of this request', undefined],
        ['evmTxType', 'legacy', undefined, undefined],
        ['evmTxTo', 'contract creation', undefined, true],
        ['evmTxValue', '1,250,000,000,000,000,000 wei', '1.25 IOTA', undefined],
        ['evmTxNonce', '17', undefined, undefined],
        ['evmTxGasLimit', '21,000', undefined, undefined],
        ['evmTxGasPrice', '10,000,000,000 wei', '10 gwei', undefined],
        ['evmTxData', 'selector 0x60806040, 5,000 bytes', 'the first 4,096 bytes can be copied', undefined],
      ],
    );
    assert.deepEqual(rows?.at(-1)?.copy, { text: '0x6080', what: 'call data' });
    assert.equal(
      evmTxLine({ ...tx, data: { byteLength: 5000, hex: '0x6080', truncated: true, selector: '0x60806040' } }, englishL10n),
      'to 0x79EC02…98607E, 1.25 IOTA, legacy, nonce 17, calls 0x60806040 (5,000 bytes)',
    );
    assert.equal(rows?.find((r) => r.field === 'evmTxTo')?.copy, undefined);
  });
});
