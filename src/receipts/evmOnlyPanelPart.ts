// The receipt panel of a chain known only by its EVM JSON-RPC: the transaction, its EVM receipt and
// logs, the call decoded, and the call tree (asked at once for a failed transaction, as for a node's
// EVM request, else on the click). What needs the web API (the ISC receipt, burn log, governance) is
// said once, with how to add it. The panel (panel.ts) asks this part when the ID's chain is such a
// chain, or when no chain with a web API knew the ID.
import * as vscode from 'vscode';
import { evmOnlyLimitText, type EvmOnlyChain } from '../config/model/chainConfig';
import { evmOnlyChainAbilities } from '../config/model/chainAbilities';
import { HEX64 } from '../core/idShapes';
import { errorSummary } from '../ui/errors';
import type { ErrorView, Row } from '../ui/model/view';
import { shortId } from '../core/format';
import type { CallTreeLoad } from '../transactions/evmExplainer';
import { copyCallTreeJson } from './evmPanelParts';
import type { DebugTarget } from './debugEntry';
import type { EvmOnlyResult, EvmOnlyService } from '../transactions/evmOnlyService';
import type { EvmOnlyFound } from '../transactions/model/evmOnlyView';
import { receiptPanelLabels, type ReceiptIdentity, type ReceiptPanelState } from './protocol';

type EvmOnlyState = Extract<ReceiptPanelState, { status: 'evmTransaction' }>;

export interface EvmOnlyPartHost {
  readonly service: EvmOnlyService;
  /** Shows the panel again with what was loaded. */
  refresh(): void;
}

export class EvmOnlyPanelPart {
  /** What the last lookup found, on which chain. */
  loaded: { chain: EvmOnlyChain; found: EvmOnlyFound } | undefined;
  private callTree: CallTreeLoad | undefined;
  /** "Show State Changes", once loaded. */
  private stateChanges: { id: string; title: string; rows: Row[] } | undefined;
  /** Bumped by each lookup: a call tree for an older one is dropped. */
  private run = 0;

  constructor(private readonly host: EvmOnlyPartHost) {}

  /** The EVM-only chains an ID is asked on: the one named (`named`), else for a 64-hex hash every one that may be asked. */
  chainsFor(identity: ReceiptIdentity): { named: boolean; chains: EvmOnlyChain[] } {
    if (identity.chainName !== undefined) {
      const chain = this.host.service.chain(identity.chainName);
      return chain ? { named: true, chains: [chain] } : { named: false, chains: [] };
    }
    return { named: false, chains: HEX64.test(identity.requestId) ? this.host.service.lookupOrder() : [] };
  }

  /** Looks the transaction up; remembers it when found (nothing is shown yet). */
  async find(requestId: string, chains: EvmOnlyChain[], options: { signal: AbortSignal; fresh: boolean }): Promise<EvmOnlyResult> {
    this.run++;
    this.loaded = undefined;
    this.callTree = undefined;
    this.stateChanges = undefined;
    const result = await this.host.service.find(requestId, chains, options);
    if (result.found) {
      this.loaded = { chain: result.chain, found: result.value };
      this.callTree = { state: { status: 'offer' } };
    }
    return result;
  }

  /** The panel's state for what was found. */
  async state(identity: ReceiptIdentity, title: string): Promise<EvmOnlyState | undefined> {
    const l = this.loaded;
    if (!l) return undefined;
    const { chain, found } = l;
    const evmChainId = await this.host.service.evmChainId(chain);
    const [{ evmOnlyView }, decoding] = await Promise.all([
      import('../transactions/model/evmOnlyView.js'),
      this.host.service.evm.decoding({ generation: 'rebased', evmChainId }),
    ]);
    const chainView: { rpcUrl: string; explorerUrl?: string; evmChainId?: bigint } = { rpcUrl: chain.evmJsonRpcUrl };
    if (chain.explorerUrl !== undefined) chainView.explorerUrl = chain.explorerUrl;
    if (evmChainId !== undefined) chainView.evmChainId = evmChainId;
    const traceLine = this.host.service.traceLine(found.hash);
    const replay = this.host.service.peekReplay(chain, found.hash);
    const why = { ...(traceLine === undefined ? {} : { traceLine }), ...(replay === undefined ? {} : { replay }) };
    const view = evmOnlyView(found, chainView, decoding, why, vscode.l10n);
    const source = this.host.service.sourceNote(chain);
    const on = source === undefined ? chain.name : vscode.l10n.t('{0}, from {1}', chain.name, source);
    const state: EvmOnlyState = {
      status: 'evmTransaction',
      identity: { ...identity, chainName: chain.name },
      title,
      subtitle: vscode.l10n.t('on {0} (EVM JSON-RPC {1}), block {2}', on, new URL(chain.evmJsonRpcUrl).host, view.blockNumber.toString()),
      failed: view.failed,
      statusText: view.statusText,
      note: evmOnlyLimitText(vscode.l10n),
      sections: this.stateChanges === undefined ? view.sections : [...view.sections, this.stateChanges],
      labels: receiptPanelLabels(vscode.l10n, new URL(chain.evmJsonRpcUrl).host),
    };
    if (view.revert !== undefined) state.headline = view.revert;
    if (this.callTree) state.callTree = this.callTree.state;
    state.debuggable = evmOnlyChainAbilities().replays;
    return state;
  }

