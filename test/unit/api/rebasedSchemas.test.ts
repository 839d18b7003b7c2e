// The Rebased (Wasp 2.x) answers' schemas (src/api/rebasedSchemas.ts): every receipt sample a real
// node sent, the chain info and /v1/chain, and each checked field with a wrong value, named by its
// path with the words a user reads.
import * as assert from 'node:assert/strict';
import { RebasedChainInfoSchema, RebasedChainResponseSchema, RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { validatorShareText } from '../../../src/core/fees';
import { withFields } from '../helpers/fields';
import { rebasedSample } from '../helpers/samples';
import { firstIssue, hexDigits, issue, verdict } from '../helpers/schemas';

/** `path: message` of the first issue of a body that must be rejected. */
function rejected(schema: Parameters<typeof firstIssue>[0], v: unknown): string {
  const i = firstIssue(schema, v);
  assert.ok(i, 'the body is rejected');
  return `${i.path}: ${i.message}`;
}

const V2 = 'receipt-success-onledger';

describe('api/rebasedSchemas', () => {
  describe('receipts', () => {
    it('reads an on-ledger receipt: coins and an object, exact balances, hnames with 0x, the double-quoted gas budget', () => {
      const r = RebasedReceiptSchema.parse(rebasedSample('receipt-success-onledger'));
      assert.equal(r.generation, 'rebased');
      assert.equal(r.failed, false);
      assert.equal(r.request.gasBudget, 100000n);
      assert.deepEqual(r.request.callTarget, { contractHName: '0x3c4b5e02', functionHName: '0x23f4e3a1' });
      assert.equal(r.request.assets.coins.length, 2);
      assert.equal(r.request.assets.coins[0]?.balance, 5000000000n);
      assert.equal(r.request.assets.objects[0]?.id, '0x1c3477936c85b02877200653472806a64d0cc46774c829ec3dd640e90a7efca2');
      assert.equal(r.request.allowance?.coins[0]?.balance, 4999000000n);
      assert.deepEqual(r.request.params, ['0x03907eb86b551dbbe3ba9858292caf8e580b4c3818']);
      assert.equal(r.gasFeeCharged, 316240n);
      assert.equal(r.blockIndex, 1843412);
    });

    it('reads an EVM revert: null coin and object lists are empty, the failure is kept', () => {
      const r = RebasedReceiptSchema.parse(rebasedSample('receipt-failed-evm-revert'));
      assert.equal(r.failed, true);
      assert.equal(r.rawError?.code, 'a774');
      assert.deepEqual(r.request.assets, { coins: [], objects: [] });
      assert.deepEqual(r.request.allowance, { coins: [], objects: [] });
      assert.equal(r.request.isEVM, true);
      assert.equal(r.request.senderAccount, '0xA5609B93e96A78A36bBaD195A7537A0C577108Da', 'EIP-55 case kept');
      assert.equal(r.request.params.length, 1);
    });

    it('reads every receipt sample', () => {
      const names = ['receipt-success-evm.json', 'receipt-success-onledger.json', 'receipt-failed-evm-revert.json', 'receipt-failed-isc.json'];
      for (const name of names) assert.equal(RebasedReceiptSchema.safeParse(rebasedSample(name.replace('.json', ''))).success, true, name);
      assert.equal(RebasedReceiptSchema.parse(rebasedSample('receipt-failed-isc')).failed, true);
      assert.equal(RebasedReceiptSchema.parse(rebasedSample('receipt-success-evm')).failed, false);
    });

    it('accepts the plain gas budget of later builds and a balance above 2^53 exactly', () => {
      const body = withFields(rebasedSample('receipt-success-onledger'), {
        'request.gasBudget': '21000',
        'request.assets.coins.0.balance': '18446744073709551615',
      });
      const r = RebasedReceiptSchema.parse(body);
      assert.equal(r.request.gasBudget, 21000n);
      assert.equal(r.request.assets.coins[0]?.balance, 18446744073709551615n);
    });

    it('reads a null off-ledger assets set as empty, and keeps an allowance error with a null allowance', () => {
      const body = withFields(rebasedSample('receipt-failed-isc'), {
        'request.assets': null,
        'request.allowance': null,
        'request.allowanceError': 'cannot decode allowance',
        'request.params': null,
      });
      const r = RebasedReceiptSchema.parse(body);
      assert.deepEqual(r.request.assets, { coins: [], objects: [] });
      assert.equal(r.request.allowance, null);
      assert.equal(r.request.allowanceError, 'cannot decode allowance');
      assert.deepEqual(r.request.params, []);
    });

    it('rejects the empty receipt of the wait race, naming the request ID', () => {
      assert.match(rejected(RebasedReceiptSchema, rebasedSample('receipt-wait-empty')), /^request\.callTarget\.contractHName: expected an hname/);
    });

    it('rejects a Stardust-shaped ID, hname or amount, naming the field', () => {
      const v1Id = withFields(rebasedSample('receipt-success-evm'), { 'request.requestId': `0x${'ab'.repeat(34)}` });
      assert.match(rejected(RebasedReceiptSchema, v1Id), /^request\.requestId: expected a request ID \(0x \+ 64 hex\)/);
      const v1Hname = withFields(rebasedSample('receipt-success-evm'), { 'request.callTarget.contractHName': '07cb02c1' });
      assert.match(rejected(RebasedReceiptSchema, v1Hname), /^request\.callTarget\.contractHName: /);
      const over = withFields(rebasedSample('receipt-success-onledger'), { 'request.assets.coins.0.balance': '18446744073709551616' });
      assert.match(rejected(RebasedReceiptSchema, over), /^request\.assets\.coins\.0\.balance: expected a value at most 2\^64-1/);
      const numeric = withFields(rebasedSample('receipt-success-onledger'), { gasBurned: 31624 });
      assert.match(rejected(RebasedReceiptSchema, numeric), /^gasBurned: expected a decimal uint64 string/);
    });
  });

  describe('chain info', () => {
    it('reads the governance chain info and /v1/chain', () => {
      const gov = RebasedChainInfoSchema.parse(rebasedSample('governance-chaininfo'));
      assert.equal(gov.chainID, '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05');
      assert.equal(gov.chainAdmin, '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417');
      assert.deepEqual(gov.gasFeePolicy.gasPerToken, { a: 1, b: 10 });
      assert.equal(gov.gasLimits.maxGasPerBlock, 1000000000n);
      assert.equal(gov.metadata.evmJsonRpcURL, '');
      const chain = RebasedChainResponseSchema.parse(rebasedSample('chain'));
      assert.equal(chain.isActive, true);
      assert.equal(chain.evmChainId, 8822);
      assert.equal(chain.metadata.evmJsonRpcURL, 'https://wasp.example.net/v1/chain/evm');
    });

    it('keeps a validator fee share above 100 as stored (the views say it applies as 100%, and a change from 150 to 200 shows)', () => {
      const body = withFields(rebasedSample('governance-chaininfo'), { 'gasFeePolicy.validatorFeeShare': 200 });
      assert.equal(RebasedChainInfoSchema.parse(body).gasFeePolicy.validatorFeeShare, 200);
      assert.equal(validatorShareText(200), '200% (applied as 100%)');
      const over = withFields(rebasedSample('governance-chaininfo'), { 'gasFeePolicy.validatorFeeShare': 256 });
      assert.match(rejected(RebasedChainInfoSchema, over), /^gasFeePolicy\.validatorFeeShare: expected a percentage \(uint8\)/);
    });

    it('reads an inactive chain (null fee policy and limits) and rejects a Bech32 chain ID', () => {
      const inactive = RebasedChainResponseSchema.parse(
        withFields(rebasedSample('chain'), { isActive: false, gasFeePolicy: null, gasLimits: null, evmChainId: 0 }),
      );
      assert.equal(inactive.gasFeePolicy, null);
      const bech = withFields(rebasedSample('chain'), { chainID: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5' });
      assert.match(rejected(RebasedChainResponseSchema, bech), /^chainID: expected a chain ID \(0x \+ 64 hex\)/);
    });
  });
});

describe('api/rebasedSchemas: the words of each field', () => {
  const v2 = (fields: Record<string, unknown>): string => verdict(RebasedReceiptSchema, withFields(rebasedSample(V2), fields));

  it('IDs: 0x + 64 hex, nothing before', () => {
    assert.equal(v2({ 'request.requestId': `a0x${hexDigits(64)}` }), 'request.requestId: expected a request ID (0x + 64 hex)');
    assert.equal(v2({ 'request.assets.objects.0.id': `0x${hexDigits(65)}` }), 'request.assets.objects.0.id: expected an object ID (0x + 64 hex)');
    assert.equal(v2({ 'request.assets.objects.0.type': 5 }), 'request.assets.objects.0.type: expected an object type');
    assert.equal(v2({ 'request.assets.coins.0.coinType': null }), 'request.assets.coins.0.coinType: expected a coin type');
  });
  it('an hname: 0x + exactly 8 hex digits', () => {
    assert.equal(v2({ 'request.callTarget.functionHName': '0xABCDEF01' }), 'ok');
    for (const bad of ['a0x3c4b5e02', '0x3c4b5e021']) {
      assert.equal(v2({ 'request.callTarget.functionHName': bad }), 'request.callTarget.functionHName: expected an hname (0x + 8 hex digits)', bad);
    }
  });
  it('params: 0x and whole bytes', () => {
    assert.equal(v2({ 'request.params': ['0x', '0xAB01'] }), 'ok');
    for (const bad of ['a0x01', '0x01zz', '0x012']) {
      assert.equal(v2({ 'request.params': [bad] }), 'request.params.0: expected 0x-prefixed hex bytes', bad);
    }
  });
  it('a chain: its ID and its uint16 EVM chain ID', () => {
    assert.equal(
      verdict(RebasedChainInfoSchema, withFields(rebasedSample('governance-chaininfo'), { chainID: 'x' })),
      'chainID: expected a chain ID (0x + 64 hex)',
    );
    assert.equal(verdict(RebasedChainResponseSchema, withFields(rebasedSample('chain'), { evmChainId: -1 })), 'evmChainId: expected an EVM chain ID (uint16)');
  });
});

describe('api/rebasedSchemas: every checked field of a receipt, a chain', () => {
  const id = `0x${'cd'.repeat(32)}`;
  const cases: [string, unknown, string][] = [
    ['request.requestId', `${id}0`, 'expected a request ID (0x + 64 hex)'],
    ['request.requestId', `x${id}`, 'expected a request ID (0x + 64 hex)'],
    ['request.callTarget.contractHName', '0x3c4b5e020', 'expected an hname (0x + 8 hex digits)'],
    ['request.callTarget.contractHName', 'x0x3c4b5e02', 'expected an hname (0x + 8 hex digits)'],
    ['request.params.0', '0x1', 'expected 0x-prefixed hex bytes'],
    ['request.params.0', 'x0x11', 'expected 0x-prefixed hex bytes'],
    ['request.params.0', '0x11x', 'expected 0x-prefixed hex bytes'],
    ['request.assets.coins.0.coinType', 5, 'expected a coin type'],
    ['request.assets.objects.0.id', `${id}0`, 'expected an object ID (0x + 64 hex)'],
    ['request.assets.objects.0.type', 5, 'expected an object type'],
  ];
  for (const [path, value, message] of cases) {
    it(`${path} = ${String(value).slice(0, 16)}…`, () => {
      const body = rebasedSample('receipt-success-onledger');
      assert.deepEqual(issue(RebasedReceiptSchema, withFields(body, { [path]: value })), { path, message });
    });
  }
  it('chain info and the general chain answer', () => {
    assert.deepEqual(issue(RebasedChainInfoSchema, withFields(rebasedSample('governance-chaininfo'), { chainID: 'x' })), {
      path: 'chainID',
      message: 'expected a chain ID (0x + 64 hex)',
    });
    assert.deepEqual(issue(RebasedChainResponseSchema, withFields(rebasedSample('chain'), { evmChainId: 65536 })), {
      path: 'evmChainId',
      message: 'expected an EVM chain ID (uint16) (at most 65535)',
    });
  });
});
