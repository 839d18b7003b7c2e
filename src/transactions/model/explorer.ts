// Block explorer links for EVM transactions and addresses: the chain entry's `explorerUrl`, else the
// public explorer of a known EVM chain ID. The links are built from checked parts only (a 0x hash,
// an EIP-55 address) and checked again as a whole, so what is opened is exactly what was checked.
// Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { externalUrlToOpen } from '../../core/text';
import { isRebasedReceipt } from '../../api/receiptKind';
import type { AnyReceipt } from './receiptView';
import type { Row } from '../../ui/model/view';
import { HEX40, HEX64 } from '../../core/idShapes';

/** Public explorers by EVM chain ID: IOTA EVM and ShimmerEVM. */
export const DEFAULT_EXPLORERS: ReadonlyMap<bigint, string> = new Map([
  [8822n, 'https://explorer.evm.iota.org'],
  [148n, 'https://explorer.evm.shimmer.network'],
]);

/** The explorer to link to: the configured one, else the default of the EVM chain ID, else none. */
export function explorerBase(configured: string | undefined, evmChainId: bigint | undefined): string | undefined {
  const base = configured ?? (evmChainId === undefined ? undefined : DEFAULT_EXPLORERS.get(evmChainId));
  const checked = base === undefined ? undefined : externalUrlToOpen(base);
  // A query or fragment would swallow the path appended to it: such a base gives no link.
  if (checked === undefined || /[?#]/.test(checked)) return undefined;
  return checked.replace(/\/+$/, '');
}

/** `<base>/tx/<hash>` for a 0x + 64 hex hash, or undefined. */
export function explorerTxUrl(base: string | undefined, hash: string): string | undefined {
  if (base === undefined || !HEX64.test(hash)) return undefined;
  return externalUrlToOpen(`${base}/tx/${hash.toLowerCase()}`);
}

/** `<base>/address/<address>` for a 0x + 40 hex address, or undefined. */
export function explorerAddressUrl(base: string | undefined, address: string): string | undefined {
  if (base === undefined || !HEX40.test(address)) return undefined;
  return externalUrlToOpen(`${base}/address/${address}`);
}

/** The IOTA network of a Rebased chain, by its EVM chain ID: only the two public chains are known. */
export type IotaNetwork = 'mainnet' | 'testnet';

const IOTA_NETWORKS: ReadonlyMap<bigint, IotaNetwork> = new Map([
  [8822n, 'mainnet'],
  [1076n, 'testnet'],
]);

/** The IOTA explorer (L1 objects and addresses); fixed, never from settings or a node. */
export const IOTA_EXPLORER = 'https://explorer.iota.org';

/** The L1 network of an EVM chain ID, or undefined (then no L1 link: a wrong network would mislead). */
export function iotaNetwork(evmChainId: bigint | undefined): IotaNetwork | undefined {
  return evmChainId === undefined ? undefined : IOTA_NETWORKS.get(evmChainId);
}

/** `https://explorer.iota.org/<object|address>/<0x + 64 hex>?network=<network>`, or undefined. */
export function iotaExplorerUrl(network: IotaNetwork | undefined, kind: 'object' | 'address', id: string): string | undefined {
  if (network === undefined || !HEX64.test(id)) return undefined;
  return externalUrlToOpen(`${IOTA_EXPLORER}/${kind}/${id.toLowerCase()}?network=${network}`);
}

/**
 * The EVM explorer of a chain: the entry's `explorerUrl`, else the default of the EVM chain ID the
 * node told (`/v1/chain` on Rebased), else that of the transaction's own chain ID (Stardust).
 */
export function chainExplorerBase(configured: string | undefined, nodeEvmChainId: bigint | undefined, txChainId: bigint | undefined): string | undefined {
  return explorerBase(configured, nodeEvmChainId ?? txChainId);
}

/**
 * The "IOTA explorer" rows of a Rebased receipt: the sender's L1 address and the objects of its
 * assets and allowance, on the network of the chain's EVM chain ID; none when it is unknown.
 */
export function l1ExplorerRows(receipt: AnyReceipt, network: IotaNetwork | undefined, l10n: L10n = englishL10n): Row[] {
  if (network === undefined || !isRebasedReceipt(receipt)) return [];
  const rows: Row[] = [];
  const link = (field: string, label: string, url: string | undefined) => {
    if (url) rows.push({ field, label, value: url, mono: true, link: { url, web: true } });
  };
  link('l1ExplorerSender', l10n.t('Sender in IOTA explorer'), iotaExplorerUrl(network, 'address', receipt.request.senderAccount));
  const objects = (list: ReadonlyArray<{ id: string }> | undefined, field: string, label: string) =>
    (list ?? []).forEach((o, i) => link(`${field}${i}`, l10n.t('{0} {1} in IOTA explorer', label, i + 1), iotaExplorerUrl(network, 'object', o.id)));
  objects(receipt.request.assets.objects, 'l1ExplorerAsset', l10n.t('Object'));
  objects(receipt.request.allowance?.objects, 'l1ExplorerAllowance', l10n.t('Allowance object'));
  return rows;
}
