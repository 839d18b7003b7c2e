// The URLs the client builds (for requests and "open raw JSON" links) and the block index bounds,
// checked on the URL itself and, for the bounds, on a real loopback node's request log.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { InvalidInputError } from '../../../src/api/errors';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';

const CHAIN = DEMO_CHAINS.iotaEvm;
const RID = DEMO_RECEIPTS.evmSuccess.requestId;
const RID64 = `0x${'ab'.repeat(32)}`;
const ROOT = `0x${'cd'.repeat(20)}`;

describe('api/client: the URLs it builds', () => {
  // Built in each test: code run while mocha loads a file counts as a static mutant.
  const newClient = () => new WaspClient({ baseUrl: 'http://node.example:9090/wasp//' });
  it('under the base path, one /v1, every segment encoded, only set query values', () => {
    const client = newClient();
    assert.equal(client.urlOf(['a b', 'c/d']), 'http://node.example:9090/wasp/v1/a%20b/c%2Fd');
    assert.equal(client.urlOf(['auth'], {}, false), 'http://node.example:9090/wasp/auth');
    assert.equal(client.urlOf(['x'], { block: undefined, other: '1' }), 'http://node.example:9090/wasp/v1/x?other=1');
    assert.equal(new WaspClient({ baseUrl: 'http://node.example' }).urlOf(['x']), 'http://node.example/v1/x');
  });

  it('the receipt and chain-info URLs of both generations, at a block or a trie root', () => {
    const client = newClient();
    assert.equal(client.receiptUrl(CHAIN, RID), `http://node.example:9090/wasp/v1/chains/${CHAIN}/core/blocklog/requests/${RID}`);
    assert.equal(client.receiptUrl(CHAIN, RID, 7), `http://node.example:9090/wasp/v1/chains/${CHAIN}/core/blocklog/requests/${RID}?block=7`);
    assert.equal(client.rebasedReceiptUrl(RID64), `http://node.example:9090/wasp/v1/chain/core/blocklog/requests/${RID64}`);
    assert.equal(client.rebasedReceiptUrl(RID64, ROOT), `http://node.example:9090/wasp/v1/chain/core/blocklog/requests/${RID64}?block=${ROOT}`);
    assert.equal(client.chainInfoUrl(CHAIN), `http://node.example:9090/wasp/v1/chains/${CHAIN}/core/governance/chaininfo`);
    assert.equal(client.chainInfoUrl(CHAIN, '12'), `http://node.example:9090/wasp/v1/chains/${CHAIN}/core/governance/chaininfo?block=12`);
    assert.equal(client.rebasedChainInfoUrl(), 'http://node.example:9090/wasp/v1/chain/core/governance/chaininfo');
    assert.equal(client.rebasedChainInfoUrl(0), 'http://node.example:9090/wasp/v1/chain/core/governance/chaininfo?block=0');
  });
});

describe('api/client: block indexes of the blocklog routes', () => {
  let node: LocalNode;
  before(async () => {
    node = await startLocalNode();
  });
  after(async () => {
    await node.close();
  });

  it('refuses an index below 0, above 2^32-1 or not whole, before any request', async () => {
    const client = new WaspClient({ baseUrl: node.url });
    node.clearRequests();
    for (const bad of [-1, 2 ** 32, 1.5, Number.NaN]) {
      await assert.rejects(client.getBlockInfo({ generation: 'stardust', chainId: CHAIN }, bad), (e: unknown) => {
        assert.ok(e instanceof InvalidInputError);
        assert.equal(e.field, 'block');
        assert.equal(e.message, 'A block index is a whole number from 0 to 4294967295.');
        return true;
      });
      await assert.rejects(client.getBlockReceipts({ generation: 'rebased' }, bad), InvalidInputError);
    }
    assert.equal(node.requests.length, 0);
  });

  it('asks for 0, 2^32-1 and latest as they are', async () => {
    const client = new WaspClient({ baseUrl: node.url });
    node.clearRequests();
    for (const block of [0, 2 ** 32 - 1, 'latest'] as const) {
      await client.getBlockInfo({ generation: 'stardust', chainId: CHAIN }, block).catch(() => undefined);
    }
    assert.deepEqual(
      node.requests.map((r) => r.path),
      [0, 4294967295, 'latest'].map((b) => `/v1/chains/${CHAIN}/core/blocklog/blocks/${b}`),
    );
  });
});
