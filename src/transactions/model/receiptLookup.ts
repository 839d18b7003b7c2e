// Finds a request's receipt across the configured chains, in order: the first chain that knows
// the request answers; "not found" moves on to the next chain, any other failure is remembered
// and reported only when no chain answered. Hovers fire often and in bursts, so:
//   - one request in flight per (node, chain, request, block): concurrent callers share it;
//   - answers are kept in a bounded LRU; a "not found" only briefly (the request may land soon);
//   - a failure (401, 5xx, 429, timeout…) is kept briefly too, so that hovering the same ID again
//     and again never becomes a retry storm against a node that refuses (a 429 for as long as its
//     Retry-After asks, within bounds); `fresh` (an explicit refresh) still asks again;
//   - each caller's AbortSignal frees that caller at once, and the shared request is aborted
//     only when nobody waits on it any more.
// Pure: the fetch function is injected (a WaspClient in the extension, a stub in unit tests).
import { CancelledError, NotFoundError, RateLimitedError } from '../../api/errors';
import { LruCache } from '../../core/lru';

/** What the lookup needs to know of a chain; ChainEntry fits. */
export interface LookupChain {
  /** The chain's name in our settings: what the user sees. */
  readonly name: string;
  readonly nodeUrl: string;
  readonly chainId: string;
  /** 'stardust' or 'rebased': the same node URL answers differently per generation, so it is part of the cache key. */
  readonly generation?: string;
}

export type ReceiptFetcher<C, R> = (chain: C, requestId: string, options: { block: string | undefined; signal: AbortSignal }) => Promise<R>;

export interface ReceiptLookupOptions<C, R> {
  fetch: ReceiptFetcher<C, R>;
  /** True when the error means "this chain does not know the request". Default: a 404 of the receipt route. */
  isNotFound?: (error: unknown) => boolean;
  /** Answers kept; default 500. */
  capacity?: number;
  /** A budget over the answers' weights (roughly bytes held); default 64 MiB. */
  maxWeight?: number;
  /** The weight of an answer (roughly the bytes it holds); default 1. */
  weigh?: (value: R) => number;
  /** How long a "not found" is believed, in ms; default 30 s. */
  notFoundTtlMs?: number;
  /** How long a failure (other than a cancellation) is kept before the node is asked again, in ms; default 10 s. */
  errorTtlMs?: number;
  now?: () => number;
  /**
   * Whether a token goes along to this chain (e.g. 'token' or 'none'): part of the cache key, so
   * that a 401 earned without the token is never served for a chain asked with it. Default ''.
   */
  tokenDecision?: (chain: C) => string;
}

export interface LookupFailure<C> {
  chain: C;
  error: unknown;
}

export type LookupResult<C, R> =
  | {
      found: true;
      /** The chain that answered. */
      chain: C;
      value: R;
      /** True when no request was needed for the answering chain. */
      fromCache: boolean;
      /** Chains asked before, in order, that did not know the request. */
      notFoundOn: C[];
      /** Chains asked before that failed (unreachable, 401, ...). */
      failures: LookupFailure<C>[];
    }
  | { found: false; notFoundOn: C[]; failures: LookupFailure<C>[] };

export interface LookupOptions {
  /** A block index or trie root; undefined = latest state. */
  block?: string;
  signal?: AbortSignal;
  /** Skip cached answers (a refresh); a request already in flight is still shared. */
  fresh?: boolean;
}

type Outcome<R> = { kind: 'found'; value: R } | { kind: 'notFound' } | { kind: 'error'; error: unknown };

interface Shared<R> {
  promise: Promise<Outcome<R>>;
  controller: AbortController;
  waiters: number;
}

export const DEFAULT_LOOKUP_CAPACITY = 500;
export const DEFAULT_LOOKUP_MAX_WEIGHT = 64 * 1024 * 1024;
/** What a not-found or error mark weighs: small, but not free. */
const OUTCOME_MARK_WEIGHT = 256;
export const DEFAULT_NOT_FOUND_TTL_MS = 30_000;
export const DEFAULT_ERROR_TTL_MS = 10_000;
/** A node's Retry-After is honoured up to this long (a hostile one could ask for days). */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;

