// What a configured chain can answer, by how the extension reaches it: one of three kinds, a
// Stardust node, a Rebased node (what each node's tracer sends comes from its generation's
// traits) or an EVM JSON-RPC alone. Features ask this, never which kind a chain is. Pure.
import { traitsOf } from '../../api/traits';
import { englishL10n, type L10n } from '../../core/l10n';
import type { ChainEntry, ChainSource, EvmOnlyChain, ResolvedChain } from './chainConfig';

export interface ChainAbilities {
  /** ISC receipts by request ID, the gas burn log, a request's events and the long poll. */
  readonly requestReceipts: boolean;
  /** A transaction and its EVM receipt by hash. */
  readonly evmTransactions: boolean;
  /** A transaction's call tree (the call tracer). */
  readonly callTraces: boolean;
  /** A transaction's state changes (the prestate tracer's diff mode). */
  readonly stateChanges: boolean;
  /** A transaction replayed in the debugger: its pre-state (the prestate tracer) besides its call tree. */
  readonly replays: boolean;
  /** Governance: the chain info at a block, its fee policy and limits. */
  readonly governance: boolean;
  /** Blocks and the receipts of each. */
  readonly blocks: boolean;
  /** L2 accounts: balances, NFTs or objects, off-ledger nonces. */
  readonly l2Accounts: boolean;
  /** The node's `/v1/ws` feed. */
  readonly liveFeed: boolean;
  /** Access tokens for the node (a JWT per node). */
  readonly accessTokens: boolean;
}

const WEB_API: ChainAbilities = {
  requestReceipts: true,
  evmTransactions: true,
  callTraces: true,
  stateChanges: true,
  replays: true,
  governance: true,
  blocks: true,
  l2Accounts: true,
  liveFeed: true,
  accessTokens: true,
};

const EVM_JSON_RPC_ONLY: ChainAbilities = {
  requestReceipts: false,
  evmTransactions: true,
  callTraces: true,
  stateChanges: true,
  replays: true,
  governance: false,
  blocks: false,
  l2Accounts: false,
  liveFeed: false,
  accessTokens: false,
};

/** A chain that can be used, whatever reaches it: its name, where its settings came from, what it can answer. */
export interface KnownChain {
  readonly name: string;
  readonly source: ChainSource;
  readonly can: ChainAbilities;
  /** How the extension reaches it, in words, when that limits what it can answer (else undefined). */
  readonly reach: string | undefined;
}

/** The chain of a valid settings entry (an invalid one is no chain: undefined). */
export function knownChainOf(resolved: ResolvedChain, l10n: L10n = englishL10n): KnownChain | undefined {
  if (resolved.valid === true) return webApiChain(resolved.chain);
  if (resolved.valid === 'evmOnly') return evmJsonRpcChain(resolved.chain, l10n);
  return undefined;
}

/** What a chain with a node's web API can answer: everything, as far as its node's tracer goes (a Wasp 1 node has no prestate tracer). */
export function nodeChainAbilities(chain: Pick<ChainEntry, 'generation'>): ChainAbilities {
  const tracer = traitsOf(chain.generation).tracer;
  return { ...WEB_API, stateChanges: tracer.stateChanges, replays: tracer.prestate };
}

/** What a chain known only by its EVM JSON-RPC can answer: transactions and their traces. */
export function evmOnlyChainAbilities(): ChainAbilities {
  return EVM_JSON_RPC_ONLY;
}

function webApiChain(chain: ChainEntry): KnownChain {
  return { name: chain.name, source: chain.source, can: nodeChainAbilities(chain), reach: undefined };
}

function evmJsonRpcChain(chain: EvmOnlyChain, l10n: L10n): KnownChain {
  return { name: chain.name, source: chain.source, can: EVM_JSON_RPC_ONLY, reach: l10n.t('Known only by its EVM JSON-RPC ({0}).', chain.evmJsonRpcUrl) };
}
