// The view of a Stardust (Wasp 1.x) receipt: the target chain, base and native tokens, the NFT
// with its IRC27 metadata, and keyed params (key bytes shown as a label when they read as a
// word). Remote text passes through revealInvisible. Pure.
import type { AssetBundle, Nft, Receipt } from '../../api/stardustSchemas';
import { parseAgentId } from '../../core/agentId';
import { shortId } from '../../core/format';
import { decodeHexPayload } from '../../core/hex';
import type { L10n } from '../../core/l10n';
import { clip } from '../../core/text';
import { agentKindText, amount, assembleReceiptView, payload, payloadView, remote, senderView } from './receiptSections';
import type { AssetsView, NftView, ParamView, ReceiptView } from './receiptViewTypes';

function assets(bundle: AssetBundle | null): AssetsView | null {
  if (!bundle) return null;
  return {
    baseTokens: amount(bundle.baseTokens),
    nativeTokens: bundle.nativeTokens.map((t) => ({ id: t.id.toLowerCase(), amount: amount(t.amount) })),
    nfts: bundle.nfts.map((n) => n.toLowerCase()),
    empty: bundle.baseTokens === 0n && bundle.nativeTokens.length === 0 && bundle.nfts.length === 0,
  };
}

const IRC27_FIELDS = ['name', 'collectionName', 'issuerName', 'description', 'type', 'uri', 'standard', 'version'];

function nftView(nft: Nft | null): NftView | null {
  if (!nft) return null;
  const decoded = decodeHexPayload(nft.metadata);
  const metadata = payloadView(decoded);
  const fields: NftView['fields'] = [];
  const parsed = decoded.json;
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    for (const key of IRC27_FIELDS) {
      const v = o[key];
      if (typeof v === 'string' || typeof v === 'number') fields.push({ key, value: remote(clip(String(v), 500)) });
    }
  }
  return { id: nft.id.toLowerCase(), issuer: remote(nft.issuer), owner: remote(nft.owner), metadata, fields };
}

function keyedParam(p: { key: string; value: string }): ParamView {
  const key = payload(p.key);
  const keyLabel = key.text !== undefined && key.text.length <= 64 && !/\s/.test(key.text) ? key.text : shortId(key.hex, 18, 6);
  return { key, keyLabel: remote(keyLabel), value: payload(p.value) };
}

export function buildStardustReceiptView(receipt: Receipt, l10n: L10n): ReceiptView {
  const req = receipt.request;
  const agent = parseAgentId(req.senderAccount);
  const targetAddress = remote(req.targetAddress);
  return assembleReceiptView(
    receipt,
    {
      generation: 'stardust',
      sender: senderView(req.senderAccount, agent, agentKindText(agent.kind, l10n)),
      targetAddress,
      targetRows: [
        {
          field: 'targetAddress',
          label: l10n.t('Target chain'),
          value: targetAddress,
          mono: true,
          copy: { text: req.targetAddress, what: l10n.t('target address') },
        },
      ],
      requestBudgetDetail: l10n.t('as sent with the request'),
      fungibleTokens: assets(req.fungibleTokens),
      allowance: assets(req.allowance),
      nft: nftView(req.nft),
      params: req.params.map(keyedParam),
    },
    l10n,
  );
}
