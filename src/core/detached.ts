// Work a hover let go of: a lookup that outlived its hover keeps running so the next hover finds
// its answer cached, but only the newest few; past the bound the oldest is aborted. Pure.

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
}
