// Hnames: the 32-bit names Wasp uses for contracts and entry points, and the names of the core
// contracts' functions. A receipt only carries hnames (e.g. 07cb02c1.e30cd9fa); the table holds
// them written out, and the tests recompute each one from its name.
import { blake2b } from '@noble/hashes/blake2b';
import { formatHname } from './format';

const HNAME = /^[0-9a-f]{8}$/;

/**
 * The hname of a name: the first non-zero 4-byte little-endian word of blake2b-256(name),
 * printed as 8 lowercase hex digits (Wasp `isc.Hn`; returns 00000001 if all words are zero).
 */
export function hname(name: string): string {
  const h = blake2b(new TextEncoder().encode(name), { dkLen: 32 });
  for (let i = 0; i + 4 <= h.length; i += 4) {
    const word = ((h[i] ?? 0) | ((h[i + 1] ?? 0) << 8) | ((h[i + 2] ?? 0) << 16) | ((h[i + 3] ?? 0) << 24)) >>> 0;
    if (word !== 0) return word.toString(16).padStart(8, '0');
  }
  return '00000001';
}

type ContractEntry = { readonly name: string; readonly functions: Readonly<Record<string, string>> };

/**
 * Core contracts of Wasp (Stardust, v1.x) and their entry points (funcs and views), by hname. Names
 * from several v1 releases are listed: a name that does not exist on a node never matches anything.
 * Each key is hname() of its name, written out: hashing the 96 names on first use cost the first
 * receipt of a window up to tens of ms (blake2b not yet compiled). The tests compute every hname
 * of the entry points in Wasp's sources and look each one up here, so a key cannot drift.
 */
const CORE_CONTRACTS: Readonly<Record<string, ContractEntry>> = {
  cebf5908: {
    name: 'root',
    functions: {
      '1f44d644': 'init',
      '28232c27': 'deployContract',
      f440263a: 'grantDeployPermission',
      '850744f1': 'revokeDeployPermission',
      efff8d83: 'requireDeployPermissions',
      c145ca00: 'findContract',
      '078b3ef3': 'getContractRecords',
    },
  },
  '3c4b5e02': {
    name: 'accounts',
    functions: {
      '1f44d644': 'init',
      bdc9102d: 'deposit',
      '23f4e3a1': 'transferAllowanceTo',
      '07005c45': 'transferAccountToChain',
      '9dcc0f41': 'withdraw',
      '7b40efbd': 'harvest',
      '41822f5f': 'foundryCreateNew',
      '85e4c893': 'foundryDestroy',
      '76a5868b': 'foundryModifySupply',
      '0c2d1791': 'nativeTokenCreate',
      '24c2eab6': 'nativeTokenModifySupply',
      f0b0ab00: 'nativeTokenDestroy',
      '3b79d016': 'mintNFT',
      dc3a0c38: 'accountFoundries',
      abefd5b5: 'accountNFTAmount',
      d7028e1b: 'accountNFTAmountInCollection',
      '27422359': 'accountNFTs',
      a37fb50f: 'accountNFTsInCollection',
      f99a8e34: 'NFTIDbyMintID',
      '3c4b5e02': 'accounts',
      '84168cb4': 'balance',
      '4c8ccd0f': 'balanceBaseToken',
      d6e5581e: 'balanceBaseTokenEVM',
      '1fea3104': 'balanceNativeToken',
      d9647be3: 'foundryOutput',
      '28e34b65': 'nativeToken',
      '529d7df9': 'getAccountNonce',
      '2ad8a59f': 'getNativeTokenIDRegistry',
      '83c5c4da': 'nftData',
      fab0f8d2: 'totalAssets',
    },
  },
  fd91bc63: {
    name: 'blob',
    functions: {
      '1f44d644': 'init',
      ddd4c281: 'storeBlob',
      fde4ab46: 'getBlobInfo',
      '1f448130': 'getBlobField',
      '62ca7990': 'listBlobs',
    },
  },
  f538ef2b: {
    name: 'blocklog',
    functions: {
      '1f44d644': 'init',
      '3e9e466c': 'retryUnprocessable',
      '796bd223': 'controlAddresses',
      be89f9b3: 'getBlockInfo',
      '5a20327a': 'getRequestIDsForBlock',
      b7f9534f: 'getRequestReceipt',
      '77e3beef': 'getRequestReceiptsForBlock',
      d57d50a9: 'isRequestProcessed',
      '4f8d68e4': 'getEventsForRequest',
      '36232798': 'getEventsForBlock',
      '682a1922': 'getEventsForContract',
      '3566cbf2': 'hasUnprocessable',
    },
  },
  '17cf909f': {
    name: 'governance',
    functions: {
      '1f44d644': 'init',
      '244d1038': 'rotateStateController',
      '9469d567': 'addAllowedStateControllerAddress',
      '31f69447': 'removeAllowedStateControllerAddress',
      f3505183: 'getAllowedStateControllerAddresses',
      '03ff0fc0': 'claimChainOwnership',
      '93ecb6ad': 'delegateChainOwnership',
      '2184ed1c': 'setPayoutAgentID',
      '68680893': 'setMinCommonAccountBalance',
      '02aca9ad': 'getPayoutAgentID',
      '69b8c2dc': 'getMinCommonAccountBalance',
      '9b2ef0ac': 'getChainOwner',
      '5b791c9f': 'setFeePolicy',
      f8c89790: 'getFeePolicy',
      d72fb355: 'setGasLimits',
      '3a493455': 'getGasLimits',
      aae22338: 'setEVMGasRatio',
      b81c8c34: 'getEVMGasRatio',
      '434477e2': 'getChainInfo',
      b745b382: 'addCandidateNode',
      '5459512d': 'revokeAccessNode',
      '7bca3700': 'changeAccessNodes',
      e1832289: 'getChainNodes',
      '742f0521': 'startMaintenance',
      '4e017b6a': 'stopMaintenance',
      '61fe5443': 'getMaintenanceStatus',
      '0eb3a798': 'setMetadata',
      '79ad1ac6': 'getMetadata',
    },
  },
  '8f3a8bb3': {
    name: 'errors',
    functions: {
      '1f44d644': 'init',
      '9be65f8e': 'registerError',
      '63fe7d56': 'getErrorMessageFormat',
    },
  },
  '07cb02c1': {
    name: 'evm',
    functions: {
      '1f44d644': 'init',
      e30cd9fa: 'sendTransaction',
      e9bfcb7b: 'callContract',
      '3a696e30': 'getChainID',
      c7c436e2: 'registerERC20NativeToken',
      '08732fb1': 'registerERC20NativeTokenOnRemoteChain',
      '8800d607': 'registerERC20ExternalNativeToken',
      bb34fcf3: 'getERC20ExternalNativeTokenAddress',
      d82c269c: 'getERC721CollectionAddress',
      '3d3ad27e': 'registerERC721NFTCollection',
      eca2e426: 'newL1Deposit',
    },
  },
};

