// The diagnosis of a request without a receipt as the receipt panel's "No receipt" view says it:
// the verdict first, then each check (✓ passes, ✗ explains the skip, · not checked), what to do,
// the warnings, and which answers could not be read. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import type { Diagnosis, TxFacts } from './noReceipt';
import type { FactFailures } from './noReceiptFacts';
import { shown } from './evmExplain';

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
  for (const e of diagnosis.evidence) details.push(`${MARK[String(e.ok) as keyof typeof MARK]} ${e.label}: ${e.value}`);
  for (const [fact, why] of Object.entries(d.failures)) {
    details.push(l10n.t('· Not read: {0} ({1})', FACT_WORDS[fact as keyof FactFailures](l10n), shown(why ?? '')));
  }
  for (const w of diagnosis.warnings) details.push(`⚠ ${w}`);
  if (diagnosis.next.length > 0) details.push(l10n.t('What to do:'), ...diagnosis.next.map((n) => `• ${n}`));
  if (d.rpcHost !== undefined) details.push(l10n.t('Asked: {0} (its EVM JSON-RPC) and the node’s chain info.', d.rpcHost));
  return { message: diagnosis.headline, details };
}
