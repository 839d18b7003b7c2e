// What differs between the node generations, as data and small functions: one object per
// generation, reached from a chain's API (`api.traits`) or, where only a Generation value travels
// with the data (a view model, a survey), through traitsOf, the one place that tells the
// generations apart. Features ask the traits what a chain does, never which generation it runs.
// Pure: words come through an L10n argument.
import { REBASED_BURN_CODE_NAMES, STARDUST_BURN_CODE_NAMES } from './burnCodeNames';
import { InvalidInputError } from './errors';
import type { DetectedGeneration, Generation } from './generation';
import type { RebasedChainResponse } from './rebasedSchemas';
import type { ChainInfo } from './stardustSchemas';
import { feeForGas, type Ratio32 } from '../core/fees';
import { formatBigInt } from '../core/format';
import { evmTxHashOf, HEX64, STARDUST_REQUEST_ID, stardustIdOfHash, type IdShape } from '../core/idShapes';
import type { L10n } from '../core/l10n';
import { ceilDiv } from '../core/units';

/** The ISC gas every request burns at least (hard-coded in both generations, not governance's minGasPerRequest: FACTS §3). */
export const MIN_GAS_PER_REQUEST = 10_000n;

/** What the minimum fee rule reads of the chain: its gas per token and the base token's decimals. */
export interface FeeRuleFacts {
  feePolicy?: { gasPerToken: Ratio32 };
  baseDecimals?: number;
}

/** What reads a chain for the Chains view (WaspClient fits). */
export interface NodeChainReader {
  getChainInfo(chainId: string, options: { signal?: AbortSignal }): Promise<ChainInfo>;
  getRebasedChain(options: { signal?: AbortSignal }): Promise<RebasedChainResponse>;
}

export interface GenerationTraits {
  /** The generation itself: data to pass on (a cache key, a view model's field), never to compare. */
  readonly generation: Generation;
  /** The generation as the Chains view names it: "Rebased (Wasp 2.x)". */
  name(l10n: L10n): string;
  /** The generation as a public network's entry names it: "Wasp 2 (Rebased)". */
  networkName(l10n: L10n): string;
  /**
   * The node runs one chain, which its answer names (Rebased): an entry fits when that chain is
   * its own, and a node without one says so; else the node serves many chains, each asked by ID.
   */
  readonly oneChainPerNode: boolean;
  /** What the Chains view reads of an entry's chain on this generation's node: the governance info of that chain (Stardust), the node's one chain (Rebased). */
  readChainState(reader: NodeChainReader, chainId: string, signal: AbortSignal): Promise<ChainInfo | RebasedChainResponse>;
  /** Burn code names by code (the node's `gas/table.go` order). */
  readonly burnCodeNames: readonly string[];
  /** The fee in wei a sender must hold at least for an EVM transaction at `txGasPrice`; undefined when the chain facts it needs are unknown. */
  minimumFeeWei(txGasPrice: bigint, chain: FeeRuleFacts): bigint | undefined;
  /** Whether an EVM transaction's gas price must equal eth_gasPrice (else: at least it). */
  readonly gasPriceExact: boolean;
  /** How the fee of an EVM request follows from its gas, in a few words. */
  feeRule(txGasPrice: bigint, l10n: L10n): string;
  /** What the node's EVM tracer gives. */
  readonly tracer: {
    /** The logs of each call in the call tracer's frames. */
    readonly callLogs: boolean;
    /** The 21,000 intrinsic gas in the outermost call's gasUsed. */
    readonly intrinsicGas: boolean;
    /** The prestate tracer's diff mode (state changes). */
    readonly stateChanges: boolean;
    /** The prestate tracer itself: the pre-state of every account a transaction touches (the debugger's replay). */
    readonly prestate: boolean;
  };
  /** How a receipt's fee is shown: with decimals and symbol (else base tokens), and whether a storage deposit is worth a word. */
  readonly fee: { readonly decimal: boolean; readonly storageDeposit: boolean };
  /** The request's sender is the EVM transaction's own and no EVM row names it: the decoded rows add it as "From". */
  readonly evmSenderRow: boolean;
  /** Whether a request ID (lower-case) can be an EVM transaction's on this generation's node. */
  evmShaped(requestId: string): boolean;
  /** Why a request ID of that shape is not one this chain's node takes. */
  wrongRequestIdForm(chainName: string, shape: IdShape | undefined, l10n: L10n): InvalidInputError;
  /** The EVM JSON-RPC under the node's web API, for a chain; undefined for a chain ID that cannot be a path segment. */
  evmJsonRpcPath(chainId: string): string | undefined;
  /** This generation's magic contract interfaces (ISCSandbox, ISCAccounts, …: name -> ABI JSON) in the file of both (evm/model/iscMagicAbis.json). */
  iscMagicAbisOf(file: IscMagicAbiFile): Record<string, unknown[]>;
  /** The chain's token contract of kind `02` or `05` under the magic prefix (`payloadHex`: what follows the kind byte); undefined when the kind means nothing here. */
  magicTokenName(kind: string, payloadHex: string, l10n: L10n): string | undefined;
  /** Whether a route of the web API (its segments after /v1) is one of this generation's chain routes. */
  ownsRoute(segments: readonly string[]): boolean;
  /** A reason to skip a request that only this generation has (on-ledger outputs), or undefined. */
  ownSkipReason(l10n: L10n): string | undefined;
}

