// The Chains view's rows of chains known only by their EVM JSON-RPC: the row says the EVM chain ID
// and latest block its JSON-RPC answers (eth_chainId, eth_blockNumber; read when the view shows it
// and on Refresh, never polled), and one line under it says what it cannot show without the web API
// and opens the settings to add one. No node command is offered on it (its contextValue matches
// none of the chain menus). Text from settings and answers is plain text here, or escaped Markdown.
import * as vscode from 'vscode';
import { describeSource, evmOnlyLimitText, type ChainSource, type EvmOnlyChain } from '../config/model/chainConfig';
import type { ChainRegistry } from '../config/chainRegistry';
import { formatBigInt, formatTime } from '../core/format';
import { markdownText, plainLine } from '../core/text';
import type { RpcFailure } from '../evm/model/jsonRpc';

/** A chain known only by its EVM JSON-RPC. */
export interface EvmChainNode {
  readonly kind: 'evmChain';
  readonly id: string;
  readonly chainName: string;
}

/** The one line under a chain known only by its EVM JSON-RPC: what it cannot show. */
export interface EvmLimitNode {
  readonly kind: 'evmLimit';
  readonly id: string;
  readonly chainName: string;
  readonly parent: EvmChainNode;
}

/** What the rows read: the chain's head as last read, and a way to read it. */
export interface EvmHeadSource {
  head(chain: EvmOnlyChain): { chainId: { ok: true; value: bigint } | RpcFailure; block: { ok: true; value: bigint } | RpcFailure; at: number } | undefined;
  readHead(chain: EvmOnlyChain, fresh?: boolean): Promise<unknown>;
  readonly onDidChange: vscode.Event<void>;
}

export function evmChainNode(chain: EvmOnlyChain): EvmChainNode {
  const s = chain.source;
  return { kind: 'evmChain', id: `evmChain/${s.scope}/${s.folderUri ?? ''}/${chain.name.toLowerCase()}`, chainName: chain.name };
}

/** The words of a failed JSON-RPC call (loaded with the receipts' wording). */
export type FailureText = (f: RpcFailure) => string;

export function evmChainItem(
  node: EvmChainNode,
  chain: EvmOnlyChain,
  options: { contactable: boolean; isDefault: boolean; source: string; failure: FailureText; head: ReturnType<EvmHeadSource['head']> },
): vscode.TreeItem {
  const item = new vscode.TreeItem(plainLine(chain.name, 100), vscode.TreeItemCollapsibleState.Collapsed);
  item.id = node.id;
  item.contextValue = 'evmChain';
  const { head } = options;
  const parts: string[] = [];
  let icon: [string, string | undefined] = ['circle-outline', undefined];
  if (!options.contactable) {
    parts.push(vscode.l10n.t('not contacted: workspace not trusted'));
    icon = ['workspace-untrusted', 'list.warningForeground'];
  } else if (!head) parts.push(vscode.l10n.t('asking its JSON-RPC…'));
  else if (!head.chainId.ok) {
    parts.push(vscode.l10n.t('JSON-RPC: {0}', options.failure(head.chainId)));
    icon = ['debug-disconnect', 'list.errorForeground'];
  } else {
    const other = chain.evmChainId !== undefined && chain.evmChainId !== head.chainId.value;
    parts.push(
      other
        ? vscode.l10n.t('EVM chain ID {0}, not {1} as the entry says', head.chainId.value.toString(), chain.evmChainId?.toString() ?? '')
        : vscode.l10n.t('EVM chain ID {0}', head.chainId.value.toString()),
    );
    if (head.block.ok) parts.push(vscode.l10n.t('block {0}', formatBigInt(head.block.value)));
    icon = other ? ['arrow-swap', 'list.warningForeground'] : ['pass-filled', 'testing.iconPassed'];
  }
  parts.push(vscode.l10n.t('JSON-RPC only'), options.source);
  item.description = `${options.isDefault ? '★ ' : ''}${plainLine(parts.join(' · '), 200)}`;
  item.iconPath = new vscode.ThemeIcon(icon[0], icon[1] ? new vscode.ThemeColor(icon[1]) : undefined);
  item.tooltip = tooltip(chain, head, options.failure);
  item.accessibilityInformation = { label: vscode.l10n.t('Chain {0}, known only by its EVM JSON-RPC, {1}', chain.name, parts[0] ?? '') };
  return item;
}