export function isReceiptNotFound(error: unknown): boolean {
  return error instanceof NotFoundError && error.what === 'receipt';
}

export class ReceiptLookup<C extends LookupChain, R> {
  private readonly cache: LruCache<string, Outcome<R>>;
  private readonly inFlight = new Map<string, Shared<R>>();
  private readonly fetchImpl: ReceiptFetcher<C, R>;
  private readonly isNotFound: (error: unknown) => boolean;
  private readonly notFoundTtlMs: number;
  private readonly errorTtlMs: number;
  private readonly tokenDecision: (chain: C) => string;
  /** Bumped by invalidate(): an answer to a request started before must not be cached. */
  private generation = 0;
  /** Requests sent to nodes (tests and the log read it). */
  fetchCount = 0;

  constructor(options: ReceiptLookupOptions<C, R>) {
    this.fetchImpl = options.fetch;
    this.isNotFound = options.isNotFound ?? isReceiptNotFound;
    this.notFoundTtlMs = options.notFoundTtlMs ?? DEFAULT_NOT_FOUND_TTL_MS;
    this.errorTtlMs = options.errorTtlMs ?? DEFAULT_ERROR_TTL_MS;
    this.tokenDecision = options.tokenDecision ?? (() => '');
    const weigh = options.weigh;
    this.cache = new LruCache<string, Outcome<R>>({
      capacity: options.capacity ?? DEFAULT_LOOKUP_CAPACITY,
      now: options.now,
      // A hostile or merely large answer (up to the response size limit) must not let 500
      // entries hold gigabytes: the cache also keeps to a budget of bytes.
      maxWeight: options.maxWeight ?? DEFAULT_LOOKUP_MAX_WEIGHT,
      weigh: (o) => (o.kind === 'found' && weigh ? weigh(o.value) : OUTCOME_MARK_WEIGHT),
    });
  }

  /** Entries cached (answers and not-found marks). */
  get cacheSize(): number {
    return this.cache.size;
  }

  /** Requests in flight right now. */
  get pending(): number {
    return this.inFlight.size;
  }

  /**
   * Asks the chains in order. Resolves with the first answer, or with every chain's
   * not-found/failure when none answered. Rejects only with CancelledError (the caller's signal).
   */
  async lookup(requestId: string, chains: readonly C[], options: LookupOptions = {}): Promise<LookupResult<C, R>> {
    const id = requestId.toLowerCase();
    const notFoundOn: C[] = [];
    const failures: LookupFailure<C>[] = [];
    for (const chain of chains) {
      if (options.signal?.aborted) throw new CancelledError();
      const key = cacheKey(chain, id, options.block, this.tokenDecision(chain));
      const cached = options.fresh ? undefined : this.cache.get(key);
      const outcome = cached ?? (await this.join(key, chain, id, options.block, options.signal));
      if (outcome.kind === 'found') return { found: true, chain, value: outcome.value, fromCache: cached !== undefined, notFoundOn, failures };
      if (outcome.kind === 'notFound') notFoundOn.push(chain);
      else failures.push({ chain, error: outcome.error });
    }
    return { found: false, notFoundOn, failures };
  }

  /** The sum of the cached answers' weights (roughly the bytes held), bounded by maxWeight. */
  get cacheWeight(): number {
    return this.cache.weight;
  }

  /** The cached answer of one chain without any request, or undefined. */
  peek(requestId: string, chain: C, block?: string): R | undefined {
    const o = this.cache.get(cacheKey(chain, requestId.toLowerCase(), block, this.tokenDecision(chain)));
    return o?.kind === 'found' ? o.value : undefined;
  }

  /**
   * Forgets cached answers: all, only "not found" marks, only failures (e.g. after a token
   * changed), or both of those ('misses', e.g. after the chains changed).
   */
  invalidate(what: 'all' | 'notFound' | 'errors' | 'misses' = 'all'): void {
    this.generation++;
    if (what === 'all') this.cache.clear();
    else if (what === 'misses') this.cache.deleteWhere((o) => o.kind !== 'found');
    else this.cache.deleteWhere((o) => o.kind === (what === 'errors' ? 'error' : 'notFound'));
  }

