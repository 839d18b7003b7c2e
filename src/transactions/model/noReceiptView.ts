// The diagnosis of a request without a receipt as the receipt panel's "No receipt" view says it:
// the verdict first, then each check (✓ passes, ✗ explains the skip, · not checked), what to do,
// the warnings, and which answers could not be read; and the not-found line of a hover. The panel
// lists the lines as bullets, so none carries a bullet of its own. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import type { Diagnosis, TxFacts } from './noReceipt';
import type { FactFailures } from './noReceiptFacts';
import { shown } from './lineText';
import { escapeMarkdown } from '../../core/text';

const MARK = { true: '✓', false: '✗', undefined: '·' } as const;

const FACT_WORDS: Record<keyof FactFailures, (l10n: L10n) => string> = {
  included: (l10n) => l10n.t('whether it was included'),
  nextNonce: (l10n) => l10n.t('the sender’s next nonce'),
  gasPrice: (l10n) => l10n.t('the chain’s gas price'),
  balanceWei: (l10n) => l10n.t('the sender’s balance'),
  chainInfo: (l10n) => l10n.t('the fee policy and limits'),
};

export function diagnosisLines(
  d: { tx: TxFacts; diagnosis: Diagnosis; failures: FactFailures; rpcHost: string | undefined },
  l10n: L10n = englishL10n,
): { message: string; details: string[] } {
  const { tx, diagnosis } = d;
  const details: string[] = [
    tx.source === 'raw'
      ? l10n.t('From the signed transaction you pasted: sender {0}, nonce {1}.', tx.sender, tx.nonce.toString())
      : l10n.t('From the workspace’s record of it: sender {0}, nonce {1}.', tx.sender, tx.nonce.toString()),
  ];
  details.push(...checkLines(diagnosis, d.failures, l10n));
  if (diagnosis.next.length > 0) details.push(l10n.t('What to do:'), ...diagnosis.next);
  if (d.rpcHost !== undefined) details.push(l10n.t('Asked: {0} (its EVM JSON-RPC) and the node’s chain info.', d.rpcHost));
  return { message: diagnosis.headline, details };
}

/** Each check (✓ passes, ✗ explains the skip, · not checked), the answers not read, then the warnings. */
export function checkLines(diagnosis: Diagnosis, failures: FactFailures, l10n: L10n = englishL10n): string[] {
  const lines = diagnosis.evidence.map((e) => `${MARK[String(e.ok) as keyof typeof MARK]} ${e.label}: ${e.value}`);
  for (const [fact, why] of Object.entries(failures)) {
    lines.push(l10n.t('· Not read: {0} ({1})', FACT_WORDS[fact as keyof FactFailures](l10n), shown(why ?? '')));
  }
  for (const w of diagnosis.warnings) lines.push(`⚠ ${w}`);
  return lines;
}

/**
 * What the "No receipt" view lists under its message, one item each: the chains' answers, then the
 * diagnosis when one was made, else the reasons a node may skip a request.
 */
export function notFoundDetails(
  answers: readonly string[],
  diagnosis: { details: readonly string[] } | undefined,
  reasons: readonly string[],
  l10n: L10n = englishL10n,
): string[] {
  if (diagnosis) return [...answers, ...diagnosis.details];
  return [...answers, l10n.t('If it never gets a receipt, the node may have skipped it:'), ...reasons];
}

/** Between two links of a hover line: links run together read as one. */
export const LINK_SEPARATOR = ' · ';

/** A hover's not-found line (Markdown): the chains asked, then its links (ours, already built), separated. */
export function notFoundHoverLine(chainNames: readonly string[], links: readonly string[], l10n: L10n = englishL10n): string {
  const text = escapeMarkdown(l10n.t('No receipt for this request on {0}.', chainNames.join(', ')));
  return links.length === 0 ? `$(search) ${text}` : `$(search) ${text} ${links.join(LINK_SEPARATOR)}`;
}
