// The client's Rebased (Wasp 2.x) routes against a loopback server that answers as a v2.0.2 node:
// one chain under /v1/chain, the v2 sample bodies, 404 for unknown receipts and for v1 routes.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../../src/api/client';
import { InvalidInputError, InvalidResponseError, NotFoundError } from '../../../src/api/errors';
import { startRouteServer, type RouteReply } from '../../fixtures/routeServer';

const SAMPLES = join(process.cwd(), 'test/fixtures/samples/rebased');
const text = (name: string) => readFileSync(join(SAMPLES, name), 'utf8');
const EVM_ID = (JSON.parse(text('receipt-success-evm.json')) as { request: { requestId: string } }).request.requestId;

describe('api/client: Rebased routes', () => {
  let base: string;
  let close: () => Promise<void>;
  const seen: string[] = [];
  /** Bodies by path; anything else is the v2 node's unknown-route 404. */
  const routes = new Map<string, RouteReply>();

  before(async () => {
    ({ base, close } = await startRouteServer({ routes, seen, fallback: { status: 404, body: text('error-404-route-not-found.json') } }));
  });
  after(() => close());
  beforeEach(() => {
    seen.length = 0;
    routes.clear();
    routes.set(`/v1/chain/core/blocklog/requests/${EVM_ID}`, { status: 200, body: text('receipt-success-evm.json') });
    routes.set('/v1/chain/core/governance/chaininfo', { status: 200, body: text('governance-chaininfo.json') });
    routes.set('/v1/chain', { status: 200, body: text('chain.json') });
  });

  it('reads a receipt from /v1/chain/core/blocklog/requests/{id}, with the block asked for', async () => {
    const client = new WaspClient({ baseUrl: base });
    const r = await client.getRebasedReceipt(EVM_ID.toUpperCase().replace('0X', '0x'), { block: 7 });
    assert.equal(r.request.requestId, EVM_ID);
    assert.deepEqual(seen, [`/v1/chain/core/blocklog/requests/${EVM_ID}?block=7`]);
  });

  it('an unknown request is a NotFoundError for the receipt', async () => {
    const client = new WaspClient({ baseUrl: base });
    const other = `0x${'ab'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 404, body: text('error-404-receipt-not-found.json') });
    await assert.rejects(client.getRebasedReceipt(other), (e: unknown) => e instanceof NotFoundError && e.what === 'receipt');
  });

  it('never sends a Stardust request ID (68 hex) to a Rebased node', async () => {
    const client = new WaspClient({ baseUrl: base });
    await assert.rejects(client.getRebasedReceipt(`${EVM_ID}0000`), (e: unknown) => e instanceof InvalidInputError && /Stardust/.test(e.message));
    assert.deepEqual(seen, [], 'nothing was sent');
  });

  it('a receipt of another request is an invalid response naming request.requestId', async () => {
    const client = new WaspClient({ baseUrl: base });
    const other = `0x${'cd'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 200, body: text('receipt-success-evm.json') });
    await assert.rejects(client.getRebasedReceipt(other), (e: unknown) => e instanceof InvalidResponseError && e.field === 'request.requestId');
  });

  it('reads the chain info (latest or at a trie root) and /v1/chain', async () => {
    const client = new WaspClient({ baseUrl: base });
    const info = await client.getRebasedChainInfo({ block: `0x${'12'.repeat(20)}` });
    assert.equal(info.chainAdmin, '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417');
    const chain = await client.getRebasedChain();
    assert.equal(chain.evmChainId, 8822);
    assert.deepEqual(seen, [`/v1/chain/core/governance/chaininfo?block=0x${'12'.repeat(20)}`, '/v1/chain']);
  });

  it('a Stardust route on a Rebased node is the unknown-route 404', async () => {
    const client = new WaspClient({ baseUrl: base });
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'), (e: unknown) => e instanceof NotFoundError);
    assert.equal(seen.length, 1);
  });

  it('/v1/chain: 404 with an empty body is "no chain", the unknown-route 404 is a route not found', async () => {
    const client = new WaspClient({ baseUrl: base });
    routes.set('/v1/chain', { status: 404, body: '' });
    await assert.rejects(client.getRebasedChain(), (e: unknown) => e instanceof NotFoundError && e.what === 'chain');
    routes.delete('/v1/chain');
    await assert.rejects(client.getRebasedChain(), (e: unknown) => e instanceof NotFoundError && e.what === 'route');
  });

  it('the unknown-route 404 on a data route is reported once (re-detection), never on a probe', async () => {
    const routes404: string[] = [];
    const client = new WaspClient({ baseUrl: base, onRouteNotFound: (g) => routes404.push(g) });
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'));
    assert.deepEqual(routes404, ['stardust'], 'a Stardust route');
    const other = `0x${'ab'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 404, body: text('error-404-receipt-not-found.json') });
    await assert.rejects(client.getRebasedReceipt(other));
    assert.deepEqual(routes404, ['stardust'], 'an unknown receipt is not an unknown route');
    routes.delete('/v1/chain');
    await assert.rejects(client.getRebasedChain({ probe: true }));
    assert.deepEqual(routes404, ['stardust'], 'the probe itself does not report');
  });
});
