import * as assert from 'node:assert/strict';
import { describeCallTarget, hname, knownContractName, knownFunctionName } from '../../../src/core/hname';

describe('model/hname', () => {
  it('computes the FACTS test vectors', () => {
    assert.equal(hname('evm'), '07cb02c1');
    assert.equal(hname('sendTransaction'), 'e30cd9fa');
  });
  it('computes the other core contract hnames', () => {
    assert.equal(hname('accounts'), '3c4b5e02');
    assert.equal(hname('root'), 'cebf5908');
    assert.equal(hname('blob'), 'fd91bc63');
    assert.equal(hname('blocklog'), 'f538ef2b');
    assert.equal(hname('governance'), '17cf909f');
    assert.equal(hname('errors'), '8f3a8bb3');
    assert.equal(hname('init'), '1f44d644');
  });
  it('always yields 8 lowercase hex digits', () => {
    for (const name of ['', 'a', 'ünïcödé', 'x'.repeat(10_000)]) {
      assert.match(hname(name), /^[0-9a-f]{8}$/);
    }
  });

  it('names known contracts and functions', () => {
    assert.equal(knownContractName('07cb02c1'), 'evm');
    assert.equal(knownContractName('0x07CB02C1'), 'evm');
    assert.equal(knownContractName('3c4b5e02'), 'accounts');
    assert.equal(knownContractName('00000000'), undefined);
    assert.equal(knownContractName('not an hname'), undefined);
    assert.equal(knownFunctionName('07cb02c1', 'e30cd9fa'), 'sendTransaction');
    assert.equal(knownFunctionName('3c4b5e02', '9dcc0f41'), 'withdraw');
    assert.equal(knownFunctionName('3c4b5e02', hname('transferAllowanceTo')), 'transferAllowanceTo');
    assert.equal(knownFunctionName(hname('governance'), hname('setFeePolicy')), 'setFeePolicy');
    assert.equal(knownFunctionName(hname('blob'), hname('storeBlob')), 'storeBlob');
    assert.equal(knownFunctionName(hname('root'), hname('deployContract')), 'deployContract');
    assert.equal(knownFunctionName(hname('blocklog'), hname('getRequestReceipt')), 'getRequestReceipt');
    // A function of another contract does not match.
    assert.equal(knownFunctionName('07cb02c1', '9dcc0f41'), undefined);
  });

  it('describes call targets', () => {
    assert.deepEqual(describeCallTarget({ contractHName: '07cb02c1', functionHName: 'e30cd9fa' }), {
      contract: 'evm',
      function: 'sendTransaction',
      label: 'evm.sendTransaction',
    });
    assert.deepEqual(describeCallTarget({ contractHName: '3c4b5e02', functionHName: '9dcc0f41' }), {
      contract: 'accounts',
      function: 'withdraw',
      label: 'accounts.withdraw',
    });
    assert.deepEqual(describeCallTarget({ contractHName: '07cb02c1', functionHName: '12345678' }), {
      contract: 'evm',
      function: undefined,
      label: 'evm.12345678',
    });
    assert.deepEqual(describeCallTarget({ contractHName: '3c4b5e03', functionHName: '9dcc0f41' }), {
      contract: undefined,
      function: undefined,
      label: '3c4b5e03.9dcc0f41',
    });
  });
});
