// "Why no receipt?" in the host: the transaction's own facts from the workspace's records (a
// Foundry broadcast, an Ignition journal) or from the signed transaction the user pastes, then the
// chain's public answers asked at once (./model/noReceipt.ts), only when the user asks or a watch
// running in an open panel sees the sender's nonce move.
import * as vscode from 'vscode';
import type { ChainEntry } from '../config/model/chainConfig';
import type { NodeClients } from '../config/nodeClients';
import type { Diagnosis, TxFacts } from './model/noReceipt';
import type { FactFailures } from './model/noReceiptFacts';
import type { ChainAnswer } from './model/noReceiptReport';
import type { SentTransaction } from '../workspace/model/sentTransactions';

/** The workspace's sent transactions, by hash. */
export interface SentSource {
  find(hash: string): Promise<SentTransaction | undefined>;
}

export interface DiagnosisResult {
  tx: TxFacts;
  diagnosis: Diagnosis;
  failures: FactFailures;
  /** The JSON-RPC host asked. */
  rpcHost: string | undefined;
  /** The sender's next nonce as the chain said it (what a watch's re-check compares). */
  nextNonce?: bigint;
}

export class NoReceiptDoctor {
  /** How often an open panel's watch asks for the sender's nonce (tests shorten it). */
  recheckMs = 15_000;

  constructor(
    private readonly clients: Pick<NodeClients, 'apiFor'>,
    private readonly sent: SentSource,
  ) {}

  /** The workspace's record of the transaction `hash`, or undefined. */
  sentRecord(hash: string): Promise<SentTransaction | undefined> {
    return this.sent.find(hash);
  }

  /** The facts of `hash` in the workspace's records, or undefined. */
  async recorded(hash: string): Promise<TxFacts | undefined> {
    const record = await this.sent.find(hash);
    if (!record) return undefined;
    const { txFactsOfRecord } = await import('./model/noReceipt.js');
    return txFactsOfRecord(record);
  }

  /** Asks the user for the signed transaction of `hash` (`optional`: the chains are asked without it too); undefined when they cancel. Checked before anything is asked of a node. */
  async pasted(hash: string, optional = false): Promise<TxFacts | undefined> {
    const { txFactsOfRaw } = await import('./model/noReceipt.js');
    let facts: TxFacts | undefined;
    const raw = await vscode.window.showInputBox({
      title: vscode.l10n.t('Why no receipt?'),
      prompt: optional
        ? vscode.l10n.t(
            'If this request is an EVM transaction, paste its signed raw transaction (0x…, as eth_sendRawTransaction sent it) to check its sender, nonce, gas and price; Escape asks the chains without it.',
          )
        : vscode.l10n.t(
            'The workspace has no record of this transaction. Paste its signed raw transaction (0x…, as eth_sendRawTransaction sent it): its sender, nonce, gas and price are read from it.',
          ),
      placeHolder: '0xf86c…',
      ignoreFocusOut: true,
      validateInput: async (text) => {
        const read = await txFactsOfRaw(text);
        if (!read.ok) return vscode.l10n.t('Not a signed transaction: {0}', read.error);
        if (read.tx.hash !== hash.toLowerCase()) return vscode.l10n.t('This is the signed transaction {0}, not {1}.', read.tx.hash, hash);
        facts = read.tx;
        return undefined;
      },
    });
    return raw === undefined ? undefined : facts;
  }

  /** The chain's public answers for `tx`, asked at once, and the verdict. */
  async diagnose(chain: ChainEntry, tx: TxFacts, signal?: AbortSignal): Promise<DiagnosisResult> {
    const [{ diagnoseNoReceipt }, { gatherChainFacts }, { evmRpcTarget }] = await Promise.all([
      import('./model/noReceipt.js'),
      import('./model/noReceiptFacts.js'),
      import('../evm/model/rpcTarget.js'),
    ]);
    const target = evmRpcTarget(chain);
    const api = this.clients.apiFor(chain);
    const { facts, failures } = await gatherChainFacts(tx, {
      rpcUrl: target?.url ?? '',
      fetch: globalThis.fetch,
      chain: api,
      baseDecimals: api.accounts.baseToken.decimals,
      ...(signal ? { signal } : {}),
    });
    const result: DiagnosisResult = { tx, diagnosis: diagnoseNoReceipt(tx, facts, vscode.l10n), failures, rpcHost: target?.host };
    if (facts.nextNonce !== undefined) result.nextNonce = facts.nextNonce;
    return result;
  }

  /**
   * Every chain an ID of the L1-output form could belong to, asked at once: each its identity and
   * latest block (and its receipt, when the lookup had not asked it) and, when the transaction's
   * facts are known and it is signed for that chain, the EVM checks on its JSON-RPC. One answer per
   * chain, in the order given.
   */
  async diagnoseRequest(
    chains: ReadonlyArray<{ chain: ChainEntry; askReceipt: boolean }>,
    requestId: string,
    tx: TxFacts | undefined,
    signal?: AbortSignal,
  ): Promise<ChainAnswer[]> {
    const { gatherRequestFacts, evmChecksBelong } = await import('./model/noReceiptRequest.js');
    return Promise.all(
      chains.map(async ({ chain, askReceipt }): Promise<ChainAnswer> => {
        const { facts, failures } = await gatherRequestFacts(this.clients.apiFor(chain), askReceipt ? requestId : undefined, signal);
        const answer: ChainAnswer = { chainName: chain.name, facts, failures };
        if (tx && !facts.receipt && evmChecksBelong(tx.chainId, facts.evmChainId)) {
          const d = await this.diagnose(chain, tx, signal);
          answer.evm = { diagnosis: d.diagnosis, failures: d.failures, rpcHost: d.rpcHost, ...(d.nextNonce !== undefined ? { nextNonce: d.nextNonce } : {}) };
        }
        return answer;
      }),
    );
  }

  /** The sender's next nonce now (a watch's re-check), or undefined when the JSON-RPC cannot say. */
  async nextNonce(chain: ChainEntry, sender: string, signal?: AbortSignal): Promise<bigint | undefined> {
    const [{ evmRpcTarget }, { fetchTransactionCount }] = await Promise.all([import('../evm/model/rpcTarget.js'), import('../evm/model/jsonRpc.js')]);
    const count = await fetchTransactionCount(evmRpcTarget(chain)?.url ?? '', sender, { fetch: globalThis.fetch, ...(signal ? { signal } : {}) });
    return count.ok ? count.value : undefined;
  }
}
