// What a node's answer means: a body validated with its schema, or the typed error (errors.ts)
// of its status, its error body and the route asked; and the typed error of a transport failure.
// Every piece of node text that reaches an error message is revealed and clipped here, once. Pure.
import type * as z from 'zod/mini';
import {
  BadRequestError,
  CancelledError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  WaspApiError,
  type ErrorContext,
} from './errors';
import { clip, revealInvisible } from '../core/text';
import type { NodeErrorBody } from './stardustSchemas';
import type { Generation } from './generation';
import { generationOfRoute } from './traits';

/**
 * What reads a body: the lossless JSON parser and the zod schemas of both generations. They load
 * with the first request, while the node answers, not at activation (esbuild splits them into a
 * chunk of their own).
 */
export type Bodies = {
  v1: typeof import('./stardustSchemas.js');
  v2: typeof import('./rebasedSchemas.js');
  json: typeof import('./json.js');
  log: typeof import('./chainLogSchemas.js');
};
let bodies: Promise<Bodies> | undefined;
export const loadBodies = (): Promise<Bodies> => {
  if (!bodies) {
    bodies = Promise.all([import('./stardustSchemas.js'), import('./rebasedSchemas.js'), import('./json.js'), import('./chainLogSchemas.js')]).then(
      ([v1, v2, json, log]) => ({ v1, v2, json, log }),
    );
    // Started as a request is sent, awaited only if it is answered: a failed request leaves it unawaited.
    bodies.catch(() => undefined);
  }
  return bodies;
};

/** What the caller expects of an answer: its schema, and what a 404 means on its route. */
export interface AnswerExpectation<S extends z.ZodMiniType> {
  segments: string[];
  /** Picks the schema of the answer from the loaded body modules. */
  schema: (b: Bodies) => S;
  /** What a 404 means on this route; `rebasedChain` is `/v1/chain` (an empty 404 = no chain). */
  notFound?: 'receipt' | 'chain' | 'route' | 'rebasedChain';
  /** A detection probe: its unknown-route 404 is an answer, not a sign to re-detect. */
  probe?: boolean;
}

export function interpretAnswer<S extends z.ZodMiniType>(
  response: Response,
  text: string,
  o: AnswerExpectation<S>,
  context: ErrorContext,
  authenticated: boolean,
  b: Bodies,
  onRouteNotFound?: (routeGeneration: Generation) => void,
): z.output<S> {
  const status = response.status;
  // Status 0: a browser's opaque redirect (`redirect: 'manual'`), which never says where.
  if (status === 0 || (status >= 300 && status < 400)) {
    const location = status === 0 ? '(an address the browser does not show)' : redactLocation(response.headers.get('location'), context.url);
    throw new RedirectError(location, context);
  }
  const contentType = response.headers.get('content-type') ?? '';
  const parsed = tryParse(text, b.json);
  if (status >= 200 && status < 300) return validBody(parsed, text, contentType, o.schema(b), context);
  const body = parsed.ok ? b.v1.NodeErrorBodySchema.safeParse(parsed.value) : undefined;
  const err: NodeErrorBody = body?.success ? inertErrorBody(body.data) : {};
  const nodeMessage = nodeText(err, parsed.ok ? undefined : text, contentType);
  switch (true) {
    // A Rebased node's JWT middleware (echo-jwt v4.3.0) answers a missing token 400, not 401.
    case status === 401 || status === 403 || (status === 400 && /^missing or malformed jwt$/i.test((err.Message ?? '').trim())):
      throw unauthorized(status, err, nodeMessage, authenticated, context);
    case status === 404:
      throw notFound(o, err, nodeMessage, text, parsed.ok, context, onRouteNotFound);
    case status === 400:
      throw new BadRequestError(`The node rejected the request${nodeMessage ? `: ${nodeMessage}` : ''}`, err.Error || err.Message, context);
    case status === 429: {
      // An absent or empty header is no delay (Number(null) and Number('') are 0); Headers trims values.
      const header = response.headers.get('retry-after');
      const retry = header ? Number(header) : Number.NaN;
      throw new RateLimitedError('The node is rate limiting requests (429)', Number.isFinite(retry) && retry >= 0 ? retry : undefined, context);
    }
    default:
      throw new ServerError(`The node answered ${status}${nodeMessage ? `: ${nodeMessage}` : ''}`, context);
  }
}

