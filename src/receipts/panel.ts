// The receipt panel: one per (chain, request, block). It asks the receipt service (shared cache
// and in-flight requests with the hover), then checks the fee against the chain's fee policy
// at the receipt's block. Its identity is all it keeps: a reload (serializer) fetches again.
import * as vscode from 'vscode';
import { code } from 'webview-code:receiptMain';
import { InvalidInputError } from '../api/errors';
import { checkBlock } from '../api/ids';
import { Commands } from '../constants';
import type { FindResult, ReceiptService } from '../transactions/receiptService';
import type { ChainEntry, EvmOnlyChain } from '../config/model/chainConfig';
import { formatNumber, shortId } from '../core/format';
import { describeReceiptFeeCheck, type FeeCheckView, type ReceiptView } from '../transactions/model/receiptView';
import type { ChainLogSection } from '../transactions/model/chainLogView';
import { receiptDisplay, receiptPanelLabels, type ReceiptAction, type ReceiptIdentity, type ReceiptPanelState } from './protocol';
import type { NodeClients } from '../config/nodeClients';
import type { ErrorView } from '../ui/model/view';
import { describeError, errorSummary } from '../ui/errors';
import { Panel, type LoadRun, type PanelDeps } from '../ui/panel';
import type { PanelFactory } from '../ui/registry';
import { EvmPanelParts } from './evmPanelParts';
import { EvmOnlyPanelPart } from './evmOnlyPanelPart';
import type { EvmOnlyService } from '../transactions/evmOnlyService';
import { LEADING_EVM_ADDRESS } from '../core/idShapes';
import { MissedReceipt, type Miss } from './missedReceipt';
import { evmTxOf } from '../transactions/model/evmExplain';
import { gasRows, receiptGasFacts } from '../transactions/model/gasExplain';
import { debugShownTransaction } from './debugEntry';

/** What a receipt panel reads besides the receipt service: the chain's node API (fee policy, block, events, metadata). */
export interface ReceiptPanelDeps extends PanelDeps {
  readonly clients: Pick<NodeClients, 'apiFor'>;
}

export function receiptPanelFactory(deps: ReceiptPanelDeps, service: ReceiptService, evmOnly: EvmOnlyService): PanelFactory<ReceiptIdentity, ReceiptPanel> {
  return {
    title: (identity) => receiptPanelTitle(identity.requestId),
    create: (webviewPanel, identity) => new ReceiptPanel(webviewPanel, deps, service, identity, evmOnly),
  };
}

function receiptPanelTitle(requestId: string): string {
  return vscode.l10n.t('Receipt {0}', shortId(requestId, 8, 4));
}

function describeBlock(block: string | undefined): string {
  return block === undefined ? vscode.l10n.t('latest state') : /^0x/.test(block) ? vscode.l10n.t('state {0}', block) : vscode.l10n.t('block {0}', block);
}

function heading(identity: ReceiptIdentity): string {
  return vscode.l10n.t('Request {0}', shortId(identity.requestId, 12, 6));
}

type Found = Extract<FindResult, { found: true }>;

