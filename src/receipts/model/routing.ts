// Which chains a request ID is asked on, and in which form: the chain entry's generation decides.
// A Rebased node knows 0x + 64 hex IDs only (an EVM request's ID is its tx hash); a Stardust node
// knows 0x + 68 hex (EVM: hash + 0000). A 68-hex ID is therefore never sent to a Rebased node, and
// a 64-hex hash reaches Stardust chains only as hash + 0000 when the user turned that on
// (waspChain.hover.evmTransactions). Pure.
import type { Generation } from '../../api/generation';

export type IdShape = 'hex64' | 'hex68';

const HEX64 = /^0x[0-9a-fA-F]{64}$/;
const HEX68 = /^0x[0-9a-fA-F]{68}$/;

/** A request ID or EVM hash, lower-cased, with its shape; undefined for anything else. */
export function classifyRequestId(input: string): { id: string; shape: IdShape } | undefined {
  const v = input.trim();
  if (HEX64.test(v)) return { id: v.toLowerCase(), shape: 'hex64' };
  if (HEX68.test(v)) return { id: v.toLowerCase(), shape: 'hex68' };
  return undefined;
}

/** The ID to send to a chain of this generation, or undefined when that chain must not be asked. */
export function idForGeneration(id: string, generation: Generation, allowStardustHash: boolean): string | undefined {
  const c = classifyRequestId(id);
  if (!c) return undefined;
  if (generation === 'rebased') return c.shape === 'hex64' ? c.id : undefined;
  if (c.shape === 'hex68') return c.id;
  return allowStardustHash ? `${c.id}0000` : undefined;
}

/**
 * The chains to ask, in the lookup order given (default chain first): for a 64-hex ID the Rebased
 * chains, then the Stardust ones when hashes are allowed there; for a 68-hex ID the Stardust chains.
 */
export function routeChains<C extends { generation: Generation }>(id: string, ordered: readonly C[], allowStardustHash: boolean): C[] {
  const rebased = ordered.filter((c) => c.generation === 'rebased' && idForGeneration(id, 'rebased', allowStardustHash) !== undefined);
  const stardust = ordered.filter((c) => c.generation === 'stardust' && idForGeneration(id, 'stardust', allowStardustHash) !== undefined);
  return [...rebased, ...stardust];
}
