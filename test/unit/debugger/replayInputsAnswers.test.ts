// fetchReplayInputs over an injected fetch (no socket, no node): what a healthy answer becomes,
// field by field, what each call asks the node, the edges of the quantities it accepts, and the
// pre-state's defaults. The failures a node may answer are pinned in replayInputs.test.ts.
import { strict as assert } from 'node:assert';
import { fetchReplayInputs, parsePrestate } from '../../../src/debugger/model/replayInputs';

const HASH = `0x${'ab'.repeat(32)}`;
const FROM = `0x${'1'.repeat(40)}`;
const TO = `0x${'2'.repeat(40)}`;
const ROOT = (b: string) => `0x${b.repeat(64)}`;
const MAX256 = `0x${'f'.repeat(64)}`;
const PAST256 = `0x1${'0'.repeat(64)}`;

type Answers = Record<string, (params: unknown[]) => unknown>;
const tx = { hash: HASH, from: FROM, to: TO, input: '0xcafe', value: '0x5', nonce: '0x1', gas: '0x5208', gasPrice: '0x3', blockNumber: '0x7' };
const header = { number: '0x7', timestamp: '0x64', miner: `0x${'C'.repeat(40)}`, gasLimit: '0x1c9c380' };
const healthy: Answers = {
  eth_getTransactionByHash: () => ({ result: tx }),
  eth_getBlockByNumber: () => ({ result: header }),
  eth_getTransactionReceipt: () => ({ result: { transactionHash: HASH, status: '0x1', gasUsed: '0x5208', blockNumber: '0x7', logs: [] } }),
  eth_chainId: () => ({ result: '0x539' }),
  debug_traceTransaction: (params) =>
    (params[1] as { tracer: string }).tracer === 'prestateTracer'
      ? { result: { [TO]: { balance: '0x0', nonce: 1, code: '0x00' } } }
      : { result: { type: 'CALL', from: FROM, to: TO, gas: '0x5208', gasUsed: '0x0', input: '0x', output: '0x' } },
};

