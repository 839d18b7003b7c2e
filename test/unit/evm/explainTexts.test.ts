// The words of the ABI explanation: every "not decoded" reason, a decoded call with named and
// unnamed arguments, the explorer links it adds, and the EVM log rows of every RPC outcome.
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../src/core/l10n';
import { AbiIndex, parseAbiItem } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder, type AbiCoder, type Decoded, type DecodedItem } from '../../../src/evm/model/decode';
import { explainEvm, explanationLines, explanationRows, logRows, type EvmExplanation } from '../../../src/receipts/model/evmExplain';
import type { RpcOutcome } from '../../../src/evm/model/jsonRpc';
import { buildReceiptView } from '../../../src/receipts/model/receiptView';
import { demoReceipt } from '../../fixtures/demoReceipts';

const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const HASH = `0x${'AB'.repeat(32)}`;
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
const notDecoded = (reason: Extract<Decoded, { ok: false }>['reason'], selector: string | undefined): Decoded => ({
  ok: false,
  reason,
  selector,
});

describe('evm/model/explain: the texts', () => {
  it('names each reason a call or a revert was not decoded (revert data without a selector: no double space, a defect before)', () => {
    const lines = (e: Partial<EvmExplanation>) => explanationLines({ files: 2, ...e });
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecoded('unknown', '0xdeadbeef') } }), [
      `Reverted with custom error 0xdeadbeef (data ${DATA.slice(0, 137)}…): no ABI in the workspace declares it`,
    ]);
    assert.deepEqual(lines({ error: { data: '0xdeadbeef', decoded: notDecoded('unknown', undefined) } }), [
      'Reverted with custom error (data 0xdeadbeef): no ABI in the workspace declares it',
    ]);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecoded('tooLarge', '0xdeadbeef') } }), ['Reverted with 0xdeadbeef: too much data to decode']);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecoded('undecodable', '0xdeadbeef') } }), [
      'Reverted with 0xdeadbeef: the data does not match the ABI that declares it',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecoded('unknown', '0xdeadbeef') } }), [
      'Calls function 0xdeadbeef: no ABI in the workspace declares it',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecoded('tooLarge', undefined) } }), ['Calls : too much data to decode']);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecoded('nonCanonical', '0xdeadbeef') } }), [
      'Calls 0xdeadbeef: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)',
    ]);
    assert.deepEqual(lines({ error: { data: DATA, decoded: notDecoded('nonCanonical', '0xdeadbeef') } }), [
      'Reverted with 0xdeadbeef: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)',
    ]);
    assert.deepEqual(lines({ call: { creation: false, decoded: notDecoded('empty', undefined) } }), [], 'a plain transfer has no call to name');
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
    const rows = explanationRows({ files: 4, call: { creation: true }, error: { data: DATA, decoded: notDecoded('unknown', '0xdeadbeef') } }, view);
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
    const call = explanationRows({ files: 0, call: { creation: false, decoded: notDecoded('undecodable', '0xdeadbeef') } }, view);
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
    const e: EvmExplanation = { files: 1, tx: { hash: HASH, to: ALICE }, call: { creation: false, decoded: { ok: true, item: transfer } } };
    const links = explanationRows(e, view, englishL10n, 'https://scan.example/').filter((r) => r.link);
    const sender = /^0x[0-9a-fA-F]{40}/.exec(view.sender.raw)?.[0];
    assert.deepEqual(
      links.map((r) => [r.field, r.label, r.value, r.link?.url]),
      [
        ['evmExplorerTx', 'Transaction in explorer', `https://scan.example/tx/${HASH.toLowerCase()}`, `https://scan.example/tx/${HASH.toLowerCase()}`],
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
      explanationRows({ files: 1, tx: { hash: HASH } }, view, englishL10n, undefined, undefined).filter((r) => r.link),
      [],
      'no explorer known: no links',
    );
    assert.equal(
      explanationRows({ files: 1, tx: { hash: HASH } }, view, englishL10n, undefined, 8822n).find((r) => r.link)?.value,
      `https://explorer.evm.iota.org/tx/${HASH.toLowerCase()}`,
      "the node's EVM chain ID picks the default explorer",
    );
  });
});

describe('evm/model/explain: EVM log rows', () => {
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

describe('evm/model/explain: explainEvm on Stardust receipts', () => {
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
