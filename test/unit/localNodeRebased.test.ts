// The local node as a Rebased (Wasp 2.x) node: the v2.0.2 routes, bodies and errors from
// v2/FACTS.md, each read back with the extension's own client and schemas, and the routes of the
// other generation answered with echo's unknown-route 404 on both kinds of node.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../src/api/client';
import { BadRequestError, NotFoundError, ServerError, UnauthorizedError } from '../../src/api/errors';
import { detectGeneration } from '../../src/api/generationProbe';
import { RebasedChainInfoSchema, RebasedReceiptSchema } from '../../src/api/rebasedSchemas';
import {
  DEMO_CHAINS,
  DEMO_REBASED_BLOCKS,
  DEMO_REBASED_CHAIN_ID,
  DEMO_REBASED_REQUESTS,
  DEMO_REBASED_UNKNOWN_REQUEST_ID,
  DEMO_RECEIPTS,
} from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';

const SAMPLES = join(process.cwd(), 'test/fixtures/samples/rebased');
const sample = (name: string): unknown => JSON.parse(readFileSync(join(SAMPLES, name), 'utf8'));
const ROUTE_404 = { Message: 'Not Found', Error: '' };

async function call(url: string, init?: RequestInit): Promise<{ status: number; text: string; json: unknown }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const probe = (client: WaspClient) => ({ version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }) });

