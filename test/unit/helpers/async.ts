// Promises a test settles by hand, and the waits that let queued work run.

/** A promise with its resolve and reject in hand (a request the test answers when it chooses). */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One turn of the timer queue (1 ms): what was started has run up to its next await on I/O or a timer. */
export const tick = (): Promise<unknown> => new Promise((r) => setTimeout(r, 1));

/** Twenty turns of the microtask queue: chains of awaits on settled promises have run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}
