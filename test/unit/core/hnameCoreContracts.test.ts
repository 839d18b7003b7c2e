import * as assert from 'node:assert/strict';
import { hname, knownContractName, knownFunctionName } from '../../../src/core/hname';

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