/** A 2xx answer's body, validated with its schema; the first field that does not fit is named. */
function validBody<S extends z.ZodMiniType>(parsed: Parsed, text: string, contentType: string, schema: S, context: ErrorContext): z.output<S> {
  if (!parsed.ok) {
    const what = looksLikeHtml(text, contentType)
      ? `JSON, but the node sent an HTML page (${contentType || 'no content type'}): is the URL a Wasp web API?`
      : text.trim() === ''
        ? 'JSON, but the body was empty'
        : `JSON, but the body is not valid JSON (${parsed.reason})`;
    throw new InvalidResponseError('', what, context);
  }
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    // A union of whole bodies (the long poll's receipt or empty answer) reports its first branch: the
    // receipt's own field. A union inside a body (a uint64 as number or string) keeps its own words.
    const top = result.error.issues[0];
    const issue = top?.code === 'invalid_union' && top.path.length === 0 ? (top.errors[0]?.[0] ?? top) : top;
    const field = issue ? issue.path.map(String).join('.') : '';
    throw new InvalidResponseError(field, issue?.message ?? 'a valid value', context);
  }
  return result.data as z.output<S>;
}

function unauthorized(status: number, err: NodeErrorBody, nodeMessage: string | undefined, authenticated: boolean, context: ErrorContext): UnauthorizedError {
  // A node answers "invalid or expired jwt" also when no token was sent: that only
  // means it wants one, and "sign in again" would mislead.
  const tokenRejected = authenticated && /jwt|token/i.test(`${err.Message ?? ''} ${err.Error ?? ''}`);
  const message = err.missingPermission
    ? `The node denied access: missing permission "${err.missingPermission}"`
    : tokenRejected
      ? `The node rejected the access token: ${err.Message ?? 'invalid or expired'}`
      : `The node denied access (${status})${nodeMessage ? `: ${nodeMessage}` : ''}`;
  return new UnauthorizedError(message, err.missingPermission, tokenRejected, context);
}

/** A 404 in the words of its route; an unknown route (not a probe's) tells the listener which generation's route it was. */
function notFound(
  o: Pick<AnswerExpectation<z.ZodMiniType>, 'segments' | 'notFound' | 'probe'>,
  err: NodeErrorBody,
  nodeMessage: string | undefined,
  text: string,
  parsedOk: boolean,
  context: ErrorContext,
  onRouteNotFound?: (routeGeneration: Generation) => void,
): NotFoundError {
  const what = notFoundKind(o.notFound, err, nodeMessage, text, parsedOk);
  if (what === 'route' && o.notFound !== 'route' && !o.probe) {
    try {
      onRouteNotFound?.(generationOfRoute(o.segments));
    } catch {
      // A listener must never change the error the caller gets.
    }
  }
  const message =
    what === 'receipt'
      ? 'No receipt: the request is not known at this state'
      : what === 'chain'
        ? `Chain not found${err.Message ? `: ${err.Message}` : o.notFound === 'rebasedChain' ? ': the node runs no chain' : ''}`
        : `Not found (404)${nodeMessage ? `: ${nodeMessage}` : ''}`;
  return new NotFoundError(message, what, context);
}

export function transportError(e: unknown, timedOut: boolean, callerSignal: AbortSignal | undefined, context: ErrorContext, timeoutMs: number): WaspApiError {
  if (e instanceof WaspApiError) return e;
  if (timedOut) return new TimeoutError(timeoutMs, context);
  if (callerSignal?.aborted) return new CancelledError(context);
  const code = systemCode(e);
  const reason =
    code === 'ECONNREFUSED'
      ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'host not found'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET'
          ? 'connection closed by the node'
          : (code ?? innermostMessage(e) ?? 'network error');
  return new NetworkError(`The node could not be reached: ${reason}`, code, context, { cause: e });
}

