// [pure] The tree state of a chain whose node's generation does not fit its entry (or cannot be
// told): kept apart from chainState.ts and loaded only when such a chain shows up, so the words
// for these rarer states cost nothing at activation.
import type { L10n } from '../../core/l10n';
import type { ChainStateDecision, GenerationFinding } from './chainState';

export function findingDecision(f: GenerationFinding, hasToken: boolean, l10n: L10n): ChainStateDecision {
  const useIt = l10n.t("Use the node's chain (Chain: Use the Node's Chain) to rewrite the entry where it is written.");
  switch (f.kind) {
    case 'migrated':
      return {
        hasToken,
        state: 'migrated',
        label: l10n.t('node runs Rebased: the Stardust chain ID no longer applies'),
        detail: l10n.t('This node runs the Rebased generation and chain {0}; the Stardust chain ID no longer applies.', f.nodeChainId),
        hint: useIt,
      };
    case 'otherChain':
      return {
        hasToken,
        state: 'otherChain',
        label: l10n.t('node runs another chain'),
        detail: l10n.t("This node runs chain {0}, not {1} (the entry's chain ID).", f.nodeChainId, f.configuredChainId),
        hint: useIt,
      };
    case 'stardustNode':
      return {
        hasToken,
        state: 'nodeError',
        label: l10n.t('node runs Stardust'),
        detail: l10n.t(
          'This node runs the Stardust generation (version {0}): an entry with a 0x chain ID, or without one, is for a Rebased node.',
          f.version || '?',
        ),
        hint: l10n.t("Give the entry the chain's Bech32 chain ID, or point it at a Rebased node."),
      };
    case 'noChain':
      return {
        hasToken,
        state: 'nodeError',
        label: l10n.t('node runs no chain'),
        detail: l10n.t('This Rebased node runs no chain (GET /v1/chain answered 404 with an empty body).'),
        hint: l10n.t('Check with the node operator, or point the entry at a node that runs the chain.'),
      };
    case 'unclassified':
      return {
        hasToken,
        state: 'nodeError',
        label: notWaspLabel(f.said, l10n),
        detail: l10n.t('The URL does not answer as a Wasp node (Rebased, Wasp 2.x, or Stardust, Wasp 1.x). It answered: {0}', f.answered),
        hint: l10n.t('Check the node URL: it should be the web API base (without /v1).'),
      };
  }
}

/** The one name of a server that is not a Wasp node, wherever it shows (tree, Output, pickers, Add Chain). */
export function notWaspLabel(said: string, l10n: L10n): string {
  return l10n.t('not a Wasp node (it answered {0})', said);
}
