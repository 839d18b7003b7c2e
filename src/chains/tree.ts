// The "Chains" view: a TreeDataProvider over ChainsModel. One node per settings entry (its state
// as icon, tooltip and contextValue), and under a loaded chain its owner, fee policy, limits,
// metadata, public URL and the receipts looked up recently. Node text from settings or from a
// node is plain text here (labels, descriptions: one line, invisible characters revealed) or
// fully escaped Markdown (tooltips: no link, image, HTML, entity or command can form).
import * as vscode from 'vscode';
import { openReceiptCommand, receiptIcon } from './receiptItems';
import { Commands } from '../constants';
import type { ChainSource } from '../config/model/chainConfig';
import { chainContextValue } from './model/chainState';
import { chainTooltip, sourceLabel, stateIcon } from './chainItems';
import {
  chainInfoField,
  chainInfoFields,
  chainInfoGroupTitle,
  type ChainInfoFieldId,
  type ChainInfoFieldSpec,
  type ChainInfoGroup,
  type ChainInfoState,
} from '../core/chainInfoFields';
import { describeGasPerToken } from '../core/fees';
import { formatBigInt, shortId } from '../core/format';
import { isSafeExternalUrl, plainLine } from '../core/text';
import type { RecentReceipt } from '../transactions/model/recentReceipts';
import type { ChainRegistry } from '../config/chainRegistry';
import type { RecentReceipts } from '../transactions/model/recentReceipts';
import type { ChainRow, ChainsModel } from './chainsModel';
import type { BlocksModel } from './blocks';
import type { BlocksTreeNode } from './blockNodes';
import type { AccountsChild, AccountsTreeNode } from './treeSlots';
import { EvmOnlyRows, type EvmChainNode, type EvmLimitNode } from './evmOnlyNodes';

/** A chain (or an invalid settings entry). Commands receive it as their argument: `chainName`. */
export interface ChainNode {
  readonly kind: 'chain';
  readonly id: string;
  readonly chainName: string;
  readonly key: string;
  /** Set on an invalid settings entry: where it is (its name may equal a valid chain's). */
  readonly invalidEntry?: { readonly source: ChainSource; readonly index: number };
}

/** A line under a chain: owner, a fee policy line, a limit, a metadata field… */
export interface DetailNode {
  readonly kind: 'detail';
  readonly id: string;
  readonly chainName: string;
  readonly parent: ChainNode | DetailNode;
  readonly label: string;
  readonly value?: string;
  readonly icon?: string;
  /** `chainUrl.publicUrl` / `chainUrl.website`: the menus offer to open them (http(s) links only). */
  readonly contextValue?: string;
  readonly children?: readonly DetailNode[];
  /** Built lazily (the receipts group). */
  readonly receipts?: readonly RecentReceipt[];
}

/** A receipt looked up recently; also the argument shape of waspChain.showReceipt. */
export interface ReceiptNode {
  readonly kind: 'receipt';
  readonly id: string;
  readonly chainName: string;
  readonly requestId: string;
  readonly parent: DetailNode;
  readonly receipt: RecentReceipt;
}

export type ChainsTreeNode = ChainNode | DetailNode | ReceiptNode | BlocksTreeNode | AccountsTreeNode | EvmChainNode | EvmLimitNode;

/** The detail lines that open a link: the menus offer Open Website / Open Public URL on them. */
const LINK_CONTEXT: Partial<Record<ChainInfoFieldId, string>> = { 'metadata.website': 'chainUrl.website', publicURL: 'chainUrl.publicUrl' };