/** What a 404 says is missing, from the route asked and the node's words. */
function notFoundKind(
  asked: AnswerExpectation<z.ZodMiniType>['notFound'],
  err: NodeErrorBody,
  nodeMessage: string | undefined,
  text: string,
  json: boolean,
): 'receipt' | 'chain' | 'route' {
  if (asked === 'receipt' && /record not found|no receipt/i.test(nodeMessage ?? '')) return 'receipt';
  if (/chain id/i.test(err.Message ?? '')) return 'chain';
  // `/v1/chain`: an empty 404 is a node that runs no chain; anything else, a route it lacks.
  if (asked === 'rebasedChain') return text.trim() === '' ? 'chain' : 'route';
  // echo's own 404 for a path no handler serves (a v1 path on a v2 node, or the reverse).
  const unknownRoute = json && /^not found$/i.test((err.Message ?? err.message ?? '').trim()) && !err.Error;
  if (unknownRoute) return 'route';
  if ((asked === 'receipt' || asked === 'chain') && json && (err.Message || err.Error)) return asked;
  return 'route';
}

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function tryParse(text: string, json: Bodies['json']): Parsed {
  try {
    return { ok: true, value: json.parseJsonExact(text) };
  } catch (e) {
    // V8's message quotes a piece of the body: node text, so shown inert and short.
    return { ok: false, reason: e instanceof json.JsonSyntaxError ? remoteText(e.message, 160) : 'unreadable' };
  }
}

/**
 * A node's words as they may appear in an error message: bidi and zero-width characters
 * revealed (so they cannot reorder or hide what the user reads, nor spoof an ID), short.
 * Every surface still shows them as text only (escaped Markdown, textContent).
 */
function remoteText(s: string, max: number): string {
  return clip(revealInvisible(s.length > max * 4 ? s.slice(0, max * 4) : s), max);
}

/** The error body's strings made inert and short once, before any message is built from them. */
function inertErrorBody(b: NodeErrorBody): NodeErrorBody {
  const out: NodeErrorBody = {};
  if (b.Message !== undefined) out.Message = remoteText(b.Message, 300);
  if (b.Error !== undefined) out.Error = remoteText(b.Error, 300);
  if (b.message !== undefined) out.message = remoteText(b.message, 300);
  if (b.error !== undefined) out.error = typeof b.error === 'string' ? remoteText(b.error, 300) : b.error;
  if (b.missingPermission !== undefined) out.missingPermission = remoteText(b.missingPermission, 40);
  return out;
}

function looksLikeHtml(text: string, contentType: string): boolean {
  return /html/i.test(contentType) || /^\s*</.test(text);
}

/** The node's own words for an error, kept short: it is shown to the user. */
function nodeText(err: NodeErrorBody, raw: string | undefined, contentType: string): string | undefined {
  const parts = [err.Message, err.Error, err.message, typeof err.error === 'string' ? err.error : undefined].filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
  if (parts.length > 0) return clip([...new Set(parts)].join(': '), 300);
  if (raw !== undefined && raw.trim() !== '') {
    return looksLikeHtml(raw, contentType) ? 'an HTML page instead of JSON (a proxy?)' : remoteText(raw.trim(), 120);
  }
  return undefined;
}

function redactLocation(location: string | null, base: string | undefined): string {
  if (!location) return '(no location)';
  try {
    const url = new URL(location, base);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(invalid location)';
  }
}

function innermostMessage(e: unknown): string | undefined {
  let message: string | undefined;
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    if (cur instanceof Error && cur.message) message = cur.message;
    cur = (cur as { cause?: unknown }).cause;
  }
  return message;
}

function systemCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}
