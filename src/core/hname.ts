// Hnames: the 32-bit names Wasp uses for contracts and entry points, and the names of the core
// contracts' functions. A receipt only carries hnames (e.g. 07cb02c1.e30cd9fa); the table is
// built by hashing the known names, so it cannot drift from the algorithm.
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

/**
 * Core contracts of Wasp (Stardust, v1.x) and their entry points (funcs and views). Names from
 * several v1 releases are listed: a name that does not exist on a node never matches anything.
 */
const CORE_CONTRACTS: Readonly<Record<string, readonly string[]>> = {
  root: ['init', 'deployContract', 'grantDeployPermission', 'revokeDeployPermission', 'requireDeployPermissions', 'findContract', 'getContractRecords'],
  accounts: [
    'init',
    'deposit',
    'transferAllowanceTo',
    'transferAccountToChain',
    'withdraw',
    'harvest',
    'foundryCreateNew',
    'foundryDestroy',
    'foundryModifySupply',
    'nativeTokenCreate',
    'nativeTokenModifySupply',
    'nativeTokenDestroy',
    'mintNFT',
    'accountFoundries',
    'accountNFTAmount',
    'accountNFTAmountInCollection',
    'accountNFTs',
    'accountNFTsInCollection',
    'NFTIDbyMintID',
    'accounts',
    'balance',
    'balanceBaseToken',
    'balanceBaseTokenEVM',
    'balanceNativeToken',
    'foundryOutput',
    'nativeToken',
    'getAccountNonce',
    'getNativeTokenIDRegistry',
    'nftData',
    'totalAssets',
  ],
  blob: ['init', 'storeBlob', 'getBlobInfo', 'getBlobField', 'listBlobs'],
  blocklog: [
    'init',
    'retryUnprocessable',
    'controlAddresses',
    'getBlockInfo',
    'getRequestIDsForBlock',
    'getRequestReceipt',
    'getRequestReceiptsForBlock',
    'isRequestProcessed',
    'getEventsForRequest',
    'getEventsForBlock',
    'getEventsForContract',
    'hasUnprocessable',
  ],
  governance: [
    'init',
    'rotateStateController',
    'addAllowedStateControllerAddress',
    'removeAllowedStateControllerAddress',
    'getAllowedStateControllerAddresses',
    'claimChainOwnership',
    'delegateChainOwnership',
    'setPayoutAgentID',
    'setMinCommonAccountBalance',
    'getPayoutAgentID',
    'getMinCommonAccountBalance',
    'getChainOwner',
    'setFeePolicy',
    'getFeePolicy',
    'setGasLimits',
    'getGasLimits',
    'setEVMGasRatio',
    'getEVMGasRatio',
    'getChainInfo',
    'addCandidateNode',
    'revokeAccessNode',
    'changeAccessNodes',
    'getChainNodes',
    'startMaintenance',
    'stopMaintenance',
    'getMaintenanceStatus',
    'setMetadata',
    'getMetadata',
  ],
  errors: ['init', 'registerError', 'getErrorMessageFormat'],
  evm: [
    'init',
    'sendTransaction',
    'callContract',
    'getChainID',
    'registerERC20NativeToken',
    'registerERC20NativeTokenOnRemoteChain',
    'registerERC20ExternalNativeToken',
    'getERC20ExternalNativeTokenAddress',
    'getERC721CollectionAddress',
    'registerERC721NFTCollection',
    'newL1Deposit',
  ],
};

type ContractEntry = { readonly name: string; readonly functions: Map<string, string> };

let table: Map<string, ContractEntry> | undefined;

/**
 * Built on first use, and a contract's functions on the first look at that contract: a receipt
 * names one contract, and hashing all 96 names with a hash not yet compiled cost the first receipt
 * of a window up to tens of ms (the 7 contract names alone cost little).
 */
function knownTable(): Map<string, ContractEntry> {
  if (!table) {
    table = new Map();
    for (const [contract, names] of Object.entries(CORE_CONTRACTS)) {
      let functions: Map<string, string> | undefined;
      table.set(hname(contract), {
        name: contract,
        get functions() {
          functions ??= new Map(names.map((f) => [hname(f), f]));
          return functions;
        },
      });
    }
  }
  return table;
}

/** Lowercases and strips an optional 0x; undefined unless 8 hex digits remain. */
function normalizeHname(h: string): string | undefined {
  const s = h.trim().toLowerCase().replace(/^0x/, '');
  return HNAME.test(s) ? s : undefined;
}

/** The name of a core contract by hname, e.g. "07cb02c1" -> "evm"; undefined if unknown. */
export function knownContractName(contractHname: string): string | undefined {
  const h = normalizeHname(contractHname);
  return h === undefined ? undefined : knownTable().get(h)?.name;
}

/** The name of a core contract's function, e.g. ("07cb02c1", "e30cd9fa") -> "sendTransaction". */
export function knownFunctionName(contractHname: string, fnHname: string): string | undefined {
  const c = normalizeHname(contractHname);
  const f = normalizeHname(fnHname);
  if (c === undefined || f === undefined) return undefined;
  return knownTable().get(c)?.functions.get(f);
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
