// What a receipt panel asks of the chain's EVM JSON-RPC, each only on the user's click (the call
// tree also when the panel opens for a failed request): the call tree, the transaction's logs and
// its state changes. Which JSON-RPC is ../evm/model/rpcTarget.ts's rule: the chain entry's
// evmJsonRpcUrl, else the node's own. A reload of the panel drops what an older load asked for.
import * as vscode from 'vscode';
import type { ReceiptService, FindResult } from '../transactions/receiptService';
import type { ChainEntry } from '../config/model/chainConfig';
import type { NodeClients } from '../config/nodeClients';
import type { ReceiptView } from '../transactions/model/receiptView';
import type { CallTreeLoad } from '../transactions/evmExplainer';
import type { EvmExplanation } from '../transactions/model/evmExplain';
import type { AddressConcern, RpcTarget } from '../evm/model/rpcTarget';
import { nodeChainAbilities } from '../config/model/chainAbilities';
import { evmTxHashOf } from '../core/idShapes';
import { errorSummary } from '../ui/errors';
import type { DebugTarget } from './debugEntry';

type Found = Extract<FindResult, { found: true }>;

/** The EVM receipt's rows that "Gas and fee explained" shows beside the ISC figures. */
const EVM_GAS_FIELDS: ReadonlySet<string> = new Set(['evmReceiptGas', 'evmReceiptPrice']);
type Section = ReceiptView['sections'][number];

export interface EvmPartsHost {
  readonly service: ReceiptService;
  readonly clients: Pick<NodeClients, 'apiFor'>;
  readonly log: vscode.LogOutputChannel;
  /** Shows the panel again with what was loaded. */
  refresh(): void;
}

export class EvmPanelParts {
  /** The call tree, and the node's answer it came from ("Copy as JSON"). */
  callTree: CallTreeLoad | undefined;
  /** The host the buttons name. */
  rpcHost: string | undefined;
  /** "Decoded with the workspace's ABIs". */
  abi: Section | undefined;
  private logs: Section | undefined;
  private state: Section | undefined;
  /** The EVM receipt's status, gas and price, read with the panel (the logs' section repeats them once loaded). */
  private summary: Section | undefined;
  /** The EVM receipt's gas used and effective price, for "Gas and fee explained". */
  evmGas: { gasUsed: bigint; effectiveGasPrice?: bigint } | undefined;
  /** Bumped by each load of the panel: an answer for an older one is dropped. */
  private run = 0;

  constructor(private readonly host: EvmPartsHost) {}

  /** A new receipt is shown: nothing loaded yet; an EVM one offers its call tree and state changes. */
  async reset(chain: ChainEntry, evm: boolean): Promise<void> {
    this.run++;
    this.abi = undefined;
    this.logs = undefined;
    this.state = undefined;
    this.summary = undefined;
    this.evmGas = undefined;
    this.callTree = evm ? { state: { status: 'offer' } } : undefined;
    const { evmRpcTarget } = await import('../evm/model/rpcTarget.js');
    this.rpcHost = evmRpcTarget(chain)?.host;
    // A chain whose tracer has no state-change mode (Wasp 1): said at once, never asked.
    if (evm && !nodeChainAbilities(chain).stateChanges) {
      const { stateChangesUnoffered } = await import('../transactions/model/stateChanges.js');
      this.state = this.section(stateChangesUnoffered(vscode.l10n));
    }
  }

  /**
   * The sections loaded so far, in the panel's order. `gasExplained`: the EVM receipt's gas and
   * price are shown there, beside the ISC figures, so its own section keeps the status alone.
   */
  sections(gasExplained = false): Section[] {
    const summary = this.summary && gasExplained ? { ...this.summary, rows: this.summary.rows.filter((r) => !EVM_GAS_FIELDS.has(r.field)) } : this.summary;
    return [this.logs ? undefined : summary, this.state, this.logs].filter((s): s is Section => s !== undefined && s.rows.length > 0);
  }

