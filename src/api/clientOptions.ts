// What a Wasp node's client is made with and what its routes take: the options of a client, of a
// read (block, cancel, raw body), of one call (the answer expected, method, query, token, time
// limit), and which chain a chain route is about.
import type * as z from 'zod/mini';
import type { AnswerExpectation } from './answers';
import type { TokenProvider } from './clientAuth';
import type { Generation } from './generation';
import type { Limiter } from './limiter';
import type { RequestLogEntry, RetryWait } from './transport';

export interface WaspClientOptions {
  /** The node's web API base, e.g. `https://host/wasp/api` (a path prefix is kept). */
  baseUrl: string | URL;
  token?: TokenProvider;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Injectable fetch (tests, proxies); defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** A concurrency limit shared with other clients. */
  limiter?: Limiter;
  /** Called once per request with what may be logged. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * Called when a chain route answers the unknown-route 404, with the generation the route belongs
   * to: a node detected as that generation no longer serves it (re-detection). Never for a probe.
   */
  onRouteNotFound?: (routeGeneration: Generation) => void;
  /** The wait before a retry (transport.ts); a real timer when absent. Injectable (tests). */
  waitBeforeRetry?: RetryWait;
}

export interface ReadOptions {
  /** A block index or trie root (`0x` + 40 hex); omitted = latest state. */
  block?: string | number;
  signal?: AbortSignal;
  /** Receives the body exactly as the node sent it, once it validated ("open raw JSON"). */
  onBody?: (text: string) => void;
}

export interface CallOptions<S extends z.ZodMiniType> extends AnswerExpectation<S> {
  onBody?: (text: string) => void;
  method?: 'GET' | 'POST';
  /** The path is under `/v1` unless false (the auth routes are not). */
  v1?: boolean;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends the token (false for the login call itself). */
  auth?: boolean;
  /** This call's own time limit (a long poll outlasts the usual one). */
  timeoutMs?: number;
  /** Outside the shared limiter: long polls are bounded by their own cap (waspChain.watch.maxWatches) and must not starve hovers. */
  unlimited?: boolean;
}

/** Which chain a chain-log route is about: a Stardust chain by its ID, or a Rebased node's one chain. */
export type ChainTarget = { generation: 'stardust'; chainId: string } | { generation: 'rebased' };
