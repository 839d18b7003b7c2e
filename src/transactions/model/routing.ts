// Which chains a request ID is asked on, in which order: each chain's node API says in which form
// its node knows the ID, if at all (api/stardustChain.ts, api/rebasedChain.ts): a 68-hex ID is
// never sent to a Rebased node, and a 64-hex hash reaches Stardust chains only as hash + 0000 when
// the user turned that on (waspChain.hover.evmTransactions). Pure.
import type { RequestIdShape } from '../../core/idShapes';

/**
 * The chains to ask, in the lookup order given (default chain first): those whose node knows the
 * ID as written, then those that know it in another form (a hash as a Stardust hash + 0000).
 */
export function routeChains<C>(id: RequestIdShape, ordered: readonly C[], nodeIdOn: (chain: C) => string | undefined): C[] {
  const asWritten: C[] = [];
  const otherForm: C[] = [];
  for (const chain of ordered) {
    const nodeId = nodeIdOn(chain);
    if (nodeId === id.id) asWritten.push(chain);
    else if (nodeId !== undefined) otherForm.push(chain);
  }
  return [...asWritten, ...otherForm];
}
