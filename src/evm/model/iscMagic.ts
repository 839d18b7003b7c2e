// The ISC magic contract: the address where an EVM contract reaches the chain's native side (FACTS
// §1). A call to it runs as Go inside the node, not as EVM code: the tracer shows it as an ordinary
// frame with gasUsed 0 (its ISC gas is not EVM gas) and without its ISC effects. Its interfaces
// (ISCSandbox, ISCAccounts, ISCUtil, ISCPrivileged) differ between the generations; their ABIs,
// taken from the node's own sources, are in ./iscMagicAbis.json, which loads with the first call
// tree (a chunk of its own). Pure.
import { AbiIndex, abiOfJson } from './abiIndex';
import type { Generation } from '../../api/generation';

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
      const data = ('default' in m ? m.default : m) as unknown as Record<Generation, Record<string, unknown[]>>;
      const built = new AbiIndex();
      for (const [name, abi] of Object.entries(data[generation])) built.setFile(name, name, abiOfJson(abi)?.items ?? []);
      return built;
    });
    indexes.set(generation, index);
  }
  return index;
}
