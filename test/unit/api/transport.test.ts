// The shared transport's other guarantees, for both of its callers (the node client and the EVM
// JSON-RPC), against the real loopback node: a body is cut at the byte cap while it streams (an
// endless one too), and a redirect is never followed, so a token never travels along one.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { RedirectError, ResponseTooLargeError } from '../../../src/api/errors';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { type LocalNode, startLocalNode } from '../../fixtures/localNode';
import { countingFetch, failure } from '../helpers/http';

const IOTA = DEMO_CHAINS.iotaEvm;
const CAP = 256 * 1024;

describe('api/transport: the byte cap while the body streams', function () {
  this.timeout(20_000);
  let node: LocalNode;

  before(async () => {
    node = await startLocalNode({ generation: 'rebased', evm: true });
  });
  after(() => node.close());
  afterEach(() => node.clearFaults());

  it('an endless body to the node client is cut at the cap, having read about that much', async () => {
    const counter = countingFetch();
    const client = new WaspClient({ baseUrl: node.url, maxResponseBytes: CAP, timeoutMs: 10_000, fetch: counter.fetch });
    node.inject({ route: 'chain', times: 1, fault: { type: 'endless' } });
    const e = await failure(client.getRebasedChain());
    assert.ok(e instanceof ResponseTooLargeError, e.message);
    assert.equal(e.limitBytes, CAP);
    assert.ok(counter.bytes() > CAP && counter.bytes() <= CAP + 256 * 1024, `read ${counter.bytes()} bytes`);
  });

  it('an endless body to the JSON-RPC is cut at its cap: too large, not a timeout', async () => {
    const counter = countingFetch();
    node.inject({ route: 'evmRpc', times: 1, fault: { type: 'endless' } });
    const started = Date.now();
    const outcome = await fetchEvmLogs(`${node.url}/evm`, `0x${'77'.repeat(32)}`, { fetch: counter.fetch, maxBytes: CAP, timeoutMs: 10_000 });
    assert.deepEqual(outcome, { ok: false, reason: 'tooLarge' });
    assert.ok(Date.now() - started < 5_000);
    assert.ok(counter.bytes() <= CAP + 256 * 1024, `read ${counter.bytes()} bytes`);
  });

  it('a declared Content-Length above the cap is refused before the body is read', async () => {
    const counter = countingFetch();
    const client = new WaspClient({ baseUrl: node.url, maxResponseBytes: CAP, fetch: counter.fetch });
    node.inject({ route: 'chain', times: 1, fault: { type: 'huge', bytes: 8 * CAP, contentLength: true } });
    const e = await failure(client.getRebasedChain());
    assert.ok(e instanceof ResponseTooLargeError, e.message);
    assert.ok(counter.bytes() < CAP, `read ${counter.bytes()} bytes`);
  });
});

describe('api/transport: redirects are never followed', function () {
  this.timeout(20_000);
  let node: LocalNode;
  let other: LocalNode;

  before(async () => {
    node = await startLocalNode();
    other = await startLocalNode({ generation: 'rebased', evm: true });
  });
  after(async () => {
    await node.close();
    await other.close();
  });
  afterEach(() => {
    node.clearFaults();
    node.clearRequests();
    other.clearFaults();
    other.clearRequests();
  });

  for (const status of [301, 302, 307, 308]) {
    it(`${status} with a token: a RedirectError after 1 request, nothing reaches the other host`, async () => {
      const withToken = new WaspClient({ baseUrl: node.url, token: () => 'secret-token' });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'redirect', status, location: `${other.url}/v1/chain/core/governance/chaininfo` } });
      const e = await failure(withToken.getChainInfo(IOTA));
      assert.ok(e instanceof RedirectError, e.message);
      assert.ok(e.location.startsWith(other.origin));
      assert.equal(node.requests.length, 1);
      assert.equal(node.requests[0]?.headers.authorization, 'Bearer secret-token');
      assert.equal(other.requests.length, 0, 'the other host received nothing');
    });
  }

  it('the JSON-RPC fails on a redirect instead of following it', async () => {
    other.inject({ route: 'evmRpc', times: 1, fault: { type: 'redirect', status: 307, location: `${node.origin}/evm` } });
    const outcome = await fetchEvmLogs(`${other.url}/evm`, `0x${'77'.repeat(32)}`, { fetch: globalThis.fetch });
    assert.equal(outcome.ok === false && outcome.reason, 'network');
    assert.equal(other.requests.length, 1);
    assert.equal(node.requests.length, 0, 'the redirect target received nothing');
  });
});
