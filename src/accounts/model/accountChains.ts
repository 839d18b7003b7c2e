// Which chain an address hover asks, and which it offers besides: the first chain (in lookup order)
// whose EVM chain ID the workspace's deployment records place the address on, else the first in
// lookup order (the default chain). Pure.

/** The chains an address hover asks and offers, and whether the records chose the one asked. */
export interface AddressChains<C> {
  ask: C | undefined;
  others: C[];
  placedByRecords: boolean;
}

/** `placedOn`: the EVM chain IDs the records name the address on (a record that names no chain places it nowhere). */
export function chainsForAddress<C>(order: readonly C[], evmChainIdOf: (chain: C) => bigint | undefined, placedOn: readonly bigint[]): AddressChains<C> {
  const placed = order.find((chain) => {
    const id = evmChainIdOf(chain);
    return id !== undefined && placedOn.includes(id);
  });
  const ask = placed ?? order[0];
  return { ask, others: order.filter((c) => c !== ask), placedByRecords: placed !== undefined };
}
