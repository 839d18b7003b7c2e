// The view of a Rebased (Wasp 2.x) receipt: coins and objects instead of base/native tokens and
// NFTs, positional params, no target chain (a node serves one chain), the fee with IOTA's
// decimals, and the signed EVM transaction inside params[0] with its hash checked against the
// request ID. Amounts stay BigInt until they are formatted: the exact integer (to copy) and,
// where the decimals are known, a decimal form. Remote text passes through revealInvisible. Pure.
import type { RebasedAssets, RebasedReceipt } from '../../api/rebasedSchemas';
import type { L10n } from '../../core/l10n';
import { clip, revealInvisible } from '../../core/text';
import { evmTxLine, evmTxRows, evmTxView, rebasedEvmTx } from './evmTxView';
import { parseRebasedAgentId } from './rebasedAgentId';
import { agentKindText, assembleReceiptView, payload, senderView, tokenAmount } from './receiptSections';
import type { CoinView, ParamView, RebasedAssetsView, RebasedPartView, ReceiptView } from './receiptViewTypes';

/** IOTA, the base token: 9 decimals (nanos). */
export const IOTA_DECIMALS = 9;

/** `0x2::iota::IOTA` in any address form (0x2, 0x0…02, upper-case hex). */
export function isBaseTokenType(coinType: string): boolean {
  const m = /^0x([0-9a-fA-F]{1,64})::iota::IOTA$/.exec(coinType);
  return m?.[1] !== undefined && m[1].replace(/^0+/, '') === '2';
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

/** The sender by Rebased's agent-ID shapes; an EVM account whose mixed case fails EIP-55 says so. */
function rebasedSender(senderAccount: string, l10n: L10n): ReceiptView['sender'] {
  const agent = parseRebasedAgentId(senderAccount);
  // A Rebased L1 address may be of any signature scheme.
  const sender = senderView(senderAccount, agent, agent.kind === 'address' ? l10n.t('L1 address') : agentKindText(agent.kind, l10n));
  if (agent.checksumValid === false) {
    sender.checksumValid = false;
    sender.kindText = l10n.t('{0}; its EIP-55 checksum does not match', sender.kindText);
  }
  return sender;
}

/** Rebased params are positional (one BCS-encoded argument each): labelled by position, no key bytes. */
function positionalParam(hex: string, i: number, l10n: L10n): ParamView {
  return { key: payload('0x'), keyLabel: l10n.t('argument {0}', i + 1), value: payload(hex) };
}

export function buildRebasedReceiptView(receipt: RebasedReceipt, l10n: L10n): ReceiptView {
  const req = receipt.request;
  const view = assembleReceiptView(
    receipt,
    {
      generation: 'rebased',
      sender: rebasedSender(req.senderAccount, l10n),
      targetAddress: '',
      targetRows: [],
      requestBudgetDetail: req.isEVM ? l10n.t("the transaction's gas limit, in EVM gas") : l10n.t('as sent with the request'),
      feeDecimal: tokenAmount(receipt.gasFeeCharged, IOTA_DECIMALS, 'IOTA').decimal,
      fungibleTokens: null,
      allowance: null,
      nft: null,
      params: req.params.map((hex, i) => positionalParam(hex, i, l10n)),
    },
    l10n,
  );
  view.rebased = buildRebasedPart(receipt, l10n);
  if (view.rebased.evmTx) view.evmTxLine = evmTxLine(view.rebased.evmTx, l10n);
  const txRows = evmTxRows(view.rebased, l10n);
  if (txRows) view.sections.push({ id: 'evmTx', title: l10n.t('EVM transaction'), rows: txRows });
  return view;
}
