// Explanations of receipts kept per receipt and ABI index version: a hover over the same request,
// its panel and "Open in Explorer" decode its call data and revert data once, not once each, until
// an ABI of the workspace changes (the index's version). Keyed by the receipt object the receipt
// service caches, weakly: a receipt it drops takes its explanation with it. Pure.
export class ExplanationCache<R extends object, V> {
  private readonly kept = new WeakMap<R, { version: number; value: V }>();

  /** The value kept for `receipt` at `version`, else `compute()` (then kept). */
  get(receipt: R, version: number, compute: () => V): V {
    const hit = this.kept.get(receipt);
    if (hit !== undefined && hit.version === version) return hit.value;
    const value = compute();
    this.kept.set(receipt, { version, value });
    return value;
  }
}
