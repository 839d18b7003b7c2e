import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema, type RebasedReceipt } from '../../../src/api/rebasedSchemas';
import { escapeMarkdown } from '../../../src/core/text';
import { burnCodeName, summarizeBurnLog } from '../../../src/receipts/model/burnCodes';
import { decodeEvmTxParam, readUleb128 } from '../../../src/evm/model/signedTx';
import { isBaseTokenType } from '../../../src/receipts/model/rebasedReceiptView';
import { buildReceiptView, describeReceiptFeeCheck } from '../../../src/receipts/model/receiptView';
import { estimateReceiptBytes } from '../../../src/receipts/model/rawJson';
import { HOSTILE, RLO, ZWSP } from '../../fixtures/hostile';
import { bytesOf, evmParam, hex, rlp, tx1559, txAccessList, txLegacy, uleb } from '../../fixtures/rlp';

function sample(name: string): Record<string, unknown> {
  return parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', `${name}.json`), 'utf8')) as Record<string, unknown>;
}
type Wire = z.input<typeof RebasedReceiptSchema>;
function receipt(name: string, patch?: (body: Wire) => void): RebasedReceipt {
  const body = sample(name) as Wire;
  patch?.(body);
  return RebasedReceiptSchema.parse(body);
}
function row(view: ReturnType<typeof buildReceiptView>, field: string) {
  for (const s of view.sections) for (const r of s.rows) if (r.field === field) return r;
  return undefined;
}
const POLICY_1_10 = { a: 1, b: 10 };

