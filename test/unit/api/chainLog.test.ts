// The long poll, blocks, block receipts and request events of both generations, against a
// loopback server answering every outcome a real node gives: 200 with the receipt, 408, the
// empty-receipt 200 of the node's timeout race, 404, 401, and a connection that breaks.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../../src/api/client';
import { InvalidInputError, InvalidResponseError, NetworkError, NotFoundError, UnauthorizedError } from '../../../src/api/errors';
import { Limiter } from '../../../src/api/limiter';
import { startRouteServer, type RouteReply } from '../../fixtures/routeServer';

const V1 = join(process.cwd(), 'test/fixtures/samples');
const V2 = join(V1, 'rebased');
const v1 = (name: string) => readFileSync(join(V1, name), 'utf8');
const v2 = (name: string) => readFileSync(join(V2, name), 'utf8');
const REBASED_ID = (JSON.parse(v2('receipt-success-evm.json')) as { request: { requestId: string } }).request.requestId;
const STARDUST_ID = (JSON.parse(v1('receipt-success-evm.json')) as { request: { requestId: string } }).request.requestId.toLowerCase();
const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const STARDUST = { generation: 'stardust' as const, chainId: CHAIN };
const REBASED = { generation: 'rebased' as const };

describe('api/client: wait, blocks, block receipts, events', () => {
  let base: string;
  let close: () => Promise<void>;
  const seen: string[] = [];
  const routes = new Map<string, RouteReply>();

  before(async () => {
    ({ base, close } = await startRouteServer({ routes, seen, fallback: { status: 404, body: v2('error-404-route-not-found.json') } }));
  });
  after(() => close());
  beforeEach(() => {
    seen.length = 0;
    routes.clear();
  });

  describe('waitForRequest', () => {
    const rebasedWait = `/v1/chain/requests/${REBASED_ID}/wait`;
    const stardustWait = `/v1/chains/${CHAIN}/requests/${STARDUST_ID}/wait`;

    it('Rebased: 200 with the receipt, asking the node for its timeout', async () => {
      routes.set(rebasedWait, { status: 200, body: v2('receipt-success-evm.json') });
      const r = await new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID, { timeoutSeconds: 25 });
      assert.equal(r?.request.requestId, REBASED_ID);
      assert.equal(typeof r?.gasBurned, 'bigint');
      assert.deepEqual(seen, [`${rebasedWait}?timeoutSeconds=25`]);
    });

    it('Stardust: 200 with the receipt on /v1/chains/{id}/requests/{rid}/wait', async () => {
      routes.set(stardustWait, { status: 200, body: v1('receipt-success-evm.json') });
      const r = await new WaspClient({ baseUrl: base }).waitForRequest(STARDUST, STARDUST_ID);
      assert.equal(r?.request.requestId, STARDUST_ID);
      assert.deepEqual(seen, [`${stardustWait}?timeoutSeconds=30`]);
    });

    it('408 is "not yet": undefined, no error', async () => {
      routes.set(rebasedWait, { status: 408, body: v2('error-408-wait-timeout.json') });
      assert.equal(await new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), undefined);
    });

    it('the empty receipt of the timeout race (requestId "") is "not yet", not an invalid answer', async () => {
      routes.set(rebasedWait, { status: 200, body: v2('receipt-wait-empty.json') });
      assert.equal(await new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), undefined);
    });

    it('a broken receipt is an invalid response naming its field (not hidden by the empty-receipt branch)', async () => {
      const broken = JSON.parse(v2('receipt-success-evm.json')) as Record<string, unknown>;
      broken.gasBurned = 12;
      routes.set(rebasedWait, { status: 200, body: JSON.stringify(broken) });
      await assert.rejects(new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'gasBurned';
      });
    });

    it('a union inside a body (a uint64 as number or string) still names its field', async () => {
      const info = JSON.parse(v2('governance-chaininfo.json')) as { gasLimits: Record<string, unknown> };
      info.gasLimits.maxGasPerBlock = 'lots';
      routes.set('/v1/chain/core/governance/chaininfo', { status: 200, body: JSON.stringify(info) });
      await assert.rejects(new WaspClient({ baseUrl: base }).getRebasedChainInfo(), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'gasLimits.maxGasPerBlock';
      });
    });

    it("another request's receipt is refused", async () => {
      const other = `0x${'ab'.repeat(32)}`;
      routes.set(`/v1/chain/requests/${other}/wait`, { status: 200, body: v2('receipt-success-evm.json') });
      await assert.rejects(new WaspClient({ baseUrl: base }).waitForRequest(REBASED, other), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'request.requestId';
      });
    });

    it('404 and 401 are typed errors', async () => {
      routes.set(rebasedWait, { status: 404, body: v2('error-404-receipt-not-found.json') });
      await assert.rejects(new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => e instanceof NotFoundError);
      routes.set(rebasedWait, { status: 401, body: v2('error-401-missing-permission.json') });
      await assert.rejects(new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => {
        return e instanceof UnauthorizedError && e.missingPermission === 'read';
      });
    });

    it('a connection the node drops is a NetworkError', async () => {
      routes.set(rebasedWait, 'reset');
      await assert.rejects(new WaspClient({ baseUrl: base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => e instanceof NetworkError);
    });

    it('outlasts the client timeout and skips the shared limiter', async () => {
      // The node answers after 150 ms; the client's own timeout is 50 ms.
      routes.set(rebasedWait, { status: 200, body: v2('receipt-success-evm.json'), delayMs: 150 });
      const limiter = new Limiter(1);
      // The limiter's one slot is held: a long poll must still go out.
      let release: () => void = () => undefined;
      const held = limiter.run(() => new Promise<void>((r) => (release = r)));
      const client = new WaspClient({ baseUrl: base, limiter, timeoutMs: 50 });
      const r = await client.waitForRequest(REBASED, REBASED_ID, { timeoutSeconds: 1 });
      assert.equal(r?.request.requestId, REBASED_ID);
      release();
      await held;
    });

    it('a malformed or wrong-generation ID is refused before any request', async () => {
      const client = new WaspClient({ baseUrl: base });
      await assert.rejects(client.waitForRequest(REBASED, STARDUST_ID), (e: unknown) => e instanceof InvalidInputError);
      await assert.rejects(client.waitForRequest(STARDUST, REBASED_ID), (e: unknown) => e instanceof InvalidInputError);
      assert.deepEqual(seen, []);
    });
  });

  describe('blocks and events', () => {
    const block = {
      blockIndex: 7,
      timestamp: '2025-09-01T10:00:00Z',
      totalRequests: 2,
      numSuccessfulRequests: 1,
      numOffLedgerRequests: 2,
      gasBurned: '18446744073709551615',
      gasFeeCharged: '9007199254740993',
    };

    it('reads blocks/latest and blocks/{n} with uint64 figures as bigint', async () => {
      routes.set('/v1/chain/core/blocklog/blocks/latest', { status: 200, body: JSON.stringify(block) });
      routes.set(`/v1/chains/${CHAIN}/core/blocklog/blocks/7`, { status: 200, body: JSON.stringify({ ...block, previousAliasOutput: '0x00' }) });
      const client = new WaspClient({ baseUrl: base });
      const latest = await client.getBlockInfo(REBASED, 'latest');
      assert.equal(latest.gasBurned, 18446744073709551615n);
      assert.equal(latest.gasFeeCharged, 9007199254740993n);
      const seven = await client.getBlockInfo(STARDUST, 7);
      assert.equal(seven.blockIndex, 7);
      await assert.rejects(client.getBlockInfo(REBASED, -1), (e: unknown) => e instanceof InvalidInputError);
    });

    it("reads a block's receipts in one request, each validated", async () => {
      routes.set('/v1/chain/core/blocklog/blocks/7/receipts', {
        status: 200,
        body: `[${v2('receipt-success-evm.json')},${v2('receipt-failed-isc.json')}]`,
      });
      const receipts = await new WaspClient({ baseUrl: base }).getBlockReceipts(REBASED, 7);
      assert.equal(receipts.length, 2);
      assert.deepEqual(
        receipts.map((r) => r.failed),
        [false, true],
      );
      assert.equal(seen.length, 1);
      routes.set('/v1/chain/core/blocklog/blocks/8/receipts', { status: 200, body: '[{"request":{}}]' });
      await assert.rejects(new WaspClient({ baseUrl: base }).getBlockReceipts(REBASED, 8), (e: unknown) => e instanceof InvalidResponseError);
    });

    it("reads a request's events (both generations)", async () => {
      const events = { events: [{ contractID: 133_757_633, topic: 'evm.log', timestamp: 1_725_184_800, payload: '0x0102' }] };
      routes.set(`/v1/chain/core/blocklog/events/request/${REBASED_ID}`, { status: 200, body: JSON.stringify(events) });
      routes.set(`/v1/chains/${CHAIN}/core/blocklog/events/request/${STARDUST_ID}`, { status: 200, body: '{"events":null}' });
      const client = new WaspClient({ baseUrl: base });
      const r = await client.getRequestEvents(REBASED, REBASED_ID);
      assert.equal(r.events[0]?.topic, 'evm.log');
      assert.equal(r.events[0]?.timestamp, 1_725_184_800n);
      assert.deepEqual((await client.getRequestEvents(STARDUST, STARDUST_ID)).events, []);
    });
  });
});
