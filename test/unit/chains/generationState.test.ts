// The tree states that come from the node's detected generation: a migrated Stardust entry, a
// Rebased entry for another chain, a Rebased entry on a Stardust node, a node without a chain, a
// node that cannot be classified. Each says what the node runs, in words the user can act on.
import * as assert from 'node:assert/strict';
import { NetworkError } from '../../../src/api/errors';
import { chainContextValue, decideChainState } from '../../../src/chains/model/chainState';
import { findingDecision } from '../../../src/chains/model/generationState';
import { englishL10n } from '../../../src/core/l10n';

const REBASED = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';

describe('model/chainState: generation findings', () => {
  it('a Stardust chain ID on a node that runs Rebased: the migrated state names the new chain', () => {
    const d = findingDecision({ kind: 'migrated', nodeChainId: REBASED }, false, englishL10n);
    assert.equal(d.state, 'migrated');
    assert.equal(d.detail, `This node runs the Rebased generation and chain ${REBASED}; the Stardust chain ID no longer applies.`);
    assert.match(d.hint ?? '', /Use the Node's Chain/);
    assert.equal(chainContextValue(d.state), 'chain.migrated');
  });

  it('a Rebased entry for another chain: says which chain the node runs', () => {
    const other = `0x${'ab'.repeat(32)}`;
    const d = findingDecision({ kind: 'otherChain', nodeChainId: REBASED, configuredChainId: other }, false, englishL10n);
    assert.equal(d.state, 'otherChain');
    assert.ok(d.detail?.includes(REBASED) && d.detail.includes(other));
  });

  it('a Rebased entry on a Stardust node, a node without a chain: node errors that say why', () => {
    const s = findingDecision({ kind: 'stardustNode', version: '1.0.3' }, false, englishL10n);
    assert.equal(s.state, 'nodeError');
    assert.match(s.detail ?? '', /Stardust generation \(version 1\.0\.3\)/);
    const n = findingDecision({ kind: 'noChain' }, false, englishL10n);
    assert.equal(n.label, 'node runs no chain');
  });

  it('a server that is not a Wasp node: says so, naming what it answered', () => {
    const d = findingDecision(
      { kind: 'unclassified', said: 'an HTML page (HTTP 404)', answered: '/v1/node/version: version "x"; /v1/chain: Not found (404)' },
      false,
      englishL10n,
    );
    assert.equal(d.state, 'nodeError');
    assert.equal(d.label, 'not a Wasp node (it answered an HTML page (HTTP 404))');
    assert.match(d.detail ?? '', /It answered: \/v1\/node\/version: version "x"; \/v1\/chain: Not found \(404\)$/);
  });

  it('a load error without a finding is decided as before', () => {
    assert.equal(decideChainState({ loaded: true, error: new NetworkError('x', 'ECONNREFUSED', {}) }).state, 'unreachable');
  });
});
