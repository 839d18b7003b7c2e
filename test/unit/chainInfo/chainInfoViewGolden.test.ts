// The whole chain-info panel view for the states a user meets, against chainInfoView.golden.json:
// both generations (the Stardust wire fixture and a real Rebased node's answers), a past block,
// a trie root, missing governance or general information with and without a reason, an inactive
// chain, a node answering for another chain, free gas. Written from the builder's output and
// checked by hand (fee examples = ceil(gas × b / a), shares, which notices and rows appear).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedChainInfoSchema, RebasedChainResponseSchema } from '../../../src/api/rebasedSchemas';
import { ChainInfoSchema } from '../../../src/api/stardustSchemas';
import { buildChainInfoView, buildComparison, type ChainInfoViewInput, type GeneralChainInfo } from '../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../src/core/chainInfoFields';
import { iotaChainInfo } from '../../fixtures/wire';

const GOLDEN = JSON.parse(readFileSync(join(process.cwd(), 'test/unit/chainInfo/chainInfoView.golden.json'), 'utf8')) as Record<string, unknown>;

function rebasedSample(name: string): unknown {
  return parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased', `${name}.json`), 'utf8'));
}

const stardust = (): ChainInfoState => {
  const decoded = ChainInfoSchema.parse(iotaChainInfo());
  return { ...decoded, gasFeePolicy: { ...decoded.gasFeePolicy, validatorFeeShare: 10 } };
};
const stardustGeneral = (over: Partial<GeneralChainInfo> = {}): GeneralChainInfo => ({ ...stardust(), isActive: true, evmChainId: 8822, ...over });
const rebased = (): ChainInfoState => RebasedChainInfoSchema.parse(rebasedSample('governance-chaininfo'));
const rebasedGeneral = (): GeneralChainInfo => RebasedChainResponseSchema.parse(rebasedSample('chain'));

function input(over: Partial<ChainInfoViewInput> = {}): ChainInfoViewInput {
  return {
    chainName: 'IOTA',
    nodeUrl: 'http://127.0.0.1:9090',
    configuredChainId: stardust().chainID,
    block: undefined,
    governance: stardust(),
    general: stardustGeneral(),
    ...over,
  };
}

/** Each view as a function, built inside its test (code run while mocha loads a file is a static mutant). */
export function chainInfoGoldenViews(): Record<string, () => unknown> {
  const free = (): ChainInfoState => {
    const s = stardust();
    s.gasFeePolicy = { ...s.gasFeePolicy!, gasPerToken: { a: 0, b: 0 } };
    return s;
  };
  const rb = rebased;
  const cases: Record<string, () => ChainInfoViewInput> = {
    'stardust, latest state': () => input(),
    'stardust, a past block, fetched at': () => input({ block: '2483105', fetchedAt: '2026-11-23 03:00:00' }),
    'stardust, a trie root': () => input({ block: `0x${'AB'.repeat(20)}` }),
    'stardust, a block text that is neither': () => input({ block: `latest-but-${'x'.repeat(40)}` }),
    'stardust, no governance, inactive, with the reason': () =>
      input({
        governance: undefined,
        general: stardustGeneral({ isActive: false, gasFeePolicy: null, gasLimits: null }),
        governanceUnavailable: 'chain not found',
      }),
    'stardust, no governance, inactive': () => input({ governance: undefined, general: stardustGeneral({ isActive: false }) }),
    'stardust, no governance, with the reason': () => input({ governance: undefined, governanceUnavailable: 'HTTP 500' }),
    'stardust, no governance': () => input({ governance: undefined }),
    'stardust, inactive by the general information': () => input({ general: stardustGeneral({ isActive: false }) }),
    'stardust, no general information, with the reason': () => input({ general: undefined, generalUnavailable: 'HTTP 404' }),
    'stardust, no general information': () => input({ general: undefined }),
    'stardust, the node answers for another chain': () => input({ configuredChainId: `iota1p${'q'.repeat(58)}` }),
    'stardust, free gas': () => input({ governance: free() }),
    'rebased, latest state': () => input({ chainName: 'IOTA EVM', configuredChainId: rb().chainID, governance: rb(), general: rebasedGeneral() }),
    'rebased, chain ID left out of the settings': () => input({ chainName: 'IOTA EVM', configuredChainId: '', governance: rb(), general: rebasedGeneral() }),
  };
  const out: Record<string, () => unknown> = {};
  for (const [name, c] of Object.entries(cases)) out[name] = () => JSON.parse(JSON.stringify(buildChainInfoView(c())));
  const changed = (): ChainInfoState => {
    const s = stardust();
    s.metadata = { ...s.metadata, website: 'https://new.example' };
    s.gasLimits = { ...s.gasLimits!, maxGasPerBlock: 1n };
    return s;
  };
  out['comparison: two fields, the older block first'] = () => buildComparison({ block: '2000', info: changed() }, { block: '1000', info: stardust() });
  out['comparison: one field'] = () =>
    buildComparison({ block: undefined, info: changed() }, { block: '1000', info: { ...changed(), gasLimits: stardust().gasLimits } });
  out['comparison: no change'] = () => buildComparison({ block: undefined, info: stardust() }, { block: '1000', info: stardust() });
  out['comparison: the same state'] = () => buildComparison({ block: '7', info: stardust() }, { block: '7', info: changed() });
  return out;
}

describe('model/chainInfoView: the whole view of each state a user meets', () => {
  const views = chainInfoGoldenViews();
  it('covers 15 views and 4 comparisons', () => {
    assert.deepEqual(Object.keys(views), Object.keys(GOLDEN));
    assert.equal(Object.keys(views).length, 19);
  });
  for (const name of Object.keys(GOLDEN)) {
    it(name, () => {
      assert.deepEqual(views[name]?.(), GOLDEN[name]);
    });
  }
});
