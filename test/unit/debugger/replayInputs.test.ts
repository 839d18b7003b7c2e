// fetchReplayInputs against a loopback JSON-RPC that passes every call to anvil (the real-peer
// fixture) except the one a case breaks: a node without the prestateTracer, HTML for JSON, and a
// field of the wrong shape, each named in the failure.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchReplayInputs, NO_PRESTATE_TRACER } from '../../../src/debugger/model/replayInputs';
import { show, usePeers } from './replayPeers';

interface Call {
  method: string;
  params: unknown[];
}
/** What the loopback answers instead of anvil: a body (and content type), or undefined to pass the call on. */
type Fault = (call: Call) => { body: string; type?: string } | undefined;

/** A loopback JSON-RPC for the suite: each call passed to anvil unless the current fault answers it. */
function useLoopback(upstream: () => string): { url: () => string; setFault: (f: Fault) => void } {
  let server: Server | undefined;
  let url = '';
  let fault: Fault = () => undefined;
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const broken = fault(JSON.parse(body) as Call);
        if (broken) {
          res.writeHead(200, { 'content-type': broken.type ?? 'application/json' }).end(broken.body);
          return;
        }
        void fetch(upstream(), { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then((r) => r.text())
          .then((text) => res.writeHead(200, { 'content-type': 'application/json' }).end(text));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server?.closeAllConnections();
    return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  afterEach(() => (fault = () => undefined));
  return { url: () => url, setFault: (f) => (fault = f) };
}

describe('fetchReplayInputs: what the node answers is checked, and a failure names what failed', function () {
  this.timeout(30_000);
  const peersOf = usePeers();
  const loopback = useLoopback(() => peersOf().rpcUrl);

  const fetchOf = () => fetchReplayInputs(loopback.url(), peersOf().txs.save, { fetch: globalThis.fetch });
  const isTracer = (c: Call, tracer: string) => c.method === 'debug_traceTransaction' && (c.params[1] as { tracer?: string })?.tracer === tracer;

  it('reads everything through the loopback when nothing is broken: the transaction, block, receipt, pre-state and call tree', async () => {
    const got = await fetchOf();
    assert.ok(got.ok, show(got));
    assert.equal(got.inputs.tx.hash, peersOf().txs.save);
    assert.equal(got.inputs.block.number, peersOf().blocks.save);
    assert.equal(got.inputs.receipt.status, 1);
    assert.ok(got.inputs.prestate.has(peersOf().addresses.ledger));
    assert.equal(got.inputs.trace.frames.length, 2);
    assert.equal(got.inputs.chainId, peersOf().chainId);
  });

  it('says the node does not serve the prestateTracer when it answers "unsupported tracer type"', async () => {
    loopback.setFault((c) =>
      isTracer(c, 'prestateTracer')
        ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'unsupported tracer type: prestateTracer' } }) }
        : undefined,
    );
    const got = await fetchOf();
    assert.equal(got.ok, false);
    assert.deepEqual(got, { ok: false, reason: 'methodUnavailable', detail: NO_PRESTATE_TRACER, what: 'prestate' });
  });

  it('fails as invalid, naming the block, when the node answers HTML for the block header', async () => {
    loopback.setFault((c) => (c.method === 'eth_getBlockByNumber' ? { body: '<html><body>Bad gateway</body></html>', type: 'text/html' } : undefined));
    const got = await fetchOf();
    assert.deepEqual(got, { ok: false, reason: 'invalid', what: 'block' });
  });

  it('names the header field that is not a quantity (a timestamp as a decimal string)', async () => {
    loopback.setFault((c) => {
      if (c.method !== 'eth_getBlockByNumber') return undefined;
      return {
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { number: c.params[0], timestamp: '12', miner: `0x${'0'.repeat(40)}`, gasLimit: '0x1' } }),
      };
    });
    assert.deepEqual(await fetchOf(), { ok: false, reason: 'invalid', detail: 'timestamp', what: 'block' });
  });

  it('names the pre-state field that is wrong (a storage value that is not hex)', async () => {
    const ledger = peersOf().addresses.ledger;
    loopback.setFault((c) =>
      isTracer(c, 'prestateTracer')
        ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { [ledger]: { balance: '0x0', nonce: 1, storage: { [`0x${'0'.repeat(64)}`]: 'lots' } } } }) }
        : undefined,
    );
    const got = await fetchOf();
    assert.deepEqual(got, { ok: false, reason: 'invalid', detail: `${ledger}.storage.0x${'0'.repeat(64)}`, what: 'prestate' });
  });

  it('names the transaction field that is wrong (a nonce that is not a quantity)', async () => {
    loopback.setFault((c) => {
      if (c.method !== 'eth_getTransactionByHash') return undefined;
      return {
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          result: { hash: c.params[0], from: `0x${'1'.repeat(40)}`, input: '0x', value: '0x0', nonce: '7', gas: '0x1', gasPrice: '0x1', blockNumber: '0x1' },
        }),
      };
    });
    assert.deepEqual(await fetchOf(), { ok: false, reason: 'invalid', detail: 'nonce', what: 'transaction' });
  });
});