describe('model/receiptView (Rebased)', () => {
  it('an EVM success: outcome, call target from 0x hnames, EIP-55 sender, legacy tx decoded and its hash checked', () => {
    const v = buildReceiptView(receipt('receipt-success-evm'));
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
    assert.equal(row(v, 'targetAddress'), undefined, 'no target chain row: a Rebased node serves one chain');
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
    assert.equal(row(v, 'requestGasBudget')?.detail, "the transaction's gas limit, in EVM gas");
    assert.deepEqual(v.rebased?.assets, { coins: [], objects: [], empty: true });
  });

  it('an EVM revert: decoded Error(string), EIP-1559 tx with max fee, selector and data length', () => {
    const v = buildReceiptView(receipt('receipt-failed-evm-revert'));
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
    const v = buildReceiptView(receipt('receipt-failed-isc'));
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
    const v = buildReceiptView(receipt('receipt-success-onledger'));
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
      receipt('receipt-success-onledger', (b) => {
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
      receipt('receipt-success-evm', (b) => {
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

  it('a 0x<hname>:<id> contract error names the contract', () => {
    const v = buildReceiptView(
      receipt('receipt-failed-isc', (b) => {
        b.rawError = { code: '0x3c4b5e02:7', params: [] };
        delete b.errorMessage;
      }),
    );
    assert.equal(v.error?.code, '0x3c4b5e02:7');
    assert.equal(v.error?.codeText, 'error 7 of contract accounts');
  });

  it('without errorMessage, c674 is filled from its template with the hname in hex', () => {
    const v = buildReceiptView(receipt('receipt-failed-isc', (b) => delete b.errorMessage));
    assert.equal(v.error?.headline, 'contract with hname a5072732 not found');
  });

  it('the panel rows: fee in nanos with IOTA beside it, an EVM transaction section with exact wei to copy', () => {
    const v = buildReceiptView(receipt('receipt-success-evm'));
    assert.equal(v.gas.feeDecimal, '0.00021 IOTA');
    assert.deepEqual(row(v, 'gasFeeCharged')?.copy, { text: '210000', what: 'fee' });
    assert.equal(row(v, 'gasFeeCharged')?.detail, '0.00021 IOTA');
    assert.deepEqual(
      v.sections.map((s) => s.id),
      ['receipt', 'gas', 'request', 'evmTx'],
    );
    assert.equal(row(v, 'evmTxValue')?.value, '1,250,000,000,000,000,000 wei');
    assert.equal(row(v, 'evmTxValue')?.copy?.text, '1250000000000000000');
    assert.equal(row(v, 'evmTxValue')?.detail, '1.25 IOTA');
    assert.equal(row(v, 'evmTxGasPrice')?.detail, '10 gwei');
    assert.equal(row(v, 'evmTxChainId')?.value, '8822');
    assert.match(row(v, 'evmTxHash')?.detail ?? '', /equals the request ID/);
    const bad = buildReceiptView(receipt('receipt-success-evm', (b) => (b.request.params = ['0x01ff'])));
    assert.equal(bad.sections.at(-1)?.id, 'evmTx');
    assert.equal(row(bad, 'evmTxError')?.label, 'Not decoded');
  });

  it('call data past 4,096 bytes is cut for copying, its length exact', () => {
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 1n, data: `0xa9059cbb${'ab'.repeat(10_000)}` }), false);
    const v = buildReceiptView(
      receipt('receipt-success-evm', (b) => {
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
      receipt('receipt-failed-isc', (b) => {
        b.rawError = { code: '0fc8', params: ['out of gas:string'] };
        delete b.errorMessage;
      }),
    );
    assert.equal(v.error?.headline, 'out of gas');
  });

  it('an EIP-55 sender with a wrong checksum is flagged', () => {
    const v = buildReceiptView(
      receipt('receipt-success-evm', (b) => {
        b.request.senderAccount = '0xeF2bf31B7Dc8187475a527Cc8b26EAAD55267E33';
      }),
    );
    assert.equal(v.sender.checksumValid, false);
    assert.match(v.sender.kindText, /checksum does not match/);
  });

  it('a transaction whose hash is not the request ID is said so', () => {
    const other = '0x' + '11'.repeat(32);
    const v = buildReceiptView(receipt('receipt-success-evm', (b) => (b.request.requestId = other)));
    assert.equal(v.rebased?.evmTx?.hashMatches, false);
  });
});

describe('model/evmTx', () => {
  it('decodes legacy, EIP-2930 and EIP-1559 transactions and their hashes', () => {
    const to = '0x79ec02651f11e79a071ed4eb96f2e0a0b098607e';
    const legacy = evmParam(txLegacy({ gasPrice: 5n, to, value: 10n ** 18n, data: '0xdeadbeef01' }), false);
    const l = decodeEvmTxParam(legacy.param);
    assert.ok(l.ok);
    assert.equal(l.tx.hash, legacy.requestId);
    assert.equal(l.tx.chainId, 1074n);
    const a = evmParam(txAccessList({ gasPrice: 7n }), true);
    const ar = decodeEvmTxParam(a.param);
    assert.ok(ar.ok);
    assert.equal(ar.tx.type, 1);
    assert.equal(ar.tx.to, undefined, 'no to: a contract creation');
    assert.equal(ar.tx.hash, a.requestId);
    const d = evmParam(tx1559({ maxFee: 9n, value: 2n ** 255n }), true);
    const dr = decodeEvmTxParam(d.param);
    assert.ok(dr.ok);
    assert.equal(dr.tx.value, 2n ** 255n);
    assert.equal(dr.tx.hash, d.requestId);
    // Pre-EIP-155: no chain ID.
    const old = decodeEvmTxParam(evmParam(txLegacy({ gasPrice: 1n, v: 27n }), false).param);
    assert.ok(old.ok && old.tx.chainId === undefined);
  });

  it('hostile params give an error text, never an exception', () => {
    const good = txLegacy({ gasPrice: 1n });
    const cases: Array<[string, RegExp]> = [
      ['0xzz', /not hex/],
      ['0x', /BCS length/],
      ['0xffffffffff0f', /BCS length/],
      [hex(Uint8Array.of(...uleb(good.length + 1), ...good)), /does not match/],
      [hex(Uint8Array.of(...uleb(3), 0xf9, 0xff, 0xff)), /past the end/],
      [evmParam(rlp([1n, 2n]), false).param, /9 fields/],
      [evmParam(Uint8Array.of(3, ...rlp([])), true).param, /type 3/],
      [evmParam(Uint8Array.of(2, ...rlp([1n])), true).param, /12 fields/],
      [evmParam(txLegacy({ gasPrice: 1n, to: '0x1234' }), false).param, /20 bytes/],
      [evmParam(rlp([[], 1n, 1n, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /nonce: expected an integer/],
      [evmParam(rlp([0n, '0x0001', 1n, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /leading zero/],
      [evmParam(rlp([0n, 1n, `0x${'01'.repeat(9)}`, '0x', 0n, '0x', 37n, 1n, 1n]), false).param, /gasLimit: longer than 8/],
    ];
    for (const [param, re] of cases) {
      const r = decodeEvmTxParam(param);
      assert.equal(r.ok, false, param.slice(0, 40));
      if (!r.ok) assert.match(r.error, re);
    }
    // 3,000 nested lists, built bytewise (a recursive encoder would overflow the stack itself).
    let deep = Uint8Array.of(0xc0);
    for (let i = 0; i < 3000; i++) {
      const len = deep.length;
      const head = len <= 55 ? [0xc0 + len] : len < 256 ? [0xf8, len] : [0xf9, len >> 8, len & 0xff];
      deep = Uint8Array.of(...head, ...deep);
    }
    const r = decodeEvmTxParam(evmParam(deep, false).param);
    assert.ok(!r.ok && /nesting/.test(r.error));
  });

  it('an EVM request whose tx cannot be decoded still has a view, with the reason', () => {
    const v = buildReceiptView(receipt('receipt-success-evm', (b) => (b.request.params = ['0x0102'])));
    assert.equal(v.rebased?.evmTx, undefined);
    assert.match(v.rebased?.evmTxError ?? '', /BCS length|past the end|ends before/);
    assert.equal(v.evmTxLine, undefined);
  });

  it('reads ULEB128 as BCS does', () => {
    assert.deepEqual(readUleb128(bytesOf('70')), { value: 0x70, next: 1 });
    assert.deepEqual(readUleb128(bytesOf('b701')), { value: 183, next: 2 });
    assert.equal(readUleb128(bytesOf('8000')), undefined, 'a trailing zero group is not canonical');
    assert.equal(readUleb128(bytesOf('ffffffff1f')), undefined, 'past u32');
    assert.equal(readUleb128(bytesOf('80')), undefined);
  });
});

describe('model/receiptView fee check per generation', () => {
  it('Rebased ISC: ceil(gasBurned × b / a); the samples match {1,10}', () => {
    assert.equal(describeReceiptFeeCheck(receipt('receipt-failed-isc'), POLICY_1_10).ok, true);
    assert.equal(describeReceiptFeeCheck(receipt('receipt-success-onledger'), POLICY_1_10).ok, true);
    assert.equal(describeReceiptFeeCheck(receipt('receipt-success-onledger'), { a: 100, b: 1 }).ok, false);
  });

  it("Rebased EVM: by the transaction's gas price, whatever gasPerToken says (legacy gasPrice, 1559 maxFeePerGas)", () => {
    for (const policy of [POLICY_1_10, { a: 100, b: 1 }]) {
      const legacy = describeReceiptFeeCheck(receipt('receipt-success-evm'), policy);
      assert.equal(legacy.ok, true, legacy.text);
      assert.match(legacy.text, /10,000,000,000 wei per gas/);
      assert.equal(describeReceiptFeeCheck(receipt('receipt-failed-evm-revert'), policy).ok, true);
    }
    const off = describeReceiptFeeCheck(
      receipt('receipt-success-evm', (b) => (b.gasFeeCharged = '210001')),
      POLICY_1_10,
    );
    assert.equal(off.ok, false);
    assert.match(off.text, /^1 more than/);
    // Rounded up to a whole nano: 3 gas at 1.5 gwei = 4.5 -> 5.
    const { param, requestId } = evmParam(txLegacy({ gasPrice: 1_500_000_000n }), false);
    const odd = receipt('receipt-success-evm', (b) => {
      b.request.params = [param];
      b.request.requestId = requestId;
      b.gasBurned = '3';
      b.gasFeeCharged = '5';
    });
    assert.equal(describeReceiptFeeCheck(odd, POLICY_1_10).ok, true);
  });

  it('free gas expects 0; an undecodable tx is not checked (never called wrong)', () => {
    assert.equal(
      describeReceiptFeeCheck(
        receipt('receipt-success-evm', (b) => (b.gasFeeCharged = '0')),
        { a: 0, b: 0 },
      ).ok,
      true,
    );
    const bad = describeReceiptFeeCheck(
      receipt('receipt-success-evm', (b) => (b.request.params = ['0x00'])),
      POLICY_1_10,
    );
    assert.equal(bad.ok, undefined);
  });
});

describe('model/receiptView (Rebased, hostile)', () => {
  it('hostile coin and object types and sender are revealed, and escape in markdown', () => {
    const v = buildReceiptView(
      receipt('receipt-success-onledger', (b) => {
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
      receipt('receipt-success-onledger', (b) => {
        const [base] = b.request.assets?.coins ?? [];
        assert.ok(base);
        base.balance = '18446744073709551615';
      }),
    );
    assert.equal(v.rebased?.assets.coins[0]?.balance.raw, '18446744073709551615');
    assert.equal(v.rebased?.assets.coins[0]?.balance.decimal, '18,446,744,073.709551615 IOTA');
    assert.ok(estimateReceiptBytes(receipt('receipt-success-onledger')) > 4096);
  });

  it('weighs every string a receipt holds: a megabyte coin or object type, thousands of allowance coins (the cache bound cannot be evaded)', () => {
    const plain = estimateReceiptBytes(receipt('receipt-success-onledger'));
    const longType = estimateReceiptBytes(
      receipt('receipt-success-onledger', (b) => {
        b.request.assets!.coins![0]!.coinType = `0x1::m::${'A'.repeat(1_000_000)}`;
      }),
    );
    assert.ok(longType - plain >= 1_000_000, `a 1 MB coin type adds ${longType - plain}`);
    const longObject = estimateReceiptBytes(
      receipt('receipt-success-onledger', (b) => {
        b.request.assets!.objects!.push({ id: `0x${'cd'.repeat(32)}`, type: `0x2::o::${'B'.repeat(1_000_000)}` });
      }),
    );
    assert.ok(longObject - plain >= 1_000_000, `a 1 MB object type adds ${longObject - plain}`);
    const allowance = estimateReceiptBytes(
      receipt('receipt-success-onledger', (b) => {
        b.request.allowance = {
          coins: Array.from({ length: 10_000 }, (_, i) => ({ coinType: `0x${i.toString(16).padStart(64, '0')}::c::COIN`, balance: '1' })),
          objects: [],
        };
      }),
    );
    assert.ok(allowance - plain >= 10_000 * 64, `10,000 allowance coins add ${allowance - plain}`);
  });
});
