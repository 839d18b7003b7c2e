// The tree states that come from the node's detected generation: a migrated Stardust entry, a
// Rebased entry for another chain, a Rebased entry on a Stardust node, a node without a chain, a
// node that cannot be classified. Each says what the node runs, in words the user can act on.
import * as assert from 'node:assert/strict';
import { NetworkError } from '../../../src/api/errors';
import { chainContextValue, decideChainState } from '../../../src/chains/model/chainState';

const REBASED = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';

describe('model/chainState: generation findings', () => {
  it('a Stardust chain ID on a node that runs Rebased: the migrated state names the new chain', () => {
    const d = decideChainState({ loaded: true, finding: { kind: 'migrated', nodeChainId: REBASED } });
    assert.equal(d.state, 'migrated');
    assert.equal(d.detail, `This node runs the Rebased generation and chain ${REBASED}; the Stardust chain ID no longer applies.`);
    assert.match(d.hint ?? '', /Use the Node's Chain/);
    assert.equal(chainContextValue(d.state), 'chain.migrated');
  });

  it('a Rebased entry for another chain: says which chain the node runs', () => {
    const other = `0x${'ab'.repeat(32)}`;
    const d = decideChainState({ loaded: true, finding: { kind: 'otherChain', nodeChainId: REBASED, configuredChainId: other } });
    assert.equal(d.state, 'otherChain');
    assert.ok(d.detail?.includes(REBASED) && d.detail.includes(other));
  });

  it('a Rebased entry on a Stardust node, a node without a chain: node errors that say why', () => {
    const s = decideChainState({ loaded: true, finding: { kind: 'stardustNode', version: '1.0.3' } });
    assert.equal(s.state, 'nodeError');
    assert.match(s.detail ?? '', /Stardust generation \(version 1\.0\.3\)/);
    const n = decideChainState({ loaded: true, finding: { kind: 'noChain' } });
    assert.equal(n.label, 'node runs no chain');
  });

  it('a node that cannot be classified: names what it answered', () => {
    const d = decideChainState({ loaded: true, finding: { kind: 'unclassified', answered: '/v1/node/version: version "x"; /v1/chain: Not found (404)' } });
    assert.equal(d.state, 'nodeError');
    assert.match(d.detail ?? '', /It answered: \/v1\/node\/version: version "x"; \/v1\/chain: Not found \(404\)$/);
  });

  it('an invalid entry or an expired token still comes first; a load error without a finding is as before', () => {
    assert.equal(decideChainState({ loaded: true, problems: ['bad'], finding: { kind: 'noChain' } }).state, 'invalid');
    assert.equal(decideChainState({ loaded: true, tokenStatus: { kind: 'expired', expiredAt: 1 }, finding: { kind: 'noChain' } }).state, 'expired');
    assert.equal(decideChainState({ loaded: true, error: new NetworkError('x', 'ECONNREFUSED', {}) }).state, 'unreachable');
  });
});
