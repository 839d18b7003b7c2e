// The chain's public answers for "Why no receipt?", asked of the local Rebased node as a real node
// answers them: all at once (one round trip: 4 JSON-RPC calls and the chain info in flight
// together), each fact read exactly; an answer that fails leaves its fact out and says why.
import { strict as assert } from 'node:assert';
import { WaspClient } from '../../../../src/api/client';
import { RebasedChain } from '../../../../src/api/rebasedChain';
import { diagnoseNoReceipt, txFactsOfRecord } from '../../../../src/transactions/model/noReceipt';
import { gatherChainFacts } from '../../../../src/transactions/model/noReceiptFacts';
import { type LocalNode, startLocalNode } from '../../../fixtures/localNode';
import { GAP_SENDER, GAP_SENDER_NONCE } from '../../../fixtures/localNodeAccounts';

const HASH = `0x${'4b'.repeat(32)}`;

describe('transactions/model/noReceipt: the chain facts, asked of the local node', function () {
  this.timeout(10_000);
  let node: LocalNode;
  const chain = () => new RebasedChain(() => new WaspClient({ baseUrl: node.url }), '', { known: () => undefined, read: () => Promise.resolve(undefined) });

  before(async () => {
    node = await startLocalNode({ generation: 'rebased' });
  });
  after(() => node.close());

  it('asks the five questions at once and reads each answer exactly; the verdict is the nonce gap', async () => {
    node.setLatency(50);
    node.clearRequests();
    const tx = txFactsOfRecord({ hash: HASH, from: GAP_SENDER, nonce: 14n, gas: 21_000n, gasPrice: 10n ** 10n, value: 1000n, type: 0 });
    assert.ok(tx);
    const { facts, failures } = await gatherChainFacts(tx, { rpcUrl: `${node.url}/v1/chain/evm`, fetch: globalThis.fetch, chain: chain(), baseDecimals: 9 });
    node.setLatency(0);
    assert.deepEqual(failures, {});
    assert.equal(node.requests.length, 5);
    assert.equal(node.maxConcurrent, 5, 'one round trip: every question in flight together');
    assert.equal(facts.included, null);
    assert.equal(facts.nextNonce, GAP_SENDER_NONCE);
    assert.equal(facts.balanceWei, 2_000_000_000n * 10n ** 9n + 123n, 'nanos and the wei remainder, exact');
    assert.equal(typeof facts.gasPrice, 'bigint');
    assert.equal(facts.maxGasPerRequest, 50_000_000n);
    assert.equal(diagnoseNoReceipt(tx, facts).verdict, 'nonceGap');
  });

  it('a JSON-RPC that is down: each of its facts says why, the chain info still counts', async () => {
    const tx = txFactsOfRecord({ hash: HASH, from: GAP_SENDER, nonce: 14n, gas: 21_000n, gasPrice: 10n ** 10n });
    assert.ok(tx);
    const { facts, failures } = await gatherChainFacts(tx, { rpcUrl: 'http://127.0.0.1:9/evm', fetch: globalThis.fetch, chain: chain() });
    assert.deepEqual(Object.keys(failures).sort(), ['balanceWei', 'gasPrice', 'included', 'nextNonce']);
    assert.match(failures.nextNonce ?? '', /^network/);
    assert.equal(facts.maxGasPerRequest, 50_000_000n);
    assert.equal(diagnoseNoReceipt(tx, facts).verdict, 'unexplained');
  });
});
