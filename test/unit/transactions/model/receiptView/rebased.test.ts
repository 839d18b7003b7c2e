// The receipt view of Rebased receipts (src/transactions/model/receiptView.ts), from the receipts a real
// node sent: the outcome, call targets from 0x hnames, EIP-55 senders, coins and objects, the base
// token in any form, Rebased burn codes, core errors filled from templates, the panel rows; and
// hostile coin and object types, huge amounts, the weight of every string a receipt holds.
import * as assert from 'node:assert/strict';
import { escapeMarkdown } from '../../../../../src/core/text';
import { burnCodeName, summarizeBurnLog } from '../../../../../src/transactions/model/burnCodes';
import { estimateReceiptBytes } from '../../../../../src/transactions/model/rawJson';
import { isBaseTokenType } from '../../../../../src/transactions/model/rebasedReceiptView';
import { buildReceiptView } from '../../../../../src/transactions/model/receiptView';
import { HOSTILE, RLO, ZWSP } from '../../../../fixtures/hostile';
import { evmParam, txLegacy } from '../../../../fixtures/rlp';
import { rebasedReceipt, rebasedView } from '../../../helpers/receipts';
import { findRow, sectionOf } from '../../../helpers/views';

describe('transactions/model/receiptView: a Rebased receipt', () => {
  it('an EVM success: outcome, call target from 0x hnames, EIP-55 sender, legacy tx decoded and its hash checked', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-evm'));
    assert.equal(v.generation, 'rebased');
    assert.equal(v.failed, false);
    assert.equal(v.statusText, 'Request succeeded');
    assert.equal(v.callTarget.label, 'evm.sendTransaction');
    assert.equal(v.callTarget.hnames, '0x07cb02c1.0xe30cd9fa');
    assert.equal(v.kind, 'evm');
    assert.equal(v.sender.kind, 'evm');
    assert.equal(v.sender.raw, '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33');
    assert.equal(v.sender.checksumValid, undefined);
    assert.equal(v.targetAddress, '');
    assert.equal(findRow(v, 'targetAddress'), undefined, 'no target chain row: a Rebased node serves one chain');
    assert.equal(v.fungibleTokens, null);
    assert.equal(v.nft, null);
    const tx = v.rebased?.evmTx;
    assert.ok(tx);
    assert.equal(tx.type, 0);
    assert.equal(tx.typeText, 'legacy');
    assert.equal(tx.to, '0x79EC02651F11E79A071ed4EB96F2E0A0B098607E');
    assert.equal(tx.value.raw, '1250000000000000000');
    assert.equal(tx.value.decimal, '1.25 IOTA');
    assert.equal(tx.nonce, '17');
    assert.equal(tx.gasLimit.raw, '21000');
    assert.equal(tx.gasPrice?.raw, '10000000000');
    assert.equal(tx.chainId, '8822');
    assert.equal(tx.data.byteLength, 0);
    assert.equal(tx.data.selector, undefined);
    assert.equal(tx.hashMatches, true);
    assert.equal(v.evmTxLine, 'to 0x79EC02…98607E, 1.25 IOTA, legacy, nonce 17');
    assert.equal(findRow(v, 'requestGasBudget')?.detail, "the transaction's gas limit, in EVM gas");
    assert.deepEqual(v.rebased?.assets, { coins: [], objects: [], empty: true });
  });

  it('an EVM revert: decoded Error(string), EIP-1559 tx with max fee, selector and data length', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-failed-evm-revert'));
    assert.equal(v.failed, true);
    assert.equal(v.error?.decodedRevert, 'ERC20: transfer amount exceeds balance');
    assert.equal(v.error?.headline, 'Reverted: ERC20: transfer amount exceeds balance');
    assert.equal(v.error?.code, 'a774');
    const tx = v.rebased?.evmTx;
    assert.equal(tx?.type, 2);
    assert.equal(tx?.maxFeePerGas?.raw, '10000000000');
    assert.equal(tx?.maxPriorityFeePerGas?.raw, '1000000000');
    assert.equal(tx?.data.selector, '0xa9059cbb');
    assert.equal(tx?.data.byteLength, 68);
    assert.equal(tx?.hashMatches, true);
    assert.equal(tx?.value.decimal, '0 IOTA');
    assert.match(v.evmTxLine ?? '', /EIP-1559 .*calls 0xa9059cbb \(68 bytes\)/);
  });

  it('an ISC failure: core code c674 with the hname param, allowance in IOTA with 9 decimals, positional params', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-failed-isc'));
    assert.equal(v.error?.headline, 'contract with hname a5072732 not found');
    assert.equal(v.error?.code, 'c674');
    assert.deepEqual(v.error?.params, [{ value: '2768709426', type: 'uint32' }]);
    assert.equal(v.kind, 'offLedger');
    assert.equal(v.callTarget.label, '0xa5072732.0x75abfea0');
    assert.equal(v.sender.kind, 'address');
    assert.equal(v.sender.kindText, 'L1 address');
    assert.equal(v.rebased?.evmTx, undefined);
    assert.equal(v.rebased?.evmTxError, undefined);
    assert.deepEqual(v.rebased?.allowance?.coins[0], {
      coinType: '0x0000000000000000000000000000000000000000000000000000000000000002::iota::IOTA',
      symbol: 'IOTA',
      isBaseToken: true,
      balance: { raw: '1000000000', text: '1,000,000,000', decimal: '1 IOTA' },
    });
    assert.equal(v.params.length, 1);
    assert.equal(v.params[0]?.keyLabel, 'argument 1');
    assert.equal(v.params[0]?.value.hex, '0x40420f0000000000');
    assert.equal(v.params[0]?.value.byteLength, 8);
  });

  it('an on-ledger success: coins (base token with decimals, other coins exact only) and objects', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-onledger'));
    assert.equal(v.callTarget.label, 'accounts.transferAllowanceTo');
    assert.equal(v.kind, 'onLedger');
    const coins = v.rebased?.assets.coins ?? [];
    assert.equal(coins[0]?.balance.decimal, '5 IOTA');
    assert.equal(coins[1]?.symbol, 'TOKN');
    assert.equal(coins[1]?.isBaseToken, false);
    assert.equal(coins[1]?.balance.decimal, undefined);
    assert.equal(coins[1]?.balance.raw, '250000000');
    assert.equal(v.rebased?.assets.objects[0]?.id, '0x1c3477936c85b02877200653472806a64d0cc46774c829ec3dd640e90a7efca2');
    assert.match(v.rebased?.assets.objects[0]?.type ?? '', /::collectible::Collectible$/);
    assert.equal(v.rebased?.allowance?.coins[0]?.balance.decimal, '4.999 IOTA');
  });

  it('allowanceError is shown (revealed), the allowance null', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-onledger', (b) => {
        b.request.allowance = null;
        b.request.allowanceError = `bad${RLO}allowance`;
      }),
    );
    assert.equal(v.rebased?.allowance, null);
    assert.ok(v.rebased?.allowanceError?.startsWith('bad'));
    assert.ok(!v.rebased?.allowanceError?.includes(RLO));
  });

  it('the base token in any address form is IOTA; lookalikes are not', () => {
    assert.ok(isBaseTokenType('0x2::iota::IOTA'));
    assert.ok(isBaseTokenType('0x0000000000000000000000000000000000000000000000000000000000000002::iota::IOTA'));
    assert.ok(isBaseTokenType('0x02::iota::IOTA'));
    assert.ok(!isBaseTokenType('0x12::iota::IOTA'));
    assert.ok(!isBaseTokenType('0x2::iota::IOTAX'));
    assert.ok(!isBaseTokenType('0x2::iota::iota'));
    assert.ok(!isBaseTokenType(`0x2::iota::IOTA${ZWSP}`));
  });

  it('Rebased burn codes are their own table: 21 is evm, 20 minimum gas, never a Stardust name', () => {
    assert.equal(burnCodeName(21, 'rebased'), 'evm');
    assert.equal(burnCodeName(20, 'rebased'), 'minimum gas per request');
    assert.equal(burnCodeName(6, 'rebased'), 'balance');
    assert.equal(burnCodeName(7, 'rebased'), 'coin info');
    assert.equal(burnCodeName(22, 'rebased'), 'code 22');
    assert.equal(burnCodeName(27, 'rebased'), 'code 27');
    assert.equal(burnCodeName(27), 'evm');
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-evm', (b) => {
        b.gasBurnLog = [
          { code: 21, gasBurned: 20000 },
          { code: 20, gasBurned: 1000 },
        ];
      }),
    );
    assert.deepEqual(
      v.burnLog.entries.map((e) => e.name),
      ['evm', 'minimum gas per request'],
    );
    assert.equal(summarizeBurnLog([{ code: 8, gasBurned: 1n }], 'rebased').entries[0]?.name, 'call');
  });

  it('a 0x<hname>:<id> contract error names the contract; without the message it is said unknown, by its id as the node writes it', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-failed-isc', (b) => {
        b.rawError = { code: '0x3c4b5e02:7', params: [] };
        delete b.errorMessage;
      }),
    );
    assert.equal(v.error?.code, '0x3c4b5e02:7');
    assert.equal(v.error?.codeText, 'unknown error code 0007 of contract accounts');
    assert.equal(v.error?.headline, 'unknown error code 0007 of contract accounts');
    const told = buildReceiptView(
      rebasedReceipt('receipt-failed-isc', (b) => {
        b.rawError = { code: '0x3c4b5e02:7', params: [] };
        b.errorMessage = 'account not found';
      }),
    );
    assert.equal(told.error?.codeText, 'error 7 of contract accounts');
    assert.equal(told.error?.headline, 'account not found');
  });

  it("a custom-error revert (the demo's InsufficientBalance(3, 5)): the headline and the row name the selector, never the revert data, which shows once", () => {
    const data = `cf479181${'0'.repeat(63)}3${'0'.repeat(63)}5`;
    const v = buildReceiptView(
      rebasedReceipt('receipt-failed-evm-revert', (b) => {
        b.rawError = { code: 'a774', params: [`${data}:string`] };
        b.errorMessage = `execution reverted: ${data}`;
      }),
    );
    assert.equal(v.error?.headline, 'execution reverted with custom error 0xcf479181');
    assert.equal(v.summary, 'execution reverted with custom error 0xcf479181');
    const rows = sectionOf(v, 'error')?.rows ?? [];
    assert.equal(rows.filter((r) => r.value.includes(data)).length, 1, rows.map((r) => r.field).join());
    assert.equal(findRow(v, 'rawErrorData')?.value, `0x${data}`);
    assert.deepEqual(v.error?.params, [{ value: data, type: 'revert data' }]);
  });

  it('without errorMessage, c674 is filled from its template with the hname in hex', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-failed-isc', (b) => delete b.errorMessage));
    assert.equal(v.error?.headline, 'contract with hname a5072732 not found');
  });

  it('the panel rows: fee in nanos with IOTA beside it, an EVM transaction section with exact wei to copy', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-evm'));
    assert.equal(v.gas.feeDecimal, '0.00021 IOTA');
    assert.deepEqual(findRow(v, 'gasFeeCharged')?.copy, { text: '210000', what: 'fee' });
    assert.equal(findRow(v, 'gasFeeCharged')?.detail, '0.00021 IOTA');
    assert.deepEqual(
      v.sections.map((s) => s.id),
      ['receipt', 'gas', 'request', 'evmTx'],
    );
    assert.equal(findRow(v, 'evmTxValue')?.value, '1,250,000,000,000,000,000 wei');
    assert.equal(findRow(v, 'evmTxValue')?.copy?.text, '1250000000000000000');
    assert.equal(findRow(v, 'evmTxValue')?.detail, '1.25 IOTA');
    assert.equal(findRow(v, 'evmTxGasPrice')?.detail, '10 gwei');
    assert.equal(findRow(v, 'evmTxChainId')?.value, '8822');
    assert.match(findRow(v, 'evmTxHash')?.detail ?? '', /equals the request ID/);
    const bad = buildReceiptView(rebasedReceipt('receipt-success-evm', (b) => (b.request.params = ['0x01ff'])));
    assert.equal(bad.sections.at(-1)?.id, 'evmTx');
    assert.equal(findRow(bad, 'evmTxError')?.label, 'Not decoded');
  });

  it('call data past 4,096 bytes is cut for copying, its length exact', () => {
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 1n, data: `0xa9059cbb${'ab'.repeat(10_000)}` }), false);
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-evm', (b) => {
        b.request.params = [param];
        b.request.requestId = requestId;
      }),
    );
    const data = v.rebased?.evmTx?.data;
    assert.equal(data?.byteLength, 10_004);
    assert.equal(data?.truncated, true);
    assert.equal(data?.hex.length, 2 + 2 * 4096);
    assert.equal(v.rebased?.evmTx?.hashMatches, true);
  });

  it('0fc8 carries the plain Go error text', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-failed-isc', (b) => {
        b.rawError = { code: '0fc8', params: ['out of gas:string'] };
        delete b.errorMessage;
      }),
    );
    assert.equal(v.error?.headline, 'out of gas');
  });

  it('an EIP-55 sender with a wrong checksum is flagged', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-evm', (b) => {
        b.request.senderAccount = '0xeF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
      }),
    );
    assert.equal(v.sender.checksumValid, false);
    assert.match(v.sender.kindText, /checksum does not match/);
  });

  it('a transaction whose hash is not the request ID is said so', () => {
    const other = '0x' + '11'.repeat(32);
    const v = buildReceiptView(rebasedReceipt('receipt-success-evm', (b) => (b.request.requestId = other)));
    assert.equal(v.rebased?.evmTx?.hashMatches, false);
  });
});

