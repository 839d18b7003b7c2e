// What a receipt shows of its EVM transaction (src/transactions/model/evmExplain.ts): the decoded call,
// revert and logs of the Vault contract, the explorer rows, a contract creation, hostile values kept
// as text; the lines and rows of a hand-built explanation; every "not decoded" reason in words; the
// EVM log rows of every RPC outcome; Stardust and Rebased receipts.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RebasedReceiptSchema } from '../../../../src/api/rebasedSchemas';
import { type Receipt, ReceiptSchema } from '../../../../src/api/stardustSchemas';
import { englishL10n } from '../../../../src/core/l10n';
import { AbiIndex, parseAbiItem, parseAbiText } from '../../../../src/evm/model/abiIndex';
import { toChecksumAddress } from '../../../../src/core/address';
import { type AbiCoder, type Decoded, type DecodedItem, decodedLine, loadAbiCoder } from '../../../../src/evm/model/decode';
import type { RpcOutcome } from '../../../../src/evm/model/jsonRpc';
import { type EvmExplanation, explainEvm, explanationLines, explanationRows, logRows } from '../../../../src/transactions/model/evmExplain';
import { evmTxView } from '../../../../src/transactions/model/evmTxView';
import { buildReceiptView, evmTxRows, type ReceiptView } from '../../../../src/transactions/model/receiptView';
import { demoReceipt } from '../../../fixtures/demoReceipts';
import { evmParam, tx1559, txLegacy } from '../../../fixtures/rlp';
import { ALICE, BOB, type Encode, loadCodecs, vaultBuildText, vaultIndex, vaultItem } from '../../helpers/evm';
import { rebasedReceipt } from '../../helpers/receipts';
import { rebasedSample, stardustSample } from '../../helpers/samples';

function revertHex(signature: string, values: unknown[], encode: Encode): string {
  const e = vaultItem('error', signature);
  return e.selector + encode(e.inputs, values).slice(2);
}
const HASH = `0x${'ab'.repeat(32)}`;
const SEL = '0xa9059cbb';
const SCAN = 'https://scan.example';

function transferItem(sources: string[] = ['a.json', 'b.json', 'c.json']): DecodedItem {
  return {
    kind: 'function',
    name: 'transfer',
    signature: 'transfer(address,uint256,bytes20)',
    selector: SEL,
    args: [
      { name: 'to', type: 'address', value: ALICE },
      { name: '', type: 'uint256', value: '5' },
      // An address-shaped value that is not an address: never linked.
      { name: 'tag', type: 'bytes20', value: `0x${'cd'.repeat(20)}` },
    ],
    sources,
  };
}

function view(patch: { kind?: string; generation?: string; sender?: Partial<ReceiptView['sender']>; requestId?: string } = {}): ReceiptView {
  return {
    kind: patch.kind ?? 'evm',
    generation: patch.generation ?? 'rebased',
    requestId: patch.requestId ?? HASH,
    sender: { raw: `${ALICE}@0x01`, display: 'alice ⟨display⟩', kind: 'evm', kindText: 'EVM', ...patch.sender },
  } as unknown as ReceiptView;
}

const notDecoded = (reason: Extract<Decoded, { ok: false }>['reason'], selector: string | null = SEL): Decoded => ({
  ok: false,
  selector: selector ?? undefined,
  reason,
});
const TX_HASH = `0x${'AB'.repeat(32)}`;
const DATA = `0xdeadbeef${'00'.repeat(100)}`;

const transfer: DecodedItem = {
  kind: 'function',
  name: 'transfer',
  signature: 'transfer(address,uint256)',
  selector: '0xa9059cbb',
  args: [
    { name: 'to', type: 'address', value: ALICE },
    { name: '', type: 'uint256', value: '5' },
    { name: '', type: 'address', value: ALICE },
  ],
  sources: ['a/Token.json', 'b/Token.json', 'c/Token.json'],
};
const notDecodedAt = (reason: Extract<Decoded, { ok: false }>['reason'], selector: string | undefined): Decoded => ({
  ok: false,
  reason,
  selector,
});

