// What a receipt shows of its EVM side, decoded with the workspace's ABIs: the explanation (call,
// revert, transaction, explorer links) and, on a click, the transaction's logs. The decoder, the
// explanation model and the workspace scan load with the first EVM receipt, not at activation.
import * as vscode from 'vscode';
import type { AnyReceipt, ReceiptView } from './model/receiptView';
import type { EvmExplanation, IscSide, NameOf } from './model/evmExplain';
import type { ExplanationCache } from './model/explanationCache';
import type { Row } from '../ui/model/view';
import type { Generation } from '../api/generation';
import { evmTxHashOf } from '../core/idShapes';
import { LruCache } from '../core/lru';
import { within } from '../core/detached';

/** How long the logs wait for their tokens' decimals (ms): past it they show the plain integers. */
const LOG_UNITS_WAIT_MS = 2000;
import type { CallTreeState } from './model/callTree';
import type { EvmTx } from '../evm/model/signedTx';

/** The workspace's ABIs as the explainer needs them. */
export interface AbiSource {
  current(): Promise<import('../evm/model/abiIndex').AbiIndex>;
}

/** A call tree as the panel keeps it: what it shows, the node's answer (Copy as JSON), the outermost call's gas. */
export interface CallTreeLoad {
  state: CallTreeState;
  raw?: unknown;
  root?: { gasUsed: bigint; failed: boolean };
}

/** The chain whose addresses are named: its generation (the magic contract's kinds) and EVM chain ID (the records). */
export interface NamedChain {
  generation: Generation;
  evmChainId: bigint | undefined;
}

/** Names for addresses on the chain with an EVM chain ID (the workspace's address book). */
export interface AddressSource {
  current(): Promise<{ nameOf(address: string, evmChainId?: bigint): string | undefined }>;
}

export class EvmExplainer {
  /** Why each failed request whose call tree was read failed, in one line (the hover's): by request ID. */
  private readonly failures = new LruCache<string, string>({ capacity: 200 });
  private explained: Promise<ExplanationCache<AnyReceipt, EvmExplanation | undefined>> | undefined;
  /** The decimals and symbols of the tokens asked, per chain and token. */
  private units: Promise<import('../evm/model/tokenAmounts').TokenUnitsCache> | undefined;

  constructor(
    private readonly abis: AbiSource,
    private readonly addresses: AddressSource,
  ) {}

  /** Whether the ABIs have anything to say about a receipt (cheap: loads nothing). */
  static wants(view: ReceiptView): boolean {
    return view.kind === 'evm' || view.error?.revertData !== undefined;
  }

  /** The receipt explained with the ABIs, or undefined when it has nothing EVM. */
  async explain(receipt: AnyReceipt, view: ReceiptView): Promise<EvmExplanation | undefined> {
    if (!EvmExplainer.wants(view)) return undefined;
    const [{ explainEvm }, { loadAbiCoder }, cache] = await Promise.all([import('./model/evmExplain.js'), import('../evm/model/decode.js'), this.cache()]);
    const [coder, index] = await Promise.all([loadAbiCoder(), this.abis.current()]);
    return cache.get(receipt, index.version, () => explainEvm(coder, index, receipt, view));
  }

  /** The "EVM logs" rows of a transaction, asked of `url` now (only on the user's click); Transfer and Approval amounts in their token's units when it answers within a bound. */
  async loadLogs(url: string, txHash: string, isc?: IscSide, signal?: AbortSignal): Promise<Row[]> {
    const [{ logRows }, { loadAbiCoder }, { fetchEvmLogs }, { amountTokensOfLogs }, cache] = await Promise.all([
      import('./model/evmExplain.js'),
      import('../evm/model/decode.js'),
      import('../evm/model/jsonRpc.js'),
      import('../evm/model/tokenAmounts.js'),
      this.tokenUnits(),
    ]);
    const [coder, outcome, index] = await Promise.all([loadAbiCoder(), fetchEvmLogs(url, txHash, { fetch: globalThis.fetch, signal }), this.abis.current()]);
    const tokens = outcome.ok ? amountTokensOfLogs(coder, index, outcome.logs) : [];
    await within(Promise.all(tokens.map((t) => cache.get(url, t))), LOG_UNITS_WAIT_MS, undefined);
    return logRows(coder, index, outcome, url, vscode.l10n, isc, (address) => {
      const known = cache.peek(url, address);
      return known === 'unknown' ? undefined : known;
    });
  }