describe('local node: Rebased generation', () => {
  let node: LocalNode;
  let client: WaspClient;
  before(async () => {
    node = await startLocalNode({ generation: 'rebased', pathPrefix: '/wasp/api' });
    client = new WaspClient({ baseUrl: node.url });
  });
  after(() => node.close());
  afterEach(() => node.clearFaults());

  it('reports version 2.0.2 and is detected as Rebased with one request', async () => {
    assert.deepEqual((await call(`${node.url}/v1/node/version`)).json, sample('node-version.json'));
    node.clearRequests();
    assert.deepEqual(await detectGeneration(probe(client)), { kind: 'rebased', version: '2.0.2' });
    assert.equal(node.requests.length, 1);
  });

  it('serves /v1/chain as the v2 sample does (EVM URLs filled in from publicURL)', async () => {
    const a = await call(`${node.url}/v1/chain`);
    assert.equal(a.status, 200);
    const expected = sample('chain.json') as { metadata: { evmJsonRpcURL: string } };
    assert.deepEqual(a.json, expected);
    const chain = await client.getRebasedChain();
    assert.equal(chain.chainID, DEMO_REBASED_CHAIN_ID);
    assert.equal(chain.isActive, true);
  });

  it('serves governance chain info with block history: latest, by index, by trie root; a bad block is 400', async () => {
    assert.deepEqual((await call(`${node.url}/v1/chain/core/governance/chaininfo`)).json, sample('governance-chaininfo.json'));
    const genesis = await client.getRebasedChainInfo({ block: 5 });
    assert.deepEqual(genesis.gasFeePolicy?.gasPerToken, { a: 100, b: 1 });
    assert.equal(genesis.metadata.name, '');
    const meta = await client.getRebasedChainInfo({ block: DEMO_REBASED_BLOCKS.metadata.trieRoot });
    assert.equal(meta.metadata.name, 'Example EVM');
    assert.notEqual(meta.chainAdmin, (await client.getRebasedChainInfo()).chainAdmin, 'the admin changed later');
    for (const bad of [String(DEMO_REBASED_BLOCKS.latest + 1), `0x${'ee'.repeat(20)}`]) {
      await assert.rejects(client.getRebasedChainInfo({ block: bad }), BadRequestError, bad);
    }
    const raw = await call(`${node.url}/v1/chain/core/governance/chaininfo?block=abc`);
    assert.deepEqual(raw.json, sample('error-400-governance-bad-block.json'));
    assert.ok(RebasedChainInfoSchema.safeParse(raw.json).success === false);
  });

  it('serves every demo receipt; each validates and is found from its block on', async () => {
    for (const id of Object.values(DEMO_REBASED_REQUESTS)) {
      const r = await client.getRebasedReceipt(id);
      assert.equal(r.request.requestId, id);
      await assert.rejects(client.getRebasedReceipt(id, { block: r.blockIndex - 1 }), (e: unknown) => e instanceof NotFoundError && e.what === 'receipt');
      assert.equal((await call(`${node.url}/v1/chain/receipts/${id}`)).status, 200, 'the /v1/chain/receipts route is the same handler');
    }
    for (const [name, id] of [
      ['receipt-success-evm.json', DEMO_REBASED_REQUESTS.evmSuccess],
      ['receipt-failed-evm-revert.json', DEMO_REBASED_REQUESTS.evmRevert],
      ['receipt-success-onledger.json', DEMO_REBASED_REQUESTS.onLedger],
      ['receipt-failed-isc.json', DEMO_REBASED_REQUESTS.iscFailure],
    ] as const) {
      const a = await call(`${node.url}/v1/chain/core/blocklog/requests/${id}`);
      assert.equal(a.text.includes('"gasBudget":"\\"'), true, 'request.gasBudget keeps the v2.0.2 double quoting');
      assert.deepEqual(a.json, sample(name), name);
    }
    const ce = RebasedReceiptSchema.parse((await call(`${node.url}/v1/chain/core/blocklog/requests/${DEMO_REBASED_REQUESTS.contractError}`)).json);
    assert.match(ce.rawError?.code ?? '', /^0x[0-9a-f]{8}:[0-9a-f]{4}$/);
    assert.equal(ce.failed, true);
  });

  it('answers the v2 errors: unknown receipt 404, bad ID 400 (a v1 ID too), bad block 500', async () => {
    assert.deepEqual(
      (await call(`${node.url}/v1/chain/core/blocklog/requests/${DEMO_REBASED_UNKNOWN_REQUEST_ID}`)).json,
      sample('error-404-receipt-not-found.json'),
    );
    const v1 = await call(`${node.url}/v1/chain/core/blocklog/requests/${DEMO_REBASED_REQUESTS.evmSuccess}0000`);
    assert.equal(v1.status, 400);
    assert.deepEqual(v1.json, sample('error-400-invalid-requestid.json'));
    const odd = await call(`${node.url}/v1/chain/core/blocklog/requests/0xabc`);
    assert.deepEqual(odd.json, { Message: 'Invalid property: requestID', Error: 'error parsing requestID: hex string of odd length' });
    const bad = await call(`${node.url}/v1/chain/core/blocklog/requests/${DEMO_REBASED_REQUESTS.evmSuccess}?block=nope`);
    assert.equal(bad.status, 500);
    assert.deepEqual(bad.json, sample('error-500-internal.json'));
    await assert.rejects(client.getRebasedReceipt(DEMO_REBASED_REQUESTS.evmSuccess, { block: 99_999_999 }), ServerError, 'a future block');
  });

  it('answers every Stardust route with the unknown-route 404', async () => {
    for (const path of [
      '/v1/chains',
      `/v1/chains/${DEMO_CHAINS.iotaEvm}`,
      `/v1/chains/${DEMO_CHAINS.iotaEvm}/core/governance/chaininfo`,
      `/v1/chains/${DEMO_CHAINS.iotaEvm}/core/blocklog/requests/${DEMO_RECEIPTS.evmSuccess.requestId}`,
    ]) {
      const a = await call(`${node.url}${path}`);
      assert.equal(a.status, 404, path);
      assert.deepEqual(a.json, ROUTE_404, path);
    }
    await assert.rejects(client.getChainInfo(DEMO_CHAINS.iotaEvm), (e: unknown) => e instanceof NotFoundError && e.what === 'route');
  });

  it('faults apply to the Rebased routes by name, as on a Stardust node', async () => {
    // A 502 is asked once more (transportRetry.ts): both attempts answer it here.
    node.inject({ route: 'receipt', times: 2, fault: { type: 'html', status: 502 } });
    await assert.rejects(client.getRebasedReceipt(DEMO_REBASED_REQUESTS.evmSuccess), ServerError);
    assert.equal((await client.getRebasedReceipt(DEMO_REBASED_REQUESTS.evmSuccess)).blockIndex, 1843201);
    node.inject({ route: 'chain', times: 1, fault: { type: 'status', status: 500 } });
    await assert.rejects(client.getRebasedChain(), ServerError);
  });

  it('switches generation like an upgraded node: the old routes become unknown routes', async () => {
    const n = await startLocalNode({});
    try {
      const c = new WaspClient({ baseUrl: n.url });
      assert.equal((await c.getChainInfo(DEMO_CHAINS.iotaEvm)).chainID, DEMO_CHAINS.iotaEvm);
      n.setGeneration('rebased');
      assert.equal(await c.getNodeVersion(), '2.0.2');
      await assert.rejects(c.getChainInfo(DEMO_CHAINS.iotaEvm), (e: unknown) => e instanceof NotFoundError && e.what === 'route');
      assert.equal((await c.getRebasedChain()).chainID, DEMO_REBASED_CHAIN_ID);
    } finally {
      await n.close();
    }
  });
});

