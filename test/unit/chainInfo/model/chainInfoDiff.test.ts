// What changed between two chain-info states (src/chainInfo/model/chainInfoDiff.ts), field by field in display order.
import * as assert from 'node:assert/strict';
import { diffChainInfo } from '../../../../src/chainInfo/model/chainInfoDiff';
import { iotaGovernance } from '../../helpers/chainInfo';

describe('chainInfo/model/chainInfoDiff', () => {
  it('finds nothing between equal states', () => {
    assert.deepEqual(diffChainInfo(iotaGovernance(), iotaGovernance()), []);
  });
  it('treats number and bigint limits of the same value as equal', () => {
    const b = iotaGovernance();
    b.gasLimits = { maxGasPerBlock: 1000000000, minGasPerRequest: 10000, maxGasPerRequest: 50000000, maxGasExternalViewCall: 50000000 };
    assert.deepEqual(diffChainInfo(iotaGovernance(), b), []);
  });
  it('lists every changed field in display order', () => {
    const a = iotaGovernance();
    const b = iotaGovernance();
    b.chainOwnerId = '0xDb3009babf5415B64ef64275f0f23A87E90Ea142@' + a.chainID;
    b.gasFeePolicy = { gasPerToken: { a: 100, b: 3 }, evmGasRatio: { a: 2, b: 1 }, validatorFeeShare: 10 };
    b.gasLimits = { maxGasPerBlock: 2n ** 63n, minGasPerRequest: 20000n, maxGasPerRequest: 60000000n, maxGasExternalViewCall: 1n };
    b.metadata = { name: 'X', description: 'Y', website: 'https://x', evmJsonRpcURL: 'https://rpc', evmWebSocketURL: 'wss://ws' };
    b.publicURL = 'https://other';
    const changes = diffChainInfo(a, b);
    assert.deepEqual(
      changes.map((c) => c.field),
      [
        'owner',
        'gasFeePolicy.gasPerToken',
        'gasFeePolicy.evmGasRatio',
        'gasFeePolicy.validatorFeeShare',
        'gasLimits.maxGasPerBlock',
        'gasLimits.minGasPerRequest',
        'gasLimits.maxGasPerRequest',
        'gasLimits.maxGasExternalViewCall',
        'metadata.name',
        'metadata.description',
        'metadata.website',
        'metadata.evmJsonRpcURL',
        'metadata.evmWebSocketURL',
        'publicURL',
      ],
    );
    const byField = new Map(changes.map((c) => [c.field, c]));
    assert.deepEqual(byField.get('gasFeePolicy.gasPerToken'), {
      field: 'gasFeePolicy.gasPerToken',
      label: 'Gas per token',
      before: '100 gas = 1 base token',
      after: '100 gas = 3 base tokens',
    });
    assert.equal(byField.get('gasFeePolicy.evmGasRatio')?.after, '1 EVM gas = 2 ISC gas');
    assert.equal(byField.get('gasFeePolicy.validatorFeeShare')?.before, '0%');
    assert.equal(byField.get('gasFeePolicy.validatorFeeShare')?.after, '10%');
    assert.equal(byField.get('gasLimits.maxGasPerBlock')?.before, '1,000,000,000');
    assert.equal(byField.get('gasLimits.maxGasPerBlock')?.after, '9,223,372,036,854,775,808');
    assert.equal(byField.get('metadata.name')?.label, 'Name');
    assert.equal(byField.get('metadata.name')?.after, 'X');
  });
  it('reports a single change only', () => {
    const b = iotaGovernance();
    b.metadata = { ...b.metadata, website: 'https://evil.example' };
    assert.deepEqual(diffChainInfo(iotaGovernance(), b), [
      { field: 'metadata.website', label: 'Website', before: 'https://www.iota.org', after: 'https://evil.example' },
    ]);
  });
  it('handles an inactive chain (null policy and limits)', () => {
    const b = iotaGovernance();
    b.gasFeePolicy = null;
    b.gasLimits = null;
    const changes = diffChainInfo(iotaGovernance(), b);
    assert.equal(changes.length, 7);
    assert.ok(changes.every((c) => c.after === '—'));
  });
  it('does not report equivalent free policies', () => {
    const a = iotaGovernance();
    const b = iotaGovernance();
    a.gasFeePolicy = { gasPerToken: { a: 0, b: 0 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };
    b.gasFeePolicy = { gasPerToken: { a: 0, b: 5 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };
    assert.deepEqual(diffChainInfo(a, b), []);
  });
});
