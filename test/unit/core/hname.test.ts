// Contract and function names from hnames (src/core/hname.ts): the FACTS test vectors,
// the entry points of Wasp 1.x's core contracts written out from the node's sources, and which hname
// texts are read.
import * as assert from 'node:assert/strict';
import { describeCallTarget, hname, knownContractName, knownFunctionName } from '../../../src/core/hname';

// The entry points of Wasp 1.x's core contracts, written out from the node's sources: the
// coreutil.Func / coreutil.ViewFunc names in packages/vm/core/<contract>/interface.go of v1.0.3
// (evm: evm/evmnames), the `init` every contract has (isc.FuncInit), and the names later 1.x
// releases added (marked). A receipt names its call target only by hnames; each of these must
// come back as its name.
const V1_CORE: Readonly<Record<string, readonly string[]>> = {
  root: ['init', 'deployContract', 'grantDeployPermission', 'revokeDeployPermission', 'requireDeployPermissions', 'findContract', 'getContractRecords'],
  accounts: [
    'init',
    ...['deposit', 'foundryCreateNew', 'foundryDestroy', 'foundryModifySupply', 'mintNFT', 'transferAccountToChain', 'transferAllowanceTo', 'withdraw'],
    ...['accountFoundries', 'accountNFTAmount', 'accountNFTAmountInCollection', 'accountNFTs', 'accountNFTsInCollection', 'NFTIDbyMintID', 'accounts'],
    ...['balance', 'balanceBaseToken', 'balanceBaseTokenEVM', 'balanceNativeToken', 'foundryOutput', 'getAccountNonce', 'getNativeTokenIDRegistry'],
    ...['nftData', 'totalAssets'],
    // later 1.x
    ...['harvest', 'nativeTokenCreate', 'nativeTokenModifySupply', 'nativeTokenDestroy', 'nativeToken'],
  ],
  blob: ['init', 'storeBlob', 'getBlobInfo', 'getBlobField', 'listBlobs'],
  blocklog: [
    'init',
    ...['retryUnprocessable', 'getBlockInfo', 'getRequestIDsForBlock', 'getRequestReceipt', 'getRequestReceiptsForBlock', 'isRequestProcessed'],
    ...['getEventsForRequest', 'getEventsForBlock', 'getEventsForContract', 'hasUnprocessable'],
    // later 1.x
    'controlAddresses',
  ],
  governance: [
    'init',
    ...['rotateStateController', 'addAllowedStateControllerAddress', 'removeAllowedStateControllerAddress', 'getAllowedStateControllerAddresses'],
    ...['claimChainOwnership', 'delegateChainOwnership', 'setPayoutAgentID', 'setMinCommonAccountBalance', 'getPayoutAgentID', 'getMinCommonAccountBalance'],
    ...['getChainOwner', 'setFeePolicy', 'setGasLimits', 'getFeePolicy', 'getGasLimits', 'setEVMGasRatio', 'getEVMGasRatio', 'getChainInfo'],
    ...['addCandidateNode', 'revokeAccessNode', 'changeAccessNodes', 'getChainNodes', 'startMaintenance', 'stopMaintenance', 'getMaintenanceStatus'],
    ...['setMetadata', 'getMetadata'],
  ],
  errors: ['init', 'registerError', 'getErrorMessageFormat'],
  evm: [
    'init',
    ...['sendTransaction', 'callContract', 'getChainID', 'registerERC20NativeToken', 'registerERC20NativeTokenOnRemoteChain'],
    ...['registerERC20ExternalNativeToken', 'getERC20ExternalNativeTokenAddress', 'registerERC721NFTCollection', 'newL1Deposit'],
    // later 1.x
    'getERC721CollectionAddress',
  ],
};

describe('core/hname: hnames and their names', () => {
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

describe('core/hname: the core contracts of Wasp 1.x by name', () => {
  it('lists 7 contracts and 96 entry points', () => {
    assert.deepEqual(Object.keys(V1_CORE), ['root', 'accounts', 'blob', 'blocklog', 'governance', 'errors', 'evm']);
    assert.equal(Object.values(V1_CORE).flat().length, 96);
  });

  for (const [contract, functions] of Object.entries(V1_CORE)) {
    it(`${contract} and each of its ${functions.length} entry points come back by name`, () => {
      assert.equal(knownContractName(hname(contract)), contract);
      const unnamed = functions.filter((f) => knownFunctionName(hname(contract), hname(f)) !== f);
      assert.deepEqual(unnamed, []);
    });
  }

  it('an entry point of one contract is not named under another', () => {
    assert.equal(knownFunctionName(hname('errors'), hname('sendTransaction')), undefined);
    assert.equal(knownFunctionName(hname('evm'), hname('registerError')), undefined);
  });
});

describe('core/hname: which hname texts are read', () => {
  const EVM = '07cb02c1'; // hname('evm'), a FACTS test vector
  it('trims, lower-cases and drops a leading 0x', () => {
    assert.equal(knownContractName(` ${EVM}\t`), 'evm');
    assert.equal(knownContractName(`0x${EVM.toUpperCase()}`), 'evm');
    assert.equal(knownFunctionName(` 0x${EVM} `, ` 0X${hname('sendTransaction').toUpperCase()} `), 'sendTransaction');
  });
  it('reads exactly 8 hex digits: no 0x inside, nothing before or after', () => {
    assert.equal(knownContractName(`${EVM.slice(0, 4)}0x${EVM.slice(4)}`), undefined, '0x only as a prefix');
    assert.equal(knownContractName(`${EVM}0`), undefined);
    assert.equal(knownContractName(`0${EVM}`), undefined);
    assert.equal(knownContractName(`x${EVM}`), undefined);
    assert.equal(knownContractName(`${EVM}\n`), 'evm', 'outer white space is trimmed');
    assert.equal(knownFunctionName(EVM, `${hname('sendTransaction')}0`), undefined);
    assert.equal(knownFunctionName(`${EVM}0`, hname('sendTransaction')), undefined);
  });
});
