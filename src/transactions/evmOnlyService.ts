// The lookups of chains known only by their EVM JSON-RPC (no web API): a transaction with its EVM
// receipt (the hover, "Show Request Receipt"), the replay of a failed one at its parent block (why
// it failed, where the receipt does not say), an account's balance and nonce (the account hover),
// the chain ID and latest block (the Chains view; the chain ID also picks the deployment records). The same rules as the node's receipts: every
// request under the shared limit (NodeClients.limited), one request per (JSON-RPC, question) in
// flight however many ask, answers cached (an LRU; accounts and blocks only briefly, they change),
// and a caller that gives up (a hover moved away) aborts the request once nobody else waits on it.
// Only the hash or address asked is sent, never a token or cookie (../evm/model/jsonRpc.ts).
import type { Row } from '../ui/model/view';
import type { KnownIds } from '../core/knownIds';
import * as vscode from 'vscode';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { EvmOnlyChain } from '../config/model/chainConfig';
import { LruCache } from '../core/lru';
import { hexToBytes } from '../core/hex';
import { SharedRequests } from '../api/sharedRequests';
import type { RpcFailure } from '../evm/model/jsonRpc';
import type { ReplayOutcome } from '../evm/model/replay';
import type { EvmOnlyFound } from './model/evmOnlyView';
import type { CallTreeLoad, EvmExplainer } from './evmExplainer';

/** How long an account's balance and nonce, or a chain's latest block, are reused (ms). */
const SHORT_TTL_MS = 15_000;

export type EvmOnlyResult =
  | { found: true; chain: EvmOnlyChain; value: EvmOnlyFound }
  | { found: false; notFoundOn: EvmOnlyChain[]; failures: Array<{ chain: EvmOnlyChain; failure: RpcFailure }> };

export interface EvmOnlyAccount {
  balance: { ok: true; value: bigint } | RpcFailure;
  nonce: { ok: true; value: bigint } | RpcFailure;
}

export interface EvmOnlyHead {
  chainId: { ok: true; value: bigint } | RpcFailure;
  block: { ok: true; value: bigint } | RpcFailure;
  at: number;
}

/** What the service reads of the extension. */
export interface EvmOnlyServiceDeps {
  readonly chains: Pick<ChainRegistry, 'evmLookupOrder' | 'sourceNote'>;
  readonly clients: Pick<NodeClients, 'limited'>;
  /** A transaction found here is remembered for the workspace. */
  readonly known: Pick<KnownIds, 'answered'>;
}

type Lookup<T> = { ok: true; value: T } | RpcFailure;

