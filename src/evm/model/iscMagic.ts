// The ISC magic contract: the address where an EVM contract reaches the chain's native side (FACTS
// §1). A call to it runs as Go inside the node, not as EVM code: the tracer shows it as an ordinary
// frame with gasUsed 0 (its ISC gas is not EVM gas) and without its ISC effects. Its interfaces
// (ISCSandbox, ISCAccounts, ISCUtil, ISCPrivileged) differ between the generations; their ABIs,
// taken from the node's own sources, are in ./iscMagicAbis.json, which loads with the first call
// tree (a chunk of its own). Pure.
import { AbiIndex, abiOfJson } from './abiIndex';
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';
import { englishL10n, type L10n } from '../../core/l10n';

/** Lower-case, as the tracer writes addresses. */
export const MAGIC_ADDRESS = '0x1074000000000000000000000000000000000000';

export function isMagicAddress(address: string | undefined): boolean {
  return address?.toLowerCase() === MAGIC_ADDRESS;
}

const indexes = new Map<Generation, Promise<AbiIndex>>();

/** The magic contract's functions of a generation, each under its interface's name (the item's source). */
export function magicAbiIndex(generation: Generation): Promise<AbiIndex> {
  let index = indexes.get(generation);
  if (!index) {
    index = import('./iscMagicAbis.json').then((m) => {
      const abis = traitsOf(generation).iscMagicAbisOf('default' in m ? m.default : m);
      const built = new AbiIndex();
      for (const [name, abi] of Object.entries(abis)) built.setFile(name, name, abiOfJson(abi)?.items ?? []);
      return built;
    });
    indexes.set(generation, index);
  }
  return index;
}

/**
 * The chain's own contracts under the magic prefix `0x1074` (iscmagic/address.go): the kind byte
 * after the prefix says which. Wasp 1: ERC20 base tokens (1), native tokens by foundry (2), ERC721
 * NFTs (3), an NFT collection (4), external native tokens (5); Wasp 2: base tokens (1), a coin's
 * ERC20 wrapper (2), NFTs (3) and collections (4), the last three deprecated. Undefined for any other address.
 */
export function wellKnownAddressName(address: string, generation: Generation, l10n: L10n = englishL10n): string | undefined {
  const a = address.toLowerCase();
  if (!/^0x1074[0-9a-f]{36}$/.test(a)) return undefined;
  if (a === MAGIC_ADDRESS) return l10n.t('ISC magic contract');
  const kind = a.slice(6, 8);
  const rest = a.slice(8);
  const empty = /^0+$/.test(rest);
  switch (kind) {
    case '01':
      return empty ? l10n.t('ISC base token (ERC20)') : undefined;
    case '02':
    case '05':
      return traitsOf(generation).magicTokenName(kind, rest, l10n);
    case '03':
      return empty ? l10n.t('ISC NFTs (ERC721)') : undefined;
    case '04':
      return l10n.t('ISC NFT collection (ERC721)');
    default:
      return undefined;
  }
}
