// The receipt's view model, shared by the hover and the receipt panel: a validated Receipt turned
// into display strings once, so both surfaces say the same thing and the webview only places
// text. JSON-safe throughout (bigints arrive formatted, or as decimal strings to copy).
// buildReceiptView chooses the generation's builder once (stardustReceiptView.ts,
// rebasedReceiptView.ts, both over receiptSections.ts); the view's types live in
// receiptViewTypes.ts, which the builders import, and are exported from here for the features.
// Pure: words come through the `l10n` argument (vscode.l10n in the extension), so the model
// stays free of 'vscode' and still localises.
import { checkFee, describeGasPerToken, isFreeGas, type Ratio32 } from '../../core/fees';
import { formatBaseTokens, formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { ceilDiv } from '../../core/units';
import { txGasPrice } from '../../evm/model/signedTx';
import { rebasedEvmTx } from './evmTxView';
import { buildRebasedReceiptView } from './rebasedReceiptView';
import { buildStardustReceiptView } from './stardustReceiptView';
import { isRebasedReceipt } from '../../api/receiptKind';
import type { AnyReceipt, FeeCheckView, ReceiptView } from './receiptViewTypes';

export { englishL10n, type L10n } from '../../core/l10n';
export { evmTxRows } from './evmTxView';
export { receiptJson } from './receiptSections';
export {
  HEADLINE_CHARS,
  MAX_PAYLOAD_HEX_CHARS,
  MAX_RAW_JSON_CHARS,
  type AnyReceipt,
  type FeeCheckView,
  type NftView,
  type PayloadView,
  type ReceiptView,
} from './receiptViewTypes';

/** Turns a validated receipt into the strings the hover and the panel show. */
export function buildReceiptView(receipt: AnyReceipt, l10n: L10n = englishL10n): ReceiptView {
  return isRebasedReceipt(receipt) ? buildRebasedReceiptView(receipt, l10n) : buildStardustReceiptView(receipt, l10n);
}

/**
 * Checks the fee charged against the chain's fee policy (read at the receipt's block):
 * "matches the fee policy (100 gas = 1 base token)" or the difference.
 */
export function describeFeeCheck(gasBurned: bigint, feeCharged: bigint, gasPerToken: Ratio32, l10n: L10n = englishL10n): FeeCheckView {
  const policy = { gasPerToken, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };
  const check = checkFee(gasBurned, feeCharged, policy);
  const ratio = describeGasPerToken(gasPerToken, l10n);
  if (check.matches) return { ok: true, text: l10n.t('matches the fee policy ({0})', ratio) };
  const diff = check.difference < 0n ? -check.difference : check.difference;
  return {
    ok: false,
    text:
      check.difference < 0n
        ? l10n.t(
            '{0} less than the fee policy asks ({1}: {2}); the fee is capped at the funds the sender had left',
            formatBaseTokens(diff, l10n),
            ratio,
            formatBaseTokens(check.expected, l10n),
          )
        : l10n.t('{0} more than the fee policy asks ({1}: {2})', formatBaseTokens(diff, l10n), ratio, formatBaseTokens(check.expected, l10n)),
  };
}

/**
 * The fee check for either generation. Rebased EVM requests pay by the transaction's gas price,
 * not the chain's gas-per-token ratio: fee = ceil(gasBurned × txGasPrice / 10^9) nanos, with
 * txGasPrice = gasPrice (legacy, EIP-2930) or maxFeePerGas (EIP-1559); still 0 when gas is free.
 */
export function describeReceiptFeeCheck(receipt: AnyReceipt, gasPerToken: Ratio32, l10n: L10n = englishL10n): FeeCheckView {
  if (!isRebasedReceipt(receipt) || !receipt.request.isEVM) return describeFeeCheck(receipt.gasBurned, receipt.gasFeeCharged, gasPerToken, l10n);
  if (isFreeGas(gasPerToken)) return describeFeeCheck(receipt.gasBurned, receipt.gasFeeCharged, gasPerToken, l10n);
  const tx = rebasedEvmTx(receipt);
  if (!tx?.ok) return { ok: undefined, text: l10n.t('not checked: the EVM transaction could not be decoded') };
  const price = txGasPrice(tx.tx);
  const expected = ceilDiv(receipt.gasBurned * price, 1_000_000_000n);
  const priceText = l10n.t('{0} wei per gas', formatBigInt(price));
  if (expected === receipt.gasFeeCharged) return { ok: true, text: l10n.t("matches the transaction's gas price ({0})", priceText) };
  const diff = receipt.gasFeeCharged - expected;
  return {
    ok: false,
    text:
      diff < 0n
        ? l10n.t(
            "{0} less than the transaction's gas price asks ({1}: {2}); the fee is capped at the funds the sender had left",
            formatBaseTokens(-diff, l10n),
            priceText,
            formatBaseTokens(expected, l10n),
          )
        : l10n.t("{0} more than the transaction's gas price asks ({1}: {2})", formatBaseTokens(diff, l10n), priceText, formatBaseTokens(expected, l10n)),
  };
}
