// The words a response validation puts in "Invalid response: field "<path>": <message>", for the
// ID, hname and hex patterns of both generations (anchored at both ends, even digit counts) and
// the chain log routes. Covers src/api/schemas.ts, rebasedSchemas.ts and chainLogSchemas.ts.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { ChainInfoResponseSchema, LoginResponseSchema, ReceiptSchema } from '../../../src/api/stardustSchemas';
import { RebasedChainInfoSchema, RebasedChainResponseSchema, RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import {
  BlockInfoSchema,
  BlockReceiptsSchema,
  EmptyWaitReceiptSchema,
  EventsSchema,
  RebasedBlockReceiptsSchema,
  WaitRebasedSchema,
  WaitStardustSchema,
} from '../../../src/api/chainLogSchemas';

type Schema = { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

function sample(name: string): unknown {
  return parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples', name), 'utf8'));
}

/** The sample with the fields at dotted paths set to new values. */
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

/** `path: message` of the first issue, or 'ok' when the value passes. */
function verdict(schema: Schema, v: unknown): string {
  const r = schema.safeParse(v);
  if (r.success) return 'ok';
  const issue = r.error?.issues[0];
  return `${issue?.path.join('.')}: ${issue?.message}`;
}

const hex = (n: number): string => 'aB'.repeat(n).slice(0, n);
const V1 = 'receipt-failed-isc-offledger.json';
const V2 = 'rebased/receipt-success-onledger.json';

describe('api/schemas: field messages of a Stardust answer', () => {
  const v1 = (fields: Record<string, unknown>): string => verdict(ReceiptSchema, withFields(V1, fields));

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
    assert.equal(v1({ [at]: [{ id: `0x${hex(76)}`, amount: '1' }] }), 'ok');
    for (const bad of [`a0x${hex(76)}`, `0x${hex(77)}`]) {
      assert.equal(v1({ [at]: [{ id: bad, amount: '1' }] }), `${at}.0.id: expected a native token ID (0x + 76 hex)`);
    }
  });
  it('an NFT ID: 0x + 64 hex', () => {
    const at = 'request.allowance.nfts';
    assert.equal(v1({ [at]: [`0x${hex(64)}`] }), 'ok');
    for (const bad of [`a0x${hex(64)}`, `0x${hex(65)}`]) {
      assert.equal(v1({ [at]: [bad] }), `${at}.0: expected an NFT ID (0x + 64 hex)`);
    }
  });
  it('a request ID: 0x + 68 hex', () => {
    for (const bad of [`a0x${hex(68)}`, `0x${hex(69)}`]) {
      assert.equal(v1({ 'request.requestId': bad }), 'request.requestId: expected a request ID (0x + 68 hex)');
    }
  });
  it('the EVM chain ID of a chain: a uint16', () => {
    assert.equal(verdict(ChainInfoResponseSchema, withFields('chain-info.json', { evmChainId: 65535 })), 'ok');
    assert.equal(
      verdict(ChainInfoResponseSchema, withFields('chain-info.json', { evmChainId: 65536 })),
      'evmChainId: expected an EVM chain ID (uint16) (at most 65535)',
    );
  });
  it('a login answer: a non-empty token', () => {
    assert.equal(verdict(LoginResponseSchema, { jwt: 'x' }), 'ok');
    assert.equal(verdict(LoginResponseSchema, { jwt: '' }), 'jwt: expected a token');
    assert.equal(verdict(LoginResponseSchema, { jwt: 5 }), 'jwt: expected a token');
  });
});

describe('api/rebasedSchemas: field messages of a Rebased answer', () => {
  const v2 = (fields: Record<string, unknown>): string => verdict(RebasedReceiptSchema, withFields(V2, fields));

  it('IDs: 0x + 64 hex, nothing before', () => {
    assert.equal(v2({ 'request.requestId': `a0x${hex(64)}` }), 'request.requestId: expected a request ID (0x + 64 hex)');
    assert.equal(v2({ 'request.assets.objects.0.id': `0x${hex(65)}` }), 'request.assets.objects.0.id: expected an object ID (0x + 64 hex)');
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
      verdict(RebasedChainInfoSchema, withFields('rebased/governance-chaininfo.json', { chainID: 'x' })),
      'chainID: expected a chain ID (0x + 64 hex)',
    );
    assert.equal(verdict(RebasedChainResponseSchema, withFields('rebased/chain.json', { evmChainId: -1 })), 'evmChainId: expected an EVM chain ID (uint16)');
  });
});

