// The nodes under a chain's Blocks line in the Chains tree (blocks.ts, blocksList.ts build them).
import type * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { BlockReceiptRow } from './model/blockRows';
import type { ChainParent } from './treeSlots';

export interface BlocksNode {
  readonly kind: 'blocks';
  readonly id: string;
  readonly chainName: string;
  readonly parent: ChainParent;
}

export interface BlockNode {
  readonly kind: 'block';
  readonly id: string;
  readonly chainName: string;
  readonly parent: BlocksNode;
  readonly block: BlockInfo;
}

/** One receipt of a block; its command opens the receipt panel. `requestId` and `chainName` are what the receipt commands read. */
export interface BlockReceiptNode {
  readonly kind: 'blockReceipt';
  readonly id: string;
  readonly chainName: string;
  readonly requestId: string;
  readonly parent: BlockNode;
  readonly row: BlockReceiptRow;
  /** An EVM transaction its chain can serve a replay of: Debug Transaction is offered. */
  readonly debuggable: boolean;
}

/** A status line in a list: loading, an error, or "Load more". */
export interface BlockMessageNode {
  readonly kind: 'blockMessage';
  readonly id: string;
  readonly chainName: string;
  readonly parent: BlocksNode | BlockNode;
  readonly text: string;
  readonly icon: string;
  readonly tooltip?: string;
  readonly command?: vscode.Command;
}

export type BlocksTreeNode = BlocksNode | BlockNode | BlockReceiptNode | BlockMessageNode;

export function message(parent: BlocksNode | BlockNode, key: string, text: string, icon: string, command?: vscode.Command): BlockMessageNode {
  return { kind: 'blockMessage', id: `${parent.id}/~${key}`, chainName: parent.chainName, parent, text, icon, ...(command ? { command } : {}) };
}
