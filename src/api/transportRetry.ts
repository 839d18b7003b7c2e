// When the transport asks a second time, and after how long. One retry at most, of a GET only
// (reading is idempotent; a POST such as a sign-in or a JSON-RPC call is never sent twice), and
// only for what a flaky node behind a load balancer answers: a connection closed before any
// answer, 502, 503 or 504. A 4xx is the node's answer and never retried; a timeout or a
// cancelled request is never retried either (the transport checks its signal before asking).
// Retry-After is honoured up to MAX_RETRY_AFTER_MS; a node that asks for longer gets its answer
// shown as it is. Pure.

/** The answers retried once. */
export const RETRIED_STATUSES: readonly number[] = [502, 503, 504];
/** The longest Retry-After waited for; above it, no retry. */
export const MAX_RETRY_AFTER_MS = 2_000;
/** The wait before the retry when the node named none: this, plus up to half of it again (jitter). */
export const RETRY_DELAY_MS = 250;

/** What the first attempt came back with. */
export interface FailedAttempt {
  method: string;
  /** The answer's status; undefined when none came. */
  status?: number;
  /** The answer's Retry-After header, as sent. */
  retryAfter?: string | null;
  /** What the fetch failed with when no answer came. */
  error?: unknown;
}

/** How long to wait before asking once more, or undefined: not asked again. */
export function retryDelayMs(attempt: FailedAttempt, now: number, random: () => number = Math.random): number | undefined {
  if (attempt.method !== 'GET') return undefined;
  const jittered = () => Math.round(RETRY_DELAY_MS * (1 + random() / 2));
  if (attempt.status === undefined) return connectionClosed(attempt.error) ? jittered() : undefined;
  if (!RETRIED_STATUSES.includes(attempt.status)) return undefined;
  const asked = retryAfterMs(attempt.retryAfter, now);
  if (asked === undefined) return jittered();
  return asked <= MAX_RETRY_AFTER_MS ? asked : undefined;
}

/** Retry-After as a wait in ms: delay-seconds or an HTTP date (a past date is no wait); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  const value = header?.trim() ?? '';
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP date form starts with the day's name; Date.parse alone would read "-1" as a year.
  const at = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The connection was reset or closed by the other side before an answer: the system code, anywhere in the cause chain. */
function connectionClosed(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

/** Resolves after `ms`, or rejects at once when `signal` aborts (before or during the wait). */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