describe('transactions/model/receiptView: a Rebased receipt, row by row', () => {
  it('an EVM success: fee in IOTA, gas limit detail, positional argument, the transaction rows', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-evm'));
    const sender = '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
    assert.equal(v.targetAddress, '');
    assert.deepEqual(sectionOf(v, 'gas')?.rows[2], {
      field: 'gasFeeCharged',
      label: 'Fee charged',
      value: '210,000 base tokens',
      mono: true,
      detail: '0.00021 IOTA',
      copy: { text: '210000', what: 'fee' },
    });
    assert.deepEqual(sectionOf(v, 'request')?.rows, [
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
    assert.deepEqual(sectionOf(v, 'evmTx')?.rows.at(-1), { field: 'evmTxData', label: 'Data', value: '0 bytes', mono: true });
  });
  it('an on-ledger request: the sender is an L1 address of any scheme; the request budget as sent', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-onledger'));
    assert.equal(v.sender.kindText, 'L1 address');
    assert.equal(v.gas.feeDecimal, '0.00031624 IOTA');
    assert.deepEqual(sectionOf(v, 'request')?.rows.at(-1), {
      field: 'requestGasBudget',
      label: 'Request gas budget',
      value: '100,000',
      mono: true,
      detail: 'as sent with the request',
    });
    assert.equal(v.evmTxLine, undefined);
    assert.equal(sectionOf(v, 'evmTx'), undefined);
  });

  it('a Rebased sender: an L1 address of any scheme, a contract, an EVM account whose checksum does not match', () => {
    assert.equal(rebasedView('receipt-failed-isc').sender.kindText, 'L1 address');
    const contract = rebasedView('receipt-failed-isc', (r) => {
      r.request.senderAccount = '0x07cb02c1';
    });
    assert.deepEqual(contract.sender, { raw: '0x07cb02c1', display: 'evm', kind: 'contract', kindText: 'smart contract on a chain' });
    const typo = '0xeF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
    const v = rebasedView('receipt-success-evm', (r) => {
      r.request.senderAccount = typo;
    });
    assert.deepEqual(v.sender, {
      raw: typo,
      display: '0xeF2b…7E33',
      kind: 'evm',
      kindText: 'EVM account on a chain; its EIP-55 checksum does not match',
      checksumValid: false,
    });
    assert.equal(findRow(v, 'sender')?.detail, 'EVM account on a chain; its EIP-55 checksum does not match');
    assert.equal(rebasedView('receipt-success-evm').sender.checksumValid, undefined, 'a matching checksum adds nothing');
  });

  it('an EVM request whose tx cannot be decoded still has a view, with the reason', () => {
    const v = buildReceiptView(rebasedReceipt('receipt-success-evm', (b) => (b.request.params = ['0x0102'])));
    assert.equal(v.rebased?.evmTx, undefined);
    assert.match(v.rebased?.evmTxError ?? '', /BCS length|past the end|ends before/);
    assert.equal(v.evmTxLine, undefined);
  });
});