export class EvmOnlyService {
  private readonly found = new LruCache<string, EvmOnlyFound>({ capacity: 200 });
  private readonly accounts = new LruCache<string, EvmOnlyAccount>({ capacity: 200 });
  private readonly heads = new LruCache<string, EvmOnlyHead>({ capacity: 50 });
  /** Why each failed transaction failed, once its call tree was read (the hover's "Why"), by hash. */
  private readonly traceLines = new LruCache<string, string>({ capacity: 200 });
  /** What the replay of each failed transaction at its parent block answered, by chain and hash. */
  private readonly replays = new LruCache<string, ReplayOutcome>({ capacity: 200 });
  private readonly replayRequests = new SharedRequests<ReplayOutcome>();
  /** Each JSON-RPC's eth_chainId once it answered (it does not change). */
  private readonly chainIds = new LruCache<string, bigint>({ capacity: 50 });
  private readonly chainIdRequests = new SharedRequests<bigint | undefined>();
  /** One request per (JSON-RPC, question) in flight, however many ask; `started` counts them (tests, bench). */
  readonly txRequests = new SharedRequests<Lookup<EvmOnlyFound>>();
  private readonly accountRequests = new SharedRequests<EvmOnlyAccount>();
  private readonly headRequests = new SharedRequests<EvmOnlyHead>();
  private readonly emitter = new vscode.EventEmitter<void>();
  /** Fires when a chain's head was read (the tree redraws). */
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly deps: EvmOnlyServiceDeps,
    readonly evm: EvmExplainer,
  ) {}

  /** The EVM-only chains a lookup asks, default first; only those that may be contacted. */
  lookupOrder(): EvmOnlyChain[] {
    return this.deps.chains.evmLookupOrder();
  }

  /** The EVM-only chain of this name, if it may be asked (a workspace's chain waits for trust). */
  chain(name: string): EvmOnlyChain | undefined {
    const key = name.trim().toLowerCase();
    return this.lookupOrder().find((c) => c.name.toLowerCase() === key);
  }

  sourceNote(chain: EvmOnlyChain): string | undefined {
    return this.deps.chains.sourceNote(chain);
  }

  /** A found transaction in the cache (no request). */
  peek(hash: string, chains: readonly EvmOnlyChain[]): { chain: EvmOnlyChain; value: EvmOnlyFound } | undefined {
    for (const chain of chains) {
      const value = this.found.get(key(chain, hash));
      if (value) return { chain, value };
    }
    return undefined;
  }

  /** The transaction and its EVM receipt on the first of `chains` that has them (asked together, in order of the list). */
  async find(hash: string, chains: readonly EvmOnlyChain[], options: { signal?: AbortSignal; fresh?: boolean } = {}): Promise<EvmOnlyResult> {
    const h = hash.toLowerCase();
    const answers = await Promise.all(chains.map((chain) => this.one(chain, h, options).then((r) => ({ chain, r }))));
    const notFoundOn: EvmOnlyChain[] = [];
    const failures: Array<{ chain: EvmOnlyChain; failure: RpcFailure }> = [];
    for (const { chain, r } of answers) {
      if (r.ok) {
        this.deps.known.answered(h);
        return { found: true, chain, value: r.value };
      }
      if (r.reason === 'notFound') notFoundOn.push(chain);
      else failures.push({ chain, failure: r });
    }
    return { found: false, notFoundOn, failures };
  }

  private one(chain: EvmOnlyChain, hash: string, options: { signal?: AbortSignal; fresh?: boolean }): Promise<Lookup<EvmOnlyFound>> {
    const k = key(chain, hash);
    const cached = options.fresh ? undefined : this.found.get(k);
    if (cached) return Promise.resolve({ ok: true, value: cached });
    return this.txRequests.run(k, options.signal, async (signal) => {
      const { fetchEvmReceipt, fetchEvmTransaction } = await import('../evm/model/txRpc.js');
      const rpc = { fetch: globalThis.fetch, signal };
      // Two questions, one slot each, in parallel: the hover waits for the slower one only.
      const [receipt, tx] = await Promise.all([
        this.deps.clients.limited(() => fetchEvmReceipt(chain.evmJsonRpcUrl, hash, rpc), signal),
        this.deps.clients.limited(() => fetchEvmTransaction(chain.evmJsonRpcUrl, hash, rpc), signal),
      ]);
      if (!receipt.ok) return receipt;
      const value: EvmOnlyFound = { hash, tx: tx.ok ? tx.tx : null, receipt: receipt.receipt };
      this.found.set(k, value);
      return { ok: true as const, value };
    });
  }

  /** The balance (wei) and nonce of an EVM address on the chain. */
  account(chain: EvmOnlyChain, address: string, options: { signal?: AbortSignal } = {}): Promise<EvmOnlyAccount> {
    const k = key(chain, address);
    const cached = this.accounts.get(k);
    if (cached) return Promise.resolve(cached);
    return this.accountRequests.run(k, options.signal, async (signal) => {
      const { fetchBalance, fetchTransactionCount } = await import('../evm/model/jsonRpc.js');
      const rpc = { fetch: globalThis.fetch, signal };
      const [balance, nonce] = await Promise.all([
        this.deps.clients.limited(() => fetchBalance(chain.evmJsonRpcUrl, address, rpc), signal),
        this.deps.clients.limited(() => fetchTransactionCount(chain.evmJsonRpcUrl, address, rpc), signal),
      ]);
      const value = { balance, nonce };
      if (balance.ok && nonce.ok) this.accounts.set(k, value, SHORT_TTL_MS);
      return value;
    });
  }

  /** The chain's EVM chain ID and latest block, as last read (no request). */
  head(chain: EvmOnlyChain): EvmOnlyHead | undefined {
    return this.heads.get(chain.evmJsonRpcUrl);
  }

  /** Asks the chain's EVM chain ID and latest block (the tree's row); `fresh` skips the short cache. */
  readHead(chain: EvmOnlyChain, fresh = false): Promise<EvmOnlyHead> {
    const cached = fresh ? undefined : this.heads.get(chain.evmJsonRpcUrl);
    if (cached) return Promise.resolve(cached);
    return this.headRequests.run(chain.evmJsonRpcUrl, undefined, async (signal) => {
      const { fetchBlockNumber, fetchChainId } = await import('../evm/model/txRpc.js');
      const rpc = { fetch: globalThis.fetch, signal };
      const [chainId, block] = await Promise.all([
        this.deps.clients.limited(() => fetchChainId(chain.evmJsonRpcUrl, rpc), signal),
        this.deps.clients.limited(() => fetchBlockNumber(chain.evmJsonRpcUrl, rpc), signal),
      ]);
      if (chainId.ok) this.chainIds.set(chain.evmJsonRpcUrl, chainId.value);
      const head = { chainId, block, at: Date.now() };
      this.heads.set(chain.evmJsonRpcUrl, head, SHORT_TTL_MS);
      this.emitter.fire();
      return head;
    });
  }

  /**
   * The EVM chain ID whose deployment records name the chain's addresses: the entry's, else what
   * its JSON-RPC answers to eth_chainId (asked once); undefined when it cannot be had.
   */
  async evmChainId(chain: EvmOnlyChain, signal?: AbortSignal): Promise<bigint | undefined> {
    if (chain.evmChainId !== undefined) return chain.evmChainId;
    const known = this.chainIds.get(chain.evmJsonRpcUrl);
    if (known !== undefined) return known;
    return this.chainIdRequests.run(chain.evmJsonRpcUrl, signal, async (signal) => {
      const { fetchChainId } = await import('../evm/model/txRpc.js');
      const answer = await this.deps.clients.limited(() => fetchChainId(chain.evmJsonRpcUrl, { fetch: globalThis.fetch, signal }), signal);
      if (!answer.ok) return undefined;
      this.chainIds.set(chain.evmJsonRpcUrl, answer.value);
      return answer.value;
    });
  }

  /** The replay of a failed transaction at its parent block, as answered before (no request). */
  peekReplay(chain: EvmOnlyChain, hash: string): ReplayOutcome | undefined {
    return this.replays.get(key(chain, hash));
  }

  /**
   * Replays a failed transaction whose receipt does not say why (one eth_call at its parent block,
   * never a trace), once per transaction; undefined when there is nothing to replay.
   */
  async replay(chain: EvmOnlyChain, found: EvmOnlyFound, signal?: AbortSignal): Promise<ReplayOutcome | undefined> {
    const tx = found.tx;
    if (!tx || found.receipt.status !== 0) return undefined;
    const k = key(chain, found.hash);
    const cached = this.replays.get(k);
    if (cached) return cached;
    return this.replayRequests.run(k, signal, async (signal) => {
      const { replayTransaction } = await import('../evm/model/replay.js');
      const outcome = await this.deps.clients.limited(
        () => replayTransaction(chain.evmJsonRpcUrl, { ...tx, blockNumber: found.receipt.blockNumber }, { fetch: globalThis.fetch, signal }),
        signal,
      );
      if (outcome.ok) this.replays.set(k, outcome);
      return outcome;
    });
  }

  /** Where the revert of a failed transaction began, once its call tree was read. */
  traceLine(hash: string): string | undefined {
    return this.traceLines.get(hash.toLowerCase());
  }

  /** The call tree of a transaction (debug_traceTransaction, on the user's click), decoded with the ABIs. */
  async loadCallTree(chain: EvmOnlyChain, found: EvmOnlyFound, signal?: AbortSignal): Promise<CallTreeLoad> {
    const load = await this.evm.loadCallTreeOf(
      chain.evmJsonRpcUrl,
      found.hash,
      txShape(found),
      { generation: 'rebased', evmChainId: await this.evmChainId(chain, signal) },
      signal,
    );
    if (load.revertLine !== undefined) this.traceLines.set(found.hash.toLowerCase(), load.revertLine);
    return load.tree;
  }

  /** The transaction's state changes (the prestateTracer in diff mode), asked of the chain's JSON-RPC now, accounts named. */
  async loadStateChanges(chain: EvmOnlyChain, found: EvmOnlyFound, signal?: AbortSignal): Promise<Row[]> {
    const [{ stateChangeRows }, { fetchStateDiff }, evmChainId] = await Promise.all([
      import('./model/stateChanges.js'),
      import('../evm/model/jsonRpc.js'),
      this.evmChainId(chain, signal),
    ]);
    const [outcome, nameOf] = await Promise.all([
      this.deps.clients.limited(() => fetchStateDiff(chain.evmJsonRpcUrl, found.hash, { fetch: globalThis.fetch, signal }), signal),
      this.evm.namesFor({ generation: 'rebased', evmChainId }),
    ]);
    return stateChangeRows(outcome, nameOf, vscode.l10n, 'unknown');
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function key(chain: EvmOnlyChain, id: string): string {
  return `${chain.evmJsonRpcUrl}\n${id.toLowerCase()}`;
}

/** What the trace is checked against (its outermost call must be this transaction's). */
function txShape(found: EvmOnlyFound): { to?: string; data: Uint8Array; value: bigint } | undefined {
  const tx = found.tx;
  const data = tx ? hexToBytes(tx.input) : undefined;
  if (!tx || !data) return undefined;
  return { ...(tx.to === undefined ? {} : { to: tx.to }), data, value: tx.value };
}