/** Lowercases and strips an optional 0x; undefined unless 8 hex digits remain. */
function normalizeHname(h: string): string | undefined {
  const s = h.trim().toLowerCase().replace(/^0x/, '');
  return HNAME.test(s) ? s : undefined;
}

/** The name of a core contract by hname, e.g. "07cb02c1" -> "evm"; undefined if unknown. */
export function knownContractName(contractHname: string): string | undefined {
  const h = normalizeHname(contractHname);
  return h === undefined ? undefined : CORE_CONTRACTS[h]?.name;
}

/** The name of a core contract's function, e.g. ("07cb02c1", "e30cd9fa") -> "sendTransaction". */
export function knownFunctionName(contractHname: string, fnHname: string): string | undefined {
  const c = normalizeHname(contractHname);
  const f = normalizeHname(fnHname);
  if (c === undefined || f === undefined) return undefined;
  return CORE_CONTRACTS[c]?.functions[f];
}

export type CallTargetDescription = {
  contract: string | undefined;
  function: string | undefined;
  /** "evm.sendTransaction"; unknown parts stay as hnames, e.g. "3c4b5e03.9dcc0f41". */
  label: string;
};

/** Names a receipt's `callTarget` where the hnames are known. */
export function describeCallTarget(target: { contractHName: string; functionHName: string }): CallTargetDescription {
  const contract = knownContractName(target.contractHName);
  const fn = knownFunctionName(target.contractHName, target.functionHName);
  return {
    contract,
    function: fn,
    label: `${contract ?? formatHname(target.contractHName)}.${fn ?? formatHname(target.functionHName)}`,
  };
}

/** A contract's hname as a view names it: "accounts (3c4b5e02)" for a core contract, else the hname as given. */
export function contractHnameText(contractHname: string): string {
  const name = knownContractName(contractHname);
  return name === undefined ? contractHname : `${name} (${contractHname})`;
}
