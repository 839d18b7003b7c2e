// What Add Chain makes of a node's answers, from a probe built in the test (no server): the chain
// detection read already is not asked for again, an inactive chain is offered as inactive, an
// error from /v1/chain other than "no chain" is not taken for one, and the Stardust list's
// duplicates and names; which hosts are this machine.
import * as assert from 'node:assert/strict';
import { NotFoundError } from '../../../../src/api/errors';
import type { RebasedChainResponse } from '../../../../src/api/rebasedSchemas';
import type { ChainInfoResponse } from '../../../../src/api/stardustSchemas';
import { isLoopbackUrl, surveyNode, type NodeSurveyProbe } from '../../../../src/chains/model/nodeSurvey';
import { englishL10n } from '../../../../src/core/l10n';

const CHAIN_ID = `0x${'ab'.repeat(32)}`;
const SMR = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';

/** A probe answering as given; counts the /v1/chain calls. */
function probe(answers: {
  version: () => Promise<string>;
  chain: () => Promise<unknown>;
  chains?: () => Promise<unknown[]>;
}): NodeSurveyProbe & { chainCalls: number } {
  const p = {
    chainCalls: 0,
    version: answers.version,
    chain: () => {
      p.chainCalls++;
      return answers.chain() as Promise<RebasedChainResponse>;
    },
    chains: () => (answers.chains ?? (() => Promise.resolve([])))() as Promise<ChainInfoResponse[]>,
  };
  return p;
}

const listed = (chainID: string, name: string | undefined, isActive = true) => ({ chainID, isActive, metadata: name === undefined ? {} : { name } });

describe('chains/model/nodeSurvey: a probe built in the test', () => {
  it('the chain detection already read is offered without asking /v1/chain again', async () => {
    const p = probe({ version: () => Promise.reject(new Error('HTTP 500')), chain: () => Promise.resolve({ chainID: CHAIN_ID, isActive: true }) });
    assert.deepStrictEqual(await surveyNode(p, englishL10n), { kind: 'rebased', version: '', chain: { chainId: CHAIN_ID, active: true } });
    assert.equal(p.chainCalls, 1);
  });

  it("a Rebased node's inactive chain is offered as inactive", async () => {
    const p = probe({ version: () => Promise.resolve('2.0.2'), chain: () => Promise.resolve({ chainID: CHAIN_ID, isActive: false }) });
    assert.deepStrictEqual(await surveyNode(p, englishL10n), { kind: 'rebased', version: '2.0.2', chain: { chainId: CHAIN_ID, active: false } });
  });

  it('a Rebased node without a chain: the problem with its label and detail', async () => {
    const p = probe({ version: () => Promise.resolve('2.0.2'), chain: () => Promise.reject(new NotFoundError('no chain', 'chain', {})) });
    assert.deepStrictEqual(await surveyNode(p, englishL10n), {
      kind: 'problem',
      problem: 'noChain',
      label: 'node runs no chain',
      detail: 'This Rebased node runs no chain (GET /v1/chain answered 404 with an empty body).',
    });
  });

  it('an error from /v1/chain that is not "no chain" is not taken for a node without a chain', async () => {
    const cases: Array<[Error, string]> = [
      [new Error('boom'), 'unexpected error'],
      [new NotFoundError('no such route', 'route', {}), 'not found (is it a Wasp API?)'],
    ];
    for (const [error, label] of cases) {
      const p = probe({ version: () => Promise.resolve('2.0.2'), chain: () => Promise.reject(error) });
      assert.deepStrictEqual(await surveyNode(p, englishL10n), { kind: 'problem', problem: 'other', label, detail: error.message });
    }
  });

  it('a Stardust list: a chain listed twice is offered once, its name trimmed; no name, no name key', async () => {
    const p = probe({
      version: () => Promise.resolve('1.0.3'),
      chain: () => Promise.reject(new Error('unused')),
      chains: () =>
        Promise.resolve([
          listed(SMR, '  Shimmer  '),
          listed(SMR, 'again'),
          listed('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5', undefined, false),
        ]),
    });
    assert.deepStrictEqual(await surveyNode(p, englishL10n), {
      kind: 'stardust',
      version: '1.0.3',
      listed: true,
      chains: [
        { chainId: SMR, name: 'Shimmer', active: true },
        { chainId: 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5', active: false },
      ],
    });
  });
});

describe('chains/model/nodeSurvey: this machine', () => {
  it('127.0.0.10 is this machine; a name that only starts with 127.0.0.1 is not', () => {
    assert.equal(isLoopbackUrl('http://127.0.0.10:9090'), true);
    assert.equal(isLoopbackUrl('http://127.0.0.1.example.org'), false);
  });
});
