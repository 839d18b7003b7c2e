// The whole chain-info panel view for the states a user meets, against wholeViews.golden.json:
// both generations (the Stardust wire fixture and a real Rebased node's answers), a past block,
// a trie root, missing governance or general information with and without a reason, an inactive
// chain, a node answering for another chain, free gas. Written from the builder's output and
// checked by hand (fee examples = ceil(gas × b / a), shares, which notices and rows appear).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildChainInfoView, buildComparison, type ChainInfoViewInput } from '../../../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../../../src/core/chainInfoFields';
import { repoRoot } from '../../../../fixtures/paths';
import { chainInfoInput, rebasedChainInfo, rebasedGeneral, stardustChainInfo, stardustGeneral } from '../../../helpers/chainInfo';

const GOLDEN = JSON.parse(readFileSync(join(repoRoot(__dirname), 'test/unit/chainInfo/model/chainInfoView/wholeViews.golden.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** Each view as a function, built inside its test (code run while mocha loads a file is a static mutant). */
export function chainInfoGoldenViews(): Record<string, () => unknown> {
  const free = (): ChainInfoState => {
    const s = stardustChainInfo();
    s.gasFeePolicy = { ...s.gasFeePolicy!, gasPerToken: { a: 0, b: 0 } };
    return s;
  };
  const cases: Record<string, () => ChainInfoViewInput> = {
    'stardust, latest state': () => chainInfoInput(),
    'stardust, a past block, fetched at': () =>
      chainInfoInput({ block: '2483105', fetchedAt: Date.UTC(2026, 10, 23, 3, 0, 0), timeStyle: { locale: 'en-GB', timeZone: 'UTC' } }),
    'stardust, a trie root': () => chainInfoInput({ block: `0x${'AB'.repeat(20)}` }),
    'stardust, a block text that is neither': () => chainInfoInput({ block: `latest-but-${'x'.repeat(40)}` }),
    'stardust, no governance, inactive, with the reason': () =>
      chainInfoInput({
        governance: undefined,
        general: stardustGeneral({ isActive: false, gasFeePolicy: null, gasLimits: null }),
        governanceUnavailable: 'chain not found',
      }),
    'stardust, no governance, inactive': () => chainInfoInput({ governance: undefined, general: stardustGeneral({ isActive: false }) }),
    'stardust, no governance, with the reason': () => chainInfoInput({ governance: undefined, governanceUnavailable: 'HTTP 500' }),
    'stardust, no governance': () => chainInfoInput({ governance: undefined }),
    'stardust, inactive by the general information': () => chainInfoInput({ general: stardustGeneral({ isActive: false }) }),
    'stardust, no general information, with the reason': () => chainInfoInput({ general: undefined, generalUnavailable: 'HTTP 404' }),
    'stardust, no general information': () => chainInfoInput({ general: undefined }),
    'stardust, the node answers for another chain': () => chainInfoInput({ configuredChainId: `iota1p${'q'.repeat(58)}` }),
    'stardust, free gas': () => chainInfoInput({ governance: free() }),
    'rebased, latest state': () =>
      chainInfoInput({ chainName: 'IOTA EVM', configuredChainId: rebasedChainInfo().chainID, governance: rebasedChainInfo(), general: rebasedGeneral() }),
    'rebased, chain ID left out of the settings': () =>
      chainInfoInput({ chainName: 'IOTA EVM', configuredChainId: '', governance: rebasedChainInfo(), general: rebasedGeneral() }),
  };
  const out: Record<string, () => unknown> = {};
  for (const [name, c] of Object.entries(cases)) out[name] = () => JSON.parse(JSON.stringify(buildChainInfoView(c())));
  const changed = (): ChainInfoState => {
    const s = stardustChainInfo();
    s.metadata = { ...s.metadata, website: 'https://new.example' };
    s.gasLimits = { ...s.gasLimits!, maxGasPerBlock: 1n };
    return s;
  };
  out['comparison: two fields, the older block first'] = () =>
    buildComparison({ block: '2000', info: changed() }, { block: '1000', info: stardustChainInfo() });
  out['comparison: one field'] = () =>
    buildComparison({ block: undefined, info: changed() }, { block: '1000', info: { ...changed(), gasLimits: stardustChainInfo().gasLimits } });
  out['comparison: no change'] = () => buildComparison({ block: undefined, info: stardustChainInfo() }, { block: '1000', info: stardustChainInfo() });
  out['comparison: the same state'] = () => buildComparison({ block: '7', info: stardustChainInfo() }, { block: '7', info: changed() });
  return out;
}

describe('chainInfo/model/chainInfoView: the whole view of each state a user meets', () => {
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