export class ChainsTreeProvider implements vscode.TreeDataProvider<ChainsTreeNode>, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<ChainsTreeNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private readonly subscriptions: vscode.Disposable[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly redraw: () => void;
  /** The Accounts child of each loaded chain, once the accounts feature supplied it. */
  private accounts: AccountsChild | undefined;
  /** The rows of the chains known only by their JSON-RPC (the receipts feature supplies their heads). */
  readonly evmOnly: EvmOnlyRows;

  constructor(
    /** The default chain (its star) and each chain's recent receipts. */
    private readonly deps: {
      readonly chains: Pick<ChainRegistry, 'defaultChainName' | 'evmOnly' | 'isContactable'>;
      readonly recent: Pick<RecentReceipts, 'list'>;
    },
    private readonly model: ChainsModel,
    private readonly blocks: BlocksModel,
  ) {
    // Many chains finish loading within a few ms of each other: one redraw for the lot.
    const redraw = () => {
      if (this.timer) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.emitter.fire(undefined);
      }, 25);
    };
    this.redraw = redraw;
    this.evmOnly = new EvmOnlyRows(deps.chains, redraw);
    this.subscriptions = [model.onDidChange(redraw), blocks.onDidChange(redraw)];
  }

  /** The accounts feature lists each chain's accounts under it (pinned ones, the workspace's deployments). */
  setAccounts(accounts: AccountsChild): vscode.Disposable {
    this.accounts = accounts;
    this.redraw();
    const forget = new vscode.Disposable(() => {
      if (this.accounts === accounts) this.accounts = undefined;
    });
    return vscode.Disposable.from(accounts.onDidChange(this.redraw), forget);
  }

  /** Refresh reads the accounts' balances again too (of one chain, or all). */
  refreshAccounts(chainName?: string): void {
    this.accounts?.refresh(chainName);
  }

  getChildren(element?: ChainsTreeNode): ChainsTreeNode[] {
    if (!element) {
      const rows = this.model.rows();
      const evmOnly = this.evmOnly.nodes();
      // Nothing configured: [] lets the welcome view (package.json) show.
      if (rows.length === 0 && evmOnly.length === 0) return [];
      // Lazy: the first time the view asks, the chains load (concurrently); later reads load only new entries.
      if (rows.length > 0) void this.model.ensureLoaded();
      return [...rows.map((row) => this.chainNode(row)), ...evmOnly];
    }
    if (element.kind === 'evmChain') return [this.evmOnly.limitNode(element)];
    if (element.kind === 'chain') return this.chainChildren(element);
    if (element.kind === 'detail') {
      if (element.receipts) return element.receipts.map((r) => this.receiptNode(element, r));
      return [...(element.children ?? [])];
    }
    if (element.kind === 'blocks') return this.blocks.children(element);
    if (element.kind === 'block') return this.blocks.children(element);
    if (element.kind === 'accounts') return this.accounts?.children(element) ?? [];
    return [];
  }

  getParent(element: ChainsTreeNode): ChainsTreeNode | undefined {
    // A Blocks node's parent is the ChainNode it was made for.
    return element.kind === 'chain' || element.kind === 'evmChain' ? undefined : (element.parent as ChainsTreeNode);
  }

  getTreeItem(element: ChainsTreeNode): vscode.TreeItem {
    switch (element.kind) {
      case 'chain':
        return this.chainItem(element);
      case 'detail':
        return detailItem(element);
      case 'receipt':
        return receiptItem(element);
      case 'blocks':
      case 'block':
      case 'blockReceipt':
      case 'blockMessage':
        return this.blocks.item(element);
      case 'accounts':
      case 'account':
      case 'accountMessage':
        return this.accounts?.item(element) ?? new vscode.TreeItem(element.id);
      case 'evmChain':
        return this.evmOnly.item(element, this.isDefault(element.chainName), sourceLabel);
      case 'evmLimit':
        return this.evmOnly.limitItem(element);
    }
  }

  private chainNode(row: ChainRow): ChainNode {
    if (row.valid) {
      const s = row.chain.source;
      return { kind: 'chain', id: `chain/${s.scope}/${s.folderUri ?? ''}/${row.chain.name.toLowerCase()}`, chainName: row.chain.name, key: row.key };
    }
    const s = row.invalid.source;
    return {
      kind: 'chain',
      id: `invalid/${s.scope}/${s.folderUri ?? ''}/${row.invalid.index}`,
      chainName: row.invalid.name,
      key: row.key,
      invalidEntry: { source: s, index: row.invalid.index },
    };
  }

  private rowOf(node: ChainNode): ChainRow | undefined {
    return this.model.rows().find((r) => r.key === node.key);
  }

  private chainItem(node: ChainNode): vscode.TreeItem {
    const row = this.rowOf(node);
    if (!row) return new vscode.TreeItem(node.chainName);
    const snap = this.model.snapshot(row);
    const isDefault = row.valid && this.isDefault(row.chain.name);
    const hasChildren = row.valid && ((snap.state === 'ok' && snap.info !== undefined) || this.deps.recent.list(row.chain.name).length > 0);
    const item = new vscode.TreeItem(
      plainLine(node.chainName, 100),
      hasChildren ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    const source = row.valid ? row.chain.source : row.invalid.source;
    const parts: string[] = [];
    if (snap.state !== 'ok') parts.push(snap.decision.label);
    if (row.valid) parts.push(row.chain.chainId ? shortId(row.chain.chainId) : snap.info ? shortId(snap.info.chainID) : vscode.l10n.t("the node's chain"));
    parts.push(sourceLabel(source));
    item.description = `${isDefault ? '★ ' : ''}${plainLine(parts.join(' · '), 200)}`;
    item.iconPath = stateIcon(snap.state, snap.busy);
    item.contextValue = chainContextValue(snap.state, { hasToken: snap.decision.hasToken, isDefault });
    item.tooltip = chainTooltip(row, snap, isDefault);
    // Restricted Mode: the chain's node is not contacted; a click offers to manage trust.
    if (snap.state === 'untrusted') item.command = { command: 'workbench.trust.manage', title: vscode.l10n.t('Manage Workspace Trust') };
    // The entry no longer fits its node: a click offers to rewrite it with the node's chain.
    if (snap.state === 'migrated' || snap.state === 'otherChain')
      item.command = { command: Commands.useNodeChain, title: vscode.l10n.t("Use the Node's Chain"), arguments: [node] };
    item.accessibilityInformation = {
      label: vscode.l10n.t('Chain {0}, {1}{2}', node.chainName, snap.decision.label, isDefault ? vscode.l10n.t(', default chain') : ''),
    };
    return item;
  }

  private isDefault(name: string): boolean {
    const def = this.deps.chains.defaultChainName();
    return def !== undefined && def.toLowerCase() === name.toLowerCase();
  }

  private chainChildren(node: ChainNode): ChainsTreeNode[] {
    const row = this.rowOf(node);
    if (!row?.valid) return [];
    const snap = this.model.snapshot(row);
    const out: ChainsTreeNode[] = [];
    if (snap.state === 'ok' && snap.info) {
      out.push(...infoNodes(node, snap.info), this.blocks.node(node));
      if (this.accounts) out.push(this.accounts.node(node));
    }
    const receipts = this.deps.recent.list(row.chain.name);
    if (receipts.length > 0) {
      out.push({
        kind: 'detail',
        id: `${node.id}/receipts`,
        chainName: node.chainName,
        parent: node,
        label: vscode.l10n.t('Recent receipts'),
        value: String(receipts.length),
        icon: 'history',
        receipts,
      });
    }
    return out;
  }

  private receiptNode(parent: DetailNode, receipt: RecentReceipt): ReceiptNode {
    return { kind: 'receipt', id: `${parent.id}/${receipt.requestId}`, chainName: parent.chainName, requestId: receipt.requestId, parent, receipt };
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.subscriptions) d.dispose();
    this.emitter.dispose();
  }
}

