// The failure notifications: a request touching the workspace's contracts failed. A burst (a test
// run that reverts twenty times) must be one notification, not twenty: the first failure opens a
// window, every failure within it joins, and the window's end gives one group (its count, the
// chains, the latest failure to open). A failure after that opens the next window. Pure: the time
// comes in as an argument; the caller sets one timer at the time `add` answers.

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
  private open: { until: number; group: FailureGroup<T> } | undefined;

  constructor(private readonly windowMs = DEFAULT_GROUP_MS) {}

  /** Adds a failure; returns when to call flush() if this one opened a window, else undefined (a timer is set already). */
  add(item: T, now: number): number | undefined {
    if (this.open) {
      const g = this.open.group;
      g.count++;
      g.latest = item;
      if (!g.chains.includes(item.chainName)) g.chains.push(item.chainName);
      return undefined;
    }
    this.open = { until: now + this.windowMs, group: { count: 1, latest: item, chains: [item.chainName] } };
    return this.open.until;
  }

  /** The group whose window has ended by `now` (and closes it); undefined when none has. */
  flush(now: number): FailureGroup<T> | undefined {
    if (!this.open || now < this.open.until) return undefined;
    const { group } = this.open;
    this.open = undefined;
    return group;
  }

  /** Whether a window is open (tests). */
  get pending(): number {
    return this.open?.group.count ?? 0;
  }
}
