import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { validatorShareText } from '../../../src/core/fees';
import { RebasedChainInfoSchema, RebasedChainResponseSchema, RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';

/** A v2 sample as the node sends it (test/fixtures/samples/rebased, copied from ../shared/wasp-api/v2/samples). */
function sample(name: string): unknown {
  return parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', name), 'utf8'));
}

/** The sample with the fields at dotted paths (`request.assets.coins.0.balance`) set to new values. */
function withFields(name: string, fields: Record<string, unknown>): unknown {
  const body = sample(name);
  for (const [path, value] of Object.entries(fields)) {
    const keys = path.split('.');
    const last = keys.pop() as string;
    let at = body as Record<string, unknown>;
    for (const k of keys) at = at[k] as Record<string, unknown>;
    at[last] = value;
  }
  return body;
}

/** The path and message of the first issue, as a response validation names the field. */
function firstIssue(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  v: unknown,
): string {
  const r = schema.safeParse(v);
  assert.equal(r.success, false, 'the body is rejected');
  const issue = r.error?.issues[0];
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

describe('api/rebasedSchemas', () => {
  describe('receipts', () => {
    it('reads an on-ledger receipt: coins and an object, exact balances, hnames with 0x, the double-quoted gas budget', () => {
      const r = RebasedReceiptSchema.parse(sample('receipt-success-onledger.json'));
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
      const r = RebasedReceiptSchema.parse(sample('receipt-failed-evm-revert.json'));
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
      for (const name of names) assert.equal(RebasedReceiptSchema.safeParse(sample(name)).success, true, name);
      assert.equal(RebasedReceiptSchema.parse(sample('receipt-failed-isc.json')).failed, true);
      assert.equal(RebasedReceiptSchema.parse(sample('receipt-success-evm.json')).failed, false);
    });

    it('accepts the plain gas budget of later builds and a balance above 2^53 exactly', () => {
      const body = withFields('receipt-success-onledger.json', { 'request.gasBudget': '21000', 'request.assets.coins.0.balance': '18446744073709551615' });
      const r = RebasedReceiptSchema.parse(body);
      assert.equal(r.request.gasBudget, 21000n);
      assert.equal(r.request.assets.coins[0]?.balance, 18446744073709551615n);
    });

    it('reads a null off-ledger assets set as empty, and keeps an allowance error with a null allowance', () => {
      const body = withFields('receipt-failed-isc.json', {
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
      assert.match(firstIssue(RebasedReceiptSchema, sample('receipt-wait-empty.json')), /^request\.callTarget\.contractHName: expected an hname/);
    });

    it('rejects a Stardust-shaped ID, hname or amount, naming the field', () => {
      const v1Id = withFields('receipt-success-evm.json', { 'request.requestId': `0x${'ab'.repeat(34)}` });
      assert.match(firstIssue(RebasedReceiptSchema, v1Id), /^request\.requestId: expected a request ID \(0x \+ 64 hex\)/);
      const v1Hname = withFields('receipt-success-evm.json', { 'request.callTarget.contractHName': '07cb02c1' });
      assert.match(firstIssue(RebasedReceiptSchema, v1Hname), /^request\.callTarget\.contractHName: /);
      const over = withFields('receipt-success-onledger.json', { 'request.assets.coins.0.balance': '18446744073709551616' });
      assert.match(firstIssue(RebasedReceiptSchema, over), /^request\.assets\.coins\.0\.balance: expected a value at most 2\^64-1/);
      const numeric = withFields('receipt-success-onledger.json', { gasBurned: 31624 });
      assert.match(firstIssue(RebasedReceiptSchema, numeric), /^gasBurned: expected a decimal uint64 string/);
    });
  });

  describe('chain info', () => {
    it('reads the governance chain info and /v1/chain', () => {
      const gov = RebasedChainInfoSchema.parse(sample('governance-chaininfo.json'));
      assert.equal(gov.chainID, '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05');
      assert.equal(gov.chainAdmin, '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417');
      assert.deepEqual(gov.gasFeePolicy.gasPerToken, { a: 1, b: 10 });
      assert.equal(gov.gasLimits.maxGasPerBlock, 1000000000n);
      assert.equal(gov.metadata.evmJsonRpcURL, '');
      const chain = RebasedChainResponseSchema.parse(sample('chain.json'));
      assert.equal(chain.isActive, true);
      assert.equal(chain.evmChainId, 8822);
      assert.equal(chain.metadata.evmJsonRpcURL, 'https://wasp.example.net/v1/chain/evm');
    });

    it('keeps a validator fee share above 100 as stored (the views say it applies as 100%, and a change from 150 to 200 shows)', () => {
      const body = withFields('governance-chaininfo.json', { 'gasFeePolicy.validatorFeeShare': 200 });
      assert.equal(RebasedChainInfoSchema.parse(body).gasFeePolicy.validatorFeeShare, 200);
      assert.equal(validatorShareText(200), '200% (applied as 100%)');
      const over = withFields('governance-chaininfo.json', { 'gasFeePolicy.validatorFeeShare': 256 });
      assert.match(firstIssue(RebasedChainInfoSchema, over), /^gasFeePolicy\.validatorFeeShare: expected a percentage \(uint8\)/);
    });

    it('reads an inactive chain (null fee policy and limits) and rejects a Bech32 chain ID', () => {
      const inactive = RebasedChainResponseSchema.parse(withFields('chain.json', { isActive: false, gasFeePolicy: null, gasLimits: null, evmChainId: 0 }));
      assert.equal(inactive.gasFeePolicy, null);
      const bech = withFields('chain.json', { chainID: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5' });
      assert.match(firstIssue(RebasedChainResponseSchema, bech), /^chainID: expected a chain ID \(0x \+ 64 hex\)/);
    });
  });
});