function tooltip(chain: EvmOnlyChain, head: ReturnType<EvmHeadSource['head']>, failure: FailureText): vscode.MarkdownString {
  // Not trusted, no HTML, no command links: only our own markup plus escaped text.
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.supportHtml = false;
  md.appendMarkdown(`$(plug) **${markdownText(chain.name)}** — ${markdownText(vscode.l10n.t('known only by its EVM JSON-RPC'))}\n\n`);
  const line = (name: string, value: string) => md.appendMarkdown(`**${markdownText(name)}:** ${markdownText(value)}  \n`);
  line(vscode.l10n.t('JSON-RPC'), chain.evmJsonRpcUrl);
  if (head) {
    line(vscode.l10n.t('EVM chain ID'), head.chainId.ok ? head.chainId.value.toString() : failure(head.chainId));
    line(vscode.l10n.t('Latest block'), head.block.ok ? formatBigInt(head.block.value) : failure(head.block));
    const read = formatTime(head.at, Date.now(), vscode.l10n);
    if (read) line(vscode.l10n.t('Read'), `${read.absolute} (${read.relative})`);
  }
  if (chain.evmChainId !== undefined) line(vscode.l10n.t('EVM chain ID in the entry'), chain.evmChainId.toString());
  if (chain.chainId !== undefined) line(vscode.l10n.t('ISC chain ID (not asked: no web API)'), chain.chainId);
  if (chain.explorerUrl !== undefined) line(vscode.l10n.t('Explorer'), chain.explorerUrl);
  line(vscode.l10n.t('From'), describeSource(chain.source, vscode.l10n));
  return md;
}

/** The one line under the row: what needs the web API, and a click that opens the settings to add it. */
export function evmChainLimitItem(node: EvmChainNode, text: string): vscode.TreeItem {
  const item = new vscode.TreeItem(vscode.l10n.t('No web API'), vscode.TreeItemCollapsibleState.None);
  item.id = `${node.id}/limits`;
  item.description = plainLine(text, 300);
  item.tooltip = text;
  item.iconPath = new vscode.ThemeIcon('info');
  item.contextValue = 'evmChainLimits';
  // A fixed command with our own argument: the settings opened at the chains list.
  item.command = { command: 'workbench.action.openSettings', title: vscode.l10n.t('Edit in Settings'), arguments: ['waspChain.chains'] };
  return item;
}

/** The tree's rows of the chains known only by their JSON-RPC: nodes, items, and their heads read when shown and on Refresh. */
export class EvmOnlyRows {
  private heads: EvmHeadSource | undefined;
  private failureText: FailureText = (f) => f.detail ?? f.reason;
  private wording: Promise<void> | undefined;

  constructor(
    private readonly chains: Pick<ChainRegistry, 'evmOnly' | 'isContactable'>,
    private readonly redraw: () => void,
  ) {}

  /** The receipts feature supplies the heads. */
  setHeads(heads: EvmHeadSource): vscode.Disposable {
    this.heads = heads;
    this.redraw();
    return heads.onDidChange(this.redraw);
  }

  /**
   * The receipts' wording of a JSON-RPC failure, loaded when a row first shows one (not at
   * activation: loading a chunk there cost 25 to 70 ms of activate()); until then the raw reason.
   */
  private readonly failureWording: FailureText = (f) => {
    this.wording ??= import('../transactions/model/evmExplain.js').then(({ rpcFailureText }) => {
      this.failureText = (g) => rpcFailureText(g, vscode.l10n);
      this.redraw();
    });
    return this.failureText(f);
  };

  /** The rows, in settings order; a chain that may be asked and was not read yet is read now. */
  nodes(): EvmChainNode[] {
    const all = this.chains.evmOnly();
    for (const c of all) if (this.heads && this.chains.isContactable(c) && !this.heads.head(c)) void this.heads.readHead(c);
    return all.map(evmChainNode);
  }

  limitNode(parent: EvmChainNode): EvmLimitNode {
    return { kind: 'evmLimit', id: `${parent.id}/limits`, chainName: parent.chainName, parent };
  }

  item(node: EvmChainNode, isDefault: boolean, sourceLabel: (source: ChainSource) => string): vscode.TreeItem {
    const key = node.chainName.toLowerCase();
    const chain = this.chains.evmOnly().find((c) => c.name.toLowerCase() === key);
    if (!chain) return new vscode.TreeItem(node.chainName);
    return evmChainItem(node, chain, {
      contactable: this.chains.isContactable(chain),
      isDefault,
      source: sourceLabel(chain.source),
      failure: this.failureWording,
      head: this.heads?.head(chain),
    });
  }

  limitItem(node: EvmLimitNode): vscode.TreeItem {
    return evmChainLimitItem(node.parent, evmOnlyLimitText(vscode.l10n));
  }

  /** Asks again (one chain by name, or all that may be asked). */
  refresh(chainName?: string): Promise<void> {
    const key = chainName?.trim().toLowerCase();
    const chains = this.chains.evmOnly().filter((c) => (key === undefined || c.name.toLowerCase() === key) && this.chains.isContactable(c));
    return Promise.all(chains.map((c) => this.heads?.readHead(c, true))).then(() => undefined);
  }
}
