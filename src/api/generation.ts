// Which node generation a Wasp node runs (Stardust = Wasp 1.x, Rebased = Wasp 2.x), told from
// its public endpoints only (FACTS "Telling a v1 node from a v2 node"), and kept per node while the
// window lives: one probe in flight per node, shared by every caller; forgotten on Refresh and
// when a route of the detected generation answers the unknown-route 404. The probe itself
// (generationProbe.ts) is loaded on first use.
import type { RebasedChainResponse } from './rebasedSchemas';

/** A Wasp node's generation: `stardust` is Wasp 1.x (many chains, Bech32 IDs), `rebased` Wasp 2.x (one chain, 0x IDs). */
export type Generation = 'stardust' | 'rebased';

export type DetectedGeneration =
  | { readonly kind: 'stardust'; readonly version: string }
  /** `chain` when /v1/chain was asked during detection (`null`: the node runs no chain). */
  | { readonly kind: 'rebased'; readonly version: string; readonly chain?: RebasedChainResponse | null }
  /**
   * Not a Wasp node (neither endpoint answered as one): `said` is what it answered in a few words
   * ("an HTML page (HTTP 404)"), `answered` both answers in full; revealed and short.
   */
  | { readonly kind: 'unknown'; readonly version?: string; readonly said: string; readonly answered: string };

/** The two public endpoints detection reads, so tests and the extension can supply them. */
export interface GenerationProbe {
  /** `GET /v1/node/version`. */
  version(): Promise<string>;
  /** `GET /v1/chain`, as a probe (its unknown-route 404 must not trigger re-detection). */
  chain(): Promise<RebasedChainResponse>;
}

/** Detections per node key, one in flight per node; `detectNode` probes one node (generationProbe.ts). */
export class GenerationCache {
  private readonly done = new Map<string, DetectedGeneration>();
  private readonly inFlight = new Map<string, Promise<DetectedGeneration>>();
  /** Bumped per node on forget(): a probe that started before must not refill the cache. */
  private readonly epochs = new Map<string, number>();
  private probes = 0;

  constructor(private readonly detectNode: (nodeKey: string) => Promise<DetectedGeneration>) {}

  /** Detections started so far (the bench counts them). */
  get started(): number {
    return this.probes;
  }

  /** The cached detection of a node, without probing. */
  peek(nodeKey: string): DetectedGeneration | undefined {
    return this.done.get(nodeKey);
  }

  /** The node's generation: cached, or the probe under way, or a new probe. */
  detect(nodeKey: string): Promise<DetectedGeneration> {
    const cached = this.done.get(nodeKey);
    if (cached) return Promise.resolve(cached);
    const running = this.inFlight.get(nodeKey);
    if (running) return running;
    const epoch = this.epochs.get(nodeKey) ?? 0;
    this.probes++;
    const promise = this.detectNode(nodeKey).then(
      (g) => {
        if ((this.epochs.get(nodeKey) ?? 0) === epoch) {
          this.done.set(nodeKey, g);
          this.inFlight.delete(nodeKey);
        }
        return g;
      },
      (e: unknown) => {
        // Unreachable: not an answer, so the next caller tries again.
        if ((this.epochs.get(nodeKey) ?? 0) === epoch) this.inFlight.delete(nodeKey);
        throw e;
      },
    );
    this.inFlight.set(nodeKey, promise);
    return promise;
  }

  /** Forget one node (its route answered the unknown-route 404): the next use detects again. */
  forget(nodeKey: string): void {
    this.done.delete(nodeKey);
    this.inFlight.delete(nodeKey);
    this.epochs.set(nodeKey, (this.epochs.get(nodeKey) ?? 0) + 1);
  }

  /** Refresh: every node is detected again on its next use. */
  forgetAll(): void {
    for (const key of new Set([...this.done.keys(), ...this.inFlight.keys()])) this.forget(key);
  }
}
