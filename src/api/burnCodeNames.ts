// The names of gas burn codes (`gasBurnLog[].code`) per node generation: the iota order of the
// `gas.BurnCode` constants (packages/vm/gas/table.go). Rebased (Wasp 2.x) renumbered them, and the
// codes are only numbers on the wire, so each generation's traits (traits.ts) carry their own
// table and a Rebased code never gets a Stardust name. Pure data.

/** Wasp 1.x `gas/table.go`. */
export const STARDUST_BURN_CODE_NAMES: readonly string[] = [
  'storage', // 0 BurnCodeStorage1P
  'state read', // 1 BurnCodeReadFromState1P
  'target not found', // 2 BurnCodeCallTargetNotFound
  'context', // 3 BurnCodeGetContext
  'caller', // 4 BurnCodeGetCallerData
  'allowance', // 5 BurnCodeGetAllowance
  'anchor', // 6 BurnCodeGetStateAnchorInfo
  'balance', // 7 BurnCodeGetBalance
  'nft data', // 8 BurnCodeGetNFTData
  'call', // 9 BurnCodeCallContract
  'deploy', // 10 BurnCodeDeployContract
  'event', // 11 BurnCodeEmitEvent1P
  'transfer', // 12 BurnCodeTransferAllowance
  'storage deposit estimate', // 13 BurnCodeEstimateStorageDepositCost
  'send', // 14 BurnCodeSendL1Request
  'utils: hashing (blake2b)', // 15 BurnCodeUtilsHashingBlake2b
  'utils: hashing (sha3)', // 16 BurnCodeUtilsHashingSha3
  'utils: hashing (hname)', // 17 BurnCodeUtilsHashingHname
  'utils: hex encode', // 18 BurnCodeUtilsHexEncode
  'utils: hex decode', // 19 BurnCodeUtilsHexDecode
  'utils: ed25519 signature check', // 20 BurnCodeUtilsED25519ValidSig
  'utils: ed25519 address from public key', // 21 BurnCodeUtilsED25519AddrFromPubKey
  'utils: bls signature check', // 22 BurnCodeUtilsBLSValidSignature
  'utils: bls address from public key', // 23 BurnCodeUtilsBLSAddrFromPubKey
  'utils: bls signature aggregation', // 24 BurnCodeUtilsBLSAggregateBLS1P
  'wasm', // 25 BurnCodeWasm1P
  'minimum gas per request', // 26 BurnCodeMinimumGasPerRequest1P
  'evm', // 27 BurnCodeEVM1P
];

/** Wasp v2.0.2 `gas/table.go` (unchanged on develop): renumbered 0..21. */
export const REBASED_BURN_CODE_NAMES: readonly string[] = [
  'storage', // 0
  'state read', // 1
  'target not found', // 2
  'context', // 3
  'caller', // 4
  'allowance', // 5
  'balance', // 6
  'coin info', // 7
  'call', // 8
  'event', // 9
  'transfer', // 10
  'send', // 11
  'utils: hashing (blake2b)', // 12
  'utils: hashing (sha3)', // 13
  'utils: hashing (hname)', // 14
  'utils: hex encode', // 15
  'utils: hex decode', // 16
  'utils: ed25519 address from public key', // 17 (the node's own table says "ed25517")
  'utils: bls signature check', // 18
  'utils: bls signature aggregation', // 19
  'minimum gas per request', // 20
  'evm', // 21
];