export class ReceiptPanel extends Panel<ReceiptPanelState, ReceiptAction, ReceiptIdentity, ReceiptPanelDeps> {
  /** What the last successful load found. */
  private loaded: { chain: ChainEntry; result: Found } | undefined;
  /** The chain of the last access error, for the Set Access Token / Sign In buttons. */
  private failedChain: string | undefined;
  /** The whole texts behind the excerpts of the receipt shown. */
  private texts = new Map<string, string>();
  /** The rows the workspace's ABIs decoded for the receipt shown. */
  /** The IOTA explorer links of a Rebased receipt (none when the chain's network is unknown). */
  private l1Section: ReceiptView['sections'][number] | undefined;
  /** The request's block and events, once read. */
  private chainLog: ChainLogSection[] | undefined;
  /** The last "not found", and why (once asked). */
  private readonly missed: MissedReceipt;
  /** What the EVM-only chains answered when none had the ID (shown under the node's "not found"). */
  private evmMissLines: string[] = [];
  /** What the chain's EVM JSON-RPC was asked: the call tree, logs, state changes. */
  private readonly evm: EvmPanelParts;
  /** The fee policy and limits at the receipt's block (the gas explanation). */
  private infoAtBlock: Parameters<typeof receiptGasFacts>[2];
  /** A chain known only by its EVM JSON-RPC: what it found and its call tree. */
  private readonly evmOnly: EvmOnlyPanelPart;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    deps: ReceiptPanelDeps,
    private readonly service: ReceiptService,
    identity: ReceiptIdentity,
    evmOnly: EvmOnlyService,
  ) {
    const message = vscode.l10n.t('Looking up the receipt…');
    const labels = receiptPanelLabels(vscode.l10n);
    const initial: ReceiptPanelState = { status: 'loading', identity: { ...identity }, title: heading(identity), message, labels };
    const spec = { code, title: receiptPanelTitle(identity.requestId), icon: 'file-text', what: vscode.l10n.t('Receipt') };
    super(webviewPanel, deps, spec, identity, initial);
    this.evm = new EvmPanelParts({ service, clients: deps.clients, log: deps.log, refresh: () => this.refreshFound() });
    this.evmOnly = new EvmOnlyPanelPart({ service: evmOnly, refresh: () => void this.showEvmOnly() });
    this.missed = new MissedReceipt({
      service,
      chains: deps.chains,
      requestId: () => this.id.requestId,
      show: (error, failedChain) => {
        if (failedChain !== undefined) this.failedChain = failedChain;
        this.showError(error);
      },
      isDisposed: () => this.isDisposed,
    });
  }

  get shownError(): ErrorView | undefined {
    return this.state.status === 'error' ? this.state.error : undefined;
  }

  protected errorChain(): string | undefined {
    return this.failedChain ?? this.id.chainName;
  }

  protected async load({ signal, stale, fresh }: LoadRun): Promise<void> {
    const block = checkBlock(this.id.block);
    if (!block.ok) {
      this.showError(describeError(new InvalidInputError('block', block.reason)));
      return;
    }
    const chainName = this.id.chainName;
    this.postLoading(chainName === undefined ? vscode.l10n.t('Looking up the receipt…') : vscode.l10n.t('Looking up the receipt on {0}…', chainName));
    this.evmOnly.loaded = undefined;
    this.evmMissLines = [];
    // A chain known only by its EVM JSON-RPC: named, it is all there is to ask; else it is asked when no node knew the ID.
    const evmOnly = this.evmOnly.chainsFor(this.id);
    if (evmOnly.named) {
      await this.loadEvmOnly(evmOnly.chains, { signal, stale, fresh }, undefined);
      return;
    }

    let result: FindResult;
    try {
      result = await this.service.find(this.id.requestId, { chainName: this.id.chainName, block: block.block, signal, fresh });
    } catch (e) {
      if (stale()) return;
      this.showError(e instanceof InvalidInputError && e.field === 'chainName' ? this.notConfigured(this.id.chainName ?? '') : describeError(e));
      return;
    }
    if (stale()) return;

    if (!result.found) {
      this.loaded = undefined;
      if (evmOnly.chains.length > 0 && block.block === undefined && (await this.loadEvmOnly(evmOnly.chains, { signal, stale, fresh }, result))) return;
      if (stale()) return;
      this.missed.show(result, block.block, describeBlock(block.block), this.evmMissLines);
      return;
    }
    const chain = result.chain;
    this.loaded = { chain, result };
    this.missed.clear();
    this.l1Section = undefined;
    this.chainLog = undefined;
    this.infoAtBlock = undefined;
    this.failedChain = undefined;
    this.id = { ...this.id, chainName: chain.name };
    const evm = result.value.view.kind === 'evm';
    // The fee policy at the receipt's block (the first paint waits for it) and the block and its
    // events are asked first, and travel while the rest is prepared.
    const feeCheck = this.checkFee(chain, result, signal);
    const log = this.readChainLog(chain, result, signal);
    // A load gone stale does not wait for the log, whose failure is then nobody's.
    log.catch(() => undefined);
    await this.evm.reset(chain, evm);
    if (stale()) return;
    const fee: FeeCheckView = { ok: undefined, text: vscode.l10n.t('checking against the fee policy…') };
    this.showFound(chain, result, fee, block.block);
    const checked = await feeCheck;
    if (stale()) return;
    if (checked !== undefined) this.showFound(chain, result, checked, block.block);
    this.paint();
    // The rest is sections the webview adds: prepared once the first paint is on screen.
    await this.painted();
    if (stale()) return;
    const answers = await log;
    if (stale()) return;
    this.chainLog = await this.chainLogView(answers);
    if (stale()) return;
    this.showFound(chain, result, checked ?? fee, block.block);
    // Rebased: the sender's L1 address and the objects, linked to the IOTA explorer of the chain's network.
    const l1Section = await this.l1Links(chain, result);
    if (stale()) return;
    this.l1Section = l1Section;
    // The workspace's ABIs (src/evm): a section of its own, added when decoded.
    const abi = await this.evm.explain(chain, result);
    if (stale()) return;
    if (abi !== undefined || l1Section !== undefined || evm) this.showFound(chain, result, checked ?? fee, block.block);
    // An EVM request's call tree: asked now when it failed (the question the panel is opened with), on a click otherwise;
    // beside it, the JSON-RPC's EVM receipt (status, gas, price) without a click.
    if (evm)
      await Promise.all([this.evm.loadSummary(chain, result, signal), ...(result.value.view.failed ? [this.evm.loadCallTree(chain, result, signal)] : [])]);
  }

  /**
   * Asks the EVM-only chains; true when something was shown (the transaction, or why it is on none
   * of them when no chain with a web API was asked), false to show the node's "not found".
   */
  private async loadEvmOnly(chains: EvmOnlyChain[], { signal, stale, fresh }: LoadRun, nodeMiss: Miss | undefined): Promise<boolean> {
    this.postLoading(vscode.l10n.t('Looking up the transaction on {0}…', chains.map((c) => c.name).join(', ')));
    let result: Awaited<ReturnType<EvmOnlyPanelPart['find']>>;
    try {
      result = await this.evmOnly.find(this.id.requestId, chains, { signal, fresh });
    } catch (e) {
      if (stale()) return true;
      this.showError(describeError(e));
      return true;
    }
    if (stale()) return true;
    if (result.found) {
      this.loaded = undefined;
      this.missed.forget();
      this.failedChain = undefined;
      this.id = { ...this.id, chainName: result.chain.name };
      await this.showEvmOnly();
      if (this.evmOnly.failed) await this.evmOnly.loadCallTree(signal);
      return true;
    }
    this.evmMissLines = await this.evmOnly.missLines(result);
    // Chains with a web API were asked too: their "not found" says it, these lines under it.
    if (nodeMiss && nodeMiss.chains.length > 0) return false;
    this.showError(this.evmOnly.missView(this.id.requestId, chains, this.evmMissLines));
    return true;
  }

  private async showEvmOnly(): Promise<void> {
    const state = await this.evmOnly.state(this.id, heading(this.id));
    if (state && !this.isDisposed) this.show(state);
  }

  private refreshFound(): void {
    if (this.loaded) this.showFound(this.loaded.chain, this.loaded.result, this.shownFee(), this.id.block);
  }

  private shownFee(): FeeCheckView {
    return this.state.status === 'ok' ? this.state.fee : { ok: undefined, text: '' };
  }

  /** The request's block and events as the node answered: each failure said in its section, never the panel's error. */
  private async readChainLog(chain: ChainEntry, result: Found, signal: AbortSignal) {
    const receipt = result.value.receipt;
    const api = this.deps.clients.apiFor(chain);
    const read = async <T>(p: Promise<T>) => {
      try {
        return { ok: true as const, value: await p };
      } catch (e) {
        return { ok: false as const, reason: errorSummary(e) };
      }
    };
    const [blockInfo, events] = await Promise.all([
      read(api.blockInfo(receipt.blockIndex, { signal })),
      read(api.requestEvents(receipt.request.requestId, { signal })),
    ]);
    return { blockInfo, events };
  }

  /** Their section (the block's time in the editor's locale builds a date format: tens of ms the first time). */
  private async chainLogView({ blockInfo, events }: Awaited<ReturnType<ReceiptPanel['readChainLog']>>): Promise<ChainLogSection[]> {
    const { chainLogSections } = await import('../transactions/model/chainLogView.js');
    return chainLogSections(blockInfo, events, vscode.l10n, { now: Date.now(), time: { locale: vscode.env.language } });
  }

  private async l1Links(chain: ChainEntry, result: Found): Promise<ReceiptView['sections'][number] | undefined> {
    // The node's EVM chain ID names its IOTA network (none for Stardust, whose receipts have no L1 objects to link).
    const evmChainId = await this.service.evmChainId(chain);
    const { iotaNetwork, l1ExplorerRows } = await import('../transactions/model/explorer.js');
    const rows = l1ExplorerRows(result.value.receipt, iotaNetwork(evmChainId), vscode.l10n);
    return rows.length > 0 ? { id: 'l1Explorer', title: vscode.l10n.t('IOTA explorer'), rows } : undefined;
  }

  protected override fullText(key: string): string | undefined {
    return this.texts.get(key);
  }

  private showFound(chain: ChainEntry, result: Found, fee: FeeCheckView, block: string | undefined): void {
    const base = { ...result.value.view, rawJson: result.value.rawJson };
    const feeDecimal = base.sections.find((s) => s.id === 'gas')?.rows.find((r) => r.field === 'gasFeeCharged')?.detail;
    const facts = receiptGasFacts(result.value.receipt, chain.generation, this.infoAtBlock, this.evm.callTree?.root, {
      ...(this.evm.evmGas ? { receipt: this.evm.evmGas } : {}),
      ...(feeDecimal !== undefined ? { feeDecimal } : {}),
    });
    const gas = facts && { id: 'gasExplained' as const, title: vscode.l10n.t('Gas and fee explained'), rows: gasRows(facts, vscode.l10n) };
    const extra = [gas, this.l1Section, this.evm.abi, ...this.evm.sections(gas !== undefined)].filter((x) => x !== undefined);
    const { display: view, texts } = receiptDisplay(extra.length > 0 ? { ...base, sections: [...base.sections, ...extra] } : base);
    const chainLog = this.chainLog;
    const where = withSource(chain.name, this.service.sourceNote(chain));
    this.texts = texts;
    this.show({
      status: 'ok',
      identity: { ...this.id, chainName: chain.name },
      title: heading(this.id),
      // Which settings the chain came from, when several scopes define chains.
      subtitle: vscode.l10n.t('on {0} ({1}), block {2}', where, describeBlock(block), formatNumber(view.blockIndex)),
      view,
      fee,
      labels: receiptPanelLabels(vscode.l10n, this.evm.rpcHost),
      ...(chainLog ? { chainLog } : {}),
      ...(this.evm.callTree ? { callTree: this.evm.callTree.state } : {}),
      debuggable: this.evm.debugTarget(chain, result) !== undefined,
    });
  }

  protected showError(error: ErrorView): void {
    this.show({ status: 'error', identity: { ...this.id }, title: heading(this.id), error, labels: receiptPanelLabels(vscode.l10n) });
  }

  /** "Why no receipt?": the transaction's facts (the workspace's record, else the pasted signed transaction), then the chain's answers. */
  whyNoReceipt(): Promise<void> {
    return this.onDiagnose();
  }

  protected override async onDiagnose(): Promise<void> {
    await this.missed.diagnose();
  }

  override dispose(): void {
    this.missed.dispose();
    super.dispose();
  }

  private async checkFee(chain: ChainEntry, result: Found, signal: AbortSignal): Promise<FeeCheckView | undefined> {
    const receipt = result.value.receipt;
    try {
      // The fee policy at the receipt's block.
      const info = await this.deps.clients.apiFor(chain).chainInfo({ block: receipt.blockIndex, signal });
      this.infoAtBlock = info;
      return describeReceiptFeeCheck(receipt, info.gasFeePolicy.gasPerToken, vscode.l10n);
    } catch (e) {
      if (signal.aborted) return undefined;
      this.deps.log.warn(`fee policy of ${chain.name} at block ${receipt.blockIndex}: ${e instanceof Error ? e.message : String(e)}`);
      return { ok: undefined, text: vscode.l10n.t('not checked: the fee policy could not be read ({0})', errorSummary(e)) };
    }
  }

  protected override async onWatch(): Promise<void> {
    // A fixed command with our own values: the ID this panel shows and a chain from our settings.
    await vscode.commands.executeCommand(Commands.watchRequest, { requestId: this.id.requestId, chainName: this.id.chainName ?? this.missed.missedOn });
  }

  /** Debug Transaction on the EVM transaction shown (an ISC request that is no EVM transaction has none). */
  private async debug(frame: unknown): Promise<void> {
    const l = this.loaded;
    const target = this.evmOnly.debugTarget() ?? (l && this.evm.debugTarget(l.chain, l.result));
    if (target) await debugShownTransaction(target, frame, this.deps.log);
  }

  protected async onAction(action: ReceiptAction): Promise<void> {
    if (action.kind === 'debugTransaction') return this.debug(action.frame);
    if (this.evmOnly.loaded) {
      if (action.kind === 'loadCallTree') await this.evmOnly.loadCallTree();
      if (action.kind === 'copyCallTree') await this.evmOnly.copyCallTree();
      if (action.kind === 'loadStateChanges') await this.evmOnly.loadStateChanges();
      return;
    }
    const l = this.loaded;
    if (!l) return;
    switch (action.kind) {
      case 'showChainInfo':
        // Executed here, from a fixed command and our own values: never a command URI from the webview.
        await vscode.commands.executeCommand(Commands.showChainInfo, { chainName: l.chain.name, block: l.result.value.view.blockIndex });
        return;
      case 'openJson': {
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${l.result.value.rawJson}\n` });
        await vscode.window.showTextDocument(doc, { preview: false });
        return;
      }
      case 'loadEvmLogs':
        await this.evm.loadLogs(l.chain, l.result);
        return;
      case 'loadStateChanges':
        await this.evm.loadStateChanges(l.chain, l.result);
        return;
      case 'loadCallTree':
        await this.evm.loadCallTree(l.chain, l.result);
        return;
      case 'copyCallTree':
        await this.evm.copyCallTree();
        return;
      case 'showAccount': {
        // The address is the receipt's own (its sender, or the contract its transaction called), never text from the webview.
        const address = accountOf(l.result.value.receipt, l.result.value.view, action.who === 'recipient' ? 'recipient' : 'sender');
        if (address !== undefined) await vscode.commands.executeCommand(Commands.showAccount, { address, chainName: l.chain.name });
        else void vscode.window.showInformationMessage(vscode.l10n.t('This request has no EVM account to show there.'));
        return;
      }
      default:
        return;
    }
  }
}

function withSource(name: string, source: string | undefined): string {
  return source === undefined ? name : vscode.l10n.t('{0}, from {1}', name, source);
}

/** The EVM address of a receipt's sender, or of the contract its transaction called. */
function accountOf(receipt: Found['value']['receipt'], view: ReceiptView, who: 'sender' | 'recipient'): string | undefined {
  if (who === 'sender') return view.sender.kind === 'evm' ? LEADING_EVM_ADDRESS.exec(view.sender.raw)?.[1] : undefined;
  const tx = evmTxOf(receipt);
  return tx?.ok ? tx.tx.to : undefined;
}
