// How a node's generation is told from its public endpoints (FACTS "Telling a v1 node from a v2
// node"): the version first, `/v1/chain` when the version is inconclusive. Loaded on first use.
import {
  CancelledError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  TimeoutError,
  TokenExpiredError,
  UnauthorizedError,
  WaspApiError,
} from './errors';
import type { DetectedGeneration, GenerationProbe } from './generation';
import { clip, revealInvisible } from '../core/text';
import type { Generation } from './generation';

/**
 * The generation a version string names: major 1 = Stardust, 2 = Rebased (a `v` prefix is
 * tolerated); anything else (`v0.0.0-testing`, a commit hash, `3.0.0`) is inconclusive.
 */
export function generationOfVersion(version: string): Generation | undefined {
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
 * What a route answered, in a few words for a tree label: "an HTML page (HTTP 404)", "HTTP 200, not
 * JSON", "HTTP 404". The words come from answers.ts (its HTML and JSON messages).
 */
function gist(e: unknown): string {
  if (!(e instanceof WaspApiError) || e.status === undefined) return clip(describe(e), 80);
  const status = `HTTP ${e.status}`;
  if (/HTML page/.test(e.message)) return `an HTML page (${status})`;
  if (e instanceof InvalidResponseError) return e.field === '' ? `${status}, not JSON` : `${status}, JSON that is not a Wasp answer`;
  return status;
}

/**
 * Probes a node: the version first (one round trip on a release build), `/v1/chain` only when
 * the version is inconclusive. Throws the transport error when the node cannot be reached, and
 * the 401 when both endpoints want a token (not an answer: nothing to cache); otherwise always
 * resolves, `unknown` (not a Wasp node) naming what it answered.
 *
 * Every Wasp node answers `/v1/node/version` (public on both generations, or a gateway's 401): a
 * server that answers it otherwise is a Wasp node only if `/v1/chain` answers as one (200 with a
 * chain). Its 404s say nothing: any web server answers 404, empty or as an HTML page.
 */
export async function detectGeneration(probe: GenerationProbe): Promise<DetectedGeneration> {
  let version: string | undefined;
  let versionAnswer: string;
  let versionError: unknown;
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
    versionError = e;
    versionAnswer = describe(e);
  }
  const known = version === undefined ? {} : { version };
  const speaksWasp = version !== undefined || versionError instanceof UnauthorizedError;
  try {
    const chain = await probe.chain();
    return { kind: 'rebased', version: version ?? '', chain };
  } catch (e) {
    if (unreachable(e)) throw e;
    // A gateway that wants a token for both: the caller says so ("needs a token"), not "unknown".
    if (e instanceof UnauthorizedError && version === undefined) throw e;
    // v2 without a chain: 404 with an empty body. v1: echo's unknown-route 404 (no /v1/chain there).
    if (speaksWasp && e instanceof NotFoundError && e.what === 'chain') return { kind: 'rebased', version: version ?? '', chain: null };
    if (speaksWasp && e instanceof NotFoundError && e.what === 'route') return { kind: 'stardust', version: version ?? '' };
    return {
      kind: 'unknown',
      ...known,
      // The version route first: every Wasp node answers it, so its answer is the telling one.
      said: versionError === undefined || versionError instanceof UnauthorizedError ? `/v1/chain: ${gist(e)}` : gist(versionError),
      answered: `/v1/node/version: ${versionAnswer}; /v1/chain: ${describe(e)}`,
    };
  }
}