describe('api/chainLogSchemas: field messages of the chain log routes', () => {
  const block = {
    blockIndex: 7,
    timestamp: '2024-01-01T00:00:00Z',
    totalRequests: 2,
    numSuccessfulRequests: 1,
    numOffLedgerRequests: 0,
    gasBurned: '1',
    gasFeeCharged: '2',
  };
  const event = { contractID: 1, topic: 'coreaccounts.deposit', timestamp: 1700000000, payload: '0x0102' };

  it('a block: every field named with its kind', () => {
    assert.equal(verdict(BlockInfoSchema, block), 'ok');
    const cases: [string, unknown, string][] = [
      ['blockIndex', -1, 'expected a block index (uint32)'],
      ['timestamp', 5, 'expected a timestamp'],
      ['totalRequests', 65536, 'expected a request count (uint16) (at most 65535)'],
      ['numSuccessfulRequests', 1.5, 'expected a request count (uint16)'],
      ['numOffLedgerRequests', '0', 'expected a request count (uint16)'],
    ];
    for (const [field, value, message] of cases) assert.equal(verdict(BlockInfoSchema, { ...block, [field]: value }), `${field}: ${message}`);
  });
  it('an event: contract, topic, and hex bytes with or without 0x', () => {
    for (const payload of ['', '0x', '0102', '0xABcd', '01020304']) assert.equal(verdict(EventsSchema, { events: [{ ...event, payload }] }), 'ok', payload);
    for (const payload of ['zz', 'zz0102', '0102zz', '012', '0x0']) {
      assert.equal(verdict(EventsSchema, { events: [{ ...event, payload }] }), 'events.0.payload: expected hex bytes', payload);
    }
    assert.equal(
      verdict(EventsSchema, { events: [{ ...event, contractID: 2 ** 32 }] }),
      'events.0.contractID: expected a contract ID (uint32) (at most 4294967295)',
    );
    assert.equal(verdict(EventsSchema, { events: [{ ...event, topic: null }] }), 'events.0.topic: expected a topic');
  });
  it("a block's receipts: a list", () => {
    assert.equal(verdict(BlockReceiptsSchema, {}), ': expected a list of receipts');
    assert.equal(verdict(RebasedBlockReceiptsSchema, null), ': expected a list of receipts');
    assert.equal(verdict(BlockReceiptsSchema, [sample(V1)]), 'ok');
    assert.equal(verdict(RebasedBlockReceiptsSchema, [sample(V2)]), 'ok');
  });
  it('the long poll: an empty receipt is null, any other request ID is not empty', () => {
    assert.deepEqual(EmptyWaitReceiptSchema.parse({ request: { requestId: '' } }), null);
    assert.equal(verdict(EmptyWaitReceiptSchema, { request: { requestId: 'x' } }), 'request.requestId: expected an empty request ID');
    assert.equal(verdict(EmptyWaitReceiptSchema, { request: {} }), 'request.requestId: expected an empty request ID');
    assert.equal(WaitStardustSchema.parse({ request: { requestId: '' } }), null);
    assert.equal(WaitRebasedSchema.parse(sample('rebased/receipt-wait-empty.json')), null);
    const v1 = WaitStardustSchema.parse(sample(V1));
    assert.equal(v1?.request.requestId, '0x088cbd0316e9951918579b2e81250f9d6597db7475aaf168df6869d1244f36b80000');
    const v2 = WaitRebasedSchema.parse(sample(V2));
    assert.equal(v2?.request.requestId, '0xe47aa6b567c9d1e6c265fa2797805783a4f641e2a6496f60cf8eb5d678a62c1e');
  });
});
