// [pure] What Add Chain learns from a node before it saves an entry: the generation it runs and the
// chains it offers (Rebased: its one chain at /v1/chain; Stardust: the list at /v1/chains), or what
// failed, named as the Chains view names it (decideChainState, "not a Wasp node"), so that a
// broken entry is never saved without a word. Also where the entry should go by default.
import { NotFoundError, UnauthorizedError } from '../../api/errors';
import type { GenerationProbe } from '../../api/generation';
import { detectGeneration } from '../../api/generationProbe';
import { traitsOf } from '../../api/traits';
import { checkChainId, checkRebasedChainId } from '../../api/ids';
import type { ChainInfoResponse } from '../../api/stardustSchemas';
import type { L10n } from '../../core/l10n';
import { clip, revealInvisible } from '../../core/text';
import { decideChainState } from './chainState';
import { findingDecision, notWaspLabel } from './generationState';

/** A chain the node offers: its ID (validated, normalised) and its name as the node gives it (revealed). */
export interface OfferedChain {
  readonly chainId: string;
  readonly name?: string;
  readonly active: boolean;
}

export type NodeSurvey =
  | { readonly kind: 'rebased'; readonly version: string; readonly chain: OfferedChain }
  /** `listed` false: the node lists its chains only with a token (or not at all); the user types the ID. */
  | { readonly kind: 'stardust'; readonly version: string; readonly chains: readonly OfferedChain[]; readonly listed: boolean }
  | {
      readonly kind: 'problem';
      readonly problem: 'unreachable' | 'notWasp' | 'needsToken' | 'noChain' | 'other';
      readonly label: string;
      readonly detail: string;
    };

/** The endpoints a survey reads: detection's two and the Stardust chain list. */
export interface NodeSurveyProbe extends GenerationProbe {
  /** `GET /v1/chains`. */
  chains(): Promise<ChainInfoResponse[]>;
}

/** Asks the node what it runs and which chains it offers; never throws. */
export async function surveyNode(probe: NodeSurveyProbe, l10n: L10n): Promise<NodeSurvey> {
  try {
    const g = await detectGeneration(probe);
    if (g.kind === 'unknown') {
      const d = findingDecision({ kind: 'unclassified', said: g.said, answered: g.answered }, false, l10n);
      return { kind: 'problem', problem: 'notWasp', label: notWaspLabel(g.said, l10n), detail: d.detail ?? '' };
    }
    if (traitsOf(g.kind).oneChainPerNode) {
      // Detection may have read the node's chain already (null: it runs none).
      const detected = 'chain' in g ? g.chain : undefined;
      const chain = detected === undefined ? await probe.chain().catch(noChain) : detected;
      const id = chain ? checkRebasedChainId(chain.chainID) : undefined;
      if (!id?.ok) {
        const d = findingDecision({ kind: 'noChain' }, false, l10n);
        return { kind: 'problem', problem: 'noChain', label: d.label, detail: d.detail ?? '' };
      }
      return { kind: 'rebased', version: g.version, chain: { chainId: id.chainId, active: chain?.isActive !== false } };
    }
    try {
      return { kind: 'stardust', version: g.version, chains: offered(await probe.chains()), listed: true };
    } catch {
      // The list needs `read`: without a token the user names the chain.
      return { kind: 'stardust', version: g.version, chains: [], listed: false };
    }
  } catch (e) {
    const d = decideChainState({ loaded: true, error: e }, l10n);
    const problem = d.state === 'unreachable' ? 'unreachable' : e instanceof UnauthorizedError ? 'needsToken' : 'other';
    return { kind: 'problem', problem, label: d.label, detail: d.detail ?? '' };
  }
}

/** `/v1/chain`'s empty 404 (no chain) is an answer; anything else is thrown on. */
function noChain(e: unknown): null {
  if (e instanceof NotFoundError && e.what === 'chain') return null;
  throw e;
}

/** The listed chains with a valid Bech32 ID, named by their metadata (revealed, short), active first. */
function offered(list: readonly ChainInfoResponse[]): OfferedChain[] {
  const out: OfferedChain[] = [];
  for (const c of list) {
    const id = checkChainId(c.chainID);
    if (!id.ok || out.some((o) => o.chainId === id.chainId)) continue;
    const name = clip(revealInvisible(c.metadata.name ?? '').trim(), 60);
    out.push({ chainId: id.chainId, ...(name ? { name } : {}), active: c.isActive });
  }
  return out.sort((a, b) => Number(b.active) - Number(a.active));
}

/** A loopback host: a node on this machine (a throwaway local node, usually). */
export function isLoopbackUrl(nodeUrl: string): boolean {
  let host: string;
  try {
    host = new URL(nodeUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Where Add Chain suggests saving the entry, and why (the scope step's item detail). */
export function suggestedScope(hasWorkspace: boolean, nodeUrl: string, l10n: L10n): { target: 'user' | 'workspace'; why: string } {
  if (hasWorkspace && isLoopbackUrl(nodeUrl)) {
    return { target: 'workspace', why: l10n.t('Suggested: the node runs on this machine, likely for this project only.') };
  }
  return { target: 'user', why: l10n.t('Suggested: the node is not on this machine, so every workspace can use it.') };
}