/** fetchReplayInputs over `changed` answers in place of the healthy ones, and each call it made. */
async function inputsWith(changed: Answers = {}) {
  const calls: Array<{ method: string; params: unknown[] }> = [];
  const answers = { ...healthy, ...changed };
  const fetch = (async (_url: string, init: { body: string }) => {
    const call = JSON.parse(init.body) as { method: string; params: unknown[] };
    calls.push({ method: call.method, params: call.params });
    const answer = answers[call.method]?.(call.params) ?? { error: { code: -32601, message: 'the method does not exist' } };
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...(answer as object) }), { headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { got: await fetchReplayInputs('http://127.0.0.1:8545', HASH, { fetch }), calls };
}
const txWith = (fields: Record<string, unknown>): Answers => ({ eth_getTransactionByHash: () => ({ result: { ...tx, ...fields } }) });
const blockWith = (fields: Record<string, unknown>): Answers => ({ eth_getBlockByNumber: () => ({ result: { ...header, ...fields } }) });
/** The failure's answer and field, or the inputs read. */
const outcome = async (changed: Answers) => {
  const { got } = await inputsWith(changed);
  return got.ok ? got.inputs : `${got.what}:${got.reason}:${got.detail ?? ''}`;
};

/** The inputs read, failing the test with the failure when there is one. */
const read = async (changed: Answers) => {
  const got = await outcome(changed);
  if (typeof got === 'string') assert.fail(got);
  return got;
};

describe('fetchReplayInputs over an injected fetch: a healthy answer, field by field', () => {
  it('reads a legacy transaction and a header whole, and asks each call as the node needs it', async () => {
    const { got, calls } = await inputsWith();
    assert.ok(got.ok);
    assert.deepEqual(got.inputs.tx, {
      hash: HASH,
      from: FROM,
      to: TO,
      input: Uint8Array.from([0xca, 0xfe]),
      type: 0,
      accessList: [],
      value: 5n,
      nonce: 1n,
      gas: 21_000n,
      gasPrice: 3n,
      blockNumber: 7n,
    });
    assert.deepEqual(got.inputs.block, { number: 7n, timestamp: 100n, gasLimit: 30_000_000n, coinbase: `0x${'c'.repeat(40)}`, difficulty: 0n });
    assert.equal(got.inputs.chainId, 1337n);
    assert.deepEqual(got.inputs.receipt, { status: 1, gasUsed: 21_000n });
    const params = Object.fromEntries(
      calls.map((c) => [c.method === 'debug_traceTransaction' ? (c.params[1] as { tracer: string }).tracer : c.method, c.params]),
    );
    assert.deepEqual(params.prestateTracer, [HASH, { tracer: 'prestateTracer', tracerConfig: { diffMode: false } }]);
    assert.deepEqual(params.eth_getBlockByNumber, ['0x7', false]);
  });

  it('reads every field a later fork added to the header, hashes lower-cased, and skips the ones sent as null', async () => {
    const all = { difficulty: '0x2', baseFeePerGas: '0x7', blobGasUsed: '0x20000', excessBlobGas: '0x40000' };
    const roots = { mixHash: ROOT('A'), withdrawalsRoot: ROOT('B'), parentBeaconBlockRoot: ROOT('C'), requestsHash: ROOT('D') };
    const full = await read(blockWith({ ...all, ...roots }));
    assert.deepEqual(full.block, {
      number: 7n,
      timestamp: 100n,
      gasLimit: 30_000_000n,
      coinbase: `0x${'c'.repeat(40)}`,
      difficulty: 2n,
      baseFeePerGas: 7n,
      blobGasUsed: 131_072n,
      excessBlobGas: 262_144n,
      mixHash: ROOT('a'),
      withdrawalsRoot: ROOT('b'),
      parentBeaconBlockRoot: ROOT('c'),
      requestsHash: ROOT('d'),
    });
    const nulls = Object.fromEntries([...Object.keys(all), ...Object.keys(roots)].map((k) => [k, null]));
    const none = await read(blockWith(nulls));
    assert.deepEqual(none.block, { number: 7n, timestamp: 100n, gasLimit: 30_000_000n, coinbase: `0x${'c'.repeat(40)}`, difficulty: 0n });
  });

  it('reads a fee-market transaction’s fee caps, and a type given as 0x0 or null as legacy', async () => {
    const market = await read(txWith({ type: '0x2', maxFeePerGas: MAX256, maxPriorityFeePerGas: '0x2' }));
    assert.deepEqual([market.tx.type, market.tx.maxFeePerGas, market.tx.maxPriorityFeePerGas], [2, 2n ** 256n - 1n, 2n]);
    for (const type of ['0x0', null]) {
      const legacy = await read(txWith({ type }));
      assert.equal(legacy.tx.type, 0);
    }
  });

  it('takes a chain id sent as null as none, and asks the node for it', async () => {
    const { got, calls } = await inputsWith(txWith({ chainId: null }));
    assert.ok(got.ok);
    assert.equal(got.inputs.chainId, 1337n);
    assert.equal('chainId' in got.inputs.tx, false);
    assert.ok(calls.some((c) => c.method === 'eth_chainId'));
  });
});

describe('fetchReplayInputs over an injected fetch: the edges of what it accepts', () => {
  it('accepts a value of 2^256 - 1 and names one of 2^256, and a fee cap past it', async () => {
    const max = await outcome(txWith({ value: MAX256 }));
    assert.equal(typeof max === 'string' ? max : max.tx.value, 2n ** 256n - 1n);
    assert.equal(await outcome(txWith({ value: PAST256 })), 'transaction:invalid:value');
    assert.equal(await outcome(txWith({ type: '0x2', maxFeePerGas: PAST256, maxPriorityFeePerGas: '0x1' })), 'transaction:invalid:maxFeePerGas');
  });

  it('names a header difficulty past 2^256 - 1 and a base fee that is not a quantity', async () => {
    assert.equal(await outcome(blockWith({ difficulty: PAST256 })), 'block:invalid:difficulty');
    assert.equal(await outcome(blockWith({ baseFeePerGas: '7' })), 'block:invalid:baseFeePerGas');
  });

  it('keeps the node’s own words when the prestateTracer call fails for another reason than a missing method', async () => {
    const error = { error: { code: -32000, message: 'boom' } };
    const prestateFails: Answers = {
      debug_traceTransaction: (p) => ((p[1] as { tracer: string }).tracer === 'prestateTracer' ? error : healthy.debug_traceTransaction!(p)),
    };
    assert.equal(await outcome(prestateFails), 'prestate:rpcError:boom');
  });
});

describe('parsePrestate: an account’s defaults and edges', () => {
  it('reads an account without code or nonce as empty code and nonce 0, and keeps its balance and storage', () => {
    const slot = ROOT('0').replace(/0$/, '1');
    assert.deepEqual(parsePrestate({ [TO]: { balance: '0x5', nonce: null, storage: { [slot]: '0x2a' } } }), {
      ok: true,
      prestate: new Map([[TO, { balance: 5n, nonce: 0n, code: new Uint8Array(0), storage: new Map([[1n, 42n]]) }]]),
    });
  });

  it('accepts a nonce of 2^64 - 1', () => {
    const got = parsePrestate({ [TO]: { nonce: `0x${'f'.repeat(16)}` } });
    assert.ok(got.ok);
    assert.equal(got.prestate.get(TO)?.nonce, 2n ** 64n - 1n);
  });
});