describe('transactions/model/evmExplain: the Vault contract in a receipt', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => {
    ({ coder, encode } = await loadCodecs());
  });

  it('a legacy transaction calling place(): the decoded call, rows and hover line', () => {
    const place = vaultItem('function', 'place((uint64,(address,uint256)[],bytes32))');
    const data = place.selector + encode(place.inputs, [{ id: 1n, legs: [], tag: `0x${'00'.repeat(32)}` }]).slice(2);
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data }), false);
    const receipt = rebasedReceipt('receipt-success-evm', (b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const view = buildReceiptView(receipt);
    const e = explainEvm(coder, vaultIndex(), receipt, view);
    assert.ok(e?.call && !e.call.creation && e.call.decoded.ok);
    assert.deepEqual(explanationLines(e), [`Calls place(order: (id: 1, legs: [], tag: 0x${'00'.repeat(32)}))`]);
    const rows = explanationRows(e, view);
    assert.equal(rows[0]?.field, 'evmCall');
    assert.equal(rows[0]?.value, 'place');
  });

  it('explorer rows: the transaction, its recipient and each address argument, on the explorer of the node EVM chain ID', () => {
    const transfer = vaultItem('function', 'transfer(address,uint256)');
    const other = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const data = transfer.selector + encode(transfer.inputs, [other, 5n]).slice(2);
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, to: BOB, data }), false);
    const receipt = rebasedReceipt('receipt-success-evm', (b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const view = buildReceiptView(receipt);
    const e = explainEvm(coder, vaultIndex(), receipt, view);
    assert.ok(e);
    const links = (rows: ReturnType<typeof explanationRows>) => rows.filter((r) => r.link).map((r) => [r.field, r.link?.url]);
    const base = 'https://explorer.evm.iota.org';
    assert.deepEqual(links(explanationRows(e, view, undefined, undefined, 8822n)), [
      ['evmExplorerTx', `${base}/tx/${requestId.toLowerCase()}`],
      ['evmExplorerTo', `${base}/address/${BOB}`],
      ['evmExplorerFrom', `${base}/address/${view.sender.raw}`],
      ['evmExplorerArg0', `${base}/address/${other}`],
    ]);
    // A hostile configured explorer (a query would swallow the path) gives no link at all.
    assert.deepEqual(links(explanationRows(e, view, undefined, 'https://scan.example/?next=', 8822n)), []);
  });

  it('an EIP-1559 contract creation says so, with no function', () => {
    const bytecode = JSON.parse(vaultBuildText('hardhat')).bytecode as string;
    const { param, requestId } = evmParam(tx1559({ maxFee: 10n ** 10n, data: bytecode + encode([{ name: 'seed', type: 'uint256' }], [1n]).slice(2) }), true);
    const receipt = rebasedReceipt('receipt-success-evm', (b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
    });
    const e = explainEvm(coder, vaultIndex(), receipt, buildReceiptView(receipt));
    assert.deepEqual(e?.call, { creation: true });
    assert.deepEqual(explanationLines(e!), ['Contract creation']);
  });

  it('a reverted custom error in the receipt: decoded; with an empty index: the selector, and that no ABI declares it', () => {
    const data = revertHex('InsufficientBalance(uint256,uint256)', [3n, 4n], encode);
    const receipt = rebasedReceipt('receipt-success-evm', (b) => {
      b.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
      b.errorMessage = `execution reverted: ${data.slice(2)}`;
    });
    const view = buildReceiptView(receipt);
    assert.equal(view.error?.revertData, data);
    const e = explainEvm(coder, vaultIndex(), receipt, view);
    assert.deepEqual(explanationLines(e!)[0], 'Custom error: InsufficientBalance(available: 3, required: 4)');
    const none = explainEvm(coder, new AbiIndex(), receipt, view);
    assert.equal(explanationLines(none!)[0], `Reverted with custom error ${data.slice(0, 10)} (data ${data}): no ABI in the workspace declares it`);
  });

  it('hostile values stay text: a bidi override in a string argument is revealed in the hover line and the row', () => {
    const e = vaultItem('error', 'BadOrder((uint64,(address,uint256)[],bytes32),string)');
    const order = { id: 1n, legs: [], tag: `0x${'00'.repeat(32)}` };
    const data = e.selector + encode(e.inputs, [order, 'ok\u202e[x](command:evil) gnp.exe']).slice(2);
    const receipt = rebasedReceipt('receipt-success-evm', (b) => {
      b.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
      b.errorMessage = `execution reverted: ${data.slice(2)}`;
    });
    const view = buildReceiptView(receipt);
    const ex = explainEvm(coder, vaultIndex(), receipt, view);
    assert.ok(ex);
    const line = explanationLines(ex)[0] ?? '';
    assert.ok(!line.includes('\u202e') && line.includes('⟨U+202E⟩'), line);
    const reason = explanationRows(ex, view).find((r) => r.field === 'evmErrorArg1');
    assert.ok(reason && !reason.value.includes('\u202e') && reason.value.includes('⟨U+202E⟩'), reason?.value);
    assert.equal(reason.copy?.text, JSON.stringify('ok\u202e[x](command:evil) gnp.exe'), 'the copy is the exact value');
  });

  it('a Stardust EVM request: the 0x74 item decoded (legacy, EIP-155)', () => {
    const body = stardustSample('receipt-success-evm');
    const receipt: Receipt = ReceiptSchema.parse(body);
    const e = explainEvm(coder, vaultIndex(), receipt, buildReceiptView(receipt));
    assert.ok(e?.stardustTx?.ok, e?.stardustTx?.ok === false ? e.stardustTx.error : 'no transaction');
    assert.equal(e.stardustTx.tx.type, 0);
    assert.match(explanationLines(e)[0] ?? '', /^EVM transaction: to 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6}, .*legacy, nonce \d+/);
  });
});

