// Block explorer links for EVM transactions and addresses: the chain entry's `explorerUrl`, else the
// public explorer of a known EVM chain ID. The links are built from checked parts only (a 0x hash,
// an EIP-55 address) and checked again as a whole, so what is opened is exactly what was checked.
// Pure.
import { externalUrlToOpen } from '../../core/text';

/** Public explorers by EVM chain ID: IOTA EVM and ShimmerEVM. */
export const DEFAULT_EXPLORERS: ReadonlyMap<bigint, string> = new Map([
  [8822n, 'https://explorer.evm.iota.org'],
  [148n, 'https://explorer.evm.shimmer.network'],
]);

/** The explorer to link to: the configured one, else the default of the EVM chain ID, else none. */
export function explorerBase(configured: string | undefined, evmChainId: bigint | undefined): string | undefined {
  const base = configured ?? (evmChainId === undefined ? undefined : DEFAULT_EXPLORERS.get(evmChainId));
  return base === undefined ? undefined : externalUrlToOpen(base)?.replace(/\/+$/, '');
}

/** `<base>/tx/<hash>` for a 0x + 64 hex hash, or undefined. */
export function explorerTxUrl(base: string | undefined, hash: string): string | undefined {
  if (base === undefined || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined;
  return externalUrlToOpen(`${base}/tx/${hash.toLowerCase()}`);
}

/** `<base>/address/<address>` for a 0x + 40 hex address, or undefined. */
export function explorerAddressUrl(base: string | undefined, address: string): string | undefined {
  if (base === undefined || !/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined;
  return externalUrlToOpen(`${base}/address/${address}`);
}
