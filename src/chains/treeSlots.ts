// The slots of the Chains tree that other features fill: the Accounts child of each chain (its
// node types, and what the accounts feature supplies to list them). The one file of a feature that
// another feature may import (.dependency-cruiser.cjs): the tree owns these interfaces, the features
// implement them, and the tree never imports a feature.
import type * as vscode from 'vscode';

/** The parent a child of a chain hangs under (a ChainNode of tree.ts). */
export interface ChainParent {
  readonly id: string;
  readonly chainName: string;
}

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

/** Where the accounts feature plugs its child in (the Chains tree provider). */
export interface AccountsSlot {
  setAccounts(accounts: AccountsChild): vscode.Disposable;
}
