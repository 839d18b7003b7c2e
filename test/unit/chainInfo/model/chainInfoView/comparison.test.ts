// What changed between two states of a chain (buildComparison in src/chainInfo/model/chainInfoView.ts):
// the older state first, labels, the summary, values emptied.
import * as assert from 'node:assert/strict';
import { buildComparison } from '../../../../../src/chainInfo/model/chainInfoView';
import type { ChainInfoState } from '../../../../../src/core/chainInfoFields';
import { iotaChainInfo } from '../../../../fixtures/wire';
import { stardustChainInfo } from '../../../helpers/chainInfo';

const OWNER = iotaChainInfo().chainOwnerId;

describe('chainInfo/model/chainInfoView: buildComparison', () => {
  it('lists what changed, the older state first', () => {
    const old = stardustChainInfo();
    const now = stardustChainInfo();
    now.chainOwnerId = 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd';
    now.gasFeePolicy = { evmGasRatio: { a: 1, b: 1 }, gasPerToken: { a: 50, b: 1 }, validatorFeeShare: 10 };
    now.gasLimits = { ...stardustChainInfo().gasLimits!, minGasPerRequest: 15000n };
    // The panel shows the latest state and compares with an older block: the older one is "before".
    const c = buildComparison({ block: undefined, info: now }, { block: '2483095', info: old });
    assert.equal(c.beforeLabel, 'Block 2483095');
    assert.equal(c.afterLabel, 'Latest state');
    assert.deepEqual(
      c.rows.map((r) => [r.field, r.before, r.after]),
      [
        ['owner', OWNER, 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd'],
        ['gasFeePolicy.gasPerToken', '100 gas = 1 base token', '50 gas = 1 base token'],
        ['gasLimits.minGasPerRequest', '10,000', '15,000'],
      ],
    );
    assert.equal(c.summary, '3 fields changed between block 2483095 and the latest state.');
  });

  it('orders two block indexes numerically and keeps the panel first for trie roots', () => {
    const a = buildComparison({ block: '10', info: stardustChainInfo() }, { block: '9', info: stardustChainInfo() });
    assert.equal(a.beforeLabel, 'Block 9');
    const b = buildComparison({ block: '0x9805a22d1527b71a9faa3c7a117b98da5054a906', info: stardustChainInfo() }, { block: '5', info: stardustChainInfo() });
    assert.match(b.beforeLabel, /^Trie root/);
  });

  it('says when nothing changed, and shows empty values as not set', () => {
    const same = buildComparison({ block: '1', info: stardustChainInfo() }, { block: '2', info: stardustChainInfo() });
    assert.deepEqual(same.rows, []);
    assert.match(same.summary, /No changes between block 1 and block 2/);
    const withName = stardustChainInfo();
    const noName = stardustChainInfo();
    noName.metadata = { ...noName.metadata, name: '' };
    const c = buildComparison({ block: '1', info: noName }, { block: '2', info: withName });
    assert.deepEqual(
      c.rows.map((r) => [r.field, r.before, r.after]),
      [['metadata.name', 'not set', 'IOTA EVM']],
    );
    assert.match(buildComparison({ block: '3', info: stardustChainInfo() }, { block: '3', info: stardustChainInfo() }).summary, /nothing to compare/);
  });

  const named = (name: string): ChainInfoState => {
    const i = stardustChainInfo();
    i.metadata = { ...i.metadata, name };
    return i;
  };

  it('keeps the panel first when the other state is newer or the same', () => {
    const newer = buildComparison({ block: '9', info: named('A') }, { block: '10', info: named('B') });
    assert.deepEqual([newer.beforeLabel, newer.afterLabel], ['Block 9', 'Block 10']);
    assert.deepEqual(newer.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'B' }]);
    assert.equal(newer.summary, '1 field changed between block 9 and block 10.');
    const latest = buildComparison({ block: '5', info: named('A') }, { block: undefined, info: named('B') });
    assert.deepEqual([latest.beforeLabel, latest.afterLabel], ['Block 5', 'Latest state']);
    const same = buildComparison({ block: '3', info: named('A') }, { block: '3', info: named('B') });
    assert.deepEqual(same.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'B' }]);
    const sameNumber = buildComparison({ block: '5', info: named('A') }, { block: '05', info: named('B') });
    assert.deepEqual([sameNumber.beforeLabel, sameNumber.afterLabel], ['Block 5', 'Block 05']);
  });

  it('shows a value emptied on the newer side as not set', () => {
    const c = buildComparison({ block: '1', info: named('A') }, { block: '2', info: named('') });
    assert.deepEqual(c.rows, [{ field: 'metadata.name', label: 'Name', before: 'A', after: 'not set' }]);
  });
});
