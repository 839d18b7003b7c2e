// The receipt view's exact output (rows, labels, details, copy texts) for the demo and sample
// receipts, each branch of the view model pinned: what the panel and the hover show.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema, type RebasedReceipt } from '../../../src/api/rebasedSchemas';
import { ReceiptSchema, type Receipt } from '../../../src/api/stardustSchemas';
import type { EvmTxView } from '../../../src/receipts/model/receiptViewTypes';
import {
  MAX_PAYLOAD_HEX_CHARS,
  MAX_RAW_JSON_CHARS,
  buildReceiptView,
  describeFeeCheck,
  describeReceiptFeeCheck,
  evmTxRows,
  englishL10n,
  receiptJson,
} from '../../../src/receipts/model/receiptView';
import { DEMO_RECEIPTS, createDemoChains, utf8Hex, type ReceiptJson } from '../../fixtures/demoData';

const IOTA_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

function demoJson(ref: { chainId: string; requestId: string }): ReceiptJson {
  const r = createDemoChains()
    .find((c) => c.chainId === ref.chainId)
    ?.receipts.find((x) => x.request.requestId === ref.requestId);
  if (!r) throw new Error(`demo receipt ${ref.requestId} missing`);
  return structuredClone(r);
}
function stardust(ref: { chainId: string; requestId: string }, patch?: (j: ReceiptJson) => void): Receipt {
  const j = demoJson(ref);
  patch?.(j);
  return ReceiptSchema.parse(j);
}
type Wire = z.input<typeof RebasedReceiptSchema>;
function rebased(name: string, patch?: (body: Wire) => void): RebasedReceipt {
  const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', `${name}.json`), 'utf8')) as Wire;
  patch?.(body);
  return RebasedReceiptSchema.parse(body);
}
function section(v: ReturnType<typeof buildReceiptView>, id: string) {
  return v.sections.find((s) => s.id === id);
}

