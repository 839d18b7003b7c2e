// Why an EVM request cost what it did (FACTS for EVM §5), in one section: its declared gas limit, the
// ISC budget the node made of it (the EVM gas ratio, clamped to the chain's limits per request,
// lowered to what the sender could pay), the EVM gas used the JSON-RPC's receipt says, the ISC gas it
// burned, the EVM's own gas from the call tree and what the ISC side burned beyond it (magic-contract
// calls, state written, the 10,000 minimum), which was charged and at what price, and the fee.
// Exact: every figure is a bigint. Pure.
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';
import { baseTokensText, formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { evmToIsc, iscToEvm, type Ratio32 } from '../../core/fees';
import type { Row } from '../../ui/model/view';
import { txGasPrice } from '../../evm/model/signedTx';
import { evmTxOf } from './evmExplain';
import type { AnyReceipt } from './receiptViewTypes';

/** The ISC gas every request burns at least (hard-coded in the node, not governance's minGasPerRequest). */
export const MIN_BURN_PER_REQUEST = 10_000n;
/** The error code of "gas budget exceeded". */
const BUDGET_EXCEEDED = '714a';

export interface GasFacts {
  generation: Generation;
  /** The signed transaction's gas limit and price (wei). */
  tx: { gasLimit: bigint; gasPrice: bigint };
  /** ISC gas = EVM gas × a / b. */
  evmGasRatio: Ratio32;
  /** The chain's limits per request at the receipt's block; undefined when they could not be read. */
  limits?: { minGasPerRequest: bigint; maxGasPerRequest: bigint };
  receipt: { gasBudget: bigint; gasBurned: bigint; errorCode?: string };
  /** From the call tree, once read: the outermost call's gas used and whether it failed. */
  trace?: { gasUsed: bigint; failed: boolean };
  /** The JSON-RPC's EVM receipt of the transaction, once read: its gas used and effective price. */
  evmReceipt?: { gasUsed: bigint; effectiveGasPrice?: bigint };
  /** The fee the ISC receipt charged (base-token units), with its decimal form where known. */
  fee?: { charged: bigint; decimal?: string };
}

/** How the node came to the receipt's ISC budget from the declared limit, in words. */
function budgetDetail(f: GasFacts, declared: bigint | undefined, l10n: L10n): string {
  const budget = f.receipt.gasBudget;
  if (declared === undefined) return l10n.t('the EVM gas ratio is not usable: the budget is not explained');
  if (f.limits === undefined) return l10n.t('the declared limit is {0} ISC gas; the chain limits per request could not be read', formatBigInt(declared));
  const { minGasPerRequest: min, maxGasPerRequest: max } = f.limits;
  const clamped = declared < min ? min : declared > max ? max : declared;
  if (budget < clamped)
    return l10n.t('lowered from {0} to what the sender\u2019s L2 balance could pay at the transaction\u2019s gas price', formatBigInt(clamped));
  if (budget > clamped) return l10n.t('the declared limit gives {0} ISC gas within the chain limits; the node set more', formatBigInt(clamped));
  if (declared > max) return l10n.t('the declared {0} ISC gas, cut to the chain maximum per request', formatBigInt(declared));
  if (declared < min) return l10n.t('the declared {0} ISC gas, raised to the chain minimum per request', formatBigInt(declared));
  return l10n.t('the declared limit in ISC gas, within the chain limits per request ({0} to {1})', formatBigInt(min), formatBigInt(max));
}

/** The rows of "Gas and fee explained" for an EVM request. */
export function gasRows(f: GasFacts, l10n: L10n = englishL10n): Row[] {
  const oneToOne = f.evmGasRatio.a === f.evmGasRatio.b && f.evmGasRatio.a > 0;
  const declared = evmToIsc(f.tx.gasLimit, f.evmGasRatio);
  const burnedAsEvm = iscToEvm(f.receipt.gasBurned, f.evmGasRatio);
  const rows: Row[] = [
    {
      field: 'gasDeclared',
      label: l10n.t('Declared gas limit'),
      value: formatBigInt(f.tx.gasLimit),
      mono: true,
      ...(declared !== undefined && !oneToOne ? { detail: l10n.t('{0} ISC gas at the EVM gas ratio', formatBigInt(declared)) } : {}),
    },
    { field: 'gasBudgetIsc', label: l10n.t('ISC gas budget'), value: formatBigInt(f.receipt.gasBudget), mono: true, detail: budgetDetail(f, declared, l10n) },
    {
      field: 'gasBurnedIsc',
      label: l10n.t('ISC gas burned'),
      value: formatBigInt(f.receipt.gasBurned),
      mono: true,
      ...(burnedAsEvm !== undefined && !oneToOne ? { detail: l10n.t('{0} in EVM gas', formatBigInt(burnedAsEvm)) } : {}),
    },
  ];
  if (f.evmReceipt) rows.push(evmReceiptGasRow(f, f.evmReceipt, l10n));
  if (f.trace) rows.push(evmGasRow(f, f.trace, l10n));
  rows.push({
    field: 'gasCharged',
    label: l10n.t('Charged for'),
    value:
      f.receipt.gasBurned === MIN_BURN_PER_REQUEST
        ? l10n.t('the minimum of {0} ISC gas every request burns', formatBigInt(MIN_BURN_PER_REQUEST))
        : l10n.t('the ISC gas burned'),
    detail: traitsOf(f.generation).feeRule(f.tx.gasPrice, l10n),
  });
  if (f.fee) {
    const price = f.evmReceipt?.effectiveGasPrice;
    const detail = [f.fee.decimal, price === undefined ? undefined : l10n.t('the EVM receipt\u2019s effective gas price: {0} wei', formatBigInt(price))].filter(
      (d) => d !== undefined,
    );
    rows.push({
      field: 'gasFee',
      label: l10n.t('Fee charged'),
      value: baseTokensText({ raw: f.fee.charged.toString(), text: formatBigInt(f.fee.charged) }, l10n),
      mono: true,
      ...(detail.length > 0 ? { detail: detail.join(' · ') } : {}),
    });
  }
  const headline = gasHeadline(f.receipt, f.trace, l10n);
  if (headline !== undefined) rows.unshift({ field: 'gasVerdict', label: l10n.t('Why it failed'), value: headline });
  return rows;
}

/** The EVM gas the JSON-RPC's receipt says was used, beside the ISC gas burned. */
function evmReceiptGasRow(f: GasFacts, evm: { gasUsed: bigint }, l10n: L10n): Row {
  const burned = f.receipt.gasBurned;
  return {
    field: 'gasEvmReceipt',
    label: l10n.t('EVM gas used (EVM receipt)'),
    value: formatBigInt(evm.gasUsed),
    mono: true,
    detail:
      burned === evm.gasUsed
        ? l10n.t('the same as the ISC gas burned: the EVM receipt charges the larger of both in EVM gas')
        : l10n.t(
            '≠ the {0} ISC gas burned: the EVM receipt counts the larger of the EVM gas and the ISC gas burned by the end of the EVM run (in EVM gas, without the 10,000 minimum)',
            formatBigInt(burned),
          ),
  };
}

/** The EVM's own gas (the call tree's outermost call) and the ISC gas burned beyond it. */
function evmGasRow(f: GasFacts, trace: { gasUsed: bigint }, l10n: L10n): Row {
  const asIsc = evmToIsc(trace.gasUsed, f.evmGasRatio);
  const beyond = asIsc === undefined ? undefined : f.receipt.gasBurned - asIsc;
  const intrinsic = traitsOf(f.generation).tracer.intrinsicGas ? '' : l10n.t(' (a Wasp 1.x tracer leaves the 21,000 intrinsic gas out of it)');
  const detail =
    beyond === undefined
      ? intrinsic.trim()
      : beyond > 0n
        ? l10n.t(
            '{0} ISC gas burned beyond the EVM\u2019s own: calls into the magic contract, state written, or the minimum per request{1}',
            formatBigInt(beyond),
            intrinsic,
          )
        : l10n.t('the ISC side burned nothing beyond the EVM\u2019s own gas{0}', intrinsic);
  return { field: 'gasEvm', label: l10n.t('EVM gas (call tree)'), value: formatBigInt(trace.gasUsed), mono: true, ...(detail ? { detail } : {}) };
}

/** One line for a request that failed on gas: "ran out of ISC gas after the EVM succeeded" (the call tree's outermost call did not fail). */
export function gasHeadline(receipt: GasFacts['receipt'], trace: GasFacts['trace'], l10n: L10n = englishL10n): string | undefined {
  if (receipt.errorCode !== BUDGET_EXCEEDED) return undefined;
  if (trace && !trace.failed) return l10n.t('ran out of ISC gas after the EVM succeeded: its budget was {0}', formatBigInt(receipt.gasBudget));
  return l10n.t('ran out of its ISC gas budget ({0})', formatBigInt(receipt.gasBudget));
}

/** The gas line of a receipt alone (the hover, before any call tree). */
export function receiptGasHeadline(receipt: AnyReceipt, trace?: GasFacts['trace'], l10n: L10n = englishL10n): string | undefined {
  const code = receipt.rawError?.code;
  return gasHeadline({ gasBudget: receipt.gasBudget, gasBurned: receipt.gasBurned, ...(code ? { errorCode: code } : {}) }, trace, l10n);
}

/** The chain info a receipt's block had: its fee policy and limits per request. */
interface InfoAtBlock {
  gasFeePolicy: { evmGasRatio: Ratio32 };
  gasLimits: { minGasPerRequest: bigint; maxGasPerRequest: bigint };
}

/** The facts of an EVM receipt whose transaction decodes; undefined for any other request. */
export function receiptGasFacts(
  receipt: AnyReceipt,
  generation: Generation,
  info: InfoAtBlock | undefined,
  trace?: { gasUsed: bigint; failed: boolean },
  evm?: { receipt?: GasFacts['evmReceipt']; feeDecimal?: string },
): GasFacts | undefined {
  const tx = evmTxOf(receipt);
  if (!tx?.ok || info === undefined) return undefined;
  const code = receipt.rawError?.code;
  return {
    generation,
    tx: { gasLimit: tx.tx.gasLimit, gasPrice: txGasPrice(tx.tx) },
    evmGasRatio: info.gasFeePolicy.evmGasRatio,
    limits: info.gasLimits,
    receipt: { gasBudget: receipt.gasBudget, gasBurned: receipt.gasBurned, ...(code ? { errorCode: code } : {}) },
    ...(trace ? { trace } : {}),
    ...(evm?.receipt ? { evmReceipt: evm.receipt } : {}),
    fee: { charged: receipt.gasFeeCharged, ...(evm?.feeDecimal !== undefined ? { decimal: evm.feeDecimal } : {}) },
  };
}
