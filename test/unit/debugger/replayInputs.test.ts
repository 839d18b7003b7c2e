// fetchReplayInputs against a loopback JSON-RPC that passes every call to anvil (the real-peer
// fixture) except the one a case breaks: a node without the prestateTracer, HTML for JSON, and a
// field of the wrong shape, each named in the failure. Then the answers no healthy node gives, one
// at a time, over an injected fetch.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchReplayInputs, NO_PRESTATE_TRACER, parsePrestate } from '../../../src/debugger/model/replayInputs';
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

/**
 * The node's answers without a node: the shapes anvil answers (the suite above reads them from it),
 * each case changing the one answer a healthy node never gives. `fetch` is injected, so no socket.
 */
const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const HASH = `0x${'ab'.repeat(32)}`;
const ZERO = `0x${'0'.repeat(40)}`;
type Answers = Record<string, (params: unknown[]) => unknown>;
const healthy: Answers = {
  eth_getTransactionByHash: () => ({
    result: {
      hash: HASH,
      from: `0x${'1'.repeat(40)}`,
      to: `0x${'2'.repeat(40)}`,
      input: '0x',
      value: '0x0',
      nonce: '0x1',
      gas: '0x5208',
      gasPrice: '0x1',
      blockNumber: '0x7',
    },
  }),
  eth_getBlockByNumber: (params) => ({ result: { number: params[0], timestamp: '0x1', miner: ZERO, gasLimit: '0x1c9c380' } }),
  eth_getTransactionReceipt: () => ({ result: { transactionHash: HASH, status: '0x1', gasUsed: '0x5208', blockNumber: '0x7', logs: [] } }),
  eth_chainId: () => ({ result: '0x539' }),
  debug_traceTransaction: (params) =>
    (params[1] as { tracer: string }).tracer === 'prestateTracer'
      ? { result: { [`0x${'2'.repeat(40)}`]: { balance: '0x0', nonce: 1, code: '0x00' } } }
      : { result: { type: 'CALL', from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, gas: '0x5208', gasUsed: '0x0', input: '0x', output: '0x' } },
};
/** fetchReplayInputs over `changed` answers in place of the healthy ones, and the methods it asked. */
async function inputsWith(changed: Answers = {}, hash = HASH) {
  const asked: string[] = [];
  const answers = { ...healthy, ...changed };
  const fetch = (async (_url: string, init: { body: string }) => {
    const call = JSON.parse(init.body) as { method: string; params: unknown[] };
    asked.push(call.method);
    const answer = answers[call.method]?.(call.params) ?? { error: { code: -32601, message: 'the method does not exist' } };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(answer as object) }), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { got: await fetchReplayInputs('http://127.0.0.1:8545', hash, { fetch }), asked };
}
const txWith = (fields: Record<string, unknown>): Answers => ({
  eth_getTransactionByHash: (p) => ({ result: { ...(healthy.eth_getTransactionByHash!(p) as { result: object }).result, ...fields } }),
});

