// Work a hover let go of: a lookup that outlived its hover keeps running so the next hover finds
// its answer cached, but only the newest few; past the bound the oldest is aborted; and the wait a
// hover gives a lookup before it says "loading" (within). Pure.

/** What a hover's cancellation token offers (vscode.CancellationToken, structurally). */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export class DetachedWork {
  private readonly running: AbortController[] = [];

  constructor(private readonly max: number) {}

  /** How many are running now. */
  get count(): number {
    return this.running.length;
  }

  /** Keeps `work` running under `controller` until it settles; the oldest past the bound is aborted. */
  add(controller: AbortController, work: Promise<unknown>): void {
    this.running.push(controller);
    const done = () => {
      const i = this.running.indexOf(controller);
      if (i >= 0) this.running.splice(i, 1);
    };
    work.then(done, done);
    while (this.running.length > this.max) this.running.shift()?.abort();
  }

  /**
   * A hover's lookup, started under an AbortController that the hover's cancellation aborts while
   * the hover waits: its answer when it comes within `waitMs`; else 'slow', and the lookup goes on
   * detached (add), so the next hover, the panel and the tree find its answer.
   */
  async answer<T>(start: (signal: AbortSignal) => Promise<T>, waitMs: number, token: Cancellation): Promise<T | 'slow'> {
    const controller = new AbortController();
    const onCancel = token.onCancellationRequested(() => controller.abort());
    try {
      const work = start(controller.signal);
      const first = await within(work, waitMs, 'slow' as const);
      if (first === 'slow') this.add(controller, work);
      return first;
    } finally {
      onCancel.dispose();
    }
  }
}

/**
 * The promise's value when it settles within `ms`, else `late` (the promise goes on; a rejection
 * within `ms` rejects this too). The timer is cleared either way: a hover that answered leaves
 * nothing pending.
 */
export async function within<T, L>(promise: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<L>((resolve) => (timer = setTimeout(() => resolve(late), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
