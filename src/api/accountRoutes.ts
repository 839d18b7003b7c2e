// What the L2 account routes (an agent's balance, NFTs or objects, off-ledger nonce, and the chain's
// total assets) are on either generation: the client takes the chain as a target, so both chains
// ask them alike, over the chain-log routes they also share. Pure.
import { ChainLogRoutes } from './chainLogRoutes';
import type { AccountAssets } from './chainApi';
import type { ReadOptions } from './client';
import { parseAgentId, type CheckedAgent } from './ids';

export abstract class AccountRoutes extends ChainLogRoutes {
  /** The agent checked for the chain this target names (a Stardust agent ID names it after `@`). */
  parseAgent(input: string): CheckedAgent {
    return parseAgentId(input, this.target);
  }

  accountBalance(agentId: string, options?: ReadOptions): Promise<AccountAssets> {
    return this.client().getAccountBalance(this.target, agentId, options);
  }

  accountNfts(agentId: string, options?: ReadOptions): Promise<string[]> {
    return this.client().getAccountNfts(this.target, agentId, options);
  }

  accountNonce(agentId: string, options?: ReadOptions): Promise<bigint> {
    return this.client().getAccountNonce(this.target, agentId, options);
  }

  totalAssets(options?: ReadOptions): Promise<AccountAssets> {
    return this.client().getTotalAssets(this.target, options);
  }

  accountUrl(agentId: string | undefined, what: 'balance' | 'nfts' | 'nonce' | 'total_assets', block?: string | number): string {
    return this.client().accountUrl(this.target, agentId, what, block);
  }
}