describe('transactions/model/evmExplain: lines and rows of a hand-built explanation', () => {
  it('explanationLines: each reason an undecoded error or call has, in words', () => {
    const data = `${SEL}${'00'.repeat(4)}`;
    const line = (error: Decoded | undefined, call: Decoded | undefined) =>
      explanationLines({ files: 2, ...(error ? { error: { data, decoded: error } } : {}), ...(call ? { call: { creation: false, decoded: call } } : {}) });
    assert.deepEqual(line(notDecoded('unknown'), notDecoded('unknown')), [
      `Reverted with custom error ${SEL} (data ${data}): no ABI in the workspace declares it`,
      `Calls function ${SEL}: no ABI in the workspace declares it`,
    ]);
    assert.deepEqual(line(notDecoded('unknown', null), notDecoded('unknown', null)), [
      `Reverted with custom error (data ${data}): no ABI in the workspace declares it`,
      'Calls function : no ABI in the workspace declares it',
    ]);
    assert.deepEqual(line(notDecoded('tooLarge'), notDecoded('tooLarge', null)), [
      `Reverted with ${SEL}: too much data to decode`,
      'Calls : too much data to decode',
    ]);
    assert.deepEqual(line(notDecoded('undecodable'), notDecoded('undecodable', null)), [
      `Reverted with ${SEL}: the data does not match the ABI that declares it`,
      'Calls : the data does not match the ABI that declares it',
    ]);
    // A call without data says nothing in the hover; as the error's reason it is "no call data".
    assert.deepEqual(line(notDecoded('empty'), notDecoded('empty')), ['Reverted with no call data']);
    const item = transferItem();
    assert.deepEqual(line({ ok: true, item: { ...item, kind: 'error' } }, { ok: true, item }), [
      `Custom error: ${decodedLine({ ...item, kind: 'error' })}`,
      `Calls ${decodedLine(item)}`,
    ]);
    assert.deepEqual(explanationLines({ files: 0, call: { creation: true } }), ['Contract creation']);
    assert.deepEqual(explanationLines({ files: 0 }), []);
  });

  it('explanationRows: the decoded call and error with every argument, declared-in text and the explorer links', () => {
    const item = transferItem();
    const e: EvmExplanation = {
      files: 3,
      call: { creation: false, decoded: { ok: true, item } },
      error: { data: '0x1234', decoded: { ok: true, item: { ...item, kind: 'error', name: 'Nope', sources: ['only.json'] } } },
      tx: { hash: HASH, to: BOB, chainId: 8822n },
    };
    const args = (prefix: string) => [
      { field: `${prefix}Arg0`, label: 'to', value: ALICE, detail: 'address', mono: true, copy: { text: ALICE, what: 'to' } },
      { field: `${prefix}Arg1`, label: 'argument 1', value: '5', detail: 'uint256', mono: true, copy: { text: '5', what: 'uint256' } },
      {
        field: `${prefix}Arg2`,
        label: 'tag',
        value: `0x${'cd'.repeat(20)}`,
        detail: 'bytes20',
        mono: true,
        copy: { text: `0x${'cd'.repeat(20)}`, what: 'tag' },
      },
    ];
    const link = (field: string, label: string, url: string) => ({ field, label, value: url, mono: true, link: { url, web: true } });
    assert.deepEqual(explanationRows(e, view(), undefined, SCAN), [
      {
        field: 'evmCall',
        label: 'Function',
        value: 'transfer',
        detail: `transfer(address,uint256,bytes20) · ${SEL} · declared in a.json and 2 more`,
        mono: true,
      },
      ...args('evmCall'),
      { field: 'evmError', label: 'Custom error', value: 'Nope', detail: `transfer(address,uint256,bytes20) · ${SEL} · declared in only.json`, mono: true },
      ...args('evmError'),
      link('evmExplorerTx', 'Transaction in explorer', `${SCAN}/tx/${HASH}`),
      link('evmExplorerTo', 'Recipient in explorer', `${SCAN}/address/${BOB}`),
      link('evmExplorerFrom', 'Sender in explorer', `${SCAN}/address/${ALICE}`),
      link('evmExplorerArg0', 'to in explorer', `${SCAN}/address/${ALICE}`),
    ]);
    // Two sources: "1 more"; none: an empty name.
    const detail = (sources: string[]) =>
      explanationRows({ files: 0, call: { creation: false, decoded: { ok: true, item: transferItem(sources) } } }, view())[0]?.detail;
    assert.equal(detail(['a.json', 'b.json']), `transfer(address,uint256,bytes20) · ${SEL} · declared in a.json and 1 more`);
    assert.equal(detail([]), `transfer(address,uint256,bytes20) · ${SEL} · declared in `);
    // An unnamed address argument is linked as "argument N".
    const unnamed = transferItem();
    unnamed.args = [{ name: '', type: 'address', value: ALICE }];
    const rows = explanationRows(
      { files: 0, call: { creation: false, decoded: { ok: true, item: unnamed } }, tx: { hash: HASH } },
      view({ sender: { kind: 'wasm' as never } }),
      undefined,
      SCAN,
    );
    assert.deepEqual(
      rows.filter((r) => r.link).map((r) => [r.field, r.label]),
      [
        ['evmExplorerTx', 'Transaction in explorer'],
        ['evmExplorerArg0', 'argument 0 in explorer'],
      ],
    );
  });

  it('names from the address book: the contract called (a row and the hover line), and each explorer link; a name revealed', () => {
    const item = transferItem();
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: true, item } }, tx: { hash: HASH, to: BOB } };
    const names = new Map([
      [BOB, 'Vault'],
      [ALICE, 'Tre\u202easury'],
    ]);
    const nameOf = (a: string) => names.get(a) ?? names.get(toChecksumAddress(a) ?? '');
    const rows = explanationRows(e, view(), undefined, SCAN, undefined, nameOf);
    assert.deepEqual(
      rows.filter((r) => r.field === 'evmToName').map((r) => [r.value, r.detail]),
      [['Vault', BOB]],
    );
    assert.deepEqual(
      rows.filter((r) => r.link).map((r) => r.label),
      ['Transaction in explorer', 'Vault in explorer', 'Tre\u27e8U+202E\u27e9asury in explorer', 'to (Tre\u27e8U+202E\u27e9asury) in explorer'],
    );
    assert.equal(explanationLines(e, undefined, nameOf).at(-1), `Calls transfer(to: ${ALICE}, 5, tag: 0x${'cd'.repeat(20)}) on Vault`);
    assert.equal(explanationLines(e).at(-1), `Calls transfer(to: ${ALICE}, 5, tag: 0x${'cd'.repeat(20)})`, 'no book, no name');
  });

  it('the sender link: only an EVM sender whose raw text starts with the address (alone or before @)', () => {
    const from = (sender: Partial<ReceiptView['sender']>) =>
      explanationRows({ files: 0, tx: { hash: HASH } }, view({ sender }), undefined, SCAN)
        .filter((r) => r.field === 'evmExplorerFrom')
        .map((r) => r.value);
    assert.deepEqual(from({ raw: ALICE }), [`${SCAN}/address/${ALICE}`]);
    assert.deepEqual(from({ raw: `${ALICE}@0x02` }), [`${SCAN}/address/${ALICE}`]);
    assert.deepEqual(from({ raw: `x${ALICE}` }), []);
    assert.deepEqual(from({ raw: `${ALICE}00` }), []);
    assert.deepEqual(from({ raw: ALICE, kind: 'address' as never }), []);
  });

  it('explanationRows: creation, undecoded call and error, and the Stardust From row', () => {
    const data = `${SEL}${'00'.repeat(4)}`;
    const e: EvmExplanation = { files: 7, call: { creation: true }, error: { data, decoded: notDecoded('unknown') } };
    const errorRow = {
      field: 'evmError',
      label: 'Custom error',
      value: `custom error ${SEL} (data ${data}): no ABI in the workspace declares it`,
      detail: '7 ABI files indexed',
      mono: true,
      copy: { text: data, what: 'revert data' },
    };
    const creation = { field: 'evmCall', label: 'Function', value: 'contract creation', empty: true };
    assert.deepEqual(explanationRows(e, view({ generation: 'stardust' })), [
      { field: 'evmFrom', label: 'From', value: 'alice ⟨display⟩', mono: true },
      creation,
      errorRow,
    ]);
    // Only an EVM request of Stardust gets the From row (Rebased shows its sender elsewhere).
    assert.deepEqual(explanationRows(e, view({ generation: 'rebased' })), [creation, errorRow]);
    assert.deepEqual(explanationRows(e, view({ kind: 'offLedger', generation: 'stardust' })), [creation, errorRow]);
    const undecoded: EvmExplanation = { files: 0, call: { creation: false, decoded: notDecoded('tooLarge') } };
    assert.deepEqual(explanationRows(undecoded, view()), [{ field: 'evmCall', label: 'Function', value: `${SEL}: too much data to decode`, mono: true }]);
  });

  it('explanationRows: a Stardust transaction that did not decode shows why', () => {
    const e: EvmExplanation = { files: 0, stardustTx: { ok: false, error: 'the parameter is not hex' } };
    assert.deepEqual(explanationRows(e, view({ kind: 'offLedger' })), evmTxRows({ evmTxError: 'the parameter is not hex' }, englishL10n) ?? ['no rows']);
  });
});

