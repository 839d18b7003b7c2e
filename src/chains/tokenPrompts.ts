// The offer to fix a token problem that a command ran into: shared by the commands that load a
// chain (refresh, add, open a link), so that none of them imports another.
import * as vscode from 'vscode';
import type { ChainEntry } from '../config/model/chainConfig';
import { Commands } from '../constants';
import { notificationText } from '../core/text';
import type { ChainsModel } from './chainsModel';

/** After a command loaded a chain: offer Sign In when the token is missing, rejected or expired. */
export function reportTokenProblem(model: ChainsModel, name: string): void {
  const row = model.findRow(name);
  if (!row?.valid) return;
  const snap = model.snapshot(row);
  if (snap.state === 'expired' || snap.state === 'needsToken') offerSignIn(row.chain, snap.decision.label);
}

/**
 * A notification offering to sign in (or set a token). Not awaited by callers: it stays until
 * the user answers.
 */
export function offerSignIn(chain: ChainEntry, label: string): void {
  const signInLabel = vscode.l10n.t('Sign In');
  const setTokenLabel = vscode.l10n.t('Set Access Token');
  const message = notificationText(vscode.l10n.t('Chain "{0}": {1}.', chain.name, label));
  void vscode.window.showWarningMessage(message, signInLabel, setTokenLabel).then((choice) => {
    if (choice === signInLabel) void vscode.commands.executeCommand(Commands.signIn, chain.name);
    else if (choice === setTokenLabel) void vscode.commands.executeCommand(Commands.setToken, chain.name);
  });
}
