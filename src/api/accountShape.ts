// What differs per generation in reading and showing an L2 account, beside the accounts routes
// themselves (accountRoutes.ts): the base token the routes count in, whether the chain's
// eth_getBalance adds the sub-unit remainder the routes drop, the chain an agent ID names, and
// which agents are L1 addresses an IOTA explorer shows. One per chain (ChainApi.accounts). Pure.
import type { AccountAgentKind } from './ids';

export interface BaseToken {
  /** `IOTA`, `SMR`; undefined when the chain does not say (a private network). */
  symbol: string | undefined;
  /** Decimals of the smallest unit the accounts route counts in; undefined when not known (the amount is then shown exact only). */
  decimals: number | undefined;
  /** The smallest unit's name for the exact amount ("nanos", "base units"). */
  unit: 'nanos' | 'base units';
}

/** Rebased: IOTA, 9 decimals (v2 FACTS, `packages/parameters/l1parameters.go`). */
export const REBASED_BASE_TOKEN: BaseToken = { symbol: 'IOTA', decimals: 9, unit: 'nanos' };

/**
 * A Stardust chain's base token, from its chain ID's network (the Bech32 prefix): IOTA on `iota`
 * and its testnet `atoi`, SMR on `smr` and `rms`, 6 decimals on both. The node's L1 parameters
 * (`/v1/node/info`) say it for a private network, but that route needs a token: such a chain's
 * amounts are shown exact only.
 */
export function stardustBaseToken(chainId: string): BaseToken {
  const hrp = chainId.trim().toLowerCase().split('1')[0];
  if (hrp === 'iota' || hrp === 'atoi') return { symbol: 'IOTA', decimals: 6, unit: 'base units' };
  if (hrp === 'smr' || hrp === 'rms') return { symbol: 'SMR', decimals: 6, unit: 'base units' };
  return { symbol: undefined, decimals: undefined, unit: 'base units' };
}

export interface AccountShape {
  /** The base token the accounts routes count in (its smallest unit). */
  readonly baseToken: BaseToken;
  /**
   * Whether an EVM account's eth_getBalance is read with its balance: the accounts route drops the
   * sub-unit remainder, and only a Rebased chain's eth_getBalance adds it exactly (nanos × 10^9 + wei).
   */
  readonly evmBalanceFromRpc: boolean;
  /** The chain ID an agent ID names after `@` (Stardust: `0x…@<chainID>`); undefined where agent IDs name none. */
  readonly agentIdChain: string | undefined;
  /** The L1 address an IOTA explorer shows for an agent (a Rebased address agent is one), undefined for any other. */
  l1Address(agent: { kind: AccountAgentKind; agentId: string }): string | undefined;
}

/** A Stardust chain: base units of its network's token, agent IDs name the chain, no L1 explorer of today shows its Bech32 addresses. */
export function stardustAccountShape(chainId: string): AccountShape {
  return { baseToken: stardustBaseToken(chainId), evmBalanceFromRpc: false, agentIdChain: chainId, l1Address: () => undefined };
}

/** A Rebased chain: nanos of IOTA, the remainder from eth_getBalance, an address agent is an IOTA address. */
export const REBASED_ACCOUNT_SHAPE: AccountShape = {
  baseToken: REBASED_BASE_TOKEN,
  evmBalanceFromRpc: true,
  agentIdChain: undefined,
  l1Address: (agent) => (agent.kind === 'address' ? agent.agentId : undefined),
};
