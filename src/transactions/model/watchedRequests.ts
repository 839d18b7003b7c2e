// Which requests are watched, and on which chain: made in extension.ts, answered by the watch
// feature once it is loaded, read by the receipts feature (the hover says "watching" and looks
// the ID up; the receipt panel offers no second Watch). Pure.

/** The chain a request is watched on, else undefined. */
export type WatchedOn = (requestId: string) => string | undefined;

export class WatchedRequests {
  private source: WatchedOn = () => undefined;

  /** The chain the request is watched on (any chain), else undefined. */
  chainOf(requestId: string): string | undefined {
    return this.source(requestId);
  }

  /** The watch feature answers from now on (it loads with the first watch). */
  answerFrom(source: WatchedOn): void {
    this.source = source;
  }
}
