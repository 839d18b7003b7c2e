// "Why no receipt?" for a Stardust request ID (an L1 output ID): what the ID names, and what each
// chain it could belong to says of it, asked of the local Stardust node as a real node answers:
// its identity (active, EVM chain ID), its latest block, and its receipt when the lookup had not
// asked that chain.
import { strict as assert } from 'node:assert';
import { WaspClient } from '../../../../src/api/client';
import { StardustChain } from '../../../../src/api/stardustChain';
import {
  chainsToAsk,
  diagnosable,
  evmChecksBelong,
  gatherRequestFacts,
  MAX_DIAGNOSED_CHAINS,
  readRequestId,
} from '../../../../src/transactions/model/noReceiptRequest';
import { type LocalNode, startLocalNode } from '../../../fixtures/localNode';
import { DEMO_CHAINS, DEMO_RECEIPTS, DEMO_UNKNOWN_REQUEST_ID } from '../../../fixtures/demoData';

const TX = `0x${'ab'.repeat(32)}`;

describe('transactions/model/noReceiptRequest: what a Stardust request ID names', () => {
  it('an index other than 0000 is an on-ledger output, read little-endian, and can be no EVM transaction', () => {
    assert.deepEqual(readRequestId(`${TX}0100`), { requestId: `${TX}0100`, transactionId: TX, outputIndex: 1, evmHash: undefined });
    assert.equal(readRequestId(`${TX}0201`)?.outputIndex, 0x0102);
    assert.equal(readRequestId(`${TX}ffff`)?.outputIndex, 65_535);
  });

  it('index 0000 can be an EVM transaction: its hash is the first 32 bytes', () => {
    assert.equal(readRequestId(`${TX.toUpperCase().replace('0X', '0x')}0000`)?.evmHash, TX);
    assert.equal(readRequestId(`${TX}0000`)?.outputIndex, 0);
  });

  it('an EVM hash (0x + 64 hex) or anything else is not of this form', () => {
    assert.equal(readRequestId(TX), undefined);
    assert.equal(readRequestId(`${TX}00`), undefined);
    assert.equal(readRequestId('hello'), undefined);
  });

  it('Why no receipt? is offered for every Stardust ID on a Stardust chain, and for a hash on a Rebased chain', () => {
    assert.equal(diagnosable(`${TX}0100`, 'stardust'), true);
    assert.equal(diagnosable(`${TX}0000`, 'stardust'), true);
    assert.equal(diagnosable(TX, 'rebased'), true);
    assert.equal(diagnosable(TX, 'stardust'), false);
  });

  it('asks at most four chains at once and names the rest', () => {
    const { asked, left } = chainsToAsk(['a', 'b', 'c', 'd', 'e', 'f']);
    assert.equal(MAX_DIAGNOSED_CHAINS, 4);
    assert.deepEqual(asked, ['a', 'b', 'c', 'd']);
    assert.deepEqual(left, ['e', 'f']);
  });

  it('the EVM checks belong on a chain unless the transaction is signed for another EVM chain ID', () => {
    assert.equal(evmChecksBelong(148n, 148n), true);
    assert.equal(evmChecksBelong(8822n, 148n), false);
    assert.equal(evmChecksBelong(undefined, 148n), true);
    assert.equal(evmChecksBelong(148n, undefined), true);
  });
});

describe('transactions/model/noReceiptRequest: a chain’s answers, asked of the local Stardust node', function () {
  this.timeout(10_000);
  let node: LocalNode;
  const chain = (id: string) => new StardustChain(() => new WaspClient({ baseUrl: node.url }), id);

  before(async () => {
    node = await startLocalNode({ generation: 'stardust' });
  });
  after(() => node.close());

  it('an active chain: active, its EVM chain ID and latest block, asked at once; the receipt only when asked', async () => {
    node.setLatency(50);
    node.clearRequests();
    const { facts, failures } = await gatherRequestFacts(chain(DEMO_CHAINS.shimmerEvm), DEMO_UNKNOWN_REQUEST_ID);
    node.setLatency(0);
    assert.deepEqual(failures, {});
    assert.equal(facts.active, true);
    assert.equal(facts.evmChainId, 148n);
    assert.equal(typeof facts.latestBlock?.index, 'number');
    assert.ok(!Number.isNaN(Date.parse(facts.latestBlock?.timestamp ?? '')), facts.latestBlock?.timestamp);
    assert.equal(facts.receipt, null, 'a 404: no receipt');
    assert.equal(node.requests.length, 3);
    assert.equal(node.maxConcurrent, 3, 'one round trip');
    node.clearRequests();
    const noReceipt = await gatherRequestFacts(chain(DEMO_CHAINS.shimmerEvm), undefined);
    assert.equal(noReceipt.facts.receipt, undefined);
    assert.equal(node.requests.length, 2, 'the lookup asked the receipt already: not again');
  });

  it('a chain that has the receipt says in which block', async () => {
    const ref = DEMO_RECEIPTS.onLedgerNft;
    const { facts } = await gatherRequestFacts(chain(ref.chainId), ref.requestId);
    assert.deepEqual(facts.receipt, { blockIndex: ref.blockIndex });
  });

  it('the stopped chain says it is not active', async () => {
    const { facts } = await gatherRequestFacts(chain(DEMO_CHAINS.inactive), undefined);
    assert.equal(facts.active, false);
    assert.equal(facts.evmChainId, 1073n);
  });

  it('a node that is down: each fact says why, nothing is thrown', async () => {
    const down = new StardustChain(() => new WaspClient({ baseUrl: 'http://127.0.0.1:9' }), DEMO_CHAINS.iotaEvm);
    const { facts, failures } = await gatherRequestFacts(down, DEMO_UNKNOWN_REQUEST_ID);
    assert.deepEqual(facts, {});
    assert.deepEqual(Object.keys(failures).sort(), ['identity', 'latestBlock', 'receipt']);
  });
});
