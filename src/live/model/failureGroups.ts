// The failure notifications: a request touching the workspace's contracts failed. A burst (a test
// run that reverts twenty times) must be one notification, not twenty: the first failure opens a
// window, every failure within it joins, and the window's end gives one group (its count, the
// chains, the latest failure to open). A failure after that opens the next window. Pure: the
// timers come in (a test's clock, or the host's).

import type { LiveTimers } from './timers';

/** How long a window stays open after its first failure (ms). */
export const DEFAULT_GROUP_MS = 1_500;

export interface FailureGroup<T> {
  count: number;
  /** The latest failure (what Open Receipt opens). */
  latest: T;
  /** The chain names, in first-seen order. */
  chains: string[];
}

export class FailureGroups<T extends { chainName: string }> {
  private open: { group: FailureGroup<T>; timer: unknown } | undefined;

  constructor(
    private readonly onGroup: (group: FailureGroup<T>) => void,
    private readonly timers: Pick<LiveTimers, 'set' | 'clear'>,
    private readonly windowMs = DEFAULT_GROUP_MS,
  ) {}

  /** Adds a failure: the first opens a window, the others join it. */
  add(item: T): void {
    if (this.open) {
      const g = this.open.group;
      g.count++;
      g.latest = item;
      if (!g.chains.includes(item.chainName)) g.chains.push(item.chainName);
      return;
    }
    const group = { count: 1, latest: item, chains: [item.chainName] };
    this.open = { group, timer: this.timers.set(() => this.end(group), this.windowMs) };
  }

  /** Closes the window without giving its group. */
  dispose(): void {
    if (this.open) this.timers.clear(this.open.timer);
    this.open = undefined;
  }

  /** How many failures the open window holds (0: none is open). */
  get pending(): number {
    return this.open?.group.count ?? 0;
  }

  /** The window's timer fired: that is its end, whatever the wall clock reads (a timer may fire a millisecond early by it). */
  private end(group: FailureGroup<T>): void {
    this.open = undefined;
    this.onGroup(group);
  }
}
