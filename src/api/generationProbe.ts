// How a node's generation is told from its public endpoints (FACTS "Telling a v1 node from a v2
// node"): the version first, `/v1/chain` when the version is inconclusive. Loaded on first use.
import { CancelledError, InvalidInputError, NetworkError, NotFoundError, TimeoutError, TokenExpiredError, UnauthorizedError, WaspApiError } from './errors';
import type { DetectedGeneration, GenerationProbe } from './generation';
import { clip, revealInvisible } from '../core/text';

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

/**
 * Failures that say nothing about the node's generation: it was not reached at all, or the
 * request never left (an expired or unusable stored token is refused before it is sent).
 */
function unreachable(e: unknown): boolean {
  return (
    e instanceof NetworkError || e instanceof TimeoutError || e instanceof CancelledError || e instanceof TokenExpiredError || e instanceof InvalidInputError
  );
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
    const raw = await probe.version();
    const g = generationOfVersion(raw);
    // Kept for the tooltip: the node's words, revealed and short once here.
    version = shown(raw);
    if (g === 'stardust') return { kind: 'stardust', version };
    if (g === 'rebased') return { kind: 'rebased', version };
    versionAnswer = `version "${version}"`;
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
