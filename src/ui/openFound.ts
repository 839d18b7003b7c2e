// Opening a web page a command built (an explorer's page of a transaction or an account): the URL
// or why there is none; a failure while building it (an unknown chain, an unreachable node) is said
// the same way, and nothing is opened.
import * as vscode from 'vscode';
import { notificationText } from '../core/text';
import { errorSummary } from './errors';

export type FoundUrl = { ok: true; url: string } | { ok: false; reason: string };

export async function openFoundUrl(find: () => Promise<FoundUrl>): Promise<boolean> {
  let found: FoundUrl;
  try {
    found = await find();
  } catch (e) {
    found = { ok: false, reason: vscode.l10n.t('Not opened: {0}', errorSummary(e)) };
  }
  if (!found.ok) {
    void vscode.window.showWarningMessage(notificationText(found.reason));
    return false;
  }
  // Built from checked parts and checked whole (transactions/model/explorer.ts): parsed strictly, opened as is.
  return vscode.env.openExternal(vscode.Uri.parse(found.url, true));
}