describe('transactions/model/evmExplain: Stardust receipts and the logs', () => {
  let coder: AbiCoder;
  beforeEach(async () => {
    coder = await loadAbiCoder();
  });

  const stardust = (): Receipt => ReceiptSchema.parse(stardustSample('receipt-success-evm'));

  it('a Stardust EVM request: the tx, its hash, recipient and chain ID; the rows of the decoded transaction first', () => {
    const receipt = stardust();
    const v = buildReceiptView(receipt);
    const e = explainEvm(coder, new AbiIndex(), receipt, v);
    assert.ok(e?.stardustTx?.ok && e.tx);
    const tx = e.stardustTx.tx;
    assert.deepEqual(e.tx, { hash: tx.hash, ...(tx.to !== undefined ? { to: tx.to } : {}), ...(tx.chainId !== undefined ? { chainId: tx.chainId } : {}) });
    assert.ok(tx.to !== undefined && tx.chainId !== undefined, 'the sample calls a contract with EIP-155');
    assert.equal(e.files, 0);
    assert.ok(e.call && !e.call.creation);
    const rows = explanationRows(e, { ...v, requestId: `${v.requestId}ffff` });
    const txRows = evmTxRows({ evmTx: evmTxView(tx, v.requestId.slice(0, 66), englishL10n) }, englishL10n);
    assert.ok(txRows && txRows.length > 0);
    assert.deepEqual(rows.slice(1, 1 + txRows.length), txRows);
    assert.equal(rows[0]?.field, 'evmFrom');
  });

  it('a Stardust request: no 0x74 item, a non-hex item, a non-EVM request', () => {
    const v = (r: Receipt) => buildReceiptView(r);
    const noItem = stardust();
    noItem.request.params = noItem.request.params.filter((p) => p.key.toLowerCase() !== '0x74');
    assert.deepEqual(explainEvm(coder, new AbiIndex(), noItem, v(noItem)), { files: 0, stardustTx: { ok: false, error: 'the request has no 0x74 parameter' } });
    const notHex = stardust();
    notHex.request.params = [{ key: '0x00', value: '0x00' }, ...notHex.request.params.map((p) => (p.key.toLowerCase() === '0x74' ? { ...p, value: 'zz' } : p))];
    assert.deepEqual(explainEvm(coder, new AbiIndex(), notHex, v(notHex)), { files: 0, stardustTx: { ok: false, error: 'the parameter is not hex' } });
    const notEvm = stardust();
    notEvm.request.isEVM = false;
    assert.equal(explainEvm(coder, new AbiIndex(), notEvm, v(notEvm)), undefined);
  });

  it('a non-EVM Stardust request with revert data: the error only, no transaction key at all', () => {
    const receipt = stardust();
    receipt.request.isEVM = false;
    const v = { ...buildReceiptView(receipt), error: { revertData: '0x1234' } } as unknown as ReceiptView;
    assert.deepEqual(explainEvm(coder, new AbiIndex(), receipt, v), {
      files: 0,
      error: { data: '0x1234', decoded: { ok: false, selector: undefined, reason: 'undecodable' } },
    });
  });

  it('a Rebased pre-EIP-155 contract creation: the hash only (no recipient, no chain ID key)', () => {
    const body = rebasedSample('receipt-success-evm') as {
      request: { params: unknown; requestId: string };
    };
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 10n ** 10n, v: 27n, data: '0x6000' }), false);
    body.request.params = [param];
    body.request.requestId = requestId;
    const receipt = RebasedReceiptSchema.parse(body);
    const e = explainEvm(coder, new AbiIndex(), receipt, buildReceiptView(receipt));
    assert.ok(e?.tx);
    assert.deepEqual(e.tx, { hash: e.tx.hash });
    assert.match(e.tx.hash, /^0x[0-9a-f]{64}$/);
    assert.deepEqual(e.call, { creation: true });
    assert.equal(e.stardustTx, undefined);
  });

  const LOG = { address: ALICE, topics: [`0x${'99'.repeat(32)}`], data: '0x' };

  it('logRows: every failure reason in words, after the URL asked', () => {
    const asked = { field: 'evmLogsUrl', label: 'Asked', value: 'https://rpc.example/', mono: true };
    const text = (reason: Extract<RpcOutcome, { ok: false }>['reason'], detail?: string) => {
      const rows = logRows(coder, new AbiIndex(), { ok: false, reason, ...(detail !== undefined ? { detail } : {}) }, 'https://rpc.example/');
      assert.equal(rows.length, 2);
      assert.deepEqual(rows[0], asked);
      assert.deepEqual({ ...rows[1], value: '' }, { field: 'evmLogsError', label: 'Not loaded', value: '' });
      return rows[1]?.value;
    };
    assert.equal(text('badUrl'), 'no usable EVM JSON-RPC URL (set evmJsonRpcUrl in the chain entry)');
    assert.equal(text('notFound'), 'the JSON-RPC does not know this transaction');
    assert.equal(text('rpcError', 'boom'), 'the JSON-RPC answered with an error: boom');
    assert.equal(text('rpcError'), 'the JSON-RPC answered with an error: ');
    assert.equal(text('http', '502'), 'the JSON-RPC answered HTTP 502');
    assert.equal(text('http'), 'the JSON-RPC answered HTTP ');
    assert.equal(text('tooLarge'), 'the answer is larger than 4 MB');
    assert.equal(text('invalid'), 'the answer is not a valid transaction receipt');
    assert.equal(text('timeout'), 'no answer within 15 s');
    assert.equal(text('network', 'ECONNREFUSED'), 'the JSON-RPC could not be reached: ECONNREFUSED');
    assert.equal(text('network'), 'the JSON-RPC could not be reached: ');
  });

  it('logRows: none, unknown and anonymous logs, and how many more were not shown', () => {
    const asked = { field: 'evmLogsUrl', label: 'Asked', value: 'u', mono: true };
    assert.deepEqual(logRows(coder, new AbiIndex(), { ok: true, logs: [], total: 0 }, 'u'), [
      asked,
      { field: 'evmLogsNone', label: 'Logs', value: 'none', empty: true },
    ]);
    const anonymous = { address: BOB, topics: [], data: '0x' };
    const row = (i: number, log: typeof LOG, value: string) => ({
      field: `evmLog${i}`,
      label: `Log ${i}`,
      value,
      detail: log.address,
      mono: true,
      copy: { text: JSON.stringify(log), what: 'log' },
    });
    assert.deepEqual(logRows(coder, new AbiIndex(), { ok: true, logs: [LOG, anonymous], total: 2 }, 'u'), [
      asked,
      row(0, LOG, `event 0x${'99'.repeat(32)}: no ABI in the workspace declares it`),
      row(1, anonymous, 'event (anonymous): no ABI in the workspace declares it'),
    ]);
    assert.deepEqual(logRows(coder, new AbiIndex(), { ok: true, logs: [LOG], total: 3 }, 'u'), [
      asked,
      row(0, LOG, `event 0x${'99'.repeat(32)}: no ABI in the workspace declares it`),
      { field: 'evmLogsMore', label: 'Logs', value: '2 more not shown' },
    ]);
    assert.deepEqual(logRows(coder, new AbiIndex(), { ok: true, logs: [], total: 1 }, 'u'), [
      asked,
      { field: 'evmLogsNone', label: 'Logs', value: 'none', empty: true },
      { field: 'evmLogsMore', label: 'Logs', value: '1 more not shown' },
    ]);
  });

  it("logRows: the JSON-RPC's EVM receipt beside the ISC one: status, gas used and price, a disagreement said", () => {
    const coder = undefined as unknown as AbiCoder;
    const evm = { ok: true as const, logs: [], total: 0, status: '0x1', gasUsed: 31_244n, effectiveGasPrice: 10n ** 10n };
    const rows = logRows(coder, new AbiIndex(), evm, 'u', englishL10n, { failed: false, gasBurned: 31_244n });
    assert.deepEqual(
      rows.slice(1, 4).map((r) => [r.field, r.value, r.detail]),
      [
        ['evmReceiptStatus', 'succeeded (status 1)', undefined],
        ['evmReceiptGas', '31,244', 'the ISC receipt burned 31,244 ISC gas; the EVM receipt charges the larger of both in EVM gas'],
        ['evmReceiptPrice', '10,000,000,000 wei', undefined],
      ],
    );
    const disagree = logRows(coder, new AbiIndex(), evm, 'u', englishL10n, { failed: true, gasBurned: 40_000n });
    assert.equal(disagree[1]?.detail, '⚠ the ISC receipt says the request failed: the JSON-RPC and the node disagree');
    assert.match(
      disagree[2]?.detail ?? '',
      /^≠ the ISC receipt burned 40,000 ISC gas: the EVM receipt counts the larger of the EVM gas and the ISC gas burned/,
    );
    const failed = logRows(coder, new AbiIndex(), { ...evm, status: '0x0' }, 'u', englishL10n, { failed: false, gasBurned: 1n });
    assert.equal(failed[1]?.value, 'failed (status 0)');
    assert.match(failed[1]?.detail ?? '', /says the request succeeded/);
    assert.equal(logRows(coder, new AbiIndex(), { ...evm, status: '0x2' }, 'u')[1]?.field, 'evmReceiptGas', 'a status that is neither is not shown');
  });

  it('logRows: a log an ABI declares is decoded, with its address, signature and source', () => {
    const parsed = parseAbiText(readFileSync(join(process.cwd(), 'test/fixtures/evm/hardhat/artifacts/contracts/Vault.sol/Vault.json'), 'utf8'));
    assert.ok(parsed);
    const index = new AbiIndex();
    index.setFile('file:///w/Vault.json', 'Vault.json', parsed.items);
    const placed = parsed.items.find((i) => i.kind === 'event' && i.signature.startsWith('OrderPlaced('));
    assert.ok(placed);
    // OrderPlaced(uint64 indexed id, (uint64,(address,uint256)[],bytes32) order): id 7, order (1, [], 0x00…).
    const word = (n: number) => n.toString(16).padStart(64, '0');
    const data = `0x${word(32)}${word(1)}${word(96)}${'00'.repeat(32)}${word(0)}`;
    const log = { address: ALICE, topics: [placed.selector, `0x${word(7)}`], data };
    const rows = logRows(coder, index, { ok: true, logs: [log], total: 1 }, 'u');
    assert.equal(rows.length, 2);
    const r = rows[1];
    assert.ok(r);
    assert.equal(r.field, 'evmLog0');
    assert.equal(r.label, 'Log 0');
    assert.equal(r.value, `OrderPlaced(id: 7, order: (id: 1, legs: [], tag: 0x${'00'.repeat(32)}))`);
    assert.equal(r.detail, `${ALICE} · ${placed.signature} · declared in Vault.json`);
    assert.equal(r.mono, true);
    assert.deepEqual(r.copy, { text: JSON.stringify(log), what: 'log' });
  });
});

