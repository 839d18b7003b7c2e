// A clock whose time moves only when the test says so, for the loops that sleep between rounds.
import { CancelledError } from '../../../src/api/errors';
import type { Clock } from '../../../src/transactions/model/watchSet';
import { flush } from './async';

/** Sleeps resolve in the order of their due time as `advance` passes it; each one is recorded. */
export class FakeClock implements Clock {
  t = 0;
  readonly sleeps: number[] = [];
  /** When set, every sleep fails at once (a timer that breaks). */
  rejectSleep = false;
  private timers: Array<{ at: number; resolve: () => void }> = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (this.rejectSleep) return Promise.reject(new Error('the timer failed'));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(new CancelledError());
      };
      const timer = {
        at: this.t + ms,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      this.timers.push(timer);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = due.at;
      due.resolve();
    }
    this.t = end;
    await flush();
  }
}

/** Runs `f` with Date.now answering `now()`, and restores it after, whatever `f` does (the node client and the transport read durations and deadlines from it). */
export async function onClock<T>(now: () => number, f: () => Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = now;
  try {
    return await f();
  } finally {
    Date.now = real;
  }
}
