// The watched requests: each one long-polls its node again and again until the receipt arrives,
// the user cancels, or the user's time limit runs out. Bounded on purpose:
//   - one request in flight per watch (the loop is sequential), at most `maxWatches` watches;
//   - the rate is set by the node's long poll (about 30 s a round), and a round that ends early
//     (a 408 at once, a proxy's instant answer) still waits out `minRoundMs`: never a storm;
//   - a network loss, a timeout, a 5xx or a 429 backs off exponentially (with jitter, capped),
//     and a 429's Retry-After is honoured within bounds; anything else (401, 404, 400, an answer we
//     cannot read) ends the watch with that error: asking again would not change it.
// Pure: the wait (a WaspClient in the extension), the clock and the randomness are injected, so
// unit tests drive every path without a node or real time.
import { CancelledError, NetworkError, RateLimitedError, ServerError, TimeoutError } from '../../api/errors';

export interface Clock {
  now(): number;
  /** Resolves after ms, or rejects (any error) once the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(new CancelledError());
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new CancelledError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

/** One round of the long poll: the receipt, or undefined when the node's wait ended without it. */
export type WaitFn<T, R> = (target: T, options: { signal: AbortSignal; timeoutSeconds: number }) => Promise<R | undefined>;

export type WatchEnd<R> =
  | { kind: 'arrived'; receipt: R }
  | { kind: 'cancelled' }
  /** The user's time limit ran out. */
  | { kind: 'expired' }
  /** An answer that asking again would not change (401, 404, 400, unreadable). */
  | { kind: 'failed'; error: unknown };

export interface WatchInfo<T> {
  readonly key: string;
  readonly target: T;
  readonly startedAt: number;
  /** When the user's limit ends it. */
  readonly deadline: number;
  /** Long-poll requests sent so far. */
  readonly rounds: number;
  /** 'waiting': a long poll is out; 'backoff': after a failure, until `retryAt`. */
  readonly state: 'waiting' | 'backoff' | 'pause';
  readonly retryAt?: number;
  /** The last transient failure, while backing off. */
  readonly lastError?: unknown;
}

export type AddResult<T> = { ok: true; watch: WatchInfo<T>; existing: boolean } | { ok: false; reason: 'full'; max: number };

export interface WatchSetOptions<T, R> {
  wait: WaitFn<T, R>;
  /** One watch per key (e.g. node, chain and request). */
  key: (target: T) => string;
  /** The user's limit per watch (ms), read when a watch starts. */
  limitMs: () => number;
  /** The most watches at once, read when one is added. */
  maxWatches: () => number;
  clock?: Clock;
  random?: () => number;
  /** The node's own wait per round (s); default 30, what both generations cut it to. */
  waitSeconds?: number;
  /** The shortest round (ms); default 5 s. */
  minRoundMs?: number;
  /** First backoff (ms); default 2 s, doubling up to maxBackoffMs. */
  backoffMs?: number;
  /** Longest backoff (ms); default 60 s. */
  maxBackoffMs?: number;
  /** Longest Retry-After honoured (ms); default 5 min. */
  maxRetryAfterMs?: number;
}

export const DEFAULT_MIN_ROUND_MS = 5_000;
export const DEFAULT_BACKOFF_MS = 2_000;
export const DEFAULT_MAX_BACKOFF_MS = 60_000;

/** Whether a failure is worth another round after a pause: the node may come back. */
export function isTransient(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof RateLimitedError || error instanceof ServerError;
}

interface Entry<T> {
  info: Mutable<WatchInfo<T>>;
  controller: AbortController;
  done: Promise<WatchEnd<unknown>>;
  /** Settles when the receipt came from elsewhere (the live feed): it short-cuts the round under way. */
  arrival: Promise<unknown>;
  arrive: (receipt: unknown) => void;
}

type Mutable<X> = { -readonly [K in keyof X]: X[K] };

export class WatchSet<T, R> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly changeListeners = new Set<() => void>();
  private readonly endListeners = new Set<(info: WatchInfo<T>, end: WatchEnd<R>) => void>();
  private readonly clock: Clock;
  private readonly random: () => number;
  /** Long-poll requests sent by every watch (the benchmark and tests read it). */
  requestsSent = 0;
  /** The most rounds of one watch out at the same time, ever (1 by construction; tests check it). */
  maxInFlightPerWatch = 0;
  private readonly inFlight = new Map<string, number>();
  private disposed = false;

  constructor(private readonly options: WatchSetOptions<T, R>) {
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
  }

  get size(): number {
    return this.entries.size;
  }

  list(): WatchInfo<T>[] {
    return [...this.entries.values()].map((e) => ({ ...e.info }));
  }

  get(key: string): WatchInfo<T> | undefined {
    const e = this.entries.get(key);
    return e ? { ...e.info } : undefined;
  }

  has(target: T): boolean {
    return this.entries.has(this.options.key(target));
  }

