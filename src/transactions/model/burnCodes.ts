// Names of gas burn codes (`gasBurnLog[].code`), and a per-code summary for the burn chart.
// The numbering is the iota order of `gas.BurnCode` constants (packages/vm/gas/table.go), which
// Rebased (Wasp 2.x) renumbered 0..21: the codes are only numbers on the wire, so each
// generation has its own table and a Rebased code never gets a Stardust name.
import type { Generation } from '../../api/generation';

const BURN_CODE_NAMES: readonly string[] = [
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

/** Wasp v2.0.2 `gas/table.go` (unchanged on develop). */
const REBASED_BURN_CODE_NAMES: readonly string[] = [
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

/** The name of a burn code, e.g. 27 -> "evm" (Stardust), 21 -> "evm" (Rebased); unknown codes -> "code N". */
export function burnCodeName(code: number, generation: Generation = 'stardust'): string {
  const table = generation === 'rebased' ? REBASED_BURN_CODE_NAMES : BURN_CODE_NAMES;
  const name = Number.isInteger(code) && code >= 0 ? table[code] : undefined;
  return name ?? `code ${String(code)}`;
}

export type BurnLogRecord = { code: number; gasBurned: bigint };

export type BurnCodeTotal = {
  code: number;
  name: string;
  /** Sum of gas burned under this code. */
  gasBurned: bigint;
  /** Number of log records merged into this entry. */
  count: number;
  /** Share of the total, in percent (0–100, two decimals), for a chart. */
  share: number;
};

export type BurnLogSummary = { total: bigint; entries: BurnCodeTotal[] };

/**
 * Totals a gas burn log per code, largest first (ties by code), with each code's share of
 * the total in percent. Sums stay bigint; only the share is a number (it is only drawn).
 */
export function summarizeBurnLog(records: readonly BurnLogRecord[], generation: Generation = 'stardust'): BurnLogSummary {
  const byCode = new Map<number, { gasBurned: bigint; count: number }>();
  let total = 0n;
  for (const r of records) {
    const entry = byCode.get(r.code) ?? { gasBurned: 0n, count: 0 };
    entry.gasBurned += r.gasBurned;
    entry.count += 1;
    byCode.set(r.code, entry);
    total += r.gasBurned;
  }
  const entries: BurnCodeTotal[] = [...byCode].map(([code, { gasBurned, count }]) => ({
    code,
    name: burnCodeName(code, generation),
    gasBurned,
    count,
    // Basis points in bigint first, so totals above 2^53 keep an exact ratio.
    share: total > 0n ? Number((gasBurned * 10_000n) / total) / 100 : 0,
  }));
  entries.sort((x, y) => (x.gasBurned === y.gasBurned ? x.code - y.code : x.gasBurned > y.gasBurned ? -1 : 1));
  return { total, entries };
}
