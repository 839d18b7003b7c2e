// Typed failures of the node API. Each class says what failed (message) and what the user can
// do about it (hint), so every surface (hover, tree, panel) can show the same clear text.
// Messages are English here because src/api never imports 'vscode'; the UI localises by `kind`.
import { formatTime } from '../core/format';

export type WaspErrorKind =
  | 'invalidInput'
  | 'unauthorized'
  | 'notFound'
  | 'badRequest'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'redirect'
  | 'tooLarge'
  | 'invalidResponse'
  | 'tokenExpired'
  | 'cancelled'
  | 'blocked';

export interface ErrorContext {
  /** The URL asked for, without credentials or query secrets. */
  url?: string;
  status?: number;
}

export abstract class WaspApiError extends Error {
  abstract readonly kind: WaspErrorKind;
  /** What the user can do about it, one sentence. */
  abstract readonly hint: string;
  readonly url: string | undefined;
  readonly status: number | undefined;

  constructor(message: string, context: ErrorContext = {}, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WaspApiError';
    this.url = context.url;
    this.status = context.status;
  }
}

/** Input rejected before any request was sent (malformed ID, block, URL). */
export class InvalidInputError extends WaspApiError {
  readonly kind = 'invalidInput';
  constructor(
    readonly field: string,
    message: string,
    readonly hint = 'Correct the value and try again.',
  ) {
    super(message);
  }
}

export class UnauthorizedError extends WaspApiError {
  readonly kind = 'unauthorized';
  readonly hint: string;
  constructor(
    message: string,
    /** The permission the node said is missing (`read`, `write`), when it said one. */
    readonly missingPermission: string | undefined,
    /** True when the node rejected the token itself (invalid or expired JWT). */
    readonly tokenRejected: boolean,
    context: ErrorContext,
  ) {
    super(message, context);
    this.hint = missingPermission
      ? `The node requires the "${missingPermission}" permission: set an access token that has it (Chain: Set Access Token) or sign in (Chain: Sign In).`
      : tokenRejected
        ? 'The node rejected the access token (invalid or expired): sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).'
        : 'The node requires an access token: set one (Chain: Set Access Token) or sign in (Chain: Sign In).';
  }
}

export class NotFoundError extends WaspApiError {
  readonly kind = 'notFound';
  constructor(
    message: string,
    /** What was not found, as far as the node told. */
    readonly what: 'receipt' | 'chain' | 'route' | 'unknown',
    context: ErrorContext,
    readonly hint = what === 'receipt'
      ? 'The request is not known to this chain at that state: check the request ID, the chain, and the block.'
      : what === 'chain'
        ? 'The node does not run this chain: check the chain ID and the node URL.'
        : 'Check the node URL: it should be the web API base (without /v1).',
  ) {
    super(message, context);
  }
}

export class BadRequestError extends WaspApiError {
  readonly kind = 'badRequest';
  constructor(
    message: string,
    /** The node's own explanation (its `Error` field). */
    readonly nodeMessage: string | undefined,
    context: ErrorContext,
    readonly hint = 'The node rejected the request: check the chain ID, the request ID and the block.',
  ) {
    super(message, context);
  }
}

export class RateLimitedError extends WaspApiError {
  readonly kind = 'rateLimited';
  readonly hint: string;
  constructor(
    message: string,
    readonly retryAfterSeconds: number | undefined,
    context: ErrorContext,
  ) {
    super(message, context);
    this.hint =
      retryAfterSeconds !== undefined
        ? `The node asks to wait ${retryAfterSeconds} s before trying again.`
        : 'The node is rate limiting requests: wait a moment and try again.';
  }
}

export class ServerError extends WaspApiError {
  readonly kind = 'server';
  constructor(
    message: string,
    context: ErrorContext,
    readonly hint = 'The node failed to answer: try again later, or check the node (for an unknown chain or block the receipt route also answers 500).',
  ) {
    super(message, context);
  }
}

