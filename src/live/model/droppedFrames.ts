// The frames of a node's `/v1/ws` feed that did not fit their generation's shapes
// (api/liveEvents.ts), counted per field: what the Output channel and the bench report. Pure.

/** Malformed frames dropped, counted per field (what the Output channel and the bench report). */
export class DroppedFrames {
  private readonly counts = new Map<string, number>();
  private count = 0;
  /** The last one, for a log line. */
  last: { field: string; reason: string } | undefined;

  get total(): number {
    return this.count;
  }

  note(failure: { field: string; reason: string }): void {
    this.count++;
    const key = failure.field || '(frame)';
    // A node can only name as many fields as the schemas have; the cap keeps a hostile one from growing the map.
    if (this.counts.has(key) || this.counts.size < 64) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.last = failure;
  }

  /** Field → frames dropped for it. */
  byField(): ReadonlyMap<string, number> {
    return new Map(this.counts);
  }
}
