// The chain log routes' schemas (src/api/chainLogSchemas.ts): blocks, events, a block's receipts and
// the long poll, each field with a wrong value named by its path with the words a user reads.
import * as assert from 'node:assert/strict';
import {
  BlockInfoSchema,
  BlockReceiptsSchema,
  EmptyWaitReceiptSchema,
  EventsSchema,
  RebasedBlockReceiptsSchema,
  WaitRebasedSchema,
  WaitStardustSchema,
} from '../../../src/api/chainLogSchemas';
import { type Body, rebasedSample, stardustSample } from '../helpers/samples';
import { issue, verdict } from '../helpers/schemas';

const V1 = 'receipt-failed-isc-offledger';
const V2 = 'receipt-success-onledger';

describe('api/chainLogSchemas: the words of each field', () => {
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
    assert.equal(verdict(BlockReceiptsSchema, [stardustSample(V1)]), 'ok');
    assert.equal(verdict(RebasedBlockReceiptsSchema, [rebasedSample(V2)]), 'ok');
  });
  it('the long poll: an empty receipt is null, any other request ID is not empty', () => {
    assert.deepEqual(EmptyWaitReceiptSchema.parse({ request: { requestId: '' } }), null);
    assert.equal(verdict(EmptyWaitReceiptSchema, { request: { requestId: 'x' } }), 'request.requestId: expected an empty request ID');
    assert.equal(verdict(EmptyWaitReceiptSchema, { request: {} }), 'request.requestId: expected an empty request ID');
    assert.equal(WaitStardustSchema.parse({ request: { requestId: '' } }), null);
    assert.equal(WaitRebasedSchema.parse(rebasedSample('receipt-wait-empty')), null);
    const v1 = WaitStardustSchema.parse(stardustSample(V1));
    assert.equal(v1?.request.requestId, '0x088cbd0316e9951918579b2e81250f9d6597db7475aaf168df6869d1244f36b80000');
    const v2 = WaitRebasedSchema.parse(rebasedSample(V2));
    assert.equal(v2?.request.requestId, '0xe47aa6b567c9d1e6c265fa2797805783a4f641e2a6496f60cf8eb5d678a62c1e');
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