export class NetworkError extends WaspApiError {
  readonly kind = 'network';
  constructor(
    message: string,
    /** The system error code (ECONNREFUSED, ENOTFOUND, ...), when known. */
    readonly code: string | undefined,
    context: ErrorContext,
    options?: { cause?: unknown },
    readonly hint = 'The node could not be reached: check the node URL and that the node is running.',
  ) {
    super(message, context, options);
  }
}

export class TimeoutError extends WaspApiError {
  readonly kind = 'timeout';
  constructor(
    readonly timeoutMs: number,
    context: ErrorContext,
    readonly hint = 'The node is slow or unreachable: try again, or raise waspChain.request.timeoutMs.',
  ) {
    super(`The node did not answer within ${timeoutMs} ms`, context);
  }
}

export class RedirectError extends WaspApiError {
  readonly kind = 'redirect';
  constructor(
    /** Where the node sent us (origin and path only). */
    readonly location: string,
    context: ErrorContext,
    readonly hint = "The node redirects to another address: set the chain's nodeUrl to that address if you trust it. Tokens are never sent along a redirect.",
  ) {
    super(`The node redirected to ${location}`, context);
  }
}

export class ResponseTooLargeError extends WaspApiError {
  readonly kind = 'tooLarge';
  constructor(
    readonly limitBytes: number,
    context: ErrorContext,
    readonly hint = 'The answer was larger than allowed: raise waspChain.request.maxResponseBytes if you trust this node.',
  ) {
    super(`The node's answer exceeded ${limitBytes} bytes`, context);
  }
}

export class InvalidResponseError extends WaspApiError {
  readonly kind = 'invalidResponse';
  constructor(
    /** The path of the field that failed, e.g. `request.gasBudget`; empty for the whole body. */
    readonly field: string,
    /** What was expected there. */
    readonly expected: string,
    context: ErrorContext,
    readonly hint = 'The node sent an answer this extension does not understand: check that the node URL points at a Wasp web API (v1).',
  ) {
    super(field ? `Invalid response: field "${field}": ${expected}` : `Invalid response: ${expected}`, context);
  }
}

export class CancelledError extends WaspApiError {
  readonly kind = 'cancelled';
  readonly hint = '';
  constructor(context: ErrorContext = {}, options?: { cause?: unknown }) {
    super('The request was cancelled', context, options);
  }
}

/** The stored token is a JWT past its `exp`: noticed before it is sent, so the node never sees it. */
export class TokenExpiredError extends WaspApiError {
  readonly kind = 'tokenExpired';
  readonly hint = 'The access token has expired: sign in again (Chain: Sign In) or set a new token (Chain: Set Access Token).';
  constructor(
    /** When it expired (ms since the epoch). */
    readonly expiredAt: number,
    context: ErrorContext = {},
  ) {
    super(`The access token expired at ${formatTime(expiredAt, expiredAt)?.absolute ?? String(expiredAt)}`, context);
  }
}

/**
 * What a browser would not send or let through (api/browserHost.ts): a plain-http node that is not
 * on this machine (refused before a request), a request blocked by CORS, mixed content or the
 * page's security policy, or the access token refused by the node's CORS.
 */
export class BrowserBlockedError extends WaspApiError {
  readonly kind = 'blocked';
  readonly hint: string;
  constructor(
    readonly reason: 'plainHttp' | 'blocked' | 'token',
    message: string,
    context: ErrorContext,
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
    this.hint =
      reason === 'plainHttp'
        ? "Use the node's https URL, or open this folder in desktop VS Code, which reaches any node."
        : reason === 'token'
          ? "Ask the node's operator to allow the Authorization header in its CORS settings, or use desktop VS Code."
          : 'Check that the node is up and answers a browser: https (or http on localhost), and CORS that allows this page. Desktop VS Code has none of these limits.';
  }
}
