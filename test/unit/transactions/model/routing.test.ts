// Which chains a lookup asks, and with which form of the ID (src/transactions/model/routing.ts with each
// generation's ChainApi.requestIdFor).
import * as assert from 'node:assert/strict';
import type { Generation } from '../../../../src/api/generation';
import { rebasedRequestId } from '../../../../src/api/rebasedChain';
import { stardustRequestId } from '../../../../src/api/stardustChain';
import { classifyRequestId } from '../../../../src/core/idShapes';
import { routeChains } from '../../../../src/transactions/model/routing';

/** The ID a chain of this generation's node is asked with (what each generation's ChainApi.requestIdFor answers). */
function idForGeneration(id: string, generation: Generation, allowStardustHash: boolean): string | undefined {
  const c = classifyRequestId(id);
  if (!c) return undefined;
  return generation === 'rebased' ? rebasedRequestId(c) : stardustRequestId(c, allowStardustHash);
}

function route<C extends { generation: Generation }>(id: string, ordered: readonly C[], allowStardustHash: boolean): C[] {
  const c = classifyRequestId(id);
  return c === undefined ? [] : routeChains(c, ordered, (chain) => idForGeneration(id, chain.generation, allowStardustHash));
}

const H64 = `0x${'AB'.repeat(32)}`;
const H68 = `0x${'cd'.repeat(34)}`;
const chains = [
  { name: 'stardust-default', generation: 'stardust' as const },
  { name: 'rebased-a', generation: 'rebased' as const },
  { name: 'stardust-b', generation: 'stardust' as const },
  { name: 'rebased-b', generation: 'rebased' as const },
];
const names = (cs: Array<{ name: string }>) => cs.map((c) => c.name);

describe('transactions/model/routing', () => {
  it('never sends a 68-hex ID to a Rebased chain; a hash reaches Stardust as hash + 0000 only when allowed', () => {
    assert.equal(idForGeneration(H68, 'rebased', true), undefined);
    assert.equal(idForGeneration(H68, 'stardust', false), H68);
    assert.equal(idForGeneration(H64, 'rebased', false), H64.toLowerCase());
    assert.equal(idForGeneration(H64, 'stardust', false), undefined);
    assert.equal(idForGeneration(H64, 'stardust', true), `${H64.toLowerCase()}0000`);
    assert.equal(idForGeneration('0x12', 'rebased', true), undefined);
  });

  it('routes a 64-hex ID to the Rebased chains in lookup order, then Stardust ones with the setting; 68-hex to Stardust only', () => {
    assert.deepEqual(names(route(H64, chains, false)), ['rebased-a', 'rebased-b']);
    assert.deepEqual(names(route(H64, chains, true)), ['rebased-a', 'rebased-b', 'stardust-default', 'stardust-b']);
    assert.deepEqual(names(route(H68, chains, true)), ['stardust-default', 'stardust-b']);
    assert.deepEqual(names(route('junk', chains, true)), []);
  });
});
