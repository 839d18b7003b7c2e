// Which node generation a Wasp node runs (Stardust = Wasp 1.x, Rebased = Wasp 2.x), told from
// its public endpoints only (FACTS "Telling a v1 node from a v2 node"), and kept per node while the
// window lives: one probe in flight per node, shared by every caller; forgotten on Refresh and
// when a route of the detected generation answers the unknown-route 404.
import { CancelledError, NetworkError, NotFoundError, TimeoutError, UnauthorizedError, WaspApiError } from './errors';
import { clip, revealInvisible } from '../core/text';
import type { RebasedChainResponse } from './rebasedSchemas';

export type DetectedGeneration =
  | { readonly kind: 'stardust'; readonly version: string }
  /** `chain` when /v1/chain was asked during detection (`null`: the node runs no chain). */
  | { readonly kind: 'rebased'; readonly version: string; readonly chain?: RebasedChainResponse | null }
  /** Neither endpoint told: `answered` says what the node answered, revealed and short. */
  | { readonly kind: 'unknown'; readonly version?: string; readonly answered: string };

/** The two public endpoints detection reads, so tests and the extension can supply them. */
export interface GenerationProbe {
  /** `GET /v1/node/version`. */
  version(): Promise<string>;
  /** `GET /v1/chain`, as a probe (its unknown-route 404 must not trigger re-detection). */
  chain(): Promise<RebasedChainResponse>;
}

/**
 * The generation a version string names: major 1 = Stardust, 2 = Rebased (a `v` prefix is
 * tolerated); anything else (`v0.0.0-testing`, a commit hash, `3.0.0`) is inconclusive.
 */
export function generationOfVersion(version: string): 'stardust' | 'rebased' | undefined {
  const m = /^\s*v?(\d{1,4})\.\d{1,6}\.\d{1,6}(?:[-+.][0-9A-Za-z.+-]*)?\s*$/.exec(version);
  if (!m) return undefined;
  if (m[1] === '1') return 'stardust';
  if (m[1] === '2') return 'rebased';
  return undefined;
}

/** Failures that say nothing about the node's generation: it was not reached at all. */
function unreachable(e: unknown): boolean {
  return e instanceof NetworkError || e instanceof TimeoutError || e instanceof CancelledError;
}

function describe(e: unknown): string {
  return shown(e instanceof WaspApiError || e instanceof Error ? e.message : String(e));
}

function shown(s: string): string {
  return clip(revealInvisible(s), 200);
}

/**
 * Probes a node: the version first (one round trip on a release build), `/v1/chain` only when
 * the version is inconclusive. Throws the transport error when the node cannot be reached, and
 * the 401 when both endpoints want a token (not an answer: nothing to cache); otherwise always
 * resolves, `unknown` naming what it answered.
 */
export async function detectGeneration(probe: GenerationProbe): Promise<DetectedGeneration> {
  let version: string | undefined;
  let versionAnswer: string;
  try {
    version = await probe.version();
    const g = generationOfVersion(version);
    if (g === 'stardust') return { kind: 'stardust', version };
    if (g === 'rebased') return { kind: 'rebased', version };
    versionAnswer = `version "${shown(version)}"`;
  } catch (e) {
    if (unreachable(e)) throw e;
    versionAnswer = describe(e);
  }
  const known = version === undefined ? {} : { version };
  try {
    const chain = await probe.chain();
    return { kind: 'rebased', version: version ?? '', chain };
  } catch (e) {
    if (unreachable(e)) throw e;
    // A gateway that wants a token for both: the caller says so ("needs a token"), not "unknown".
    if (e instanceof UnauthorizedError && version === undefined) throw e;
    // v2 without a chain: 404 with an empty body. v1: echo's unknown-route 404 (no /v1/chain there).
    if (e instanceof NotFoundError && e.what === 'chain') return { kind: 'rebased', version: version ?? '', chain: null };
    if (e instanceof NotFoundError && e.what === 'route') return { kind: 'stardust', version: version ?? '' };
    return { kind: 'unknown', ...known, answered: `/v1/node/version: ${versionAnswer}; /v1/chain: ${describe(e)}` };
  }
}

/** Detections per node key, one in flight per node; the probe of a node comes from `probeFor`. */
export class GenerationCache {
  private readonly done = new Map<string, DetectedGeneration>();
  private readonly inFlight = new Map<string, Promise<DetectedGeneration>>();
  /** Bumped per node on forget(): a probe that started before must not refill the cache. */
  private readonly epochs = new Map<string, number>();
  private probes = 0;

  constructor(private readonly probeFor: (nodeKey: string) => GenerationProbe) {}

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
    const promise = detectGeneration(this.probeFor(nodeKey)).then(
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