  /** What Debug Transaction runs on: the transaction found, its chain and the call tree shown. */
  debugTarget(): DebugTarget | undefined {
    const l = this.loaded;
    return l && { transaction: l.found.hash, chainName: l.chain.name, callTree: this.callTree?.state };
  }

  /** Whether the transaction failed (its call tree is asked with the panel, the question it is opened with). */
  get failed(): boolean {
    return this.loaded?.found.receipt.status === 0;
  }

  async loadCallTree(signal?: AbortSignal): Promise<void> {
    const l = this.loaded;
    if (!l || this.callTree?.state.status === 'loading') return;
    const run = this.run;
    this.callTree = { state: { status: 'loading' } };
    this.host.refresh();
    let tree: CallTreeLoad;
    try {
      tree = await this.host.service.loadCallTree(l.chain, l.found, signal);
    } catch (e) {
      tree = { state: { status: 'error', message: errorSummary(e) } };
    }
    if (this.run !== run || signal?.aborted) return;
    this.callTree = tree;
    this.host.refresh();
    // No tree (a public JSON-RPC without debug_traceTransaction): the replay at the parent block says why.
    const { wantsReplay } = await import('../transactions/model/evmOnlyView.js');
    if (!wantsReplay(l.found, this.host.service.traceLine(l.found.hash))) return;
    await this.host.service.replay(l.chain, l.found, signal).catch(() => undefined);
    if (this.run !== run || signal?.aborted) return;
    this.host.refresh();
  }

  copyCallTree(): Promise<void> {
    return copyCallTreeJson(this.callTree);
  }

  /** "Show State Changes": the prestateTracer in diff mode, asked of the chain's JSON-RPC now, accounts named. */
  async loadStateChanges(signal?: AbortSignal): Promise<void> {
    const l = this.loaded;
    if (!l) return;
    const run = this.run;
    const rows = await this.host.service.loadStateChanges(l.chain, l.found, signal);
    if (this.run !== run || signal?.aborted) return;
    this.stateChanges = { id: 'evmState', title: vscode.l10n.t('State changes'), rows };
    this.host.refresh();
  }

  /** The panel's "not found" when only chains known by their JSON-RPC were asked. */
  missView(requestId: string, chains: EvmOnlyChain[], lines: string[]): ErrorView {
    return {
      kind: 'notFound',
      title: vscode.l10n.t('No transaction'),
      message: vscode.l10n.t('No transaction {0} on {1}.', shortId(requestId, 12, 6), chains.map((c) => c.name).join(', ')),
      hint: vscode.l10n.t('A chain known only by its EVM JSON-RPC shows EVM transactions by their hash once they are in a block.'),
      actions: [{ label: vscode.l10n.t('Retry'), command: 'retry' }],
      details: lines,
    };
  }

  /** What each EVM-only chain answered, for the panel's "not found" (one line each). */
  async missLines(result: Extract<EvmOnlyResult, { found: false }>): Promise<string[]> {
    const { rpcFailureText } = await import('../transactions/model/evmExplain.js');
    const lines = result.failures.map((f) => vscode.l10n.t('{0}: {1}', f.chain.name, rpcFailureText(f.failure, vscode.l10n)));
    if (result.notFoundOn.length > 0) lines.push(vscode.l10n.t('No transaction on {0} (its EVM JSON-RPC).', result.notFoundOn.map((c) => c.name).join(', ')));
    return lines;
  }
}
