// The chain's side of "Why no receipt?" (noReceipt.ts): the public questions the diagnosis asks,
// all independent, asked at once over an injected fetch and chain API, each answer a fact or the
// reason it is missing. Pure.
import type { ChainApi, GovernanceInfo } from '../../api/chainApi';
import { fetchBalance, fetchGasPrice, fetchTransactionByHash, fetchTransactionCount, type RpcFailure } from '../../evm/model/jsonRpc';
import type { ChainFacts, TxFacts } from './noReceipt';

/** One public question the diagnosis asks; all are independent, so the caller runs them at once (one round trip). */
export type DiagnosisAsk =
  | { via: 'jsonRpc'; method: 'eth_getTransactionByHash'; params: [string] }
  | { via: 'jsonRpc'; method: 'eth_getTransactionCount' | 'eth_getBalance'; params: [string, 'latest'] }
  | { via: 'jsonRpc'; method: 'eth_gasPrice'; params: [] }
  | { via: 'webApi'; route: 'chainInfo' };

/** What the diagnosis of `tx` asks, all independent: 4 JSON-RPC calls and the chain info, in parallel. */
export function diagnosisAsks(tx: Pick<TxFacts, 'hash' | 'sender'>): DiagnosisAsk[] {
  const sender = tx.sender.toLowerCase();
  return [
    { via: 'jsonRpc', method: 'eth_getTransactionByHash', params: [tx.hash] },
    { via: 'jsonRpc', method: 'eth_getTransactionCount', params: [sender, 'latest'] },
    { via: 'jsonRpc', method: 'eth_gasPrice', params: [] },
    { via: 'jsonRpc', method: 'eth_getBalance', params: [sender, 'latest'] },
    { via: 'webApi', route: 'chainInfo' },
  ];
}

export interface DiagnosisSources {
  /** The chain's EVM JSON-RPC (rpcTarget.ts evmRpcTarget). */
  rpcUrl: string;
  fetch: typeof globalThis.fetch;
  /** The chain's API, for its governance info (fee policy, limits). */
  chain: Pick<ChainApi, 'generation' | 'chainInfo'>;
  baseDecimals?: number;
  signal?: AbortSignal;
}

/** Which answers failed, and why (a fact is then absent and its check not made). */
export type FactFailures = Partial<Record<'included' | 'nextNonce' | 'gasPrice' | 'balanceWei' | 'chainInfo', string>>;

/** Asks every question of diagnosisAsks at once (one round trip) and collects the answers; never throws for a failed answer. */
export async function gatherChainFacts(tx: Pick<TxFacts, 'hash' | 'sender'>, s: DiagnosisSources): Promise<{ facts: ChainFacts; failures: FactFailures }> {
  const options = { fetch: s.fetch, signal: s.signal };
  const [included, count, price, balance, info] = await Promise.all([
    fetchTransactionByHash(s.rpcUrl, tx.hash, options),
    fetchTransactionCount(s.rpcUrl, tx.sender, options),
    fetchGasPrice(s.rpcUrl, options),
    fetchBalance(s.rpcUrl, tx.sender, options),
    s.chain.chainInfo({ signal: s.signal }).then(
      (v): { ok: true; info: GovernanceInfo } => ({ ok: true, info: v }),
      (e: unknown) => ({ ok: false as const, reason: e instanceof Error ? e.message : String(e) }),
    ),
  ]);
  const facts: ChainFacts = { generation: s.chain.generation };
  if (s.baseDecimals !== undefined) facts.baseDecimals = s.baseDecimals;
  const failures: FactFailures = {};
  const why = (f: RpcFailure) => (f.detail === undefined ? f.reason : `${f.reason}: ${f.detail}`);
  if (included.ok) facts.included = included.tx;
  else failures.included = why(included);
  if (count.ok) facts.nextNonce = count.value;
  else failures.nextNonce = why(count);
  if (price.ok) facts.gasPrice = price.value;
  else failures.gasPrice = why(price);
  if (balance.ok) facts.balanceWei = balance.value;
  else failures.balanceWei = why(balance);
  if (info.ok) {
    facts.feePolicy = { gasPerToken: info.info.gasFeePolicy.gasPerToken, evmGasRatio: info.info.gasFeePolicy.evmGasRatio };
    facts.maxGasPerRequest = info.info.gasLimits.maxGasPerRequest;
  } else failures.chainInfo = info.reason;
  return { facts, failures };
}
