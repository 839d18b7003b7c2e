// Which chain an address hover asks (src/accounts/model/accountChains.ts): the chain the workspace's
// deployment records place the address on, else the default; the others offered in lookup order.
import * as assert from 'node:assert/strict';
import { chainsForAddress } from '../../../../src/accounts/model/accountChains';

interface Chain {
  name: string;
  evmChainId?: bigint;
}

const defaultChain: Chain = { name: 'Testnet', evmChainId: 1073n };
const shimmer: Chain = { name: 'ShimmerEVM', evmChainId: 148n };
const unknown: Chain = { name: 'Unknown ID' };
const pick = (order: Chain[], placedOn: bigint[]) => chainsForAddress(order, (c) => c.evmChainId, placedOn);

describe('accounts/model/accountChains: the chain an address hover asks', () => {
  it('asks the chain the deployment records place the address on, before the default, and offers the default', () => {
    const r = pick([defaultChain, unknown, shimmer], [148n]);
    assert.equal(r.ask, shimmer);
    assert.deepEqual(r.others, [defaultChain, unknown]);
    assert.equal(r.placedByRecords, true);
  });

  it('of several chains the records name, asks the first in lookup order', () => {
    assert.equal(pick([defaultChain, shimmer], [148n, 1073n]).ask, defaultChain);
  });

  it('asks the default chain when no record places the address on a configured chain, and offers the others in lookup order', () => {
    const r = pick([defaultChain, unknown, shimmer], [8822n]);
    assert.equal(r.ask, defaultChain);
    assert.deepEqual(r.others, [unknown, shimmer]);
    assert.equal(r.placedByRecords, false);
  });

  it('asks the default chain when the chain the records name has no EVM chain ID known, and nothing with no chain', () => {
    assert.equal(pick([defaultChain, { name: 'ShimmerEVM' }], [148n]).ask, defaultChain);
    assert.deepEqual(pick([], [148n]), { ask: undefined, others: [], placedByRecords: false });
  });
});
