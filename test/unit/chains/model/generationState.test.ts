// Each generation finding's exact label, detail and hint (chains/model/generationState.ts).
import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../src/core/l10n';
import { findingDecision } from '../../../src/chains/model/generationState';

const REBASED = `0x${'c8'.repeat(32)}`;
const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const useIt = "Use the node's chain (Chain: Use the Node's Chain) to rewrite the entry where it is written.";

describe('model/generationState: the exact words', () => {
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
});