describe('local node: Stardust answers Rebased routes with the unknown-route 404', () => {
  it('every /v1/chain/... path', async () => {
    const node = await startLocalNode({});
    try {
      for (const path of ['/v1/chain', '/v1/chain/core/governance/chaininfo', `/v1/chain/core/blocklog/requests/${DEMO_REBASED_REQUESTS.evmSuccess}`]) {
        const a = await call(`${node.url}${path}`);
        assert.equal(a.status, 404, path);
        assert.deepEqual(a.json, ROUTE_404, path);
      }
      const client = new WaspClient({ baseUrl: node.url });
      node.setVersion('v0.0.0-testing');
      assert.deepEqual(await detectGeneration(probe(client)), { kind: 'stardust', version: 'v0.0.0-testing' });
    } finally {
      await node.close();
    }
  });
});

describe('local node: Rebased without a chain, and behind a JWT gate', () => {
  it('no chain: /v1/chain 404 empty, governance 404 Chain ID not found, receipt 500', async () => {
    const node = await startLocalNode({ generation: 'rebased', rebasedChain: null, version: 'v0.0.0-testing' });
    try {
      const a = await call(`${node.url}/v1/chain`);
      assert.equal(a.status, 404);
      assert.equal(a.text, '');
      assert.deepEqual((await call(`${node.url}/v1/chain/core/governance/chaininfo`)).json, sample('error-404-chain-not-found-governance.json'));
      assert.equal((await call(`${node.url}/v1/chain/core/blocklog/requests/${DEMO_REBASED_REQUESTS.evmSuccess}`)).status, 500);
      const client = new WaspClient({ baseUrl: node.url });
      assert.deepEqual(await detectGeneration(probe(client)), { kind: 'rebased', version: 'v0.0.0-testing', chain: null });
    } finally {
      await node.close();
    }
  });

  it('auth: no token is 400 (echo-jwt v4.3.0), a read token passes, missing permission 401', async () => {
    const node = await startLocalNode({ generation: 'rebased', auth: { users: { alice: { password: 'pw', permissions: ['read'] } } } });
    try {
      const none = await call(`${node.url}/v1/chain`);
      assert.equal(none.status, 400);
      assert.deepEqual(none.json, sample('error-400-jwt-missing.json'));
      const read = new WaspClient({ baseUrl: node.url, token: () => node.issueToken({ permissions: ['read'] }) });
      assert.equal((await read.getRebasedChain()).chainID, DEMO_REBASED_CHAIN_ID);
      const nothing = new WaspClient({ baseUrl: node.url, token: () => node.issueToken({ permissions: [] }) });
      await assert.rejects(nothing.getRebasedChain(), (e: unknown) => e instanceof UnauthorizedError && e.missingPermission === 'read');
      const login = await new WaspClient({ baseUrl: node.url }).login('alice', 'pw');
      assert.equal(login.split('.').length, 3);
    } finally {
      await node.close();
    }
  });
});