describe('transactions/model/evmExplain: the texts', () => {
  it('names each reason a call or a revert was not decoded (revert data without a selector: no double space, a defect before)', () => {
    const lines = (e: Partial<EvmExplanation>) => explanationLines({ files: 2, ...e });
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecodedAt('unknown', '0xdeadbeef') } }), [
      `Reverted with custom error 0xdeadbeef (data ${DATA.slice(0, 137)}…): no ABI in the workspace declares it`,
    ]);
    assert.deepEqual(lines({ error: { data: '0xdeadbeef', decoded: notDecodedAt('unknown', undefined) } }), [
      'Reverted with custom error (data 0xdeadbeef): no ABI in the workspace declares it',
    ]);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecodedAt('tooLarge', '0xdeadbeef') } }), ['Reverted with 0xdeadbeef: too much data to decode']);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecodedAt('undecodable', '0xdeadbeef') } }), [
      'Reverted with 0xdeadbeef: the data does not match the ABI that declares it',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecodedAt('unknown', '0xdeadbeef') } }), [
      'Calls function 0xdeadbeef: no ABI in the workspace declares it',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecodedAt('tooLarge', undefined) } }), ['Calls : too much data to decode']);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecodedAt('nonCanonical', '0xdeadbeef') } }), [
      'Calls 0xdeadbeef: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)',
    ]);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecodedAt('nonCanonical', '0xdeadbeef') } }), [
      'Reverted with 0xdeadbeef: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecodedAt('empty', undefined) } }), [], 'a plain transfer has no call to name');
    assert.deepEqual(lines({ call: { creation: true } }), ['Contract creation']);
    assert.deepEqual(lines({ call: { creation: false, decoded: { ok: true, item: transfer } } }), [`Calls transfer(to: ${ALICE}, 5, ${ALICE})`]);
    assert.deepEqual(lines({ error: { data: DATA, decoded: { ok: true, item: { ...transfer, kind: 'error', name: 'Nope', args: [] } } } }), [
      'Custom error: Nope()',
    ]);
    assert.deepEqual(lines({ stardustTx: { ok: false, error: 'bad' } }), [], 'an undecodable Stardust transaction adds no line');
  });

  it('rows of a decoded call: the function, each argument (named or by position), the files that declare it', () => {
    const view = buildReceiptView(demoReceipt('evmSuccess'));
    const rows = explanationRows({ files: 3, call: { creation: false, decoded: { ok: true, item: transfer } } }, view);
    assert.deepEqual(rows, [
      { field: 'evmFrom', label: 'From', value: view.sender.display, mono: true },
      {
        field: 'evmCall',
        label: 'Function',
        value: 'transfer',
        detail: 'transfer(address,uint256) · 0xa9059cbb · declared in a/Token.json and 2 more',
        mono: true,
      },
      { field: 'evmCallArg0', label: 'to', value: ALICE, detail: 'address', mono: true, copy: { text: ALICE, what: 'to' } },
      { field: 'evmCallArg1', label: 'argument 1', value: '5', detail: 'uint256', mono: true, copy: { text: '5', what: 'uint256' } },
      { field: 'evmCallArg2', label: 'argument 2', value: ALICE, detail: 'address', mono: true, copy: { text: ALICE, what: 'address' } },
    ]);
    const one = explanationRows({ files: 1, call: { creation: false, decoded: { ok: true, item: { ...transfer, args: [], sources: ['only.json'] } } } }, view);
    assert.equal(one[1]?.detail, 'transfer(address,uint256) · 0xa9059cbb · declared in only.json');
  });

  it('rows of an undecoded revert and call, and of a creation', () => {
    const view = buildReceiptView(demoReceipt('evmRevert'));
    const rows = explanationRows({ files: 4, call: { creation: true }, error: { data: DATA, decoded: notDecodedAt('unknown', '0xdeadbeef') } }, view);
    assert.deepEqual(rows.slice(1), [
      { field: 'evmCall', label: 'Function', value: 'contract creation', empty: true },
      {
        field: 'evmError',
        label: 'Custom error',
        value: `custom error 0xdeadbeef (data ${DATA.slice(0, 137)}…): no ABI in the workspace declares it`,
        detail: '4 ABI files indexed',
        mono: true,
        copy: { text: DATA, what: 'revert data' },
      },
    ]);
    const call = explanationRows({ files: 0, call: { creation: false, decoded: notDecodedAt('undecodable', '0xdeadbeef') } }, view);
    assert.deepEqual(call[1], { field: 'evmCall', label: 'Function', value: '0xdeadbeef: the data does not match the ABI that declares it', mono: true });
  });

  it('an undecodable Stardust transaction is one row; a non-EVM receipt has no From row', () => {
    const view = buildReceiptView(demoReceipt('iscOffLedgerFailure'));
    assert.deepEqual(explanationRows({ files: 0, stardustTx: { ok: false, error: 'the parameter is not hex' } }, view), [
      { field: 'evmTxError', label: 'Not decoded', value: 'the parameter is not hex', detail: 'the request parameter is not a valid signed transaction' },
    ]);
  });

  it('links the transaction, the recipient, the sender and every address argument in the explorer', () => {
    const view = buildReceiptView(demoReceipt('evmSuccess'));
    const e: EvmExplanation = { files: 1, tx: { hash: TX_HASH, to: ALICE }, call: { creation: false, decoded: { ok: true, item: transfer } } };
    const links = explanationRows(e, view, englishL10n, 'https://scan.example/').filter((r) => r.link);
    const sender = /^0x[0-9a-fA-F]{40}/.exec(view.sender.raw)?.[0];
    assert.deepEqual(
      links.map((r) => [r.field, r.label, r.value, r.link?.url]),
      [
        ['evmExplorerTx', 'Transaction in explorer', `https://scan.example/tx/${TX_HASH.toLowerCase()}`, `https://scan.example/tx/${TX_HASH.toLowerCase()}`],
        ['evmExplorerTo', 'Recipient in explorer', `https://scan.example/address/${ALICE}`, `https://scan.example/address/${ALICE}`],
        ['evmExplorerFrom', 'Sender in explorer', `https://scan.example/address/${sender}`, `https://scan.example/address/${sender}`],
        ['evmExplorerArg0', 'to in explorer', `https://scan.example/address/${ALICE}`, `https://scan.example/address/${ALICE}`],
        ['evmExplorerArg2', 'argument 2 in explorer', `https://scan.example/address/${ALICE}`, `https://scan.example/address/${ALICE}`],
      ],
    );
    assert.ok(links.every((r) => r.mono === true && r.link?.web === true));
    assert.deepEqual(
      explanationRows({ files: 1 }, view, englishL10n, 'https://scan.example/'),
      [{ field: 'evmFrom', label: 'From', value: view.sender.display, mono: true }],
      'no tx: no links',
    );
    assert.deepEqual(
      explanationRows({ files: 1, tx: { hash: TX_HASH } }, view, englishL10n, undefined, undefined).filter((r) => r.link),
      [],
      'no explorer known: no links',
    );
    assert.equal(
      explanationRows({ files: 1, tx: { hash: TX_HASH } }, view, englishL10n, undefined, 8822n).find((r) => r.link)?.value,
      `https://explorer.evm.iota.org/tx/${TX_HASH.toLowerCase()}`,
      "the node's EVM chain ID picks the default explorer",
    );
  });
});

