// The receipt view of Stardust receipts (src/transactions/model/receiptView.ts): the demo receipts row by
// row (status, gas of budget, fee, call target by name, kind, sender, tokens), each kind of failure and
// its headline, every sender kind, exact uint64 values, invisible characters revealed, the l10n used.
import * as assert from 'node:assert/strict';
import { ReceiptSchema } from '../../../../../src/api/stardustSchemas';
import { shortId } from '../../../../../src/core/format';
import { buildReceiptView, englishL10n, HEADLINE_CHARS, receiptJson, type ReceiptView } from '../../../../../src/transactions/model/receiptView';
import { DEMO_EVM_REVERT_REASON, DEMO_RECEIPTS, utf8Hex } from '../../../../fixtures/demoData';
import { demoReceiptJson, stardustReceipt, stardustView } from '../../../helpers/receipts';
import { findRow, sectionOf } from '../../../helpers/views';

const IOTA_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

describe('transactions/model/receiptView: a Stardust receipt', () => {
  it('an EVM success: status, gas of budget, fee, call target by name, kind, sender', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess));
    assert.equal(v.failed, false);
    assert.equal(v.statusText, 'Request succeeded');
    assert.equal(v.error, undefined);
    assert.equal(v.gas.burned.text, '21,000');
    assert.equal(v.gas.budget.text, '21,000');
    assert.equal(v.gas.burnedShare, '100.0% of the budget');
    assert.equal(v.gas.fee.text, '210');
    assert.equal(v.gas.fee.raw, '210');
    assert.equal(v.callTarget.label, 'evm.sendTransaction');
    assert.equal(v.kind, 'evm');
    assert.equal(v.kindText, 'EVM transaction (off-ledger)');
    assert.equal(v.sender.kind, 'evm');
    assert.match(v.sender.raw, /^0xDb3009babf5415B64ef64275f0f23A87E90Ea142@iota1p/);
    assert.equal(v.summary, 'evm.sendTransaction');
    assert.equal(v.blockIndex, DEMO_RECEIPTS.evmSuccess.blockIndex);
    assert.deepEqual(
      v.sections.map((s) => s.id),
      ['receipt', 'gas', 'request'],
    );
    assert.equal(findRow(v, 'requestId')?.copy?.text, DEMO_RECEIPTS.evmSuccess.requestId);
  });

  it('an EVM revert leads with the decoded Error(string) reason', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmRevert));
    assert.equal(v.failed, true);
    assert.equal(v.statusText, 'Request failed');
    assert.equal(v.error?.decodedRevert, DEMO_EVM_REVERT_REASON);
    assert.equal(v.error?.headline, `Reverted: ${DEMO_EVM_REVERT_REASON}`);
    assert.equal(v.error?.code, 'a774');
    assert.equal(v.sections[0]?.id, 'error', 'the error section comes first');
    assert.equal(v.sections[0]?.rows[0]?.value, DEMO_EVM_REVERT_REASON);
    assert.equal(v.summary, `Reverted: ${DEMO_EVM_REVERT_REASON}`);
  });

  it('an ISC failure shows the message and the core error code', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure));
    assert.equal(v.error?.headline, 'not enough funds for allowance');
    assert.equal(v.error?.code, 'd9b6');
    assert.equal(v.kind, 'offLedger');
    assert.equal(v.callTarget.label, 'accounts.withdraw');
    assert.equal(v.fungibleTokens, null);
    assert.equal(v.allowance?.baseTokens.text, '5,000,000');
  });

  it('a contract-defined error names the contract and error id', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.contractError));
    assert.equal(v.error?.code, 'fa9fa907:1');
    assert.equal(v.error?.codeText, 'error 1 of contract fa9fa907');
    assert.deepEqual(v.error?.params, [{ value: 'invoice-42', type: 'string' }]);
  });

  it('uint64 values beyond 2^53 stay exact; a gas budget of the largest uint64 reads "no limit", never a share of it', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.bigAmounts));
    assert.equal(v.gas.budget.raw, '18446744073709551615');
    assert.equal(v.gas.budget.text, 'no limit');
    assert.equal(v.gas.burnedShare, undefined, 'not "0.0% of the budget"');
    assert.deepEqual(findRow(v, 'gasBudget'), {
      field: 'gasBudget',
      label: 'Gas budget',
      value: 'no limit',
      mono: true,
      detail: '18,446,744,073,709,551,615, the largest uint64',
      copy: { text: '18446744073709551615', what: 'gas budget' },
    });
    assert.equal(findRow(v, 'gasBurned')?.detail, undefined);
    assert.equal(findRow(v, 'requestGasBudget')?.value, 'no limit');
    const below = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.bigAmounts, (j) => (j.gasBudget = '18446744073709551614')));
    assert.equal(below.gas.budget.text, '18,446,744,073,709,551,614', 'one less is a number');
    assert.equal(v.allowance?.baseTokens.text, '9,007,199,254,740,993');
    assert.equal(v.allowance?.nativeTokens[0]?.amount.text, '18,446,744,073,709,551,615');
    assert.equal(v.gas.requestBudget.raw, '18446744073709551615');
    assert.match(receiptJson(stardustReceipt(DEMO_RECEIPTS.bigAmounts)), /"gasBudget": "18446744073709551615"/);
  });

  it('an on-ledger request: tokens, NFT with its IRC27 metadata decoded, storage deposit', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.onLedgerNft));
    assert.equal(v.kind, 'onLedger');
    assert.equal(v.kindText, 'on-ledger request');
    assert.equal(v.gas.storageDeposit.text, '47,600');
    assert.equal(v.fungibleTokens?.baseTokens.text, '1,000,000,000');
    assert.equal(v.fungibleTokens?.nativeTokens.length, 2);
    assert.equal(v.fungibleTokens?.nfts.length, 1);
    assert.equal(v.nft?.metadata.preferred, 'json');
    assert.match(v.nft?.metadata.json ?? '', /"name": "Wasp Explorer Demo #4711"/);
    assert.deepEqual(
      v.nft?.fields.find((f) => f.key === 'name'),
      { key: 'name', value: 'Wasp Explorer Demo #4711' },
    );
    assert.equal(v.nft?.owner, '');
  });

  it('params get hex, text and JSON views; a burn log is summarised per code', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.gasBurnLogParams));
    assert.deepEqual(
      v.params.map((p) => p.keyLabel),
      ['doc', 'h', 'n', 'name'],
    );
    const [doc, h, , name] = v.params;
    assert.equal(doc?.value.preferred, 'json');
    assert.match(doc?.value.json ?? '', /"id": "invoice-42"/);
    assert.equal(h?.value.preferred, 'hex');
    assert.equal(h?.value.text, undefined);
    assert.equal(name?.value.text, 'Wasp Chain Explorer — démo ✓');
    assert.equal(v.burnLog.total.text, '10,000');
    assert.equal(v.burnLog.entries[0]?.name, 'storage');
    assert.equal(v.burnLog.entries[0]?.gasBurned.text, '5,120');
    assert.equal(v.burnLog.entries[0]?.shareText, '51.20%');
    assert.ok(v.burnLog.entries.some((e) => e.name === 'wasm'));
  });

  it('reveals invisible characters in remote text (bidi, zero-width)', () => {
    const json = demoReceiptJson(DEMO_RECEIPTS.iscOffLedgerFailure);
    json.errorMessage = 'evil\u202Etxt.exe';
    json.request.senderAccount = 'iota1\u200bfake';
    const v = buildReceiptView(ReceiptSchema.parse(json));
    assert.equal(v.error?.headline, 'evil⟨U+202E⟩txt.exe');
    assert.equal(v.sender.raw, 'iota1⟨U+200B⟩fake');
  });

  it('the raw JSON has bigints as strings and invisibles revealed', () => {
    const json = demoReceiptJson(DEMO_RECEIPTS.evmSuccess);
    json.request.params.Items = [{ key: '0x74', value: utf8Hex('a\u202Eb') }];
    const raw = receiptJson(ReceiptSchema.parse(json));
    assert.doesNotThrow(() => JSON.parse(raw.replace(/⟨U\+[0-9A-F]+⟩/g, '')));
    assert.match(raw, /"gasBurned": "21000"/);
  });

  it('uses the l10n function given for every label', () => {
    const upper = { t: (m: string, ...a: Array<string | number | boolean>) => englishL10n.t(m, ...a).toUpperCase() };
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess), upper);
    assert.equal(v.statusText, 'REQUEST SUCCEEDED');
    assert.ok(v.sections.every((s) => s.title === s.title.toUpperCase()));
  });
});

