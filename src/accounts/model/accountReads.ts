// The reads of accounts behind the hover, the panel and the tree, shared like receipt lookups:
//   - one read in flight per (token decision, node, generation, chain, agent, block, part):
//     concurrent callers join it, and it is aborted only when nobody waits on it any more;
//   - an answer at the latest state is kept briefly (a balance moves with every block, and with
//     deposits from L1 that no EVM transaction shows), an answer at a block for good (a past state
//     does not change), both in a bounded LRU;
//   - a failure is kept briefly too, so that hovering an address again and again never becomes a
//     retry storm against a node that refuses; `fresh` (Refresh) asks again;
//   - the token decision is part of the key, so a read made without the token never answers for a
//     chain asked with it.
// Pure: the fetch function is injected.
import { CancelledError } from '../../api/errors';
import { SharedRequests } from '../../api/sharedRequests';
import { LruCache } from '../../core/lru';

/** What a read needs to know of a chain; ChainEntry fits. */
export interface ReadChain {
  readonly nodeUrl: string;
  readonly chainId: string;
  readonly generation?: string;
}

/** `full`: everything the hover and panel show; `balance`: the base tokens only (the tree). */
export type ReadPart = 'full' | 'balance';

export interface ReadKey {
  /** The agent as checked (an EVM address in its EIP-55 form, or the node's agent ID). */
  agent: string;
  block: string | undefined;
  part: ReadPart;
}

export type AccountFetcher<C, R> = (chain: C, key: ReadKey, signal: AbortSignal) => Promise<R>;

export interface AccountReadsOptions<C, R> {
  fetch: AccountFetcher<C, R>;
  /** Whether a token goes along to this chain ('token' or 'none'): part of the key. */
  tokenDecision: (chain: C) => string;
  /** Answers kept; default 500. */
  capacity?: number;
  /** How long an answer at the latest state is believed (ms); default 30 s. */
  latestTtlMs?: number;
  /** How long a failure is kept before the node is asked again (ms); default 10 s. */
  errorTtlMs?: number;
  now?: () => number;
}

export interface ReadOptions {
  signal?: AbortSignal;
  /** Past the cache (Refresh); a read already in flight is still shared. */
  fresh?: boolean;
}

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export const DEFAULT_READS_CAPACITY = 500;
export const DEFAULT_LATEST_TTL_MS = 30_000;
export const DEFAULT_READ_ERROR_TTL_MS = 10_000;

export class AccountReads<C extends ReadChain, R> {
  private readonly cache: LruCache<string, Outcome<R>>;
  private readonly shared = new SharedRequests<R>();
  private readonly latestTtlMs: number;
  private readonly errorTtlMs: number;
  /** Bumped by forget(): a read started before must not be cached. */
  private generation = 0;

  constructor(private readonly options: AccountReadsOptions<C, R>) {
    this.latestTtlMs = options.latestTtlMs ?? DEFAULT_LATEST_TTL_MS;
    this.errorTtlMs = options.errorTtlMs ?? DEFAULT_READ_ERROR_TTL_MS;
    this.cache = new LruCache({ capacity: options.capacity ?? DEFAULT_READS_CAPACITY, now: options.now });
  }

  /** Reads sent to nodes (tests read it). */
  get started(): number {
    return this.shared.started;
  }

  /** The answer: cached, joined, or read now. Rejects with the read's error, or CancelledError for the caller's signal. */
  async read(chain: C, key: ReadKey, options: ReadOptions = {}): Promise<R> {
    const k = this.keyOf(chain, key);
    const cached = options.fresh ? undefined : this.cache.get(k);
    if (cached) {
      if (cached.ok) return cached.value;
      throw cached.error;
    }
    const generation = this.generation;
    return this.shared.run(k, options.signal, (signal) =>
      this.options.fetch(chain, key, signal).then(
        (value) => {
          if (generation === this.generation) this.cache.set(k, { ok: true, value }, key.block === undefined ? this.latestTtlMs : undefined);
          return value;
        },
        (error: unknown) => {
          if (generation === this.generation && !(error instanceof CancelledError) && !signal.aborted) this.cache.set(k, { ok: false, error }, this.errorTtlMs);
          throw error;
        },
      ),
    );
  }

  /** The cached answer, without any request. */
  peek(chain: C, key: ReadKey): R | undefined {
    const o = this.cache.get(this.keyOf(chain, key));
    return o?.ok ? o.value : undefined;
  }

  /** Forgets every answer and failure (a token changed, the chains changed). */
  forget(): void {
    this.generation++;
    this.cache.clear();
  }

  private keyOf(chain: C, key: ReadKey): string {
    return [this.options.tokenDecision(chain), chain.nodeUrl, chain.generation ?? '', chain.chainId, key.agent.toLowerCase(), key.block ?? '', key.part].join(
      '\n',
    );
  }
}
