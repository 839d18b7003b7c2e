// "Copy as JSON" of the chain info panel (chainInfoJson, toJsonSafe in src/chainInfo/model/chainInfoView.ts).
import * as assert from 'node:assert/strict';
import { chainInfoJson, toJsonSafe } from '../../../../../src/chainInfo/model/chainInfoView';
import { stardustChainInfo } from '../../../helpers/chainInfo';

describe('chainInfo/model/chainInfoView: JSON', () => {
  it('turns bigints into decimal strings', () => {
    assert.deepEqual(toJsonSafe({ a: 18446744073709551615n, b: [1n, 'x', null], c: undefined }), { a: '18446744073709551615', b: ['1', 'x', null] });
  });

  it('copies what the panel shows', () => {
    const text = chainInfoJson({ chainName: 'IOTA', nodeUrl: 'http://n', block: '5', governance: stardustChainInfo(), general: undefined });
    const parsed = JSON.parse(text) as { chain: string; state: string; chainInfo: { gasLimits: { maxGasPerBlock: string } }; general: null };
    assert.equal(parsed.chain, 'IOTA');
    assert.equal(parsed.state, '5');
    assert.equal(parsed.chainInfo.gasLimits.maxGasPerBlock, '1000000000');
    assert.equal(parsed.general, null);
    assert.equal(
      JSON.parse(chainInfoJson({ chainName: 'IOTA', nodeUrl: 'http://n', block: undefined, governance: stardustChainInfo(), general: undefined })).state,
      'latest',
    );
  });
});
