// One account read, as AccountService shares and caches it: the agent checked again for the chain
// (its API), then at once the accounts routes of the chain's node (balance, and for a full read the
// objects/NFTs, or a non-EVM agent's off-ledger nonce) and, for an EVM account, the chain's JSON-RPC
// (eth_getTransactionCount; eth_getBalance where it adds the wei remainder the route drops). Only
// the balance must answer: any other part that fails is named in the read. Loaded with the first read.
import * as vscode from 'vscode';
import type { NodeClients } from '../config/nodeClients';
import type { ChainEntry } from '../config/model/chainConfig';
import { HEX40 } from '../core/idShapes';
import { fetchBalance, fetchTransactionCount, type RpcBlock, type RpcFailure } from '../evm/model/jsonRpc';
import { evmRpcTarget } from '../evm/model/rpcTarget';
import { fetchChainId } from '../evm/model/txRpc';
import type { ReadKey } from './model/accountReads';
import type { AccountPart, AccountRead } from './model/accountView';
import { holdingsOf } from '../api/holdings';

export async function fetchAccount(clients: Pick<NodeClients, 'apiFor'>, chain: ChainEntry, key: ReadKey, signal: AbortSignal): Promise<AccountRead> {
  const api = clients.apiFor(chain);
  const generation = api.generation;
  const shape = api.accounts;
  const agent = api.parseAgent(key.agent);
  const evm = agent.kind === 'evm' && agent.evmAddress !== undefined && HEX40.test(agent.evmAddress) ? agent.evmAddress : undefined;
  const full = key.part === 'full';
  // A trie root names a state the JSON-RPC cannot be asked at: the EVM values are then not read.
  const rpcBlock: RpcBlock | undefined = key.block === undefined ? 'latest' : /^\d+$/.test(key.block) ? BigInt(key.block) : undefined;
  const rpc = evm === undefined ? undefined : evmRpcTarget({ nodeUrl: chain.nodeUrl, generation, chainId: chain.chainId, evmJsonRpcUrl: chain.evmJsonRpcUrl });
  const rpcOptions = { fetch: globalThis.fetch, signal, ...(rpcBlock === undefined ? {} : { block: rpcBlock }) };
  const askRpc = evm !== undefined && rpc !== undefined && rpcBlock !== undefined;
  const [balance, nfts, evmNonce, evmBalance, offLedger] = await Promise.allSettled([
    api.accountBalance(agent.agentId, { block: key.block, signal }),
    full ? api.accountNfts(agent.agentId, { block: key.block, signal }) : Promise.resolve(undefined),
    full && askRpc ? fetchTransactionCount(rpc.url, evm, rpcOptions) : Promise.resolve(undefined),
    // The accounts route drops the sub-unit remainder; eth_getBalance adds it where the shape says it does exactly.
    shape.evmBalanceFromRpc && askRpc ? fetchBalance(rpc.url, evm, rpcOptions) : Promise.resolve(undefined),
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
  // The JSON-RPC was not asked: the read names the EVM part it shows (the wei remainder where it is read, else the nonce of a full read).
  const rpcPart = shape.evmBalanceFromRpc ? 'evmBalance' : full ? 'evmNonce' : undefined;
  if (evm !== undefined && rpcPart !== undefined && !askRpc)
    miss(rpcPart, rpc === undefined ? vscode.l10n.t('no usable EVM JSON-RPC URL') : vscode.l10n.t('the EVM JSON-RPC is not asked at a trie root'));
  const holdings = holdingsOf(balance.value, shape.baseToken, {
    ...(wei === undefined ? {} : { evmBalanceWei: wei }),
    ...(nftIds === undefined ? {} : { nfts: nftIds }),
  });
  const read: AccountRead = { generation, agentId: agent.agentId, kind: agent.kind, holdings, missing, block: key.block };
  if (evm !== undefined) read.evmAddress = evm;
  if (nonce !== undefined) read.evmNonce = nonce;
  if (offLedgerNonce !== undefined) read.offLedgerNonce = offLedgerNonce;
  return read;
}

/** What the chain's JSON-RPC answers to eth_chainId; undefined when it has none or gives none. */
export async function fetchRpcChainId(clients: Pick<NodeClients, 'apiFor'>, chain: ChainEntry): Promise<bigint | undefined> {
  const rpc = evmRpcTarget({
    nodeUrl: chain.nodeUrl,
    generation: clients.apiFor(chain).generation,
    chainId: chain.chainId,
    evmJsonRpcUrl: chain.evmJsonRpcUrl,
  });
  if (rpc === undefined) return undefined;
  const answer = await fetchChainId(rpc.url, { fetch: globalThis.fetch });
  return answer.ok ? answer.value : undefined;
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