describe('fetchReplayInputs: what each answer may be, without a node', () => {
  it('reads a type-1 transaction’s access list lower-cased and the chain id it names (not asking eth_chainId); a receipt without a status has none', async () => {
    const key = `0x${'AB'.repeat(32)}`;
    const { got, asked } = await inputsWith({
      ...txWith({ type: '0x1', chainId: '0x2a', accessList: [{ address: `0x${'C'.repeat(40)}`, storageKeys: [key] }] }),
      eth_getTransactionReceipt: () => ({ result: { gasUsed: '0x5208', blockNumber: '0x7', logs: [] } }),
    });
    assert.ok(got.ok, show(got));
    assert.deepEqual(got.inputs.tx.accessList, [{ address: `0x${'c'.repeat(40)}`, storageKeys: [key.toLowerCase()] }]);
    assert.equal(got.inputs.chainId, 42n);
    assert.ok(!asked.includes('eth_chainId'));
    assert.deepEqual(got.inputs.receipt, { gasUsed: 21_000n });
  });

  it('refuses a hash that is not 32 bytes of hex before asking the node anything', async () => {
    const { got, asked } = await inputsWith({}, '0x1234');
    assert.deepEqual(got, { ok: false, reason: 'badUrl', detail: 'hash', what: 'transaction' });
    assert.deepEqual(asked, []);
  });

  it('a transaction the node does not know is not found; one not in a block yet says so; a node error is the transaction’s', async () => {
    assert.deepEqual((await inputsWith({ eth_getTransactionByHash: () => ({ result: null }) })).got, { ok: false, reason: 'notFound', what: 'transaction' });
    assert.deepEqual((await inputsWith(txWith({ blockNumber: null }))).got, {
      ok: false,
      reason: 'notFound',
      detail: 'not in a block yet',
      what: 'transaction',
    });
    assert.deepEqual((await inputsWith({ eth_getTransactionByHash: () => ({ error: { code: -32000, message: 'boom' } }) })).got, {
      ok: false,
      reason: 'rpcError',
      detail: 'boom',
      what: 'transaction',
    });
  });

  it('names the transaction field that is wrong: its shape, its hash, its input, its type, its chain id', async () => {
    const detail = async (fields: Record<string, unknown>) => {
      const { got } = await inputsWith(txWith(fields));
      assert.equal(got.ok, false);
      return got.ok ? '' : `${got.what}:${got.detail ?? ''}`;
    };
    assert.equal(await detail({ from: 'me' }), 'transaction:from');
    assert.equal(await detail({ hash: `0x${'cd'.repeat(32)}` }), 'transaction:hash');
    assert.equal(await detail({ input: '0x123' }), 'transaction:input');
    assert.equal(await detail({ type: '0x3' }), 'transaction:type');
    assert.equal(await detail({ chainId: '42' }), 'transaction:chainId');
  });
});

describe('fetchReplayInputs: the block, the other answers and the pre-state, without a node', () => {
  it('a block the node does not hold is not found; a header of the wrong shape or another number names the field', async () => {
    assert.deepEqual((await inputsWith({ eth_getBlockByNumber: () => ({ result: null }) })).got, { ok: false, reason: 'notFound', what: 'block' });
    const block = (fields: Record<string, unknown>): Answers => ({
      eth_getBlockByNumber: (p) => ({ result: { number: p[0], timestamp: '0x1', miner: ZERO, gasLimit: '0x1', ...fields } }),
    });
    assert.deepEqual((await inputsWith(block({ miner: 'nobody' }))).got, { ok: false, reason: 'invalid', detail: 'miner', what: 'block' });
    assert.deepEqual((await inputsWith(block({ number: '0x8' }))).got, { ok: false, reason: 'invalid', detail: 'number', what: 'block' });
  });

  it('names which answer failed: the receipt, the pre-state (none, or a node error), the call tree, the chain id', async () => {
    const error = () => ({ error: { code: -32000, message: 'boom' } });
    const what = async (changed: Answers) => {
      const { got } = await inputsWith(changed);
      return got.ok ? 'ok' : `${got.what}:${got.reason}`;
    };
    assert.equal(await what({ eth_getTransactionReceipt: error }), 'receipt:rpcError');
    assert.equal(
      await what({
        debug_traceTransaction: (p) => ((p[1] as { tracer: string }).tracer === 'prestateTracer' ? { result: null } : healthy.debug_traceTransaction!(p)),
      }),
      'prestate:notFound',
    );
    assert.equal(
      await what({ debug_traceTransaction: (p) => ((p[1] as { tracer: string }).tracer === 'prestateTracer' ? error() : healthy.debug_traceTransaction!(p)) }),
      'prestate:rpcError',
    );
    assert.equal(
      await what({ debug_traceTransaction: (p) => ((p[1] as { tracer: string }).tracer === 'callTracer' ? error() : healthy.debug_traceTransaction!(p)) }),
      'callTrace:rpcError',
    );
    assert.equal(await what({ eth_chainId: error }), 'chainId:rpcError');
  });

  it('names a pre-state account’s code that is not whole bytes and a nonce past 64 bits', () => {
    assert.deepEqual(parsePrestate({ [A(5)]: { balance: '0x1', code: '0x123' } }), { ok: false, field: `${A(5)}.code` });
    assert.deepEqual(parsePrestate({ [A(5)]: { balance: '0x1', nonce: `0x1${'0'.repeat(16)}` } }), { ok: false, field: `${A(5)}.nonce` });
    const noBalance = parsePrestate({ [A(5)]: { nonce: 2 } });
    assert.ok(noBalance.ok);
    assert.equal(noBalance.prestate.get(A(5))?.balance, 0n);
  });
});