describe('transactions/model/evmExplain: EVM log rows', () => {
  let coder: AbiCoder;
  beforeEach(async () => {
    coder = await loadAbiCoder();
  });
  const URL = 'https://rpc.example/';
  const rows = (o: RpcOutcome) => logRows(coder, new AbiIndex(), o, URL);

  it('says why the logs were not loaded, for every reason', () => {
    const why = (o: RpcOutcome) => rows(o).map((r) => [r.field, r.label, r.value]);
    const asked = ['evmLogsUrl', 'Asked', URL];
    assert.deepEqual(why({ ok: false, reason: 'badUrl' }), [
      asked,
      ['evmLogsError', 'Not loaded', 'no usable EVM JSON-RPC URL (set evmJsonRpcUrl in the chain entry)'],
    ]);
    const texts: [RpcOutcome, string][] = [
      [{ ok: false, reason: 'notFound' }, 'the JSON-RPC does not know this transaction'],
      [{ ok: false, reason: 'rpcError', detail: 'boom' }, 'the JSON-RPC answered with an error: boom'],
      [{ ok: false, reason: 'rpcError' }, 'the JSON-RPC answered with an error: '],
      [{ ok: false, reason: 'http', detail: '502' }, 'the JSON-RPC answered HTTP 502'],
      [{ ok: false, reason: 'http' }, 'the JSON-RPC answered HTTP '],
      [{ ok: false, reason: 'tooLarge' }, 'the answer is larger than 4 MB'],
      [{ ok: false, reason: 'invalid' }, 'the answer is not a valid transaction receipt'],
      [{ ok: false, reason: 'timeout' }, 'no answer within 15 s'],
      [{ ok: false, reason: 'network', detail: 'ECONNREFUSED' }, 'the JSON-RPC could not be reached: ECONNREFUSED'],
      [{ ok: false, reason: 'network' }, 'the JSON-RPC could not be reached: '],
    ];
    for (const [o, text] of texts) assert.equal(rows(o)[1]?.value, text, JSON.stringify(o));
  });

  it('no logs, an unknown event, an anonymous one, and how many were left out', () => {
    assert.deepEqual(rows({ ok: true, logs: [], total: 0 }), [
      { field: 'evmLogsUrl', label: 'Asked', value: URL, mono: true },
      { field: 'evmLogsNone', label: 'Logs', value: 'none', empty: true },
    ]);
    const topic = `0x${'12'.repeat(32)}`;
    const known = { address: ALICE, topics: [topic], data: '0x' };
    const anon = { address: ALICE, topics: [], data: '0x' };
    const out = rows({ ok: true, logs: [known, anon], total: 5 });
    assert.deepEqual(out.slice(1), [
      {
        field: 'evmLog0',
        label: 'Log 0',
        value: `event ${topic}: no ABI in the workspace declares it`,
        detail: ALICE,
        mono: true,
        copy: { text: JSON.stringify(known), what: 'log' },
      },
      {
        field: 'evmLog1',
        label: 'Log 1',
        value: 'event (anonymous): no ABI in the workspace declares it',
        detail: ALICE,
        mono: true,
        copy: { text: JSON.stringify(anon), what: 'log' },
      },
      { field: 'evmLogsMore', label: 'Logs', value: '3 more not shown' },
    ]);
    assert.equal(rows({ ok: true, logs: [known], total: 1 }).length, 2, 'nothing left out: no "more" row');
  });

  it('a log of a known event whose data is laid out with aliased offsets says so, not that no ABI declares it', () => {
    const index = new AbiIndex();
    const named = {
      type: 'event' as const,
      name: 'Named',
      inputs: [
        { name: 'a', type: 'string' },
        { name: 'b', type: 'string' },
      ],
    };
    const item = parseAbiItem(named);
    assert.ok(item);
    index.setFile('file:///w/N.json', 'N.json', [item]);
    const word = (n: number) => n.toString(16).padStart(64, '0');
    const log = { address: ALICE, topics: [item.selector], data: `0x${word(0x40)}${word(0x40)}${word(1)}${'61'.padEnd(64, '0')}` };
    assert.equal(
      logRows(coder, index, { ok: true, logs: [log], total: 1 }, URL)[1]?.value,
      `event ${item.selector}: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)`,
    );
  });
});

