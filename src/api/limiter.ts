// A concurrency limit shared by every client, so a flood of hovers or a tree of many chains
// never opens more than `max` requests at once.
export class Limiter {
  private active = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private max: number) {
    if (!(max >= 1)) throw new RangeError('A limiter needs max >= 1');
  }

  setMax(max: number): void {
    this.max = Math.max(1, Math.floor(max));
    while (this.active < this.max && this.queue.length > 0) {
      this.active++;
      this.queue.shift()?.();
    }
  }

  get pending(): number {
    return this.queue.length;
  }

  get running(): number {
    return this.active;
  }

  /** Runs fn when a slot is free; a waiter whose signal aborts leaves the queue at once. */
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    // Already cancelled (a hover the user moved away from): never take a slot, even a free one.
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    if (this.active < this.max) {
      this.active++;
    } else {
      // The slot is handed over by release(): `active` is not decremented in between, so a
      // burst of completions can never let more than `max` run.
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.queue.indexOf(start);
          if (i >= 0) this.queue.splice(i, 1);
          reject(signal?.reason ?? new Error('aborted'));
        };
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        this.queue.push(start);
      });
    }
    try {
      return await fn();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next && this.active <= this.max) next();
    else {
      this.active--;
      if (next) this.queue.unshift(next);
    }
  }
}