function infoNodes(chain: ChainNode, info: ChainInfoState): DetailNode[] {
  const l10n = vscode.l10n;
  const none = l10n.t('(none)');
  const node = (parent: ChainNode | DetailNode, id: string, label: string, value: string, extra: Partial<DetailNode> = {}): DetailNode => ({
    kind: 'detail',
    id: `${parent.id}/${id}`,
    chainName: chain.chainName,
    parent,
    label,
    value,
    ...extra,
  });
  const field = (parent: ChainNode | DetailNode, spec: ChainInfoFieldSpec, icon?: string): DetailNode => {
    const value = spec.value(info, l10n) ?? '';
    const context = LINK_CONTEXT[spec.id];
    const extra: Partial<DetailNode> = { ...(icon ? { icon } : {}), ...(context && isSafeExternalUrl(value.trim()) ? { contextValue: context } : {}) };
    return node(parent, spec.id, spec.label(l10n, info), value || none, extra);
  };
  const group = (g: ChainInfoGroup, summary: string, icon: string): DetailNode => {
    const d: { -readonly [K in keyof DetailNode]: DetailNode[K] } = node(chain, g, chainInfoGroupTitle(g, l10n), summary, { icon });
    d.children = chainInfoFields(g).map((spec) => field(d, spec));
    return d;
  };
  return [
    field(chain, chainInfoField('owner'), 'person'),
    // /v1/chain sends null policy and limits for an inactive chain.
    group('fees', info.gasFeePolicy ? describeGasPerToken(info.gasFeePolicy.gasPerToken, l10n) : none, 'flame'),
    group('limits', info.gasLimits ? l10n.t('{0} per request', formatBigInt(BigInt(info.gasLimits.maxGasPerRequest))) : none, 'dashboard'),
    group('metadata', info.metadata.name || none, 'tag'),
    field(chain, chainInfoField('publicURL'), 'link'),
  ];
}

function detailItem(node: DetailNode): vscode.TreeItem {
  const collapsible = node.children || node.receipts ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  const item = new vscode.TreeItem(node.label, collapsible);
  item.id = node.id;
  if (node.value !== undefined) {
    item.description = plainLine(node.value, 120);
    // A plain string tooltip is shown as text, never rendered.
    item.tooltip = `${node.label}: ${plainLine(node.value, 2000)}`;
  }
  if (node.icon) item.iconPath = new vscode.ThemeIcon(node.icon);
  item.contextValue = node.contextValue ?? 'chainDetail';
  return item;
}

function receiptItem(node: ReceiptNode): vscode.TreeItem {
  const r = node.receipt;
  const item = new vscode.TreeItem(plainLine(r.summary || shortId(r.requestId), 80), vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = `${shortId(r.requestId, 8, 4)} · ${vscode.l10n.t('block {0}', formatBigInt(BigInt(r.blockIndex)))}`;
  item.iconPath = receiptIcon(r.failed);
  const what = r.failed ? vscode.l10n.t('Failed request') : vscode.l10n.t('Request');
  item.tooltip = `${what} ${r.requestId}\n${plainLine(r.summary, 500)}\n${vscode.l10n.t('Block {0}', formatBigInt(BigInt(r.blockIndex)))}`;
  item.contextValue = 'receipt';
  item.command = openReceiptCommand(r.requestId, node.chainName);
  return item;
}
