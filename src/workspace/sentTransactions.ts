// The transactions the workspace's toolchains sent (model/sentTransactions.ts: Foundry broadcasts,
// Hardhat Ignition journals), read when "Why no receipt?" first needs one, and again after a
// record changes.
import type * as vscode from 'vscode';
import {
  readSentTransactions,
  SENT_TX_EXCLUDE_GLOB,
  SENT_TX_INCLUDE_GLOB,
  SENT_TX_SCAN_LIMITS,
  isSentTxPath,
  type SentTransaction,
} from './model/sentTransactions';
import { WatchedRecords } from './watchedRecords';

export function workspaceSentTransactions(log: vscode.LogOutputChannel): WatchedRecords<ReadonlyMap<string, SentTransaction>> {
  return new WatchedRecords(
    {
      what: 'Sent-transaction records',
      include: SENT_TX_INCLUDE_GLOB,
      exclude: SENT_TX_EXCLUDE_GLOB,
      maxFiles: SENT_TX_SCAN_LIMITS.maxFiles,
      isPath: isSentTxPath,
      read: async (files, io) => {
        const { byHash, read, unread, skipped } = await readSentTransactions(files, io);
        return { value: byHash, summary: `Sent transactions: ${byHash.size} from ${read} records (${unread} not read, ${skipped} entries skipped)` };
      },
    },
    log,
  );
}
