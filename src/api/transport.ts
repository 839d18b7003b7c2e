// The one HTTP transport of the extension: every request to a node (WaspClient) and to an EVM
// JSON-RPC endpoint (evm/model/jsonRpc.ts) goes through ofetch here. Pure: no 'vscode'.
//
// What ofetch does: the request itself, its hooks (each attempt is timed, its status noted, and a
// retried one logged), the one bounded retry (the rule is transportRetry.ts: the hooks decide and
// wait, ofetch asks again), and the FetchError of an answer that is not 2xx, whose response is
// handed back to the caller to read as the node's answer.
// What stays ours, over ofetch: one deadline over the headers, the retry and the body, together
// with the caller's AbortSignal (ofetch's `timeout` is dropped when a signal is given and ends when
// the headers arrive); the byte cap applied while the body streams (responseType 'stream', read
// here chunk by chunk: a 50 MB or endless body is cut at the cap, never buffered); redirects never
// followed ('manual': the 3xx is the answer; 'error': a failure), so a token never travels along
// one; and every failure mapped to one typed error (errors.ts).
// ofetch loads with the first request, not at activation (esbuild splits it into a chunk).
import type { FetchContext, FetchOptions } from 'ofetch';
import { BrowserBlockedError, CancelledError, NetworkError, ResponseTooLargeError, WaspApiError, type ErrorContext } from './errors';
import { browserRefusal, isBrowserBlock } from './browserHost';
import { transportError } from './answers';
import { retryDelayMs, waitUnlessAborted } from './transportRetry';

export interface RequestLogEntry {
  method: string;
  /** Without credentials. Never carries the token. */
  url: string;
  status?: number;
  durationMs: number;
  error?: string;
  /** Whether an Authorization header was sent (never its value). */
  authenticated: boolean;
}

export interface TransportRequest {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Never 'follow': a redirect is an answer ('manual') or a failure ('error'). */
  redirect: 'manual' | 'error';
  credentials?: RequestInit['credentials'];
  /** The caller's: aborting it ends the request (and any wait before a retry) at once. */
  signal?: AbortSignal;
  /** One deadline over the whole request: headers, a retry and the body. */
  timeoutMs: number;
  /** The body is cut here while it streams. */
  maxBytes: number;
  /** false: the body of an answer that is not 2xx is dropped unread (the status is all the caller wants). */
  readErrorBody?: boolean;
  /** Injectable (tests, proxies); the global fetch when absent, looked up per request. */
  fetch?: typeof globalThis.fetch;
  /** What errors carry: the URL without credentials; the status is filled in when an answer arrives. */
  context: ErrorContext;
  /** Called for an attempt that is asked again, with what may be logged. */
  onRetried?: (entry: RequestLogEntry) => void;
  /** The wait before the retry; a timer that ends at once when the signal aborts (waitUnlessAborted) when absent. Injectable (tests). */
  waitBeforeRetry?: RetryWait;
}

/** Resolves after `ms`, or rejects when `signal` aborts. */
export type RetryWait = (ms: number, signal: AbortSignal) => Promise<void>;

export interface TransportAnswer {
  /** The answer as the node sent it, any status; its body has been read into `text`. */
  response: Response;
  text: string;
}

type Ofetch = typeof import('ofetch');
let ofetch: Promise<Ofetch> | undefined;
const loadOfetch = (): Promise<Ofetch> => (ofetch ??= import('ofetch'));

