// The tree states that come from the node's detected generation (src/chains/model/generationState.ts):
// a migrated Stardust entry, a Rebased entry for another chain, a Rebased entry on a Stardust node,
// a node without a chain, a node that cannot be classified. Each says what the node runs, in the
// exact words the user can act on.
import * as assert from 'node:assert/strict';
import { chainContextValue } from '../../../../src/chains/model/chainState';
import { findingDecision } from '../../../../src/chains/model/generationState';
import { englishL10n } from '../../../../src/core/l10n';

const REBASED = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const useIt = "Use the node's chain (Chain: Use the Node's Chain) to rewrite the entry where it is written.";

describe('chains/model/generationState: each finding', () => {
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
});

describe('chains/model/generationState: the exact words', () => {
  it('a migrated entry', () => {
    assert.deepEqual(findingDecision({ kind: 'migrated', nodeChainId: REBASED }, true, englishL10n), {
      hasToken: true,
      state: 'migrated',
      label: 'node runs Rebased: the Stardust chain ID no longer applies',
      detail: `This node runs the Rebased generation and chain ${REBASED}; the Stardust chain ID no longer applies.`,
      hint: useIt,
    });
  });

  it('an entry for another chain', () => {
    const other = `0x${'ab'.repeat(32)}`;
    assert.deepEqual(findingDecision({ kind: 'otherChain', nodeChainId: REBASED, configuredChainId: other }, false, englishL10n), {
      hasToken: false,
      state: 'otherChain',
      label: 'node runs another chain',
      detail: `This node runs chain ${REBASED}, not ${other} (the entry's chain ID).`,
      hint: useIt,
    });
  });

  it('a Rebased entry on a Stardust node, with and without a version', () => {
    const hint = "Give the entry the chain's Bech32 chain ID, or point it at a Rebased node.";
    assert.deepEqual(findingDecision({ kind: 'stardustNode', version: '1.5.2' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs Stardust',
      detail: 'This node runs the Stardust generation (version 1.5.2): an entry with a 0x chain ID, or without one, is for a Rebased node.',
      hint,
    });
    assert.equal(
      findingDecision({ kind: 'stardustNode', version: '' }, false, englishL10n).detail,
      'This node runs the Stardust generation (version ?): an entry with a 0x chain ID, or without one, is for a Rebased node.',
    );
  });

  it('a Rebased node without a chain', () => {
    assert.deepEqual(findingDecision({ kind: 'noChain' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs no chain',
      detail: 'This Rebased node runs no chain (GET /v1/chain answered 404 with an empty body).',
      hint: 'Check with the node operator, or point the entry at a node that runs the chain.',
    });
  });

  it('a node that cannot be classified', () => {
    assert.deepEqual(findingDecision({ kind: 'unclassified', said: 'an HTML page (HTTP 404)', answered: IOTA }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'not a Wasp node (it answered an HTML page (HTTP 404))',
      detail: `The URL does not answer as a Wasp node (Rebased, Wasp 2.x, or Stardust, Wasp 1.x). It answered: ${IOTA}`,
      hint: 'Check the node URL: it should be the web API base (without /v1).',
    });
  });

  it('each finding', () => {
    assert.deepEqual(findingDecision({ kind: 'migrated', nodeChainId: '0xc8' }, true, englishL10n), {
      hasToken: true,
      state: 'migrated',
      label: 'node runs Rebased: the Stardust chain ID no longer applies',
      detail: 'This node runs the Rebased generation and chain 0xc8; the Stardust chain ID no longer applies.',
      hint: useIt,
    });
    assert.deepEqual(findingDecision({ kind: 'otherChain', nodeChainId: '0xaa', configuredChainId: '0xbb' }, false, englishL10n), {
      hasToken: false,
      state: 'otherChain',
      label: 'node runs another chain',
      detail: "This node runs chain 0xaa, not 0xbb (the entry's chain ID).",
      hint: useIt,
    });
    assert.deepEqual(findingDecision({ kind: 'stardustNode', version: '1.0.3' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs Stardust',
      detail: 'This node runs the Stardust generation (version 1.0.3): an entry with a 0x chain ID, or without one, is for a Rebased node.',
      hint: "Give the entry the chain's Bech32 chain ID, or point it at a Rebased node.",
    });
    assert.match(findingDecision({ kind: 'stardustNode', version: '' }, false, englishL10n).detail ?? '', /\(version \?\)/);
    assert.deepEqual(findingDecision({ kind: 'noChain' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'node runs no chain',
      detail: 'This Rebased node runs no chain (GET /v1/chain answered 404 with an empty body).',
      hint: 'Check with the node operator, or point the entry at a node that runs the chain.',
    });
    assert.deepEqual(findingDecision({ kind: 'unclassified', said: 'HTTP 500', answered: 'HTTP 500' }, false, englishL10n), {
      hasToken: false,
      state: 'nodeError',
      label: 'not a Wasp node (it answered HTTP 500)',
      detail: 'The URL does not answer as a Wasp node (Rebased, Wasp 2.x, or Stardust, Wasp 1.x). It answered: HTTP 500',
      hint: 'Check the node URL: it should be the web API base (without /v1).',
    });
  });
});
