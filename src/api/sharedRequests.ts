// Identical requests made at the same time share one: the first caller starts it, callers with
// the same key join it while it runs. Each caller's AbortSignal frees that caller at once; the
// shared request is aborted only when nobody waits on it any more. A settled request is
// forgotten, so the next call starts afresh: this dedupes, it does not cache.
import { CancelledError } from './errors';

interface Shared<T> {
  promise: Promise<T>;
  controller: AbortController;
  waiters: number;
}

export class SharedRequests<T> {
  private readonly inFlight = new Map<string, Shared<T>>();
  /** Requests started (tests read it). */
  started = 0;

  /** The result of `start` for this key, started now or joined if one is running. */
  run(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new CancelledError());
    const shared = this.inFlight.get(key) ?? this.begin(key, start);
    shared.waiters++;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        if (--shared.waiters <= 0 && this.inFlight.get(key) === shared) {
          this.inFlight.delete(key);
          shared.controller.abort();
        }
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const finish = (settle: () => void) => {
        signal?.removeEventListener('abort', onAbort);
        if (settled) return;
        settled = true;
        shared.waiters--;
        settle();
      };
      shared.promise.then(
        (value) => finish(() => resolve(value)),
        (error: unknown) => finish(() => reject(error)),
      );
    });
  }

  private begin(key: string, start: (signal: AbortSignal) => Promise<T>): Shared<T> {
    const controller = new AbortController();
    this.started++;
    const shared: Shared<T> = { controller, waiters: 0, promise: Promise.resolve().then(() => start(controller.signal)) };
    const forget = () => {
      if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
    };
    shared.promise.then(forget, forget);
    this.inFlight.set(key, shared);
    return shared;
  }
}
