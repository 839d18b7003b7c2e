// A bounded least-recently-used cache with an optional time-to-live per entry. A Map keeps
// insertion order, so re-inserting on every read makes its first key the least recently used.

export interface LruOptions<V = unknown> {
  /** The most entries kept; the least recently used one goes first. */
  capacity: number;
  /** The clock (ms); injectable so tests of expiry never sleep. */
  now?: () => number;
  /**
   * A budget over the entries' weights (e.g. bytes): entry counts alone do not bound memory
   * when one answer can be a thousand times larger than another.
   */
  maxWeight?: number;
  /** The weight of a value; default 1. A value heavier than maxWeight is not kept at all. */
  weigh?: (value: V) => number;
}

interface Slot<V> {
  value: V;
  weight: number;
  /** Absolute expiry (ms), or Infinity. */
  expires: number;
}

export class LruCache<K, V> {
  private readonly map = new Map<K, Slot<V>>();
  private readonly capacity: number;
  private readonly now: () => number;
  private readonly maxWeight: number;
  private readonly weigh: (value: V) => number;
  private totalWeight = 0;

  constructor(options: LruOptions<V>) {
    if (!Number.isInteger(options.capacity) || options.capacity < 1) throw new RangeError('An LRU cache needs a capacity of at least 1');
    this.capacity = options.capacity;
    this.now = options.now ?? Date.now;
    this.maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
    this.weigh = options.weigh ?? (() => 1);
  }

  get size(): number {
    return this.map.size;
  }

  /** The sum of the kept entries' weights. */
  get weight(): number {
    return this.totalWeight;
  }

  /** The value, marked as most recently used; undefined when absent or expired. */
  get(key: K): V | undefined {
    const slot = this.map.get(key);
    if (!slot) return undefined;
    if (slot.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.value;
  }

  /** True when a live entry exists; does not change its recency. */
  has(key: K): boolean {
    const slot = this.map.get(key);
    if (!slot) return false;
    if (slot.expires <= this.now()) {
      this.remove(key);
      return false;
    }
    return true;
  }

  /** Stores the value as most recently used; with ttlMs it expires that many ms from now. */
  set(key: K, value: V, ttlMs?: number): void {
    this.remove(key);
    const weight = Math.max(0, this.weigh(value));
    if (weight > this.maxWeight) return;
    const expires = ttlMs === undefined ? Number.POSITIVE_INFINITY : this.now() + Math.max(0, ttlMs);
    this.map.set(key, { value, expires, weight });
    this.totalWeight += weight;
    while (this.map.size > this.capacity || this.totalWeight > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  delete(key: K): boolean {
    return this.remove(key);
  }

  private remove(key: K): boolean {
    const slot = this.map.get(key);
    if (!slot) return false;
    this.map.delete(key);
    this.totalWeight -= slot.weight;
    return true;
  }

  /** Drops every entry the predicate selects (e.g. all not-found answers after a settings change). */
  deleteWhere(predicate: (value: V, key: K) => boolean): number {
    let n = 0;
    for (const [key, slot] of [...this.map]) {
      if (predicate(slot.value, key)) {
        this.remove(key);
        n++;
      }
    }
    return n;
  }

  clear(): void {
    this.map.clear();
    this.totalWeight = 0;
  }

  /** Keys from least to most recently used (expired ones included until touched). */
  keys(): K[] {
    return [...this.map.keys()];
  }
}
