// Each field of each node answer with a wrong value: the path and the words a user reads,
// including values that are only wrong by a character before or after a valid one.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as z from 'zod/mini';
import {
  BlockInfoSchema,
  BlockReceiptsSchema,
  EventsSchema,
  RebasedBlockReceiptsSchema,
  WaitRebasedSchema,
  WaitStardustSchema,
} from '../../../src/api/chainLogSchemas';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedChainInfoSchema, RebasedChainResponseSchema, RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { ChainInfoResponseSchema, LoginResponseSchema, ReceiptSchema } from '../../../src/api/stardustSchemas';
import { DEMO_RECEIPTS, createDemoChains } from '../../fixtures/demoData';

type Body = Record<string, unknown>;
const rebasedSample = (name: string) => parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', `${name}.json`), 'utf8')) as Body;
function stardustReceipt(): Body {
  const ref = DEMO_RECEIPTS.onLedgerNft;
  return structuredClone(
    createDemoChains()
      .find((c) => c.chainId === ref.chainId)
      ?.receipts.find((x) => x.request.requestId === ref.requestId),
  ) as unknown as Body;
}
/** Sets the value at a dotted path (numbers index arrays). */
function set(body: Body, path: string, value: unknown): Body {
  const keys = path.split('.');
  let cur: Record<string, unknown> = body;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys.at(-1) as string] = value;
  return body;
}
function issue(schema: z.ZodMiniType, body: unknown): { path: string; message: string } | 'valid' {
  const r = schema.safeParse(body);
  if (r.success) return 'valid';
  const i = r.error.issues[0];
  return { path: (i?.path ?? []).map(String).join('.'), message: i?.message ?? '' };
}

describe('api/schemas: every checked field of a Stardust answer', () => {
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
      const body = stardustReceipt();
      if (path === 'request.params.Items.0.key' || path === 'request.params.Items.0.value')
        set(body, 'request.params', { Items: [{ key: '0x61', value: '0x00' }] });
      assert.deepEqual(issue(ReceiptSchema, set(body, path, value)), { path, message });
    });
  }
  it('the body as it is is valid, and so is a key of no bytes', () => {
    assert.equal(issue(ReceiptSchema, stardustReceipt()), 'valid');
    assert.equal(issue(ReceiptSchema, set(stardustReceipt(), 'request.params', { Items: [{ key: '0x', value: '0x' }] })), 'valid');
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

describe('api/schemas: every checked field of a Rebased answer', () => {
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
      assert.deepEqual(issue(RebasedReceiptSchema, set(body, path, value)), { path, message });
    });
  }
  it('chain info and the general chain answer', () => {
    assert.deepEqual(issue(RebasedChainInfoSchema, set(rebasedSample('governance-chaininfo'), 'chainID', 'x')), {
      path: 'chainID',
      message: 'expected a chain ID (0x + 64 hex)',
    });
    assert.deepEqual(issue(RebasedChainResponseSchema, set(rebasedSample('chain'), 'evmChainId', 65536)), {
      path: 'evmChainId',
      message: 'expected an EVM chain ID (uint16) (at most 65535)',
    });
  });
});

describe('api/chainLogSchemas: blocks, events and the long poll', () => {
  const block = { blockIndex: 1, timestamp: 't', totalRequests: 1, numSuccessfulRequests: 1, numOffLedgerRequests: 0, gasBurned: '1', gasFeeCharged: '1' };
  it('names each field of a block', () => {
    assert.equal(issue(BlockInfoSchema, block), 'valid');
    const cases: [string, unknown, string][] = [
      ['blockIndex', 2 ** 32, 'expected a block index (uint32) (at most 4294967295)'],
      ['timestamp', 1, 'expected a timestamp'],
      ['totalRequests', 65536, 'expected a request count (uint16) (at most 65535)'],
      ['numSuccessfulRequests', -1, 'expected a request count (uint16)'],
      ['numOffLedgerRequests', 1.5, 'expected a request count (uint16)'],
    ];
    for (const [path, value, message] of cases) assert.deepEqual(issue(BlockInfoSchema, { ...block, [path]: value }), { path, message }, path);
  });
  it('names each field of an event; a payload is hex bytes with or without 0x', () => {
    const event = { contractID: 1, topic: 't', timestamp: 1, payload: '0xabcd' };
    const at = (over: Body) => issue(EventsSchema, { events: [{ ...event, ...over }] });
    assert.equal(at({}), 'valid');
    assert.equal(at({ payload: 'abcd' }), 'valid');
    assert.equal(at({ payload: '' }), 'valid');
    for (const payload of ['0xabc', 'x0xab', '0xabx', '0x0x', 'zz', '0xab cd'])
      assert.deepEqual(at({ payload }), { path: 'events.0.payload', message: 'expected hex bytes' }, payload);
    assert.deepEqual(at({ contractID: 2 ** 32 }), { path: 'events.0.contractID', message: 'expected a contract ID (uint32) (at most 4294967295)' });
    assert.deepEqual(at({ topic: null }), { path: 'events.0.topic', message: 'expected a topic' });
  });
  it('the long poll: a receipt, or the empty answer that means "not yet"; anything else names the receipt field', () => {
    const empty = { request: { requestId: '' } };
    assert.equal(WaitStardustSchema.parse(empty), null);
    assert.equal(WaitRebasedSchema.parse(empty), null);
    assert.equal(
      WaitRebasedSchema.parse(rebasedSample('receipt-success-evm'))?.request.requestId,
      (rebasedSample('receipt-success-evm').request as Body).requestId,
    );
    assert.equal(WaitStardustSchema.safeParse({ request: { requestId: 'x' } }).success, false);
    assert.equal(WaitRebasedSchema.safeParse({}).success, false);
  });
});
