// The Stardust (Wasp 1.x) answers' schemas (src/api/stardustSchemas.ts): each checked field of a
// receipt, a chain and a login answer with a wrong value, and the path and words a user reads
// ("Invalid response: field "<path>": <message>"), including values wrong only by a character
// before or after a valid one.
import * as assert from 'node:assert/strict';
import { BlockReceiptsSchema, RebasedBlockReceiptsSchema } from '../../../src/api/chainLogSchemas';
import { ChainInfoResponseSchema, LoginResponseSchema, ReceiptSchema } from '../../../src/api/stardustSchemas';
import { withFields } from '../helpers/fields';
import { demoReceiptJson } from '../helpers/receipts';
import { stardustSample } from '../helpers/samples';
import { hexDigits, issue, verdict } from '../helpers/schemas';

const V1 = 'receipt-failed-isc-offledger';

describe('api/stardustSchemas: the words of each field', () => {
  const v1 = (fields: Record<string, unknown>): string => verdict(ReceiptSchema, withFields(stardustSample(V1), fields));

  it('hex bytes: 0x and whole bytes, nothing before or after', () => {
    const at = 'request.params.Items';
    assert.equal(v1({ [at]: [{ key: '0x', value: '0xAbcd' }] }), 'ok');
    for (const bad of ['a0x01', '0x01zz', '0x012']) {
      assert.equal(v1({ [at]: [{ key: '0x01', value: bad }] }), `${at}.0.value: expected 0x-prefixed hex bytes`, bad);
    }
  });
  it('an hname: exactly 8 hex digits', () => {
    assert.equal(v1({ 'request.callTarget.contractHName': 'ABCDEF01' }), 'ok');
    for (const bad of ['x3c4b5e02', '3c4b5e021']) {
      assert.equal(v1({ 'request.callTarget.contractHName': bad }), 'request.callTarget.contractHName: expected an hname (8 hex digits)', bad);
    }
  });
  it('a native token ID: 0x + 76 hex', () => {
    const at = 'request.allowance.nativeTokens';
    assert.equal(v1({ [at]: [{ id: `0x${hexDigits(76)}`, amount: '1' }] }), 'ok');
    for (const bad of [`a0x${hexDigits(76)}`, `0x${hexDigits(77)}`]) {
      assert.equal(v1({ [at]: [{ id: bad, amount: '1' }] }), `${at}.0.id: expected a native token ID (0x + 76 hex)`);
    }
  });
  it('an NFT ID: 0x + 64 hex', () => {
    const at = 'request.allowance.nfts';
    assert.equal(v1({ [at]: [`0x${hexDigits(64)}`] }), 'ok');
    for (const bad of [`a0x${hexDigits(64)}`, `0x${hexDigits(65)}`]) {
      assert.equal(v1({ [at]: [bad] }), `${at}.0: expected an NFT ID (0x + 64 hex)`);
    }
  });
  it('a request ID: 0x + 68 hex', () => {
    for (const bad of [`a0x${hexDigits(68)}`, `0x${hexDigits(69)}`]) {
      assert.equal(v1({ 'request.requestId': bad }), 'request.requestId: expected a request ID (0x + 68 hex)');
    }
  });
  it('the EVM chain ID of a chain: a uint16', () => {
    assert.equal(verdict(ChainInfoResponseSchema, withFields(stardustSample('chain-info'), { evmChainId: 65535 })), 'ok');
    assert.equal(
      verdict(ChainInfoResponseSchema, withFields(stardustSample('chain-info'), { evmChainId: 65536 })),
      'evmChainId: expected an EVM chain ID (uint16) (at most 65535)',
    );
  });
  it('a login answer: a non-empty token', () => {
    assert.equal(verdict(LoginResponseSchema, { jwt: 'x' }), 'ok');
    assert.equal(verdict(LoginResponseSchema, { jwt: '' }), 'jwt: expected a token');
    assert.equal(verdict(LoginResponseSchema, { jwt: 5 }), 'jwt: expected a token');
  });
});

describe('api/stardustSchemas: every checked field of a receipt', () => {
  // "an EVM chain ID": the message said "a EVM chain ID" before (fixed in wire.ts).
  const hex64 = 'ab'.repeat(32);
  const cases: [string, unknown, string][] = [
    ['request.requestId', `0x${'ab'.repeat(34)}0`, 'expected a request ID (0x + 68 hex)'],
    ['request.requestId', `x0x${'ab'.repeat(34)}`, 'expected a request ID (0x + 68 hex)'],
    ['request.callTarget.contractHName', '3c4b5e020', 'expected an hname (8 hex digits)'],
    ['request.callTarget.contractHName', 'x3c4b5e02', 'expected an hname (8 hex digits)'],
    ['request.params.Items.0.key', '0x6', 'expected 0x-prefixed hex bytes'],
    ['request.params.Items.0.key', '0x6g', 'expected 0x-prefixed hex bytes'],
    ['request.params.Items.0.value', 'x0x00', 'expected 0x-prefixed hex bytes'],
    ['request.fungibleTokens.nativeTokens.0.id', `0x${'ab'.repeat(38)}0`, 'expected a native token ID (0x + 76 hex)'],
    ['request.fungibleTokens.nativeTokens.0.id', `x0x${'ab'.repeat(38)}`, 'expected a native token ID (0x + 76 hex)'],
    ['request.fungibleTokens.nfts.0', `0x${hex64}0`, 'expected an NFT ID (0x + 64 hex)'],
    ['request.fungibleTokens.nfts.0', `x0x${hex64}`, 'expected an NFT ID (0x + 64 hex)'],
    ['request.nft.metadata', '0xabc', 'expected 0x-prefixed hex bytes'],
  ];
  for (const [path, value, message] of cases) {
    it(`${path} = ${String(value).slice(0, 16)}…`, () => {
      const body = demoReceiptJson('onLedgerNft');
      if (path === 'request.params.Items.0.key' || path === 'request.params.Items.0.value')
        withFields(body, { 'request.params': { Items: [{ key: '0x61', value: '0x00' }] } });
      assert.deepEqual(issue(ReceiptSchema, withFields(body, { [path]: value })), { path, message });
    });
  }
  it('the body as it is is valid, and so is a key of no bytes', () => {
    assert.equal(issue(ReceiptSchema, demoReceiptJson('onLedgerNft')), 'valid');
    assert.equal(issue(ReceiptSchema, withFields(demoReceiptJson('onLedgerNft'), { 'request.params': { Items: [{ key: '0x', value: '0x' }] } })), 'valid');
  });
  it('the general chain info, a login answer, block receipts', () => {
    assert.deepEqual(
      issue(ChainInfoResponseSchema, { isActive: true, chainID: 'c', chainOwnerId: 'o', evmChainId: 70000, gasFeePolicy: null, gasLimits: null }),
      {
        path: 'evmChainId',
        message: 'expected an EVM chain ID (uint16) (at most 65535)',
      },
    );
    assert.deepEqual(issue(LoginResponseSchema, { jwt: '' }), { path: 'jwt', message: 'expected a token' });
    assert.deepEqual(issue(LoginResponseSchema, { jwt: 5 }), { path: 'jwt', message: 'expected a token' });
    assert.deepEqual(issue(BlockReceiptsSchema, {}), { path: '', message: 'expected a list of receipts' });
    assert.deepEqual(issue(RebasedBlockReceiptsSchema, 'x'), { path: '', message: 'expected a list of receipts' });
  });
});
