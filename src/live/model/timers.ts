// The clock and the timer the live feed's parts run on (the connection's wake, the hub's retry, the
// failure notifications' window): the host's by default, a test's when it says when each fires. Pure.

export interface LiveTimers {
  now(): number;
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: LiveTimers = {
  now: () => Date.now(),
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