describe('transactions/model/receiptView: a Stardust receipt, row by row', () => {
  it('a Stardust EVM success: every section row, sender, call target, tokens', () => {
    const rid = DEMO_RECEIPTS.evmSuccess.requestId;
    const sender = `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${IOTA_CHAIN}`;
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess));
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
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.contractError));
    assert.deepEqual(v.error, {
      headline: 'record already notarized: invoice-42',
      message: 'record already notarized: invoice-42',
      code: 'fa9fa907:1',
      codeText: 'error 1 of contract fa9fa907',
      params: [{ value: 'invoice-42', type: 'string' }],
    });
    assert.deepEqual(sectionOf(v, 'error'), {
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
      sectionOf(v, 'request')?.rows.find((r) => r.field === 'callTarget'),
      { field: 'callTarget', label: 'Call target', value: 'fa9fa907.ae9deae4', detail: 'hnames of a contract that is not a core contract', mono: true },
    );
    assert.deepEqual(
      sectionOf(v, 'request')?.rows.find((r) => r.field === 'isEVM'),
      { field: 'isEVM', label: 'EVM', value: 'no' },
    );
    assert.equal(v.sender.kindText, 'L1 address (Ed25519)');
    assert.equal(v.gas.burnedShare, '20.0% of the budget');
  });

  it('an EVM revert: the reason row first, the message in words, the code with its words, the revert data once (as raw data)', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmRevert));
    const rows = sectionOf(v, 'error')?.rows ?? [];
    assert.deepEqual(
      rows.map((r) => r.field),
      ['decodedRevert', 'errorMessage', 'errorCode', 'rawErrorData'],
    );
    assert.deepEqual(rows[0], {
      field: 'decodedRevert',
      label: 'Revert reason',
      value: 'ERC20: transfer amount exceeds balance',
      copy: { text: 'ERC20: transfer amount exceeds balance', what: 'revert reason' },
    });
    assert.equal(rows[1]?.value, 'execution reverted');
    assert.equal(rows[1]?.mono, false);
    assert.match(rows[1]?.copy?.text ?? '', /^execution reverted: 0x08c379a0[0-9a-f]+$/, 'Copy gives the whole message');
    assert.deepEqual(rows[2], { field: 'errorCode', label: 'Error code', value: 'a774', mono: true, detail: 'core error: execution reverted: …' });
    assert.match(rows[3]?.value ?? '', /^0x08c379a0[0-9a-f]+$/);
    assert.deepEqual(
      v.error?.params.map((p) => p.type),
      ['revert data'],
      'the parameter is bytes, not a string',
    );
    assert.equal(v.gas.burnedShare, '49.5% of the budget', '29,734 of 60,000 is 49.55…%, cut to tenths');
  });

  it('headline: a code without message or template says it is unknown, an empty message "failed without an error message"', () => {
    const coded = buildReceiptView(
      stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => {
        delete j.errorMessage;
        j.rawError = { code: 'beef', params: [] };
      }),
    );
    assert.equal(coded.failed, true);
    assert.deepEqual(coded.error, { headline: 'unknown core error code beef', code: 'beef', codeText: 'unknown core error code beef', params: [] });
    assert.equal(coded.summary, 'unknown core error code beef');
    // errorMessage "" marks the receipt failed on the wire, though there is nothing to describe.
    const bare = buildReceiptView(
      stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => {
        j.errorMessage = '';
        j.rawError = { code: '', params: [] };
      }),
    );
    assert.equal(bare.failed, true);
    assert.equal(bare.statusText, 'Request failed');
    assert.deepEqual(bare.error, { headline: 'failed without an error message', params: [] });
    assert.deepEqual(sectionOf(bare, 'error'), { id: 'error', title: 'Error', rows: [] });
  });

  it('a multi-line error message keeps its line breaks; the second parameter is "Parameter 2"', () => {
    const v = buildReceiptView(
      stardustReceipt(DEMO_RECEIPTS.contractError, (j) => {
        j.errorMessage = 'line one\nline two';
        j.rawError = { code: 'fa9fa907:1', params: ['a', 'b'] };
      }),
    );
    assert.equal(v.error?.message, 'line one\nline two');
    const rows = sectionOf(v, 'error')?.rows ?? [];
    assert.deepEqual(
      rows.filter((r) => r.field.startsWith('errorParam')).map((r) => [r.field, r.label]),
      [
        ['errorParam0', 'Parameter 1'],
        ['errorParam1', 'Parameter 2'],
      ],
    );
  });

  it('a core contract with an unknown function: the contract is named, the hnames are the detail', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess, (j) => (j.request.callTarget.functionHName = 'deadbeef')));
    assert.deepEqual(v.callTarget, { label: 'evm.deadbeef', contract: 'evm', hnames: '07cb02c1.deadbeef' });
    assert.deepEqual(
      sectionOf(v, 'request')?.rows.find((r) => r.field === 'callTarget'),
      { field: 'callTarget', label: 'Call target', value: 'evm.deadbeef', detail: '07cb02c1.deadbeef', mono: true },
    );
  });

  it('a zero gas budget has no share of the budget', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.evmSuccess, (j) => (j.gasBudget = '0')));
    assert.equal(v.gas.burnedShare, undefined);
    assert.equal('burnedShare' in v.gas, false);
    assert.deepEqual(
      sectionOf(v, 'gas')?.rows.find((r) => r.field === 'gasBurned'),
      { field: 'gasBurned', label: 'Gas burned', value: '21,000', mono: true, copy: { text: '21000', what: 'gas burned' } },
    );
  });

  it('each sender kind has its own text; an unknown sender is cut at 48 + 8 characters', () => {
    const kindText = (senderAccount: string) =>
      buildReceiptView(stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure, (j) => (j.request.senderAccount = senderAccount))).sender;
    assert.equal(kindText(IOTA_CHAIN).kindText, 'L1 alias address (chain)');
    assert.equal(kindText(`smr1z${'q'.repeat(58)}`).kindText, 'L1 NFT address');
    assert.equal(kindText(`07cb02c1@${IOTA_CHAIN}`).kindText, 'smart contract on a chain');
    assert.equal(kindText('-').kindText, 'no agent');
    const junk = `${'a'.repeat(50)}${'b'.repeat(20)}`;
    assert.deepEqual(kindText(junk), { raw: junk, display: `${'a'.repeat(48)}…${'b'.repeat(8)}`, kind: 'unknown', kindText: 'unrecognised agent ID' });
  });

  it('the off-ledger kind text', () => {
    const v = buildReceiptView(stardustReceipt(DEMO_RECEIPTS.iscOffLedgerFailure));
    assert.equal(v.kindText, 'off-ledger request');
    assert.deepEqual(sectionOf(v, 'receipt')?.rows[3], { field: 'kind', label: 'Kind', value: 'off-ledger request' });
  });
});

