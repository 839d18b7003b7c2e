// "Debug Transaction" from the receipt panel and its call tree: the command runs with the panel's
// own values (the transaction it shows and the chain that answered), never with text from the
// webview; the one value the webview sends, a frame's index, must be a frame of the tree it shows.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { CallTreeState } from '../transactions/model/callTree';

/** What the panel shows, for the debugger: the EVM transaction's hash, its chain and the call tree shown. */
export interface DebugTarget {
  transaction: string;
  chainName: string;
  callTree: CallTreeState | undefined;
}

/** The frame the webview named when it is a frame of the tree shown; undefined for none; 'invalid' for anything else. */
export function shownFrame(callTree: CallTreeState | undefined, frame: unknown): number | undefined | 'invalid' {
  if (frame === undefined) return undefined;
  if (typeof frame !== 'number' || !Number.isSafeInteger(frame) || frame < 0) return 'invalid';
  if (callTree?.status !== 'ok') return 'invalid';
  return callTree.view.frames.some((f) => f.index === frame) ? frame : 'invalid';
}

/** Runs Debug Transaction for the panel's transaction, from the frame named when it is one of the tree's. */
export async function debugShownTransaction(target: DebugTarget, frame: unknown, log: vscode.LogOutputChannel): Promise<void> {
  const at = shownFrame(target.callTree, frame);
  if (at === 'invalid') {
    log.warn('Debug Transaction: the receipt panel named a frame its call tree does not have; nothing was started.');
    return;
  }
  await vscode.commands.executeCommand(Commands.debugTransaction, {
    transaction: target.transaction,
    chain: target.chainName,
    ...(at === undefined ? {} : { frame: at }),
  });
}