  /** Fires when a watch starts, ends or changes state (the status bar counts them). */
  onDidChange(listener: () => void): { dispose(): void } {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  /** Fires once per watch, when it ends, whatever the reason. */
  onDidEnd(listener: (info: WatchInfo<T>, end: WatchEnd<R>) => void): { dispose(): void } {
    this.endListeners.add(listener);
    return { dispose: () => this.endListeners.delete(listener) };
  }

  /** Starts watching (or returns the watch already on this target); refused past maxWatches. */
  add(target: T): AddResult<T> {
    const key = this.options.key(target);
    const existing = this.entries.get(key);
    if (existing) return { ok: true, watch: { ...existing.info }, existing: true };
    const max = Math.max(1, Math.floor(this.options.maxWatches()));
    if (this.disposed || this.entries.size >= max) return { ok: false, reason: 'full', max };
    const startedAt = this.clock.now();
    const info: Mutable<WatchInfo<T>> = { key, target, startedAt, deadline: startedAt + Math.max(0, this.options.limitMs()), rounds: 0, state: 'waiting' };
    const controller = new AbortController();
    let arrive: (receipt: unknown) => void = () => undefined;
    const arrival = new Promise<unknown>((resolve) => (arrive = resolve));
    const entry: Entry<T> = { info, controller, done: Promise.resolve({ kind: 'cancelled' }), arrival, arrive };
    this.entries.set(key, entry);
    entry.done = this.run(entry).then((end) => {
      this.entries.delete(key);
      this.changed();
      for (const l of [...this.endListeners]) {
        try {
          l({ ...info }, end);
        } catch {
          // A listener must never stop the others.
        }
      }
      return end;
    });
    this.changed();
    return { ok: true, watch: { ...info }, existing: false };
  }

  /** Resolves with how the watch ended (undefined when there is no such watch). */
  async ended(key: string): Promise<WatchEnd<R> | undefined> {
    const e = this.entries.get(key);
    return e ? ((await e.done) as WatchEnd<R>) : undefined;
  }

  /**
   * The receipt of a watch, from elsewhere (the node's live feed): the watch ends as arrived at
   * once, and the long poll under way is cancelled. False when there is no such watch.
   */
  arrive(key: string, receipt: R): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    e.arrive(receipt);
    return true;
  }

  cancel(key: string): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    e.controller.abort();
    return true;
  }

  cancelAll(): void {
    for (const e of this.entries.values()) e.controller.abort();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelAll();
    this.changeListeners.clear();
  }

  private changed(): void {
    for (const l of [...this.changeListeners]) {
      try {
        l();
      } catch {
        // A listener must never break a watch.
      }
    }
  }

  private async run(entry: Entry<T>): Promise<WatchEnd<R>> {
    // Let add() return (and its caller subscribe) before the first round starts.
    await Promise.resolve();
    const { info, controller } = entry;
    const signal = controller.signal;
    const o = this.options;
    const waitSeconds = o.waitSeconds ?? 30;
    const minRound = o.minRoundMs ?? DEFAULT_MIN_ROUND_MS;
    const backoff = o.backoffMs ?? DEFAULT_BACKOFF_MS;
    const maxBackoff = o.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
    const maxRetryAfter = o.maxRetryAfterMs ?? 5 * 60_000;
    let failures = 0;
    let arrived: { receipt: R } | undefined;
    const arrival = entry.arrival.then((receipt) => (arrived = { receipt: receipt as R }));
    // The receipt from elsewhere ends the watch at once; aborting cancels the long poll under way.
    void arrival.then(() => controller.abort());
    const early = (): WatchEnd<R> | undefined => (arrived ? { kind: 'arrived', receipt: arrived.receipt } : undefined);
    for (;;) {
      const before = early();
      if (before) return before;
      if (signal.aborted) return { kind: 'cancelled' };
      const remaining = info.deadline - this.clock.now();
      if (remaining <= 0) return { kind: 'expired' };
      const started = this.clock.now();
      let pause: number;
      try {
        info.state = 'waiting';
        info.retryAt = undefined;
        info.rounds++;
        this.requestsSent++;
        const n = (this.inFlight.get(info.key) ?? 0) + 1;
        this.inFlight.set(info.key, n);
        this.maxInFlightPerWatch = Math.max(this.maxInFlightPerWatch, n);
        let receipt: R | undefined;
        try {
          receipt = await o.wait(info.target, { signal, timeoutSeconds: Math.max(1, Math.min(waitSeconds, Math.ceil(remaining / 1000))) });
        } finally {
          this.inFlight.set(info.key, (this.inFlight.get(info.key) ?? 1) - 1);
        }
        const during = early();
        if (during) return during;
        if (signal.aborted) return { kind: 'cancelled' };
        if (receipt !== undefined) return { kind: 'arrived', receipt };
        failures = 0;
        info.lastError = undefined;
        pause = minRound - (this.clock.now() - started);
        info.state = 'pause';
      } catch (error) {
        const during = early();
        if (during) return during;
        if (signal.aborted || error instanceof CancelledError) return { kind: 'cancelled' };
        if (!isTransient(error)) return { kind: 'failed', error };
        failures++;
        const exp = Math.min(maxBackoff, backoff * 2 ** Math.min(failures - 1, 20));
        // Jitter in [50%, 100%]: many watches on one node that came back do not return in step.
        pause = exp * (0.5 + 0.5 * this.random());
        if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined) {
          pause = Math.max(pause, Math.min(maxRetryAfter, error.retryAfterSeconds * 1000));
        }
        info.state = 'backoff';
        info.lastError = error;
      }
      if (pause > 0) {
        const left = info.deadline - this.clock.now();
        if (left <= 0) return { kind: 'expired' };
        info.retryAt = this.clock.now() + Math.min(pause, left);
        this.changed();
        try {
          await this.clock.sleep(Math.min(pause, left), signal);
        } catch {
          return early() ?? { kind: 'cancelled' };
        }
        // A pause cut to the deadline ends there, whatever the clock reads on waking (a timer may fire a millisecond early by it).
        if (pause >= left) return early() ?? { kind: 'expired' };
      }
    }
  }
}
