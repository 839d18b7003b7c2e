// The parts of a Rebased (Wasp 2.x) receipt view that Stardust has no counterpart for: coins and
// objects instead of base/native tokens and NFTs, positional params, and the signed EVM transaction
// inside params[0] with its hash checked against the request ID. Amounts stay BigInt until they
// are formatted: the exact integer (to copy) and, where the decimals are known, a decimal form.
// Remote text passes through revealInvisible. Pure.
import type { RebasedAssets, RebasedReceipt } from '../../api/rebasedSchemas';
import { formatBigInt, formatNumber, shortId } from '../../core/format';
import { clip, revealInvisible } from '../../core/text';
import { formatUnits } from '../../core/units';
import type { L10n } from '../../core/l10n';
import { decodeEvmTxParam, txGasPrice, type EvmTx } from '../../evm/model/signedTx';

/** IOTA, the base token: 9 decimals (nanos). */
export const IOTA_DECIMALS = 9;
/** EVM values are wei: 18 decimals of IOTA. */
export const EVM_DECIMALS = 18;
const SHOWN_DATA_BYTES = 4096;

export interface TokenAmountView {
  /** Exact integer in the smallest unit (for copying). */
  raw: string;
  /** With thousands separators. */
  text: string;
  /** With decimals and the symbol ("1.5 IOTA") when the decimals are known. */
  decimal?: string;
}

export interface CoinView {
  /** The Move type as sent, invisible characters revealed. */
  coinType: string;
  /** "IOTA" for the base token, else the type's last segment ("TOKN"). */
  symbol: string;
  isBaseToken: boolean;
  balance: TokenAmountView;
}

export interface ObjectView {
  id: string;
  type: string;
}

export interface RebasedAssetsView {
  coins: CoinView[];
  objects: ObjectView[];
  empty: boolean;
}

export interface EvmTxView {
  type: 0 | 1 | 2;
  typeText: string;
  /** EIP-55, or undefined for a contract creation. */
  to?: string;
  creation: boolean;
  value: TokenAmountView;
  nonce: string;
  gasLimit: TokenAmountView;
  gasPrice?: TokenAmountView;
  maxFeePerGas?: TokenAmountView;
  maxPriorityFeePerGas?: TokenAmountView;
  chainId?: string;
  data: { byteLength: number; selector?: string; hex: string; truncated: boolean };
  hash: string;
  /** False when keccak256 of the signed transaction is not the request ID. */
  hashMatches: boolean;
}

export interface RebasedPartView {
  assets: RebasedAssetsView;
  allowance: RebasedAssetsView | null;
  /** Why the node could not decode the allowance (remote text). */
  allowanceError?: string;
  /** The decoded transaction of an EVM request, or why it could not be decoded. */
  evmTx?: EvmTxView;
  evmTxError?: string;
}

/** `0x2::iota::IOTA` in any address form (0x2, 0x0…02, upper-case hex). */
export function isBaseTokenType(coinType: string): boolean {
  const m = /^0x([0-9a-fA-F]{1,64})::iota::IOTA$/.exec(coinType);
  return m?.[1] !== undefined && m[1].replace(/^0+/, '') === '2';
}

export function tokenAmount(value: bigint, decimals?: number, symbol?: string): TokenAmountView {
  const view: TokenAmountView = { raw: value.toString(), text: formatBigInt(value) };
  if (decimals !== undefined) view.decimal = symbol ? `${formatUnits(value, decimals)} ${symbol}` : formatUnits(value, decimals);
  return view;
}

function coinView(coin: { coinType: string; balance: bigint }): CoinView {
  const isBaseToken = isBaseTokenType(coin.coinType);
  const last = coin.coinType.split('::').pop() ?? '';
  const symbol = isBaseToken ? 'IOTA' : revealInvisible(clip(last, 40));
  return {
    coinType: revealInvisible(coin.coinType),
    symbol,
    isBaseToken,
    // Other coins' decimals live in their on-chain metadata, which the receipt does not carry: exact integer only.
    balance: isBaseToken ? tokenAmount(coin.balance, IOTA_DECIMALS, 'IOTA') : tokenAmount(coin.balance),
  };
}

export function rebasedAssetsView(assets: RebasedAssets | null): RebasedAssetsView | null {
  if (!assets) return null;
  return {
    coins: assets.coins.map(coinView),
    objects: assets.objects.map((o) => ({ id: o.id, type: revealInvisible(o.type) })),
    empty: assets.coins.length === 0 && assets.objects.length === 0,
  };
}

function hexOf(bytes: Uint8Array, max: number): string {
  let s = '0x';
  const n = Math.min(bytes.length, max);
  for (let i = 0; i < n; i++) s += (bytes[i] ?? 0).toString(16).padStart(2, '0');
  return s;
}

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
      hex: hexOf(tx.data, SHOWN_DATA_BYTES),
      truncated: tx.data.length > SHOWN_DATA_BYTES,
    },
    hash: tx.hash,
    hashMatches: tx.hash === requestId.toLowerCase(),
  };
  if (tx.to !== undefined) view.to = tx.to;
  if (tx.data.length >= 4) view.data.selector = hexOf(tx.data, 4);
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

export function buildRebasedPart(receipt: RebasedReceipt, l10n: L10n): RebasedPartView {
  const req = receipt.request;
  const part: RebasedPartView = {
    assets: rebasedAssetsView(req.assets) ?? { coins: [], objects: [], empty: true },
    allowance: rebasedAssetsView(req.allowance),
  };
  if (req.allowanceError !== undefined) part.allowanceError = revealInvisible(clip(req.allowanceError, 2000));
  const tx = rebasedEvmTx(receipt);
  if (tx?.ok) part.evmTx = evmTxView(tx.tx, req.requestId, l10n);
  else if (tx) part.evmTxError = tx.error;
  return part;
}

/** One line for the hover: "→ 0x79EC…607E, 1.25 IOTA, legacy, nonce 17". */
export function evmTxLine(tx: EvmTxView, l10n: L10n): string {
  const target = tx.creation ? l10n.t('contract creation') : l10n.t('to {0}', shortId(tx.to ?? '', 8, 6));
  const parts = [target, tx.value.decimal ?? tx.value.text, tx.typeText, l10n.t('nonce {0}', tx.nonce)];
  if (tx.data.selector !== undefined) parts.push(l10n.t('calls {0} ({1} bytes)', tx.data.selector, formatNumber(tx.data.byteLength)));
  return parts.join(', ');
}

export { txGasPrice };
