// The Accounts child of each chain in the Chains tree: its node types, and what the accounts
// feature supplies to list them (it registers after the tree, and the tree never imports a feature).
import type * as vscode from 'vscode';
import type { ChainParent } from './blockNodes';

export interface AccountsNode {
  readonly kind: 'accounts';
  readonly id: string;
  readonly chainName: string;
  readonly parent: ChainParent;
}

/** One account; `address` and `chainName` are what the account commands read. */
export interface AccountNode {
  readonly kind: 'account';
  readonly id: string;
  readonly chainName: string;
  readonly parent: AccountsNode;
  /** EIP-55. */
  readonly address: string;
  readonly pinned: boolean;
  /** From the deployment record or the address book. */
  readonly name?: string;
}

/** A status line under Accounts: loading, nothing pinned. */
export interface AccountMessageNode {
  readonly kind: 'accountMessage';
  readonly id: string;
  readonly chainName: string;
  readonly parent: AccountsNode;
  readonly text: string;
  readonly icon: string;
}

export type AccountsTreeNode = AccountsNode | AccountNode | AccountMessageNode;

/** What the tree asks of the accounts feature. */
export interface AccountsChild {
  readonly onDidChange: vscode.Event<void>;
  node(parent: ChainParent): AccountsNode;
  children(node: AccountsNode): AccountsTreeNode[];
  item(node: AccountsTreeNode): vscode.TreeItem;
  /** Refresh: the balances (of one chain, or all) are read again when shown. */
  refresh(chainName?: string): void;
}