  /**
   * The JSON-RPC's EVM receipt beside the ISC one, asked of `url` as the panel opens (one
   * eth_getTransactionReceipt): its status, gas used and effective price, a disagreement said. Its
   * logs stay on "Load EVM Logs". Undefined when the JSON-RPC gave none (the button still offers it).
   */
  async receiptRows(
    url: string,
    txHash: string,
    isc: IscSide,
    signal?: AbortSignal,
  ): Promise<{ rows: Row[]; gas?: { gasUsed: bigint; effectiveGasPrice?: bigint } } | undefined> {
    const [{ evmReceiptRows }, { fetchEvmLogs }] = await Promise.all([import('./model/evmExplain.js'), import('../evm/model/jsonRpc.js')]);
    const outcome = await fetchEvmLogs(url, txHash, { fetch: globalThis.fetch, signal });
    if (!outcome.ok) return undefined;
    const rows = evmReceiptRows(outcome, isc, vscode.l10n);
    if (rows.length === 0) return undefined;
    const { gasUsed, effectiveGasPrice } = outcome;
    return gasUsed === undefined ? { rows } : { rows, gas: { gasUsed, ...(effectiveGasPrice !== undefined ? { effectiveGasPrice } : {}) } };
  }

  /** The call tree of an EVM request, asked of `url` now (debug_traceTransaction), decoded with the ABIs. */
  async loadCallTree(url: string, receipt: AnyReceipt, chain: NamedChain, signal?: AbortSignal): Promise<CallTreeLoad> {
    const { evmTxOf } = await import('./model/evmExplain.js');
    const tx = evmTxOf(receipt);
    const { tree, revertLine } = await this.loadCallTreeOf(url, evmTxHashOf(receipt.request.requestId), tx?.ok ? tx.tx : undefined, chain, signal);
    if (tree.state.status === 'ok' && tree.root) {
      const { receiptGasHeadline } = await import('./model/gasExplain.js');
      const line = revertLine ?? receiptGasHeadline(receipt, tree.root, vscode.l10n);
      if (line !== undefined) this.failures.set(receipt.request.requestId.toLowerCase(), line);
    }
    return tree;
  }

  /** The call tree of a transaction by its hash (`tx`: what its outermost call must be), and where its revert began. */
  async loadCallTreeOf(
    url: string,
    txHash: string,
    tx: Pick<EvmTx, 'to' | 'data' | 'value'> | undefined,
    chain: NamedChain,
    signal?: AbortSignal,
  ): Promise<{ tree: CallTreeLoad; revertLine?: string }> {
    const [{ callTreeState, revertLine }, { loadAbiCoder }, { fetchCallTrace }, { magicAbiIndex }] = await Promise.all([
      import('./model/callTree.js'),
      import('../evm/model/decode.js'),
      import('../evm/model/jsonRpc.js'),
      import('../evm/model/iscMagic.js'),
    ]);
    const [coder, outcome, index, magic, nameOf] = await Promise.all([
      loadAbiCoder(),
      fetchCallTrace(url, txHash, { fetch: globalThis.fetch, signal }),
      this.abis.current(),
      magicAbiIndex(chain.generation),
      this.namesFor(chain),
    ]);
    const state = callTreeState(outcome, { coder, index, magic, generation: chain.generation, nameOf }, tx, vscode.l10n);
    const root = outcome.ok ? outcome.trace.frames[0] : undefined;
    if (state.status !== 'ok' || !outcome.ok || !root) return { tree: { state } };
    const tree = { state, raw: outcome.raw, root: { gasUsed: root.gasUsed, failed: root.error !== undefined } };
    const line = revertLine(state.view, vscode.l10n);
    return line === undefined ? { tree } : { tree, revertLine: line };
  }