  /**
   * With the panel, where the chain has a JSON-RPC (the entry's or the node's own; never the
   * metadata's, which needs a question): the EVM receipt's status, gas used and effective price
   * beside the ISC receipt, a disagreement pointed out. One eth_getTransactionReceipt.
   */
  async loadSummary(chain: ChainEntry, result: Found, signal?: AbortSignal): Promise<void> {
    const run = this.run;
    const { evmRpcTarget } = await import('../evm/model/rpcTarget.js');
    const target = evmRpcTarget(chain);
    if (!target) return;
    const isc = { failed: result.value.view.failed, gasBurned: result.value.receipt.gasBurned };
    let read: Awaited<ReturnType<EvmPartsHost['service']['evm']['receiptRows']>>;
    try {
      read = await this.host.service.evm.receiptRows(target.url, evmTxHashOf(result.value.view.requestId), isc, signal);
    } catch (e) {
      this.host.log.warn(`EVM receipt of ${chain.name}: ${errorSummary(e)}`);
    }
    if (this.run !== run || signal?.aborted || read === undefined) return;
    this.summary = { id: 'evmReceipt', title: vscode.l10n.t('EVM receipt'), rows: read.rows };
    this.evmGas = read.gas;
    this.host.refresh();
  }

  /**
   * The workspace's ABIs on the receipt: their section, the banner led by the custom error they read
   * (the lookup may have stopped waiting for them), and the call's token amounts in their units once
   * the token's decimals() answers (the section shows first; never a wait for it).
   */
  async explain(chain: ChainEntry, result: Found): Promise<Section | undefined> {
    const run = this.run;
    try {
      const explained = await this.host.service.evm.explain(result.value.receipt, result.value.view);
      if (!explained) return undefined;
      const [{ explanationRows, customErrorReading }, { withCustomError }] = await Promise.all([
        import('../transactions/model/evmExplain.js'),
        import('../transactions/model/failureHeadline.js'),
      ]);
      const custom = customErrorReading(explained);
      if (custom) result.value = { ...result.value, view: withCustomError(result.value.view, custom, vscode.l10n) };
      const nodeEvmChainId = await this.host.service.evmChainId(chain);
      const nameOf = await this.host.service.evm.namesFor({ generation: chain.generation, evmChainId: nodeEvmChainId });
      const rows = explanationRows(explained, result.value.view, vscode.l10n, chain.explorerUrl, nodeEvmChainId, nameOf);
      if (this.run !== run || rows.length === 0) return undefined;
      this.abi = { id: 'evmAbi', title: vscode.l10n.t("Decoded with the workspace's ABIs"), rows };
      void this.loadTokenUnits(chain, explained, run);
      return this.abi;
    } catch (e) {
      this.host.log.warn(`EVM decoding failed: ${errorSummary(e)}`);
      return undefined;
    }
  }

  private async loadTokenUnits(chain: ChainEntry, explained: EvmExplanation, run: number): Promise<void> {
    const { evmRpcTarget } = await import('../evm/model/rpcTarget.js');
    const target = evmRpcTarget(chain);
    const abi = this.abi;
    if (!target || !abi) return;
    try {
      const rows = await this.host.service.evm.withTokenUnits(abi.rows, explained, target.url);
      if (this.run !== run || rows === undefined) return;
      this.abi = { ...abi, rows };
      this.host.refresh();
    } catch (e) {
      this.host.log.warn(`token units on ${chain.name}: ${errorSummary(e)}`);
    }
  }

  async loadCallTree(chain: ChainEntry, result: Found, signal?: AbortSignal): Promise<void> {
    if (this.callTree?.state.status === 'loading') return;
    const run = this.run;
    const url = await this.targetUrl(chain);
    this.callTree = { state: { status: 'loading' } };
    this.host.refresh();
    let tree: CallTreeLoad;
    try {
      const evmChainId = await this.host.service.evmChainId(chain);
      tree = await this.host.service.evm.loadCallTree(url, result.value.receipt, { generation: chain.generation, evmChainId }, signal);
    } catch (e) {
      tree = { state: { status: 'error', message: errorSummary(e) } };
    }
    if (this.run !== run || signal?.aborted) return;
    this.callTree = tree;
    this.host.refresh();
  }

  copyCallTree(): Promise<void> {
    return copyCallTreeJson(this.callTree);
  }

  /** What Debug Transaction runs on: an EVM request's transaction (its hash is the ID's first 64 hex digits), its chain, the call tree shown; none where the chain cannot serve a replay. */
  debugTarget(chain: ChainEntry, result: Found): DebugTarget | undefined {
    if (result.value.view.kind !== 'evm' || !nodeChainAbilities(chain).replays) return undefined;
    return { transaction: evmTxHashOf(result.value.view.requestId), chainName: chain.name, callTree: this.callTree?.state };
  }

