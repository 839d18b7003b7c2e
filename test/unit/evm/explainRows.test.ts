import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { ReceiptSchema, type Receipt } from '../../../src/api/stardustSchemas';
import { evmParam, txLegacy } from '../../fixtures/rlp';
import { englishL10n } from '../../../src/core/l10n';
import { AbiIndex, parseAbiText } from '../../../src/evm/model/abiIndex';
import { decodedLine, loadAbiCoder, type AbiCoder, type Decoded, type DecodedItem } from '../../../src/evm/model/decode';
import { explainEvm, explanationLines, explanationRows, logRows, type EvmExplanation } from '../../../src/receipts/model/evmExplain';
import type { RpcOutcome } from '../../../src/evm/model/jsonRpc';
import { evmTxRows, buildReceiptView, type ReceiptView } from '../../../src/receipts/model/receiptView';
import { evmTxView } from '../../../src/receipts/model/evmTxView';

const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
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

describe('evm/model/explain: lines and rows of a hand-built explanation', () => {
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

describe('evm/model/explain: Stardust receipts and the logs', () => {
  let coder: AbiCoder;
  beforeEach(async () => {
    coder = await loadAbiCoder();
  });

  const stardust = (): Receipt =>
    ReceiptSchema.parse(parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/receipt-success-evm.json'), 'utf8')));

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
    const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased/receipt-success-evm.json'), 'utf8')) as {
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
