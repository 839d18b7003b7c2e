// The account service: one shared, cached read of an agent's L2 holdings behind the hover, the
// "Show Account" panel and the tree. The agent is checked before any request (api/ids.ts), the
// accounts routes go to the chain's node through its client (its token, its limits), and for an
// EVM account the chain's JSON-RPC (the entry's evmJsonRpcUrl, else the node's own: never a token
// or cookie) gives the EVM nonce and, on Rebased, the wei remainder the accounts route drops.
import type { AccountShape } from '../api/accountShape';
import type { CheckedAgent } from '../api/ids';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { ChainEntry } from '../config/model/chainConfig';
import type { EvmExplainer } from '../transactions/evmExplainer';
import { AccountReads, type ReadKey, type ReadOptions, type ReadPart } from './model/accountReads';
import type { AccountRead } from './model/accountView';

const TOKEN = 'token';
const NO_TOKEN = 'none';

/** What the account service reads of the extension. */
export interface AccountServiceDeps {
  readonly chains: Pick<ChainRegistry, 'lookupOrder' | 'get' | 'sourceNote'>;
  readonly clients: Pick<NodeClients, 'apiFor' | 'tokenAllowed'>;
  /** Names for addresses: the workspace's address book and the chain's own contracts. */
  readonly names: Pick<EvmExplainer, 'namesFor'>;
}

export interface AccountReadOptions extends ReadOptions {
  block?: string;
  part?: ReadPart;
}

export class AccountService {
  readonly reads: AccountReads<ChainEntry, AccountRead>;
  /** What each chain's JSON-RPC answered to eth_chainId (it does not change), by node, chain and JSON-RPC; one request in flight each. */
  private readonly rpcChainIds = new Map<string, Promise<bigint | undefined>>();

  constructor(private readonly deps: AccountServiceDeps) {
    this.reads = new AccountReads<ChainEntry, AccountRead>({
      fetch: (chain, key, signal) => this.fetch(chain, key, signal),
      // A 401 earned by a chain asked without the token must not answer for one asked with it.
      tokenDecision: (chain) => (deps.clients.tokenAllowed(chain) ? TOKEN : NO_TOKEN),
    });
  }

  /** The chains that can answer for an account (a web API, contactable), the default first: a hover asks one and offers the others. */
  lookupOrder(): ChainEntry[] {
    return this.deps.chains.lookupOrder();
  }

  chain(name: string): ChainEntry | undefined {
    return this.deps.chains.get(name);
  }

  sourceNote(chain: ChainEntry): string | undefined {
    return this.deps.chains.sourceNote(chain);
  }

  /** The agent as the chain's node takes it, checked before any request; an input error otherwise. */
  agentFor(chain: ChainEntry, input: string): CheckedAgent {
    return this.deps.clients.apiFor(chain).parseAgent(input);
  }

  /** How the chain's accounts are read and shown (the agent ID's chain, the L1 addresses). */
  shapeOf(chain: ChainEntry): AccountShape {
    return this.deps.clients.apiFor(chain).accounts;
  }

  /** The account read (cached, shared): `input` is an EVM address or an agent ID of the chain's generation. */
  read(chain: ChainEntry, input: string, options: AccountReadOptions = {}): Promise<AccountRead> {
    const agent = this.agentFor(chain, input);
    return this.reads.read(chain, { agent: agent.agentId, block: options.block, part: options.part ?? 'full' }, options);
  }

  /** A cached read (no request): the full read when there is one, for the balance too. */
  peek(chain: ChainEntry, input: string, part: ReadPart = 'full', block?: string): AccountRead | undefined {
    let agentId: string;
    try {
      agentId = this.agentFor(chain, input).agentId;
    } catch {
      return undefined;
    }
    const full = this.reads.peek(chain, { agent: agentId, block, part: 'full' });
    return full ?? (part === 'balance' ? this.reads.peek(chain, { agent: agentId, block, part }) : undefined);
  }

  /** The name of an address on the chain (user labels, deployment records, the chain's own contracts); asks the node's EVM chain ID once per node. */
  async nameOf(chain: ChainEntry, address: string): Promise<string | undefined> {
    const api = this.deps.clients.apiFor(chain);
    const nameOf = await this.deps.names.namesFor({ generation: api.generation, evmChainId: await api.evmChainId() });
    return nameOf(address);
  }

  /** The node's EVM chain ID (explorer links, deployment records), asked once per node. */
  evmChainId(chain: ChainEntry): Promise<bigint | undefined> {
    return this.deps.clients.apiFor(chain).evmChainId();
  }

  /**
   * The EVM chain ID that picks the chain's default explorer, as its receipts pick it: the node's
   * (Rebased), else what the chain's JSON-RPC answers to eth_chainId (Stardust, where a receipt has
   * it from its transaction). Asked once per chain; a failure is asked again next time.
   */
  async explorerChainId(chain: ChainEntry): Promise<bigint | undefined> {
    const fromNode = await this.evmChainId(chain).catch(() => undefined);
    if (fromNode !== undefined) return fromNode;
    const key = [chain.nodeUrl, chain.chainId, chain.evmJsonRpcUrl ?? ''].join('\n');
    let asked = this.rpcChainIds.get(key);
    if (asked === undefined) {
      asked = import('./accountFetch.js').then((m) => m.fetchRpcChainId(this.deps.clients, chain)).catch(() => undefined);
      this.rpcChainIds.set(key, asked);
      void asked.then((id) => {
        if (id === undefined) this.rpcChainIds.delete(key);
      });
    }
    return asked;
  }

  /** A token changed, trust was granted or the chains changed: every answer is read again. */
  forget(): void {
    this.reads.forget();
  }

  /** Forgets answers read with the token of the node `key` (Sign Out, a new token). */
  tokenChanged(_key: string): void {
    this.reads.forget();
  }

  private async fetch(chain: ChainEntry, key: ReadKey, signal: AbortSignal): Promise<AccountRead> {
    // The reads, the JSON-RPC client (zod) and the holdings arithmetic load with the first account read, not at activation.
    return (await import('./accountFetch.js')).fetchAccount(this.deps.clients, chain, key, signal);
  }
}