describe('transactions/model/receiptView: what no demo receipt shows', () => {
  it('names every kind of Stardust sender, with its display form', () => {
    const alias = `iota1p${'q'.repeat(58)}`;
    const nft = `iota1z${'q'.repeat(58)}`;
    const garbage = `not-an-agent-${'x'.repeat(80)}`;
    const cases: [string, ReceiptView['sender']][] = [
      [alias, { raw: alias, display: shortId(alias), kind: 'alias', kindText: 'L1 alias address (chain)' }],
      [nft, { raw: nft, display: shortId(nft), kind: 'nft', kindText: 'L1 NFT address' }],
      [`07cb02c1@${IOTA_CHAIN}`, { raw: `07cb02c1@${IOTA_CHAIN}`, display: 'evm@iota1pzt3m…8qqxu5', kind: 'contract', kindText: 'smart contract on a chain' }],
      ['-', { raw: '-', display: '-', kind: 'nil', kindText: 'no agent' }],
      [garbage, { raw: garbage, display: `${garbage.slice(0, 48)}…${garbage.slice(-8)}`, kind: 'unknown', kindText: 'unrecognised agent ID' }],
    ];
    for (const [sender, expected] of cases) {
      const v = stardustView('iscOffLedgerFailure', (r) => {
        r.request.senderAccount = sender;
      });
      assert.deepEqual(v.sender, expected, sender);
      assert.equal(findRow(v, 'sender')?.detail, expected.kindText);
    }
  });

  it('a failure without a message leads with the error code, or says that there is none', () => {
    const coded = stardustView('iscOffLedgerFailure', (r) => {
      delete r.errorMessage;
      r.rawError = { code: 'beef', params: [] };
    });
    assert.equal(coded.failed, true);
    assert.equal(coded.error?.headline, 'unknown core error code beef');
    assert.equal(coded.summary, 'unknown core error code beef');
    assert.equal(coded.error?.message, undefined);
    assert.deepEqual(
      coded.sections[0]?.rows.map((r) => [r.field, r.value]),
      [['errorCode', 'beef']],
    );
  });

  it('clips the headline to 300 characters and the summary to 80', () => {
    const long = 'x'.repeat(1000);
    const v = stardustView('iscOffLedgerFailure', (r) => {
      r.errorMessage = long;
    });
    assert.equal(HEADLINE_CHARS, 300);
    assert.equal(v.error?.headline, `${'x'.repeat(299)}…`);
    assert.equal(v.summary, `${'x'.repeat(79)}…`);
    assert.equal(v.error?.message, long, 'the message itself is whole');
  });

  it('a budget of 0 gives no burned share', () => {
    const v = stardustView('iscOffLedgerFailure', (r) => {
      r.gasBudget = '0';
    });
    assert.equal(v.gas.burnedShare, undefined);
    assert.equal(findRow(v, 'gasBurned')?.detail, undefined);
    assert.ok(!('detail' in (findRow(v, 'gasBurned') ?? {})));
  });
});