/** The magic contract's interfaces of both generations, as the EVM layer ships them. */
export interface IscMagicAbiFile {
  readonly stardust: Record<string, unknown[]>;
  readonly rebased: Record<string, unknown[]>;
}

/** A Wasp 1 foundry serial number: the payload's first 4 bytes, little-endian (codec.EncodeUint32). */
function foundrySerial(payloadHex: string): string {
  const le = payloadHex.slice(0, 8).match(/../g) ?? [];
  return String(Number.parseInt(le.reverse().join(''), 16));
}

/** Wasp 1.x: many chains per node, Bech32 chain IDs, request IDs of 0x + 68 hex. */
export const STARDUST_TRAITS: GenerationTraits = {
  generation: 'stardust',
  name: (l10n) => l10n.t('Stardust (Wasp 1.x)'),
  networkName: (l10n) => l10n.t('Wasp 1 (Stardust), legacy'),
  oneChainPerNode: false,
  readChainState: (reader, chainId, signal) => reader.getChainInfo(chainId, { signal }),
  burnCodeNames: STARDUST_BURN_CODE_NAMES,
  // ⌈10000 × gasPerToken.B ÷ A⌉ base units, in wei.
  minimumFeeWei(_txGasPrice, chain) {
    if (chain.feePolicy === undefined || chain.baseDecimals === undefined || chain.baseDecimals > 18) return undefined;
    return feeForGas(MIN_GAS_PER_REQUEST, chain.feePolicy.gasPerToken) * 10n ** BigInt(18 - chain.baseDecimals);
  },
  gasPriceExact: true,
  feeRule: (_txGasPrice, l10n) => l10n.t('fee at the chain\u2019s gas per token (the EVM gas price follows it)'),
  tracer: { callLogs: false, intrinsicGas: false, stateChanges: false, prestate: false },
  fee: { decimal: false, storageDeposit: true },
  evmSenderRow: true,
  // An EVM request's ID is its transaction hash and output index 0.
  evmShaped: (requestId) => STARDUST_REQUEST_ID.test(requestId) && requestId === stardustIdOfHash(evmTxHashOf(requestId)),
  wrongRequestIdForm: (chainName, shape, l10n) =>
    new InvalidInputError(
      'requestId',
      shape === 'hex64' ? l10n.t('{0} is a Stardust chain: its request IDs have 68 hex digits after 0x.', chainName) : l10n.t('Not a request ID.'),
      shape === 'hex64' ? l10n.t('Add 0000 to an EVM transaction hash, or turn on the setting waspChain.hover.evmTransactions.') : undefined,
    ),
  evmJsonRpcPath: (chainId) => (/^[a-z0-9]+$/.test(chainId) ? `/v1/chains/${chainId}/evm` : undefined),
  iscMagicAbisOf: (file) => file.stardust,
  // Every route that is not Rebased's /v1/chain/…: /v1/chains/{id}/…, /v1/requests/…
  ownsRoute: (segments) => segments[0] !== 'chain',
  magicTokenName(kind, payloadHex, l10n) {
    if (kind === '02') return l10n.t('ISC native token (ERC20, foundry {0})', foundrySerial(payloadHex));
    return kind === '05' ? l10n.t('ISC external native token (ERC20)') : undefined;
  },
  ownSkipReason: (l10n) =>
    l10n.t(
      'On-ledger: a time lock not yet passed, an expiry within a minute of the block time (or past), or a storage deposit return make the node skip the output.',
    ),
};