/** Sends one request (and at most one retry, transportRetry.ts) and reads its body up to the cap. */
export async function send(req: TransportRequest): Promise<TransportAnswer> {
  const refusal = browserRefusal(req.url);
  if (refusal) throw new BrowserBlockedError('plainHttp', refusal, req.context);
  const { createFetch, FetchError } = await loadOfetch();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (req.signal?.aborted) controller.abort();
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const fail = (e: unknown) => failure(e instanceof FetchError ? (e.cause ?? e) : e, timedOut, req);
  try {
    let response: Response;
    try {
      response = await createFetch(req.fetch ? { fetch: req.fetch } : {}).raw(req.url, ofetchOptions(req, controller.signal, Date.now() + req.timeoutMs));
    } catch (e) {
      // An answer that is not 2xx: the node's answer, the caller reads it.
      if (!(e instanceof FetchError) || !e.response) throw await blockedOr(fail(e), e instanceof FetchError ? (e.cause ?? e) : e, req, controller.signal);
      response = e.response;
    }
    req.context.status = response.status;
    if (!response.ok && req.readErrorBody === false) {
      await response.body?.cancel().catch(() => undefined);
      return { response, text: '' };
    }
    try {
      return { response, text: await readCapped(response, req.maxBytes, controller.signal, req.context) };
    } catch (e) {
      throw fail(e);
    }
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** ofetch's options: the request, the body left unread (a stream), and hooks that time, note and retry. */
function ofetchOptions(req: TransportRequest, signal: AbortSignal, deadline: number): FetchOptions<'stream'> {
  let attempts = 0;
  let started = Date.now();
  const authenticated = Object.keys(req.headers).some((h) => h.toLowerCase() === 'authorization');
  // Runs when an attempt failed (no answer, or not 2xx); ofetch asks again only if this sets retry.
  const onFailure = async (ctx: FetchContext) => {
    const now = Date.now();
    const delay =
      attempts === 0 && !signal.aborted
        ? retryDelayMs({ method: req.method, status: ctx.response?.status, retryAfter: ctx.response?.headers.get('retry-after'), error: ctx.error }, now)
        : undefined;
    // A wait the deadline would cut short is no retry: the answer surfaces as it is.
    if (delay === undefined || now + delay >= deadline) {
      ctx.options.retry = 0;
      return;
    }
    attempts++;
    await ctx.response?.body?.cancel().catch(() => undefined);
    const what = ctx.response ? `The node answered ${ctx.response.status}` : transportError(ctx.error, false, undefined, req.context, req.timeoutMs).message;
    const entry = { method: req.method, url: req.context.url ?? '', status: ctx.response?.status, durationMs: now - started, authenticated };
    try {
      req.onRetried?.({ ...entry, error: `${what}; asked once more in ${delay} ms` });
    } catch {
      // A logger must never break a request.
    }
    await (req.waitBeforeRetry ?? waitUnlessAborted)(delay, signal);
    ctx.options.retry = 1;
  };
  return {
    method: req.method,
    headers: req.headers,
    body: req.body,
    redirect: req.redirect,
    credentials: req.credentials,
    signal,
    responseType: 'stream',
    retry: 0,
    retryDelay: 0,
    // ofetch files an attempt that got no answer (a reset) under 500; onFailure decides for each.
    retryStatusCodes: [500, 502, 503, 504],
    onRequest: () => {
      started = Date.now();
      delete req.context.status;
    },
    onResponse: ({ response }) => {
      req.context.status = response.status;
    },
    onRequestError: onFailure,
    onResponseError: onFailure,
  };
}

/** The typed error of a failed request: the caller's cancel, the deadline, or the network. */
function failure(e: unknown, timedOut: boolean, req: TransportRequest): WaspApiError {
  if (e instanceof WaspApiError) return e;
  if (!timedOut && req.signal?.aborted) return new CancelledError(req.context, { cause: e });
  return transportError(e, timedOut, req.signal, req.context, req.timeoutMs);
}

/**
 * In a browser, a request that got no answer may have been blocked (CORS, mixed content, policy).
 * A GET that carried a token is asked once more without it: an answer then (any status) means the
 * node's CORS refused the Authorization header. Nothing secret is sent by that second request.
 */
async function blockedOr(mapped: WaspApiError, cause: unknown, req: TransportRequest, signal: AbortSignal): Promise<WaspApiError> {
  if (!(mapped instanceof NetworkError) || !isBrowserBlock(cause)) return mapped;
  const withoutToken = Object.fromEntries(Object.entries(req.headers).filter(([h]) => h.toLowerCase() !== 'authorization'));
  const hadToken = Object.keys(withoutToken).length < Object.keys(req.headers).length;
  const tokenRefused =
    hadToken &&
    req.method === 'GET' &&
    (await (req.fetch ?? globalThis.fetch)(req.url, { method: 'GET', headers: withoutToken, redirect: 'manual', signal }).then(
      (r) => (void r.body?.cancel().catch(() => undefined), true),
      () => false,
    ));
  return tokenRefused
    ? new BrowserBlockedError('token', "The browser blocked the access token: the node's CORS does not allow the Authorization header", req.context, { cause })
    : new BrowserBlockedError(
        'blocked',
        "The browser blocked this request: CORS, mixed content or the page's security policy (or the node is not reachable: a browser does not say which)",
        req.context,
        { cause },
      );
}

/** Reads the body as UTF-8 up to `maxBytes`; a larger or endless body is cut off at the cap. */
async function readCapped(response: Response, maxBytes: number, signal: AbortSignal, context: ErrorContext): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const stream = response.body;
  if (Number.isFinite(declared) && declared > maxBytes) {
    await stream?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(maxBytes, context);
  }
  if (!stream) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      if (signal.aborted) throw signal.reason ?? new Error('aborted');
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(maxBytes, context);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return new TextDecoder('utf-8').decode(concat(chunks, total));
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
