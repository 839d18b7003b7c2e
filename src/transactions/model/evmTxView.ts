// The signed EVM transaction a Rebased EVM request carries in params[0], as the receipt shows it:
// its fields (exact integers to copy, decimal forms beside them), its hash checked against the
// request ID, one line for the hover and the panel's rows. Decoding itself is src/evm's. Pure.
import type { RebasedReceipt } from '../../api/rebasedSchemas';
import { formatNumber, shortId } from '../../core/format';
import { bytesToHex } from '../../core/hex';
import type { L10n } from '../../core/l10n';
import { formatUnits } from '../../core/units';
import { decodeEvmTxParam, type EvmTx } from '../../evm/model/signedTx';
import type { Row } from '../../ui/model/view';
import { tokenAmount } from './receiptSections';
import type { EvmTxView, RebasedPartView } from './receiptViewTypes';

/** EVM values are wei: 18 decimals of IOTA. */
export const EVM_DECIMALS = 18;
const SHOWN_DATA_BYTES = 4096;

function txTypeText(type: 0 | 1 | 2, l10n: L10n): string {
  switch (type) {
    case 0:
      return l10n.t('legacy');
    case 1:
      return l10n.t('EIP-2930 (access list)');
    case 2:
      return l10n.t('EIP-1559 (dynamic fee)');
  }
}

export function evmTxView(tx: EvmTx, requestId: string, l10n: L10n): EvmTxView {
  const wei = (v: bigint) => tokenAmount(v, EVM_DECIMALS, 'IOTA');
  const view: EvmTxView = {
    type: tx.type,
    typeText: txTypeText(tx.type, l10n),
    creation: tx.to === undefined,
    value: wei(tx.value),
    nonce: tx.nonce.toString(),
    gasLimit: tokenAmount(tx.gasLimit),
    data: {
      byteLength: tx.data.length,
      hex: bytesToHex(tx.data, SHOWN_DATA_BYTES),
      truncated: tx.data.length > SHOWN_DATA_BYTES,
    },
    hash: tx.hash,
    hashMatches: tx.hash === requestId.toLowerCase(),
  };
  if (tx.to !== undefined) view.to = tx.to;
  if (tx.data.length >= 4) view.data.selector = bytesToHex(tx.data, 4);
  if (tx.chainId !== undefined) view.chainId = tx.chainId.toString();
  if (tx.gasPrice !== undefined) view.gasPrice = wei(tx.gasPrice);
  if (tx.maxFeePerGas !== undefined) view.maxFeePerGas = wei(tx.maxFeePerGas);
  if (tx.maxPriorityFeePerGas !== undefined) view.maxPriorityFeePerGas = wei(tx.maxPriorityFeePerGas);
  return view;
}

/** The decoded EVM transaction of an EVM request (params[0]), or undefined for other requests. */
export function rebasedEvmTx(receipt: RebasedReceipt): { ok: true; tx: EvmTx } | { ok: false; error: string } | undefined {
  if (!receipt.request.isEVM) return undefined;
  const first = receipt.request.params[0];
  if (first === undefined) return { ok: false, error: 'the request has no parameter' };
  return decodeEvmTxParam(first);
}

/** One line for the hover: "→ 0x79EC…607E, 1.25 IOTA, legacy, nonce 17". */
export function evmTxLine(tx: EvmTxView, l10n: L10n): string {
  const target = tx.creation ? l10n.t('contract creation') : l10n.t('to {0}', shortId(tx.to ?? '', 8, 6));
  const parts = [target, tx.value.decimal ?? tx.value.text, tx.typeText, l10n.t('nonce {0}', tx.nonce)];
  if (tx.data.selector !== undefined) parts.push(l10n.t('calls {0} ({1} bytes)', tx.data.selector, formatNumber(tx.data.byteLength)));
  return parts.join(', ');
}

/** The decoded EVM transaction as panel rows: exact integers to copy, decimal forms beside them. */
export function evmTxRows(part: Pick<RebasedPartView, 'evmTx' | 'evmTxError'>, l10n: L10n): Row[] | undefined {
  if (part.evmTxError !== undefined) {
    return [
      { field: 'evmTxError', label: l10n.t('Not decoded'), value: part.evmTxError, detail: l10n.t('the request parameter is not a valid signed transaction') },
    ];
  }
  const tx = part.evmTx;
  if (!tx) return undefined;
  const wei = (field: string, label: string, a: { raw: string; text: string }, detail: string | undefined): Row => ({
    field,
    label,
    value: l10n.t('{0} wei', a.text),
    mono: true,
    ...(detail !== undefined ? { detail } : {}),
    copy: { text: a.raw, what: label },
  });
  const gwei = (a: { raw: string }) => l10n.t('{0} gwei', formatUnits(BigInt(a.raw), 9));
  const rows: Row[] = [
    {
      field: 'evmTxHash',
      label: l10n.t('Transaction hash'),
      value: tx.hash,
      mono: true,
      detail: tx.hashMatches
        ? l10n.t('keccak256 of the signed transaction: equals the request ID')
        : l10n.t('differs from the request ID: this is not the transaction of this request'),
      copy: { text: tx.hash, what: l10n.t('transaction hash') },
    },
    { field: 'evmTxType', label: l10n.t('Type'), value: tx.typeText },
  ];
  if (tx.chainId !== undefined) rows.push({ field: 'evmTxChainId', label: l10n.t('EVM chain ID'), value: tx.chainId, mono: true });
  rows.push(
    tx.to === undefined
      ? { field: 'evmTxTo', label: l10n.t('To'), value: l10n.t('contract creation'), empty: true }
      : { field: 'evmTxTo', label: l10n.t('To'), value: tx.to, mono: true, copy: { text: tx.to, what: l10n.t('address') } },
    wei('evmTxValue', l10n.t('Value'), tx.value, tx.value.decimal),
    { field: 'evmTxNonce', label: l10n.t('Nonce'), value: tx.nonce, mono: true },
    { field: 'evmTxGasLimit', label: l10n.t('Gas limit'), value: tx.gasLimit.text, mono: true, copy: { text: tx.gasLimit.raw, what: l10n.t('gas limit') } },
  );
  if (tx.gasPrice) rows.push(wei('evmTxGasPrice', l10n.t('Gas price'), tx.gasPrice, gwei(tx.gasPrice)));
  if (tx.maxFeePerGas) rows.push(wei('evmTxMaxFee', l10n.t('Max fee per gas'), tx.maxFeePerGas, gwei(tx.maxFeePerGas)));
  if (tx.maxPriorityFeePerGas) rows.push(wei('evmTxPriorityFee', l10n.t('Max priority fee per gas'), tx.maxPriorityFeePerGas, gwei(tx.maxPriorityFeePerGas)));
  rows.push({
    field: 'evmTxData',
    label: l10n.t('Data'),
    value:
      tx.data.selector === undefined
        ? l10n.t('{0} bytes', formatNumber(tx.data.byteLength))
        : l10n.t('selector {0}, {1} bytes', tx.data.selector, formatNumber(tx.data.byteLength)),
    mono: true,
    ...(tx.data.truncated ? { detail: l10n.t('the first 4,096 bytes can be copied') } : {}),
    ...(tx.data.byteLength > 0 ? { copy: { text: tx.data.hex, what: l10n.t('call data') } } : {}),
  });
  return rows;
}