/** Wasp 2.x: one chain per node under /v1/chain, 0x + 64 hex IDs (an EVM request's ID is its hash). */
export const REBASED_TRAITS: GenerationTraits = {
  generation: 'rebased',
  name: (l10n) => l10n.t('Rebased (Wasp 2.x)'),
  networkName: (l10n) => l10n.t('Wasp 2 (Rebased)'),
  oneChainPerNode: true,
  readChainState: (reader, _chainId, signal) => reader.getRebasedChain({ signal }),
  burnCodeNames: REBASED_BURN_CODE_NAMES,
  // ⌈10000 × gasPrice ÷ 10^9⌉ nanos, in wei.
  minimumFeeWei: (txGasPrice) => ceilDiv(MIN_GAS_PER_REQUEST * txGasPrice, 10n ** 9n) * 10n ** 9n,
  gasPriceExact: false,
  feeRule: (txGasPrice, l10n) => l10n.t('fee = ⌈gas burned × {0} wei ÷ 10^9⌉ nanos, at the transaction\u2019s gas price', formatBigInt(txGasPrice)),
  tracer: { callLogs: true, intrinsicGas: true, stateChanges: true, prestate: true },
  // Rebased never charges a storage deposit (always 0).
  fee: { decimal: true, storageDeposit: false },
  evmSenderRow: false,
  evmShaped: (requestId) => HEX64.test(requestId),
  wrongRequestIdForm: (chainName, _shape, l10n) =>
    new InvalidInputError('requestId', l10n.t('{0} is a Rebased chain: its request IDs have 64 hex digits after 0x, not 68.', chainName)),
  evmJsonRpcPath: () => '/v1/chain/evm',
  iscMagicAbisOf: (file) => file.rebased,
  ownsRoute: (segments) => segments[0] === 'chain',
  magicTokenName: (kind, _payloadHex, l10n) => (kind === '02' ? l10n.t('ISC coin (ERC20 wrapper)') : undefined),
  ownSkipReason: () => undefined,
};

/** Every generation's traits, Wasp 1 first. */
export const EVERY_GENERATION: readonly GenerationTraits[] = [STARDUST_TRAITS, REBASED_TRAITS];

/** The traits of a generation: the one place that switches on it. */
export function traitsOf(generation: Generation): GenerationTraits {
  switch (generation) {
    case 'stardust':
      return STARDUST_TRAITS;
    case 'rebased':
      return REBASED_TRAITS;
  }
}

/** The traits of what detection found; undefined when the node is no Wasp node (or not detected). */
export function traitsOfDetected(detected: DetectedGeneration | undefined): GenerationTraits | undefined {
  return detected === undefined || detected.kind === 'unknown' ? undefined : traitsOf(detected.kind);
}

/** Whether a request ID can be an EVM transaction's on a node of that generation (Stardust: the hash and output index 0). */
export function evmShaped(requestId: string, generation: Generation): boolean {
  return traitsOf(generation).evmShaped(requestId);
}

/** Which generation's route a web API route is (an unknown-route 404 there makes its node detected again). */
export function generationOfRoute(segments: readonly string[]): Generation {
  return (EVERY_GENERATION.find((t) => t.ownsRoute(segments)) ?? STARDUST_TRAITS).generation;
}