  /**
   * Forgets what was believed of one request where it was not found or failed, on every chain:
   * e.g. once a watch saw its receipt arrive, a "not found" kept for a while must not answer the
   * next hover. A request for it already in flight is not shared any more (its answer may predate
   * the news) and its answer is not cached.
   */
  forgetMisses(requestId: string): void {
    const id = requestId.toLowerCase();
    this.generation++;
    this.cache.deleteWhere((o, key) => o.kind !== 'found' && key.split('\n')[4] === id);
    for (const [key] of this.inFlight) if (key.split('\n')[4] === id) this.inFlight.delete(key);
  }

  /**
   * Forgets every answer (and failure) of the nodes matching `node` that was fetched under the
   * given token decision: e.g. after Sign Out, the receipts read with the token.
   */
  forgetAnswers(tokenDecision: string, node: (nodeUrl: string) => boolean): void {
    this.generation++;
    this.cache.deleteWhere((_, key) => {
      const [decision, nodeUrl] = key.split('\n');
      return decision === tokenDecision && node(nodeUrl ?? '');
    });
  }

  private join(key: string, chain: C, requestId: string, block: string | undefined, signal: AbortSignal | undefined): Promise<Outcome<R>> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const shared = this.inFlight.get(key) ?? this.start(key, chain, requestId, block);
    shared.waiters++;
    return new Promise<Outcome<R>>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        this.leave(key, shared);
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      void shared.promise.then((outcome) => {
        signal?.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        shared.waiters--;
        resolve(outcome);
      });
    });
  }

  /** A caller gave up: the shared request goes on while anyone else waits, else it is aborted. */
  private leave(key: string, shared: Shared<R>): void {
    shared.waiters--;
    if (shared.waiters <= 0 && this.inFlight.get(key) === shared) {
      this.inFlight.delete(key);
      shared.controller.abort();
    }
  }

  private start(key: string, chain: C, requestId: string, block: string | undefined): Shared<R> {
    const controller = new AbortController();
    const generation = this.generation;
    this.fetchCount++;
    const shared: Shared<R> = { controller, waiters: 0, promise: undefined as unknown as Promise<Outcome<R>> };
    // Never rejects: an abandoned request must not become an unhandled rejection.
    shared.promise = Promise.resolve()
      .then(() => this.fetchImpl(chain, requestId, { block, signal: controller.signal }))
      .then(
        (value): Outcome<R> => ({ kind: 'found', value }),
        (error: unknown): Outcome<R> => (this.isNotFound(error) ? { kind: 'notFound' } : { kind: 'error', error }),
      )
      .then((outcome) => {
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
        if (generation === this.generation && !controller.signal.aborted) {
          if (outcome.kind === 'found') this.cache.set(key, outcome);
          else if (outcome.kind === 'notFound') this.cache.set(key, outcome, this.notFoundTtlMs);
          else if (!(outcome.error instanceof CancelledError) && this.errorTtlMs > 0) this.cache.set(key, outcome, errorTtlFor(outcome.error, this.errorTtlMs));
        }
        return outcome;
      });
    this.inFlight.set(key, shared);
    return shared;
  }
}

/** How long a failure is kept: a 429's Retry-After when longer than the default, within bounds. */
function errorTtlFor(error: unknown, base: number): number {
  const retryAfter = error instanceof RateLimitedError ? error.retryAfterSeconds : undefined;
  return retryAfter === undefined ? base : Math.min(MAX_RETRY_AFTER_MS, Math.max(base, retryAfter * 1000));
}

/**
 * One key per (token decision, node, generation, chain, request, block): two chain names for the
 * same node and chain share it when the same token decision applies to both.
 */
function cacheKey(chain: LookupChain, requestId: string, block: string | undefined, tokenDecision: string): string {
  return `${tokenDecision}\n${chain.nodeUrl}\n${chain.generation ?? ''}\n${chain.chainId}\n${requestId}\n${block ?? ''}`;
}