describe('transactions/model/receiptView: a hostile Rebased receipt', () => {
  it('hostile coin and object types and sender are revealed, and escape in markdown', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-onledger', (b) => {
        const [base, other] = b.request.assets?.coins ?? [];
        const [object] = b.request.assets?.objects ?? [];
        assert.ok(base && other && object);
        other.coinType = `0xab::x::${HOSTILE}${RLO}`;
        object.type = `${HOSTILE}${ZWSP}`;
        b.request.senderAccount = `${HOSTILE}${RLO}`;
      }),
    );
    const coin = v.rebased?.assets.coins[1];
    assert.ok(coin && !coin.coinType.includes(RLO) && !coin.symbol.includes(RLO));
    assert.ok(!v.rebased?.assets.objects[0]?.type.includes(ZWSP));
    assert.equal(v.sender.kind, 'unknown');
    assert.ok(!v.sender.raw.includes(RLO));
    assert.ok(!escapeMarkdown(coin.symbol).includes('[click me]('));
  });

  it('huge amounts stay exact (uint64 balances, uint256 wei)', () => {
    const v = buildReceiptView(
      rebasedReceipt('receipt-success-onledger', (b) => {
        const [base] = b.request.assets?.coins ?? [];
        assert.ok(base);
        base.balance = '18446744073709551615';
      }),
    );
    assert.equal(v.rebased?.assets.coins[0]?.balance.raw, '18446744073709551615');
    assert.equal(v.rebased?.assets.coins[0]?.balance.decimal, '18,446,744,073.709551615 IOTA');
    assert.ok(estimateReceiptBytes(rebasedReceipt('receipt-success-onledger')) > 4096);
  });

  it('weighs every string a receipt holds: a megabyte coin or object type, thousands of allowance coins (the cache bound cannot be evaded)', () => {
    const plain = estimateReceiptBytes(rebasedReceipt('receipt-success-onledger'));
    const longType = estimateReceiptBytes(
      rebasedReceipt('receipt-success-onledger', (b) => {
        b.request.assets!.coins![0]!.coinType = `0x1::m::${'A'.repeat(1_000_000)}`;
      }),
    );
    assert.ok(longType - plain >= 1_000_000, `a 1 MB coin type adds ${longType - plain}`);
    const longObject = estimateReceiptBytes(
      rebasedReceipt('receipt-success-onledger', (b) => {
        b.request.assets!.objects!.push({ id: `0x${'cd'.repeat(32)}`, type: `0x2::o::${'B'.repeat(1_000_000)}` });
      }),
    );
    assert.ok(longObject - plain >= 1_000_000, `a 1 MB object type adds ${longObject - plain}`);
    const allowance = estimateReceiptBytes(
      rebasedReceipt('receipt-success-onledger', (b) => {
        b.request.allowance = {
          coins: Array.from({ length: 10_000 }, (_, i) => ({ coinType: `0x${i.toString(16).padStart(64, '0')}::c::COIN`, balance: '1' })),
          objects: [],
        };
      }),
    );
    assert.ok(allowance - plain >= 10_000 * 64, `10,000 allowance coins add ${allowance - plain}`);
  });
});
