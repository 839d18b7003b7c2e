// The transactions the workspace's toolchains sent (model/sentTransactions.ts: Foundry broadcasts,
// Hardhat Ignition journals), read when "Why no receipt?" first needs one, and again after a
// record changes.
import type * as vscode from 'vscode';
import {
  MAX_SENT_TXS,
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
        const { byHash, read, unread, pastCap, skipped } = await readSentTransactions(files, io);
        return {
          value: byHash,
          summary: `Sent transactions: ${byHash.size} from ${read} records, the newest first (${unread} not read, ${pastCap} older than the ${MAX_SENT_TXS} kept, ${skipped} entries skipped)`,
        };
      },
    },
    log,
  );
}
