// The tree items of the Blocks list (blocksList.ts makes the nodes): the words come from
// model/blockRows.ts, the icons, commands and contextValues (what the menus offer) from here.
// A string tooltip is shown as text, never rendered.
import * as vscode from 'vscode';
import { openReceiptCommand, receiptIcon } from './receiptItems';
import { failedRequests } from './model/blockFilter';
import { blockReceiptRowText, blockRowText } from './model/blockRows';
import type { BlockMessageNode, BlockNode, BlockReceiptNode } from './blockNodes';

/** contextValue of a block row; `.explorer` when the chain entry names an explorer (Open in Explorer). */
export function blockContextValue(hasExplorer: boolean): string {
  return hasExplorer ? 'chainBlock.explorer' : 'chainBlock';
}

export function blockItem(node: BlockNode, now: number, hasExplorer: boolean): vscode.TreeItem {
  const b = node.block;
  const text = blockRowText(b, now, vscode.l10n);
  const item = new vscode.TreeItem(text.label, b.totalRequests > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = text.description;
  const failed = failedRequests(b) > 0;
  // An empty block stays quiet (an outline icon); one with a failure is marked.
  item.iconPath = failed
    ? new vscode.ThemeIcon('package', new vscode.ThemeColor('list.warningForeground'))
    : new vscode.ThemeIcon(b.totalRequests > 0 ? 'package' : 'circle-small');
  item.tooltip = text.tooltip;
  item.accessibilityInformation = { label: `${text.label}, ${text.description}` };
  item.contextValue = blockContextValue(hasExplorer);
  return item;
}

/**
 * contextValue of a receipt row: `receipt`, `.evm` when it carries an EVM transaction (Open in
 * Explorer), `.debug` after that when its chain can serve a replay (Debug Transaction).
 */
export function receiptContextValue(isEvm: boolean, debuggable = false): string {
  return isEvm ? (debuggable ? 'receipt.evm.debug' : 'receipt.evm') : 'receipt';
}

export function blockReceiptItem(node: BlockReceiptNode): vscode.TreeItem {
  const r = node.row;
  const text = blockReceiptRowText(r, vscode.l10n);
  const item = new vscode.TreeItem(text.label, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = text.description;
  item.iconPath = receiptIcon(r.failed);
  item.tooltip = text.tooltip;
  item.accessibilityInformation = { label: `${text.label}, ${text.description}` };
  item.contextValue = receiptContextValue(r.isEvm, node.debuggable);
  item.command = openReceiptCommand(r.requestId, node.chainName);
  return item;
}

export function blockMessageItem(node: BlockMessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.iconPath = new vscode.ThemeIcon(node.icon);
  if (node.tooltip) item.tooltip = node.tooltip;
  if (node.command) item.command = node.command;
  item.contextValue = 'blockMessage';
  return item;
}
