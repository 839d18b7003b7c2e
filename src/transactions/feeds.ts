// What the live feed hands to the features that would otherwise poll: a watched request's receipt
// as its node publishes it, and a followed chain's new blocks. The live feature fills these; the
// watch feature and the Chains tree's Blocks lists read them, and neither knows the other.
import type * as vscode from 'vscode';
import type { BlockInfo } from '../api/chainLogSchemas';
import type { ChainEntry } from '../config/model/chainConfig';
import type { AnyReceipt } from './model/receiptView';

/**
 * The nodes' live feeds as a watch uses them: while requests are watched, their nodes' feeds are
 * open, and a `receipt` event of a watched request ends its watch at once (the long poll keeps
 * running until then: it is the fallback when the feed is closed, dropped or drops the event).
 */
export interface WatchFeed {
  /** The chains with a watch now (none: the watches need no feed). */
  watching(chains: readonly ChainEntry[]): void;
  /** A receipt from a chain's feed, under the request ID in the node's form. */
  onReceipt(listener: (chain: ChainEntry, requestId: string, receipt: AnyReceipt) => void): vscode.Disposable;
}

/** What a followed Blocks list is handed: the chains' new blocks as their feeds publish them. */
export interface BlocksFeed {
  /** The chains whose lists are followed now (none: following needs no feed). */
  following(chains: readonly ChainEntry[]): void;
  /** Whether the chain's blocks arrive from an open feed now. */
  isLive(chain: ChainEntry): boolean;
  onBlock(listener: (chain: ChainEntry, block: BlockInfo) => void): vscode.Disposable;
}
