// The chain's answers for "Why no receipt?" read from a JSON-RPC and a chain API given in the test:
// the five questions asked exactly, each answer read into its fact, each failure said with its
// detail when there is one, the caller's fetch and abort signal used for every question.
import { strict as assert } from 'node:assert';
import type { GovernanceInfo } from '../../../../src/api/chainApi';
import { diagnosisAsks, gatherChainFacts, type DiagnosisSources } from '../../../../src/transactions/model/noReceiptFacts';

const HASH = `0x${'4b'.repeat(32)}`;
const SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
/** A URL where nothing answers: only a request that ignored the given fetch would go there. */
const RPC_URL = 'http://127.0.0.1:9/evm';

const INFO = {
  gasFeePolicy: { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 1, b: 1 } },
  gasLimits: { maxGasPerRequest: 50_000_000n },
} as unknown as GovernanceInfo;

type Answer = { result: unknown } | { error: { code: number; message?: string } } | { status: number } | { body: string };

/** A JSON-RPC that answers each method as told. */
function rpc(answers: Record<string, Answer>): typeof globalThis.fetch {
  return (async (_url: unknown, init?: RequestInit) => {
    const { method } = JSON.parse(String(init?.body)) as { method: string };
    const a = answers[method] ?? { result: null };
    if ('status' in a) return new Response('no', { status: a.status });
    if ('body' in a) return new Response(a.body, { status: 200 });
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...a }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
}

const ALL_OK = rpc({
  eth_getTransactionByHash: { result: null },
  eth_getTransactionCount: { result: '0xe' },
  eth_gasPrice: { result: '0x2540be400' },
  eth_getBalance: { result: '0x1bc16d674ec80000' },
});

function sources(patch: Partial<DiagnosisSources> = {}): DiagnosisSources {
  return { rpcUrl: RPC_URL, fetch: ALL_OK, chain: { generation: 'rebased', chainInfo: () => Promise.resolve(INFO) }, ...patch };
}

describe('transactions/model/noReceiptFacts: the questions and the answers read', () => {
  it('asks by hash, then the lower-cased sender nonce, the gas price, its balance, and the chain info', () => {
    assert.deepEqual(diagnosisAsks({ hash: HASH, sender: SENDER }), [
      { via: 'jsonRpc', method: 'eth_getTransactionByHash', params: [HASH] },
      { via: 'jsonRpc', method: 'eth_getTransactionCount', params: [SENDER.toLowerCase(), 'latest'] },
      { via: 'jsonRpc', method: 'eth_gasPrice', params: [] },
      { via: 'jsonRpc', method: 'eth_getBalance', params: [SENDER.toLowerCase(), 'latest'] },
      { via: 'webApi', route: 'chainInfo' },
    ]);
  });

  it("every answer becomes its fact, through the caller's fetch, with the base token's decimals when known", async () => {
    const { facts, failures } = await gatherChainFacts({ hash: HASH, sender: SENDER }, sources({ baseDecimals: 9 }));
    assert.deepEqual(failures, {});
    assert.deepEqual(facts, {
      generation: 'rebased',
      baseDecimals: 9,
      included: null,
      nextNonce: 14n,
      gasPrice: 10_000_000_000n,
      balanceWei: 2n * 10n ** 18n,
      feePolicy: { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 1, b: 1 } },
      maxGasPerRequest: 50_000_000n,
    });
  });

  it('without known decimals the facts hold none', async () => {
    const { facts } = await gatherChainFacts({ hash: HASH, sender: SENDER }, sources());
    assert.equal('baseDecimals' in facts, false);
  });

  it('each failed answer says its reason, and its detail when it has one; the chain info its error', async () => {
    const fetch = rpc({
      eth_getTransactionByHash: { error: { code: -32000, message: 'boom' } },
      eth_getTransactionCount: { status: 503 },
      eth_gasPrice: { body: 'not json' },
      eth_getBalance: { error: { code: -32601, message: 'method not found' } },
    });
    const down = () => Promise.reject(new Error('chain info down'));
    const { facts, failures } = await gatherChainFacts({ hash: HASH, sender: SENDER }, sources({ fetch, chain: { generation: 'rebased', chainInfo: down } }));
    assert.deepEqual(failures, {
      included: 'rpcError: boom',
      nextNonce: 'http: 503',
      gasPrice: 'invalid',
      balanceWei: 'methodUnavailable: method not found',
      chainInfo: 'chain info down',
    });
    assert.deepEqual(facts, { generation: 'rebased' });
  });

  it("a chain info that fails with a bare value says it; the caller's abort signal reaches the chain info", async () => {
    const bare = await gatherChainFacts(
      { hash: HASH, sender: SENDER },
      sources({ chain: { generation: 'stardust', chainInfo: () => Promise.reject('refused') } }),
    );
    assert.equal(bare.failures.chainInfo, 'refused');
    const seen: (AbortSignal | undefined)[] = [];
    const signal = new AbortController().signal;
    await gatherChainFacts(
      { hash: HASH, sender: SENDER },
      sources({
        signal,
        chain: {
          generation: 'rebased',
          chainInfo: (o) => {
            seen.push(o?.signal);
            return Promise.resolve(INFO);
          },
        },
      }),
    );
    assert.deepEqual(seen, [signal]);
  });
});