  async loadStateChanges(chain: ChainEntry, result: Found): Promise<void> {
    const run = this.run;
    const url = await this.targetUrl(chain);
    const evmChainId = await this.host.service.evmChainId(chain);
    const rows = await this.host.service.evm.loadStateChanges(url, result.value.receipt, { generation: chain.generation, evmChainId });
    if (this.run !== run) return;
    this.state = this.section(rows);
    this.host.refresh();
  }

  /** "Load EVM Logs"; when the node's own JSON-RPC cannot say, the one its metadata names, once the user agreed. */
  async loadLogs(chain: ChainEntry, result: Found): Promise<void> {
    const run = this.run;
    const txHash = evmTxHashOf(result.value.view.requestId);
    const { evmRpcTarget } = await import('../evm/model/rpcTarget.js');
    const target = evmRpcTarget(chain);
    const isc = { failed: result.value.view.failed, gasBurned: result.value.receipt.gasBurned };
    let rows = await this.host.service.evm.loadLogs(target?.url ?? '', txHash, isc);
    if (target?.source === 'node' && rows.some((r) => r.field === 'evmLogsError') && this.run === run) {
      const other = await this.confirmedMetadataRpc(chain, target);
      if (other !== undefined && this.run === run) rows = await this.host.service.evm.loadLogs(other, txHash, isc);
    }
    if (this.run !== run) return;
    this.logs = { id: 'evmLogs', title: vscode.l10n.t('EVM receipt and logs'), rows };
    this.host.refresh();
  }

  private section(rows: Section['rows']): Section {
    return { id: 'evmState', title: vscode.l10n.t('State changes'), rows };
  }

  private async targetUrl(chain: ChainEntry): Promise<string> {
    const { evmRpcTarget } = await import('../evm/model/rpcTarget.js');
    const target = evmRpcTarget(chain);
    this.rpcHost = target?.host;
    return target?.url ?? '';
  }

  /** The URL of the JSON-RPC the node's metadata names, when it is another one and the user agreed to ask it. */
  private async confirmedMetadataRpc(chain: ChainEntry, target: RpcTarget): Promise<string | undefined> {
    let fromMetadata: string;
    try {
      const info = await this.host.clients.apiFor(chain).chainInfo({});
      fromMetadata = info.metadata.evmJsonRpcURL;
    } catch (e) {
      this.host.log.warn(`EVM JSON-RPC URL of ${chain.name}: ${errorSummary(e)}`);
      return undefined;
    }
    const { metadataRpc } = await import('../evm/model/rpcTarget.js');
    const other = metadataRpc(chain, target, fromMetadata);
    if (other === undefined) return undefined;
    const ask = vscode.l10n.t('Ask {0}', other.host);
    const picked = await vscode.window.showWarningMessage(
      vscode.l10n.t(
        "The node's own JSON-RPC ({0}) did not give this transaction's logs. The node's metadata names another one: {1}. Ask it?",
        target.host,
        other.host,
      ),
      { modal: true, detail: `${concernText(other.concern)} ${vscode.l10n.t('Only the transaction hash is sent, never an access token.')}` },
      ask,
    );
    return picked === ask ? other.url : undefined;
  }
}

/** What is notable about the host of a JSON-RPC the node's metadata names. */
function concernText(concern: AddressConcern | undefined): string {
  switch (concern) {
    case 'loopback':
      return vscode.l10n.t('It is an address of this machine (loopback): a local service the node chose.');
    case 'private':
      return vscode.l10n.t('It is an address of a private network: a device or service near you that the node chose.');
    case 'linkLocal':
      return vscode.l10n.t('It is a link-local address, such as a cloud metadata service.');
    case 'otherSite':
      return vscode.l10n.t('It is on another site than the node.');
    default:
      return vscode.l10n.t('It is on the same site as the node.');
  }
}

/** The call tree's JSON-RPC answer, as read, to the clipboard (nothing when none was read). */
export async function copyCallTreeJson(tree: CallTreeLoad | undefined): Promise<void> {
  if (tree?.raw === undefined) return;
  await vscode.env.clipboard.writeText(JSON.stringify(tree.raw, null, 2));
  void vscode.window.showInformationMessage(vscode.l10n.t('Call tree copied as JSON.'));
}
