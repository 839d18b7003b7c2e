// Whether an EVM transaction was signed for the chain whose node holds it: EIP-155 puts the EVM chain
// ID in the signature, and a transaction signed for another chain (a testnet's, another network's)
// says the sender's wallet was pointed elsewhere. The receipt panel and the hover say it in one
// warning line. Pure.
import type { L10n } from '../../core/l10n';
import type { Row } from '../../ui/model/view';
import { evmTxOf } from './evmExplain';
import type { AnyReceipt } from './receiptViewTypes';

export interface ChainIdMismatch {
  /** The EVM chain ID in the transaction's signature. */
  signedFor: bigint;
  /** The EVM chain ID of the chain whose node holds the receipt. */
  chain: bigint;
}

/**
 * The mismatch between the chain ID a receipt's transaction was signed for and the chain's own;
 * undefined when they agree, the chain's is unknown, or the transaction names none (pre-EIP-155).
 */
export function chainIdMismatch(receipt: AnyReceipt, chainEvmId: bigint | undefined): ChainIdMismatch | undefined {
  if (chainEvmId === undefined) return undefined;
  const tx = evmTxOf(receipt);
  if (!tx?.ok || tx.tx.chainId === undefined || tx.tx.chainId === chainEvmId) return undefined;
  return { signedFor: tx.tx.chainId, chain: chainEvmId };
}

/** "⚠ signed for chain ID 1074; this chain is 8822": chain IDs are names, printed without separators. */
export function chainIdMismatchLine(m: ChainIdMismatch, l10n: L10n): string {
  return `⚠ ${l10n.t('signed for chain ID {0}; this chain is {1}', m.signedFor.toString(), m.chain.toString())}`;
}

/** The panel's warning row, first among the EVM rows. */
export function chainIdMismatchRow(m: ChainIdMismatch, l10n: L10n): Row {
  return {
    field: 'chainIdMismatch',
    label: l10n.t('Chain ID'),
    value: chainIdMismatchLine(m, l10n),
    detail: l10n.t('the transaction was signed for another EVM chain'),
  };
}

/** The panel's rows for a receipt: the warning, or none. */
export function chainIdMismatchRows(receipt: AnyReceipt, chainEvmId: bigint | undefined, l10n: L10n): Row[] {
  const m = chainIdMismatch(receipt, chainEvmId);
  return m ? [chainIdMismatchRow(m, l10n)] : [];
}
