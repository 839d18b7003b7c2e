// The gas and fees of a receipt view, as both node generations show them: the budget ("no limit"
// for the largest uint64), the gas burned and its share of the budget, the fee and the storage
// deposit, always with the exact integer to copy. Pure: words come through the `l10n` argument.
import { baseTokensText, formatBigInt } from '../../core/format';
import type { L10n } from '../../core/l10n';
import type { Row } from '../../ui/model/view';
import type { AmountView, AnyReceipt, ReceiptView } from './receiptViewTypes';

type Gas = ReceiptView['gas'];

export function amount(v: bigint): AmountView {
  return { raw: v.toString(), text: formatBigInt(v) };
}

/** Percent with one decimal, from bigints (exact above 2^53). */
function percentText(part: bigint, whole: bigint): string | undefined {
  if (whole <= 0n) return undefined;
  const tenths = (part * 1000n) / whole;
  return `${formatBigInt(tenths / 10n)}.${(tenths % 10n).toString()}%`;
}

/** The largest uint64: a gas budget of it is the node's "no limit". */
const MAX_UINT64 = 2n ** 64n - 1n;

/** A gas budget: "no limit" for the largest uint64 (the exact integer stays in `raw`). */
function budgetAmount(v: bigint, l10n: L10n): AmountView {
  return v === MAX_UINT64 ? { raw: v.toString(), text: l10n.t('no limit'), noLimit: true } : amount(v);
}

export function gasView(receipt: AnyReceipt, feeDecimal: string | undefined, l10n: L10n): Gas {
  const gas = {
    budget: budgetAmount(receipt.gasBudget, l10n),
    burned: amount(receipt.gasBurned),
    fee: amount(receipt.gasFeeCharged),
    storageDeposit: amount(receipt.storageDepositCharged),
    requestBudget: budgetAmount(receipt.request.gasBudget, l10n),
  } as Gas;
  if (feeDecimal !== undefined) gas.feeDecimal = feeDecimal;
  const share = gas.budget.noLimit ? undefined : percentText(receipt.gasBurned, receipt.gasBudget);
  if (share !== undefined) gas.burnedShare = l10n.t('{0} of the budget', share);
  return gas;
}

export function noLimitDetail(a: AmountView, l10n: L10n): string {
  return l10n.t('{0}, the largest uint64', formatBigInt(BigInt(a.raw)));
}

export function gasRows(gas: Gas, l10n: L10n): Row[] {
  return [
    {
      field: 'gasBudget',
      label: l10n.t('Gas budget'),
      value: gas.budget.text,
      mono: true,
      ...(gas.budget.noLimit ? { detail: noLimitDetail(gas.budget, l10n) } : {}),
      copy: { text: gas.budget.raw, what: l10n.t('gas budget') },
    },
    {
      field: 'gasBurned',
      label: l10n.t('Gas burned'),
      value: gas.burned.text,
      mono: true,
      ...(gas.burnedShare ? { detail: gas.burnedShare } : {}),
      copy: { text: gas.burned.raw, what: l10n.t('gas burned') },
    },
    {
      field: 'gasFeeCharged',
      label: l10n.t('Fee charged'),
      value: baseTokensText(gas.fee, l10n),
      mono: true,
      ...(gas.feeDecimal !== undefined ? { detail: gas.feeDecimal } : {}),
      copy: { text: gas.fee.raw, what: l10n.t('fee') },
    },
    {
      field: 'storageDepositCharged',
      label: l10n.t('Storage deposit'),
      value: baseTokensText(gas.storageDeposit, l10n),
      mono: true,
      copy: { text: gas.storageDeposit.raw, what: l10n.t('storage deposit') },
    },
  ];
}
