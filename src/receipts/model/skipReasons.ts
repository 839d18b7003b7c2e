// Why a node may never write a receipt for a request: the checks Wasp's VM runs before it processes
// one, and a request that fails them is skipped without a receipt (iotaledger/wasp
// packages/vm/vmimpl/skipreq.go: earlyCheckReasonToSkip, checkReasonToSkipOffLedger,
// checkReasonToSkipOnLedger). The receipt panel lists them for a request that has no receipt, so
// a user knows what to check. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import type { Generation } from '../../api/generation';
import { EVERY_GENERATION, traitsOf } from '../../api/traits';

export function skipReasons(generation: Generation | undefined, l10n: L10n = englishL10n): string[] {
  const reasons = [
    l10n.t('The request never reached this chain: check that it was sent to this chain (an EVM transaction: to its JSON-RPC endpoint) and accepted.'),
    l10n.t("Wrong nonce: an off-ledger or EVM request must carry the sender's next nonce; one already used, or one ahead of it, is skipped."),
    l10n.t('The signature does not verify.'),
    l10n.t("An EVM transaction's gas price is below what the chain's fee policy asks."),
    l10n.t('The chain is in maintenance mode: only requests to the governance contract are processed.'),
    l10n.t('The request was already processed: its receipt is in an earlier block (look it up at the latest state).'),
  ];
  // The generation unknown: what any generation's node may skip for.
  for (const traits of generation === undefined ? EVERY_GENERATION : [traitsOf(generation)]) {
    const own = traits.ownSkipReason(l10n);
    if (own !== undefined) reasons.push(own);
  }
  return reasons;
}