describe('model/receiptView rows', () => {
  it('a Stardust EVM success: every section row, sender, call target, tokens', () => {
    const rid = DEMO_RECEIPTS.evmSuccess.requestId;
    const sender = `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${IOTA_CHAIN}`;
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.evmSuccess));
    assert.deepEqual(v.sections, [
      {
        id: 'receipt',
        title: 'Receipt',
        rows: [
          { field: 'requestId', label: 'Request ID', value: rid, mono: true, copy: { text: rid, what: 'request ID' } },
          { field: 'blockIndex', label: 'Block', value: '2,483,101', copy: { text: '2483101', what: 'block index' } },
          { field: 'requestIndex', label: 'Request index', value: '0', detail: 'position of the request in its block' },
          { field: 'kind', label: 'Kind', value: 'EVM transaction (off-ledger)' },
        ],
      },
      {
        id: 'gas',
        title: 'Gas and fees',
        rows: [
          { field: 'gasBudget', label: 'Gas budget', value: '21,000', mono: true, copy: { text: '21000', what: 'gas budget' } },
          { field: 'gasBurned', label: 'Gas burned', value: '21,000', mono: true, detail: '100.0% of the budget', copy: { text: '21000', what: 'gas burned' } },
          { field: 'gasFeeCharged', label: 'Fee charged', value: '210 base tokens', mono: true, copy: { text: '210', what: 'fee' } },
          { field: 'storageDepositCharged', label: 'Storage deposit', value: '0 base tokens', mono: true, copy: { text: '0', what: 'storage deposit' } },
        ],
      },
      {
        id: 'request',
        title: 'Request',
        rows: [
          { field: 'sender', label: 'Sender', value: sender, detail: 'EVM account on a chain', mono: true, copy: { text: sender, what: 'sender' } },
          { field: 'targetAddress', label: 'Target chain', value: IOTA_CHAIN, mono: true, copy: { text: IOTA_CHAIN, what: 'target address' } },
          { field: 'callTarget', label: 'Call target', value: 'evm.sendTransaction', detail: '07cb02c1.e30cd9fa', mono: true },
          { field: 'isOffLedger', label: 'Off-ledger', value: 'yes' },
          { field: 'isEVM', label: 'EVM', value: 'yes' },
          { field: 'requestGasBudget', label: 'Request gas budget', value: '21,000', mono: true, detail: 'as sent with the request' },
        ],
      },
    ]);
    assert.deepEqual(v.sender, { raw: sender, display: '0xDb30…a142@iota1pzt3m…8qqxu5', kind: 'evm', kindText: 'EVM account on a chain' });
    assert.deepEqual(v.callTarget, { label: 'evm.sendTransaction', contract: 'evm', function: 'sendTransaction', hnames: '07cb02c1.e30cd9fa' });
    assert.equal(v.targetAddress, IOTA_CHAIN);
    assert.equal(v.gas.feeDecimal, undefined, 'a Stardust fee has no IOTA decimal');
    assert.equal('error' in v, false);
    // fungibleTokens all zero: an empty bundle.
    assert.deepEqual(v.fungibleTokens, { baseTokens: { raw: '0', text: '0' }, nativeTokens: [], nfts: [], empty: true });
  });

  it('a contract-defined error: message row (not mono), code with its contract, each parameter; non-core call target', () => {
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.contractError));
    assert.deepEqual(v.error, {
      headline: 'record already notarized: invoice-42',
      message: 'record already notarized: invoice-42',
      code: 'fa9fa907:1',
      codeText: 'error 1 of contract fa9fa907',
      params: [{ value: 'invoice-42', type: 'string' }],
    });
    assert.deepEqual(section(v, 'error'), {
      id: 'error',
      title: 'Error',
      rows: [
        {
          field: 'errorMessage',
          label: 'Message',
          value: 'record already notarized: invoice-42',
          mono: false,
          copy: { text: 'record already notarized: invoice-42', what: 'error message' },
        },
        { field: 'errorCode', label: 'Error code', value: 'fa9fa907:1', mono: true, detail: 'error 1 of contract fa9fa907' },
        { field: 'errorParam0', label: 'Parameter 1', value: 'invoice-42', detail: 'string', mono: true },
      ],
    });
    assert.deepEqual(v.callTarget, { label: 'fa9fa907.ae9deae4', hnames: 'fa9fa907.ae9deae4' });
    assert.deepEqual(
      section(v, 'request')?.rows.find((r) => r.field === 'callTarget'),
      { field: 'callTarget', label: 'Call target', value: 'fa9fa907.ae9deae4', detail: 'hnames of a contract that is not a core contract', mono: true },
    );
    assert.deepEqual(
      section(v, 'request')?.rows.find((r) => r.field === 'isEVM'),
      { field: 'isEVM', label: 'EVM', value: 'no' },
    );
    assert.equal(v.sender.kindText, 'L1 address (Ed25519)');
    assert.equal(v.gas.burnedShare, '20.0% of the budget');
  });

  it('an EVM revert: the reason row first, then the message in mono, the code without detail', () => {
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.evmRevert));
    const rows = section(v, 'error')?.rows ?? [];
    assert.deepEqual(
      rows.map((r) => r.field),
      ['decodedRevert', 'errorMessage', 'errorCode', 'errorParam0'],
    );
    assert.deepEqual(rows[0], {
      field: 'decodedRevert',
      label: 'Revert reason',
      value: 'ERC20: transfer amount exceeds balance',
      copy: { text: 'ERC20: transfer amount exceeds balance', what: 'revert reason' },
    });
    assert.equal(rows[1]?.mono, true);
    assert.deepEqual(rows[2], { field: 'errorCode', label: 'Error code', value: 'a774', mono: true });
    assert.equal(v.gas.burnedShare, '49.5% of the budget', '29,734 of 60,000 is 49.55…%, cut to tenths');
  });

  it('headline: a code without message or template says "error code", an empty message "failed without an error message"', () => {
    const coded = buildReceiptView(
      stardust(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => {
        delete j.errorMessage;
        j.rawError = { code: 'beef', params: [] };
      }),
    );
    assert.equal(coded.failed, true);
    assert.deepEqual(coded.error, { headline: 'error code beef', code: 'beef', params: [] });
    assert.equal(coded.summary, 'error code beef');
    // errorMessage "" marks the receipt failed on the wire, though there is nothing to describe.
    const bare = buildReceiptView(
      stardust(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => {
        j.errorMessage = '';
        j.rawError = { code: '', params: [] };
      }),
    );
    assert.equal(bare.failed, true);
    assert.equal(bare.statusText, 'Request failed');
    assert.deepEqual(bare.error, { headline: 'failed without an error message', params: [] });
    assert.deepEqual(section(bare, 'error'), { id: 'error', title: 'Error', rows: [] });
  });

  it('a multi-line error message keeps its line breaks; the second parameter is "Parameter 2"', () => {
    const v = buildReceiptView(
      stardust(DEMO_RECEIPTS.contractError, (j) => {
        j.errorMessage = 'line one\nline two';
        j.rawError = { code: 'fa9fa907:1', params: ['a', 'b'] };
      }),
    );
    assert.equal(v.error?.message, 'line one\nline two');
    const rows = section(v, 'error')?.rows ?? [];
    assert.deepEqual(
      rows.filter((r) => r.field.startsWith('errorParam')).map((r) => [r.field, r.label]),
      [
        ['errorParam0', 'Parameter 1'],
        ['errorParam1', 'Parameter 2'],
      ],
    );
  });

  it('a core contract with an unknown function: the contract is named, the hnames are the detail', () => {
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.evmSuccess, (j) => (j.request.callTarget.functionHName = 'deadbeef')));
    assert.deepEqual(v.callTarget, { label: 'evm.deadbeef', contract: 'evm', hnames: '07cb02c1.deadbeef' });
    assert.deepEqual(
      section(v, 'request')?.rows.find((r) => r.field === 'callTarget'),
      { field: 'callTarget', label: 'Call target', value: 'evm.deadbeef', detail: '07cb02c1.deadbeef', mono: true },
    );
  });

  it('a zero gas budget has no share of the budget', () => {
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.evmSuccess, (j) => (j.gasBudget = '0')));
    assert.equal(v.gas.burnedShare, undefined);
    assert.equal('burnedShare' in v.gas, false);
    assert.deepEqual(
      section(v, 'gas')?.rows.find((r) => r.field === 'gasBurned'),
      { field: 'gasBurned', label: 'Gas burned', value: '21,000', mono: true, copy: { text: '21000', what: 'gas burned' } },
    );
  });

  it('each sender kind has its own text; an unknown sender is cut at 48 + 8 characters', () => {
    const kindText = (senderAccount: string) =>
      buildReceiptView(stardust(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => (j.request.senderAccount = senderAccount))).sender;
    assert.equal(kindText(IOTA_CHAIN).kindText, 'L1 alias address (chain)');
    assert.equal(kindText(`smr1z${'q'.repeat(58)}`).kindText, 'L1 NFT address');
    assert.equal(kindText(`07cb02c1@${IOTA_CHAIN}`).kindText, 'smart contract on a chain');
    assert.equal(kindText('-').kindText, 'no agent');
    const junk = `${'a'.repeat(50)}${'b'.repeat(20)}`;
    assert.deepEqual(kindText(junk), { raw: junk, display: `${'a'.repeat(48)}…${'b'.repeat(8)}`, kind: 'unknown', kindText: 'unrecognised agent ID' });
  });

  it('the off-ledger kind text', () => {
    const v = buildReceiptView(stardust(DEMO_RECEIPTS.iscOffLedgerFailure));
    assert.equal(v.kindText, 'off-ledger request');
    assert.deepEqual(section(v, 'receipt')?.rows[3], { field: 'kind', label: 'Kind', value: 'off-ledger request' });
  });

  describe('assets', () => {
    const base = { baseTokens: '0', nativeTokens: [] as Array<{ id: string; amount: string }>, nfts: [] as string[] };
    const NT = `0x08${'AB'.repeat(37)}`;
    const NFT = `0x${'CD'.repeat(32)}`;
    const allowance = (a: typeof base) => buildReceiptView(stardust(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => (j.request.allowance = a))).allowance;
    it('empty only when there are no base tokens, native tokens or NFTs', () => {
      assert.equal(allowance(base)?.empty, true);
      assert.equal(allowance({ ...base, baseTokens: '1' })?.empty, false);
      assert.equal(allowance({ ...base, nativeTokens: [{ id: NT, amount: '5' }] })?.empty, false);
      assert.equal(allowance({ ...base, nfts: [NFT] })?.empty, false);
    });
    it('token and NFT IDs in lowercase', () => {
      assert.deepEqual(allowance({ baseTokens: '1000', nativeTokens: [{ id: NT, amount: '5' }], nfts: [NFT] }), {
        baseTokens: { raw: '1000', text: '1,000' },
        nativeTokens: [{ id: NT.toLowerCase(), amount: { raw: '5', text: '5' } }],
        nfts: [NFT.toLowerCase()],
        empty: false,
      });
    });
  });

  describe('NFT', () => {
    const nft = (metadata: string, id = `0x${'EF'.repeat(32)}`) =>
      buildReceiptView(
        stardust(DEMO_RECEIPTS.onLedgerNft, (j) => {
          j.request.nft = { id, issuer: 'smr1\u200bissuer', metadata, owner: '' };
        }),
      ).nft;
    it('every IRC27 field that is a string or a number, in order; other keys and values skipped', () => {
      const meta = {
        version: 1,
        standard: 'IRC27',
        uri: 'https://example.com/1.png',
        type: 'image/png',
        description: true,
        issuerName: 'Issuer',
        collectionName: 'Collection',
        name: 'N'.repeat(600),
        royalties: 'x',
      };
      const v = nft(utf8Hex(JSON.stringify(meta)));
      assert.deepEqual(v?.fields, [
        { key: 'name', value: `${'N'.repeat(499)}…` },
        { key: 'collectionName', value: 'Collection' },
        { key: 'issuerName', value: 'Issuer' },
        { key: 'type', value: 'image/png' },
        { key: 'uri', value: 'https://example.com/1.png' },
        { key: 'standard', value: 'IRC27' },
        { key: 'version', value: '1' },
      ]);
      assert.equal(v?.id, `0x${'ef'.repeat(32)}`);
      assert.equal(v?.issuer, 'smr1⟨U+200B⟩issuer');
    });
    it('the description field too; no fields from an array or from plain text', () => {
      assert.deepEqual(nft(utf8Hex(JSON.stringify({ description: 'D' })))?.fields, [{ key: 'description', value: 'D' }]);
      assert.deepEqual(nft(utf8Hex(JSON.stringify([{ name: 'x' }])))?.fields, []);
      assert.deepEqual(nft(utf8Hex('name'))?.fields, []);
      assert.deepEqual(nft('0x')?.fields, []);
    });
  });

  describe('payloads', () => {
    const param = (value: string, key = '0x6b') =>
      buildReceiptView(stardust(DEMO_RECEIPTS.evmSuccess, (j) => (j.request.params.Items = [{ key, value }]))).params[0];
    it('hex of exactly the limit is whole; one more character is cut and marked', () => {
      const whole = `0x${'a'.repeat(MAX_PAYLOAD_HEX_CHARS - 2)}`;
      const at = param(whole)?.value;
      assert.equal(at?.hex, whole);
      assert.equal(at?.truncated, undefined);
      assert.equal(at && 'truncated' in at, false);
      const over = param(`0x${'a'.repeat(MAX_PAYLOAD_HEX_CHARS)}`)?.value;
      assert.equal(over?.hex, `0x${'a'.repeat(MAX_PAYLOAD_HEX_CHARS - 2)}…`);
      assert.equal(over?.truncated, true);
    });
    it('text of exactly the limit is whole, one more is cut; line breaks and tabs stay', () => {
      const at = param(utf8Hex('a'.repeat(MAX_PAYLOAD_HEX_CHARS)))?.value;
      assert.equal(at?.text, 'a'.repeat(MAX_PAYLOAD_HEX_CHARS));
      assert.equal(at?.truncated, true, 'its hex is twice as long');
      const over = param(utf8Hex('a'.repeat(MAX_PAYLOAD_HEX_CHARS + 1)))?.value;
      assert.equal(over?.text, `${'a'.repeat(MAX_PAYLOAD_HEX_CHARS)}…`);
      assert.equal(param(utf8Hex('a\nb\tc'))?.value.text, 'a\nb\tc');
    });
    it('pretty JSON of exactly the limit is whole, one more is cut; its line breaks stay', () => {
      const json = (n: number) => JSON.stringify(['x'.repeat(n)], null, 2);
      // '[\n  "' (5) + n characters + '"\n]' (3)
      const n = MAX_PAYLOAD_HEX_CHARS - 8;
      assert.equal(json(n).length, MAX_PAYLOAD_HEX_CHARS);
      const at = param(utf8Hex(JSON.stringify(['x'.repeat(n)])))?.value;
      assert.equal(at?.json, json(n));
      assert.equal(at?.preferred, 'json');
      const over = param(utf8Hex(JSON.stringify(['x'.repeat(n + 1)])))?.value;
      assert.equal(over?.json, `${json(n + 1).slice(0, MAX_PAYLOAD_HEX_CHARS)}…`);
      assert.equal(param(utf8Hex('{"a":1}'))?.value.json, '{\n  "a": 1\n}');
    });
    it('a key is its text when up to 64 characters without whitespace, else its short hex', () => {
      assert.equal(param('0x00', utf8Hex('k'.repeat(64)))?.keyLabel, 'k'.repeat(64));
      const long = utf8Hex('k'.repeat(65));
      assert.equal(param('0x00', long)?.keyLabel, `${long.slice(0, 18)}…${long.slice(-6)}`);
    });
  });

  describe('receiptJson', () => {
    it('pretty-printed over several lines', () => {
      assert.match(receiptJson(stardust(DEMO_RECEIPTS.evmSuccess)), /^\{\n {2}"request": \{\n/);
    });
    it('whole at exactly MAX_RAW_JSON_CHARS, cut one character above', () => {
      const withValue = (hexDigits: number, blockIndex: number) =>
        stardust(DEMO_RECEIPTS.evmSuccess, (j) => {
          j.request.params.Items = [{ key: '0x6b', value: `0x${'a'.repeat(hexDigits)}` }];
          j.blockIndex = blockIndex;
        });
      const small = receiptJson(withValue(0, 10)).length;
      // Each hex digit adds one character; a one-digit block index one less.
      const need = MAX_RAW_JSON_CHARS - small;
      const [digits, block] = need % 2 === 0 ? [need, 10] : [need + 1, 1];
      const at = receiptJson(withValue(digits, block));
      assert.equal(at.length, MAX_RAW_JSON_CHARS);
      assert.equal(at.endsWith('}'), true);
      const over = receiptJson(withValue(digits + 2, block));
      assert.equal(over.length, MAX_RAW_JSON_CHARS + 1);
      assert.equal(over.endsWith('…'), true);
      assert.equal(over.slice(0, 100), at.slice(0, 100));
    });
  });

  describe('Rebased', () => {
    it('an EVM success: fee in IOTA, gas limit detail, positional argument, the transaction rows', () => {
      const v = buildReceiptView(rebased('receipt-success-evm'));
      const sender = '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
      assert.equal(v.targetAddress, '');
      assert.deepEqual(section(v, 'gas')?.rows[2], {
        field: 'gasFeeCharged',
        label: 'Fee charged',
        value: '210,000 base tokens',
        mono: true,
        detail: '0.00021 IOTA',
        copy: { text: '210000', what: 'fee' },
      });
      assert.deepEqual(section(v, 'request')?.rows, [
        { field: 'sender', label: 'Sender', value: sender, detail: 'EVM account on a chain', mono: true, copy: { text: sender, what: 'sender' } },
        { field: 'callTarget', label: 'Call target', value: 'evm.sendTransaction', detail: '0x07cb02c1.0xe30cd9fa', mono: true },
        { field: 'isOffLedger', label: 'Off-ledger', value: 'yes' },
        { field: 'isEVM', label: 'EVM', value: 'yes' },
        { field: 'requestGasBudget', label: 'Request gas budget', value: '21,000', mono: true, detail: "the transaction's gas limit, in EVM gas" },
      ]);
      assert.deepEqual(
        v.params.map((p) => [p.keyLabel, p.key.hex, p.key.byteLength]),
        [['argument 1', '0x', 0]],
      );
      assert.deepEqual(
        v.sections.map((s) => [s.id, s.title]),
        [
          ['receipt', 'Receipt'],
          ['gas', 'Gas and fees'],
          ['request', 'Request'],
          ['evmTx', 'EVM transaction'],
        ],
      );
      assert.equal(v.evmTxLine, 'to 0x79EC02…98607E, 1.25 IOTA, legacy, nonce 17');
      assert.deepEqual(section(v, 'evmTx')?.rows.at(-1), { field: 'evmTxData', label: 'Data', value: '0 bytes', mono: true });
    });
    it('an on-ledger request: the sender is an L1 address of any scheme; the request budget as sent', () => {
      const v = buildReceiptView(rebased('receipt-success-onledger'));
      assert.equal(v.sender.kindText, 'L1 address');
      assert.equal(v.gas.feeDecimal, '0.00031624 IOTA');
      assert.deepEqual(section(v, 'request')?.rows.at(-1), {
        field: 'requestGasBudget',
        label: 'Request gas budget',
        value: '100,000',
        mono: true,
        detail: 'as sent with the request',
      });
      assert.equal(v.evmTxLine, undefined);
      assert.equal(section(v, 'evmTx'), undefined);
    });
  });

  describe('evmTxRows', () => {
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
  });

  describe('base token amounts read right for one', () => {
    it('a fee and a storage deposit of 1 read "1 base token"; other amounts stay plural', () => {
      const v = buildReceiptView(
        stardust(DEMO_RECEIPTS.evmSuccess, (j) => {
          j.gasFeeCharged = '1';
          j.storageDepositCharged = '2';
        }),
      );
      const rows = section(v, 'gas')?.rows ?? [];
      assert.equal(rows.find((r) => r.field === 'gasFeeCharged')?.value, '1 base token');
      assert.equal(rows.find((r) => r.field === 'storageDepositCharged')?.value, '2 base tokens');
    });
  });

  describe('fee checks: the exact text', () => {
    it('Stardust: less than the policy asks', () => {
      assert.deepEqual(describeFeeCheck(21000n, 10n, { a: 100, b: 1 }), {
        ok: false,
        text: '200 less than the fee policy asks (100 gas = 1 base token: 210); the fee is capped at the funds the sender had left',
      });
    });
    it('Rebased EVM: less and more than the gas price asks; an undecodable transaction', () => {
      const policy = { a: 1, b: 10 };
      assert.deepEqual(
        describeReceiptFeeCheck(
          rebased('receipt-success-evm', (b) => (b.gasFeeCharged = '200000')),
          policy,
        ),
        {
          ok: false,
          text: "10,000 less than the transaction's gas price asks (10,000,000,000 wei per gas: 210,000); the fee is capped at the funds the sender had left",
        },
      );
      assert.deepEqual(
        describeReceiptFeeCheck(
          rebased('receipt-success-evm', (b) => (b.gasFeeCharged = '210001')),
          policy,
        ),
        { ok: false, text: "1 more than the transaction's gas price asks (10,000,000,000 wei per gas: 210,000)" },
      );
      assert.deepEqual(
        describeReceiptFeeCheck(
          rebased('receipt-success-evm', (b) => (b.request.params = ['0x00'])),
          policy,
        ),
        { ok: undefined, text: 'not checked: the EVM transaction could not be decoded' },
      );
    });
  });
});