describe('transactions/model/evmExplain: explainEvm on Stardust receipts', () => {
  it('a Stardust EVM receipt without its 0x74 parameter, or with one that is not hex, says so', async () => {
    const coder = await loadAbiCoder();
    const base = demoReceipt('evmSuccess');
    const without = { ...base, request: { ...base.request, params: [] } };
    assert.deepEqual(explainEvm(coder, new AbiIndex(), without, buildReceiptView(without))?.stardustTx, {
      ok: false,
      error: 'the request has no 0x74 parameter',
    });
    const notHex = { ...base, request: { ...base.request, params: [{ key: '0x74', value: '0xzz' }] } };
    assert.deepEqual(explainEvm(coder, new AbiIndex(), notHex, buildReceiptView(without))?.stardustTx, { ok: false, error: 'the parameter is not hex' });
    const view = buildReceiptView(base);
    const rows = explanationRows(explainEvm(coder, new AbiIndex(), base, view) ?? { files: 0 }, view);
    assert.deepEqual(
      rows.slice(0, 3).map((r) => r.field),
      ['evmFrom', 'evmTxHash', 'evmTxType'],
      'the Stardust transaction rows follow the sender',
    );
    assert.equal(rows[1]?.value, base.request.requestId.slice(0, 66));
  });
});