  /** The state changes of an EVM request, asked of `url` now (the prestateTracer in diff mode), accounts named. */
  async loadStateChanges(url: string, receipt: AnyReceipt, chain: NamedChain, signal?: AbortSignal): Promise<Row[]> {
    const [{ stateChangeRows }, { fetchStateDiff }] = await Promise.all([import('./model/stateChanges.js'), import('../evm/model/jsonRpc.js')]);
    const [outcome, nameOf] = await Promise.all([
      fetchStateDiff(url, evmTxHashOf(receipt.request.requestId), { fetch: globalThis.fetch, signal }),
      this.namesFor(chain),
    ]);
    return stateChangeRows(outcome, nameOf, vscode.l10n);
  }

  /**
   * Why a failed EVM request failed, in one line: where its revert began or that it ran out of ISC
   * gas after the EVM succeeded, once its call tree was read (a hover never asks for one: a trace
   * re-runs the whole block on the node); before that, what the receipt alone says of its gas.
   */
  async failureLine(receipt: AnyReceipt): Promise<string | undefined> {
    const known = this.failures.get(receipt.request.requestId.toLowerCase());
    if (known !== undefined) return known;
    const { receiptGasHeadline } = await import('./model/gasExplain.js');
    return receiptGasHeadline(receipt, undefined, vscode.l10n);
  }

  /**
   * The rows with the call's token amounts in their units, once the token's decimals() answered at
   * `url` (asked once per chain and token, bounded); undefined when the call moves no token amount
   * or the token gives no decimals. The panel shows its rows first and these when they come.
   */
  async withTokenUnits(rows: readonly Row[], e: EvmExplanation, url: string): Promise<Row[] | undefined> {
    const [{ amountToken, tokenUnitRows }, cache] = await Promise.all([import('./model/tokenRows.js'), this.tokenUnits()]);
    const token = amountToken(e);
    const units = token === undefined ? undefined : await cache.get(url, token);
    return units === undefined ? undefined : tokenUnitRows(rows, e, units);
  }

  private tokenUnits(): Promise<import('../evm/model/tokenAmounts').TokenUnitsCache> {
    return (this.units ??= import('../evm/model/tokenAmounts.js').then(
      ({ TokenUnitsCache, fetchTokenUnits }) => new TokenUnitsCache((url, token) => fetchTokenUnits(url, token, { fetch: globalThis.fetch })),
    ));
  }

  /** What a view decodes with: the ABI coder, the workspace's ABIs, names for the chain's addresses. */
  async decoding(
    chain: NamedChain,
  ): Promise<{ coder: import('../evm/model/decode').AbiCoder; index: import('../evm/model/abiIndex').AbiIndex; nameOf: NameOf }> {
    const { loadAbiCoder } = await import('../evm/model/decode.js');
    const [coder, index, nameOf] = await Promise.all([loadAbiCoder(), this.abis.current(), this.namesFor(chain)]);
    return { coder, index, nameOf };
  }

  /** Names for addresses on a chain: the user's labels and the workspace's records, then the chain's own contracts. */
  async namesFor(chain: NamedChain): Promise<NameOf> {
    const [book, { wellKnownAddressName }] = await Promise.all([this.addresses.current(), import('../evm/model/iscMagic.js')]);
    return (address) => book.nameOf(address, chain.evmChainId) ?? wellKnownAddressName(address, chain.generation, vscode.l10n);
  }

  private cache(): Promise<ExplanationCache<AnyReceipt, EvmExplanation | undefined>> {
    return (this.explained ??= import('./model/explanationCache.js').then(({ ExplanationCache }) => new ExplanationCache()));
  }
}
