// What a receipt's EVM explanation says at its edges: the headline's reading of a custom error, the
// "not decoded" texts without data or selector, names looked up only for addresses there are (the
// address book lower-cases what it is given), the contract row only for a named recipient, the EVM
// receipt rows and a JSON-RPC that gives no detail. Hand-built explanations, no node.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../../src/core/l10n';
import type { Decoded, DecodedItem } from '../../../../src/evm/model/decode';
import {
  customErrorReading,
  evmReceiptRows,
  explanationLines,
  explanationRows,
  notDecodedText,
  rpcFailureText,
  type EvmExplanation,
} from '../../../../src/transactions/model/evmExplain';
import type { ReceiptView } from '../../../../src/transactions/model/receiptView';

const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const HASH = `0x${'ab'.repeat(32)}`;
const SCAN = 'https://scan.example';

const transfer: DecodedItem = {
  kind: 'function',
  name: 'transfer',
  signature: 'transfer(uint256)',
  selector: '0x12345678',
  args: [{ name: 'amount', type: 'uint256', value: '5' }],
  sources: ['Token.json'],
};

/** An address book as the workspace's: it lower-cases the address it is asked about. */
function book(names: Record<string, string>): (address: string) => string | undefined {
  const byKey = new Map(Object.entries(names).map(([a, n]) => [a.toLowerCase(), n]));
  return (address) => byKey.get(address.toLowerCase());
}

function view(senderKind: 'evm' | 'l1'): ReceiptView {
  return {
    kind: senderKind === 'evm' ? 'evm' : 'isc',
    generation: 'stardust',
    requestId: HASH,
    sender: { raw: senderKind === 'evm' ? `${ALICE}@0x01` : 'iota1qq', display: 'sender', kind: senderKind, kindText: 'X' },
  } as unknown as ReceiptView;
}

describe('transactions/model/evmExplain: the headline reading of a custom error', () => {
  const unknown: Decoded = { ok: false, selector: '0xdeadbeef', reason: 'unknown' };
  const undecodable: Decoded = { ok: false, selector: '0xdeadbeef', reason: 'undecodable' };

  it('no explanation, or one without a revert, reads nothing', () => {
    assert.equal(customErrorReading(undefined), undefined);
    assert.equal(customErrorReading({ files: 2 }), undefined);
  });

  it('an error no ABI declares is undeclared; one that does not match its ABI reads nothing', () => {
    assert.deepEqual(customErrorReading({ files: 2, error: { data: '0xdeadbeef', decoded: unknown } }), { undeclared: true });
    assert.equal(customErrorReading({ files: 2, error: { data: '0xdeadbeef', decoded: undecodable } }), undefined);
  });
});

describe('transactions/model/evmExplain: texts without data or selector', () => {
  it('an undeclared error given no data shows empty data, with or without a selector', () => {
    assert.equal(
      notDecodedText({ ok: false, selector: undefined, reason: 'unknown' }, 'error', englishL10n),
      'custom error (data ): no ABI in the workspace declares it',
    );
    assert.equal(
      notDecodedText({ ok: false, selector: '0xdeadbeef', reason: 'unknown' }, 'error', englishL10n),
      'custom error 0xdeadbeef (data ): no ABI in the workspace declares it',
    );
  });

  it('a non-canonical encoding without a selector starts with the reason', () => {
    assert.equal(
      notDecodedText({ ok: false, selector: undefined, reason: 'nonCanonical' }, 'function', englishL10n),
      ': not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)',
    );
  });

  it('a JSON-RPC without the method and without a detail: the method and empty parentheses', () => {
    assert.equal(
      rpcFailureText({ ok: false, reason: 'methodUnavailable' }, englishL10n),
      'the JSON-RPC does not offer eth_getTransactionReceipt (): ask the node operator to enable it, or set evmJsonRpcUrl in the chain entry to a JSON-RPC that does',
    );
  });
});

describe('transactions/model/evmExplain: names only for addresses there are', () => {
  it('a decoded call whose transaction is not known: the call without a contract name', () => {
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: true, item: transfer } } };
    assert.deepEqual(explanationLines(e, englishL10n, book({ [BOB]: 'Vault' })), ['Calls transfer(amount: 5)']);
  });

  it('a contract creation with a non-EVM sender: only the transaction is linked, and the address book is asked about nothing', () => {
    const e: EvmExplanation = { files: 1, call: { creation: true }, tx: { hash: HASH } };
    const url = `${SCAN}/tx/${HASH}`;
    assert.deepEqual(explanationRows(e, view('l1'), englishL10n, SCAN, undefined, book({ [BOB]: 'Vault' })), [
      { field: 'evmCall', label: 'Function', value: 'contract creation', empty: true },
      { field: 'evmExplorerTx', label: 'Transaction in explorer', value: url, mono: true, link: { url, web: true } },
    ]);
  });

  it('the contract row names a recipient the address book knows, and is left out for one it does not', () => {
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: true, item: transfer } }, tx: { hash: HASH, to: BOB } };
    const named = explanationRows(e, view('l1'), englishL10n, undefined, undefined, book({ [BOB]: 'Vault' }));
    assert.deepEqual(
      named.find((r) => r.field === 'evmToName'),
      { field: 'evmToName', label: 'Contract', value: 'Vault', detail: BOB, mono: true },
    );
    const unnamed = explanationRows(e, view('l1'), englishL10n, undefined, undefined, book({}));
    assert.deepEqual(
      unnamed.map((r) => r.field),
      ['evmCall', 'evmCallArg0'],
    );
  });
});

describe('transactions/model/evmExplain: an undeclared call in the panel', () => {
  it('the function row names the selector as a function no ABI declares', () => {
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: false, selector: '0xdeadbeef', reason: 'unknown' } } };
    assert.deepEqual(explanationRows(e, view('l1')), [
      { field: 'evmCall', label: 'Function', value: 'function 0xdeadbeef: no ABI in the workspace declares it', mono: true },
    ]);
  });
});

describe('transactions/model/evmExplain: the EVM receipt rows', () => {
  it('status, gas used and effective price, labelled and set in mono where they are numbers', () => {
    assert.deepEqual(evmReceiptRows({ ok: true, logs: [], total: 0, status: '0x1', gasUsed: 21_000n, effectiveGasPrice: 7n }, undefined), [
      { field: 'evmReceiptStatus', label: 'EVM receipt', value: 'succeeded (status 1)' },
      { field: 'evmReceiptGas', label: 'Gas used (EVM receipt)', value: '21,000', mono: true },
      { field: 'evmReceiptPrice', label: 'Effective gas price', value: '7 wei', mono: true },
    ]);
  });
});
