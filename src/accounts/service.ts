// The account service: one shared, cached read of an agent's L2 holdings behind the hover, the
// "Show Account" panel and the tree. The agent is checked before any request (api/ids.ts), the
// accounts routes go to the chain's node through its client (its token, its limits), and for an
// EVM account the chain's JSON-RPC (the entry's evmJsonRpcUrl, else the node's own: never a token
// or cookie) gives the EVM nonce and, on Rebased, the wei remainder the accounts route drops.
import * as vscode from 'vscode';
import { parseAgentId } from '../api/ids';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { ChainEntry } from '../config/model/chainConfig';
import { HEX40 } from '../core/idShapes';
import type { RpcBlock, RpcFailure } from '../evm/model/jsonRpc';
import { evmRpcTarget } from '../evm/model/rpcTarget';
import type { EvmExplainer } from '../receipts/evmExplainer';
import { AccountReads, type ReadKey, type ReadOptions, type ReadPart } from './model/accountReads';
import type { AccountPart, AccountRead } from './model/accountView';

let readModules: Promise<[typeof import('../evm/model/jsonRpc.js'), typeof import('./model/holdings.js')]> | undefined;
const loadReadModules = () => (readModules ??= Promise.all([import('../evm/model/jsonRpc.js'), import('./model/holdings.js')]));

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

  constructor(private readonly deps: AccountServiceDeps) {
    this.reads = new AccountReads<ChainEntry, AccountRead>({
      fetch: (chain, key, signal) => this.fetch(chain, key, signal),
      // A 401 earned by a chain asked without the token must not answer for one asked with it.
      tokenDecision: (chain) => (deps.clients.tokenAllowed(chain) ? TOKEN : NO_TOKEN),
    });
  }

  /** The chain a hover asks: the default chain (else the first contactable one), from the settings only. */
  hoverChain(): ChainEntry | undefined {
    return this.deps.chains.lookupOrder()[0];
  }

  chain(name: string): ChainEntry | undefined {
    return this.deps.chains.get(name);
  }

  sourceNote(chain: ChainEntry): string | undefined {
    return this.deps.chains.sourceNote(chain);
  }

  /** The agent as the chain's node takes it, checked before any request; an input error otherwise. */
  agentFor(chain: ChainEntry, input: string): ReturnType<typeof parseAgentId> {
    const generation = this.deps.clients.apiFor(chain).generation;
    return parseAgentId(input, generation === 'rebased' ? { generation } : { generation, chainId: chain.chainId });
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

  knownEvmChainId(chain: ChainEntry): bigint | undefined {
    return this.deps.clients.apiFor(chain).knownEvmChainId();
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
    // The JSON-RPC client (zod) and the holdings arithmetic load with the first account read, not at activation.
    const [{ fetchBalance, fetchTransactionCount }, { baseTokenOf, holdingsOf }] = await loadReadModules();
    const api = this.deps.clients.apiFor(chain);
    const generation = api.generation;
    const agent = this.agentFor(chain, key.agent);
    const evm = agent.kind === 'evm' && agent.evmAddress !== undefined && HEX40.test(agent.evmAddress) ? agent.evmAddress : undefined;
    const full = key.part === 'full';
    // A trie root names a state the JSON-RPC cannot be asked at: the EVM values are then not read.
    const rpcBlock: RpcBlock | undefined = key.block === undefined ? 'latest' : /^\d+$/.test(key.block) ? BigInt(key.block) : undefined;
    const rpc =
      evm === undefined ? undefined : evmRpcTarget({ nodeUrl: chain.nodeUrl, generation, chainId: chain.chainId, evmJsonRpcUrl: chain.evmJsonRpcUrl });
    const rpcOptions = { fetch: globalThis.fetch, signal, ...(rpcBlock === undefined ? {} : { block: rpcBlock }) };
    const askRpc = evm !== undefined && rpc !== undefined && rpcBlock !== undefined;
    const [balance, nfts, evmNonce, evmBalance, offLedger] = await Promise.allSettled([
      api.accountBalance(agent.agentId, { block: key.block, signal }),
      full ? api.accountNfts(agent.agentId, { block: key.block, signal }) : Promise.resolve(undefined),
      full && askRpc ? fetchTransactionCount(rpc.url, evm, rpcOptions) : Promise.resolve(undefined),
      // The accounts route drops the sub-unit remainder; only Rebased's eth_getBalance adds it exactly (nanos × 10^9 + wei).
      generation === 'rebased' && askRpc ? fetchBalance(rpc.url, evm, rpcOptions) : Promise.resolve(undefined),
      full && evm === undefined ? api.accountNonce(agent.agentId, { block: key.block, signal }) : Promise.resolve(undefined),
    ]);
    if (balance.status === 'rejected') throw balance.reason;
    const missing: AccountRead['missing'] = [];
    const miss = (part: AccountPart, reason: string) => missing.push({ part, reason });
    const settledValue = <T>(r: PromiseSettledResult<T>, part: AccountPart): T | undefined => {
      if (r.status === 'fulfilled') return r.value;
      miss(part, r.reason instanceof Error ? r.reason.message : String(r.reason));
      return undefined;
    };
    const rpcValue = (r: PromiseSettledResult<{ ok: true; value: bigint } | RpcFailure | undefined>, part: AccountPart): bigint | undefined => {
      const v = settledValue(r, part);
      if (v === undefined) return undefined;
      if (v.ok) return v.value;
      miss(part, rpcReason(v, rpc?.host ?? ''));
      return undefined;
    };
    const nftIds = settledValue(nfts, 'nfts');
    const nonce = rpcValue(evmNonce, 'evmNonce');
    const wei = rpcValue(evmBalance, 'evmBalance');
    const offLedgerNonce = settledValue(offLedger, 'nonce');
    if (evm !== undefined && (full || generation === 'rebased') && !askRpc)
      miss(
        generation === 'rebased' ? 'evmBalance' : 'evmNonce',
        rpc === undefined ? vscode.l10n.t('no usable EVM JSON-RPC URL') : vscode.l10n.t('the EVM JSON-RPC is not asked at a trie root'),
      );
    const holdings = holdingsOf(balance.value, baseTokenOf(generation, chain.chainId), {
      ...(wei === undefined ? {} : { evmBalanceWei: wei }),
      ...(nftIds === undefined ? {} : { nfts: nftIds }),
    });
    const read: AccountRead = { generation, agentId: agent.agentId, kind: agent.kind, holdings, missing, block: key.block };
    if (evm !== undefined) read.evmAddress = evm;
    if (nonce !== undefined) read.evmNonce = nonce;
    if (offLedgerNonce !== undefined) read.offLedgerNonce = offLedgerNonce;
    return read;
  }
}

/** Why the JSON-RPC gave no value, in words. */
function rpcReason(f: RpcFailure, host: string): string {
  switch (f.reason) {
    case 'badUrl':
      return vscode.l10n.t('no usable EVM JSON-RPC URL');
    case 'timeout':
      return vscode.l10n.t('the JSON-RPC at {0} did not answer in time', host);
    case 'network':
      return vscode.l10n.t('the JSON-RPC at {0} could not be reached', host);
    case 'http':
      return vscode.l10n.t('the JSON-RPC at {0} answered HTTP {1}', host, f.detail ?? '');
    case 'tooLarge':
    case 'invalid':
      return vscode.l10n.t('the JSON-RPC at {0} sent an invalid answer', host);
    default:
      return vscode.l10n.t('the JSON-RPC at {0} answered: {1}', host, f.detail ?? f.reason);
  }
}
