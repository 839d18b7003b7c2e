// The local node's chain log (test/fixtures/localNodeBlocks.ts), read back with the extension's
// own client: the long poll answers a stored receipt at once, waits for a pending one that the
// node processes later, ends with 408 or the empty receipt of the timeout race; blocks, block
// receipts and events of both generations.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../src/api/client';
import { ServerError, UnauthorizedError } from '../../src/api/errors';
import { DEMO_CHAINS, DEMO_REBASED_REQUESTS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { receiptCopy } from '../fixtures/localNodeBlocks';

const REBASED = { generation: 'rebased' as const };

describe('fixtures/localNodeBlocks: the local node waits, blocks and events', () => {
  let node: LocalNode;
  afterEach(() => node.close());

  it('Rebased: a stored receipt at once; a pending one when the node processes it, in a new block', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const client = new WaspClient({ baseUrl: node.url });
    const stored = await client.waitForRequest(REBASED, DEMO_REBASED_REQUESTS.evmSuccess);
    assert.equal(stored?.request.requestId, DEMO_REBASED_REQUESTS.evmSuccess);

    const chain = node.rebasedChain;
    assert.ok(chain);
    const template = chain.receipts[0];
    assert.ok(template);
    const pending = receiptCopy(template, 1);
    const before = chain.latestBlockIndex;
    node.chainLog.processLater(pending, 150);
    const started = Date.now();
    const arrived = await client.waitForRequest(REBASED, pending.request.requestId);
    assert.ok(Date.now() - started >= 100, 'the wait lasted until the node processed the request');
    assert.equal(arrived?.request.requestId, pending.request.requestId);
    assert.equal(arrived?.blockIndex, before + 1);
    const latest = await client.getBlockInfo(REBASED, 'latest');
    assert.equal(latest.blockIndex, before + 1);
    assert.equal(latest.totalRequests, 1);
    assert.equal(latest.gasBurned, BigInt(pending.gasBurned));
    const receipts = await client.getBlockReceipts(REBASED, before + 1);
    assert.deepEqual(
      receipts.map((r) => r.request.requestId),
      [pending.request.requestId],
    );
  });

  it("Rebased: the wait ends at the node's limit with 408, or with the empty receipt when told", async () => {
    node = await startLocalNode({ generation: 'rebased' });
    node.chainLog.waitLimitSeconds = 0.1;
    const client = new WaspClient({ baseUrl: node.url });
    const unknown = `0x${'77'.repeat(32)}`;
    assert.equal(await client.waitForRequest(REBASED, unknown, { timeoutSeconds: 30 }), undefined);
    node.chainLog.emptyRaces = 1;
    assert.equal(await client.waitForRequest(REBASED, unknown), undefined);
    assert.deepEqual(node.chainLog.answered, { receipt: 0, timeout: 1, empty: 1 });
    const raw = await fetch(`${node.url}/v1/chain/requests/${unknown}/wait`);
    assert.equal(raw.status, 408);
  });

  it('a node that requires a token asks for it on the chain log routes too', async () => {
    node = await startLocalNode({ generation: 'rebased', staticTokens: { secret: ['read'] } });
    const anonymous = new WaspClient({ baseUrl: node.url });
    await assert.rejects(anonymous.getBlockInfo(REBASED, 'latest'));
    const withToken = new WaspClient({ baseUrl: node.url, token: () => 'secret' });
    assert.ok((await withToken.getBlockInfo(REBASED, 'latest')).blockIndex > 0);
    await node.close();
    node = await startLocalNode({ staticTokens: { secret: ['read'] } });
    const stardust = { generation: 'stardust' as const, chainId: DEMO_CHAINS.iotaEvm };
    await assert.rejects(new WaspClient({ baseUrl: node.url }).waitForRequest(stardust, DEMO_RECEIPTS.evmSuccess.requestId), UnauthorizedError);
  });

  it('Stardust: wait, blocks with their requests and fees, events, and 500 past the latest block', async () => {
    node = await startLocalNode();
    node.chainLog.waitLimitSeconds = 0.1;
    const target = { generation: 'stardust' as const, chainId: DEMO_CHAINS.iotaEvm };
    const client = new WaspClient({ baseUrl: node.url });
    const ref = DEMO_RECEIPTS.evmSuccess;
    assert.equal((await client.waitForRequest(target, ref.requestId))?.request.requestId, ref.requestId.toLowerCase());
    const block = await client.getBlockInfo(target, ref.blockIndex);
    assert.ok(block.totalRequests >= 1);
    node.chainLog.setRequestEvents(ref.requestId, [{ contractID: 0x07cb02c1, topic: 'evm.log', timestamp: 1_700_000_000_123_456_789n, payload: '0x01' }]);
    const events = await client.getRequestEvents(target, ref.requestId);
    assert.equal(events.events[0]?.contractID, 0x07cb02c1);
    assert.equal(events.events[0]?.timestamp, 1_700_000_000_123_456_789n, 'UnixNano past 2^53 arrives exact');
    const latest = await client.getBlockInfo(target, 'latest');
    await assert.rejects(client.getBlockInfo(target, latest.blockIndex + 1), (e: unknown) => e instanceof ServerError);
  });
});
