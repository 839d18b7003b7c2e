// "Chain: Refresh": reloads one chain (a tree node or a name) or all of them, concurrently, and
// resolves when they are loaded. A token problem found on the way is offered a fix.
import * as vscode from 'vscode';
import { Commands, Views } from '../../constants';
import type { Services } from '../../services';
import type { ChainsModel } from '../chainsModel';
import { isInvalidEntryNode } from '../tree';
import { offerSignIn } from './tokens';
import { notificationText } from '../../core/text';

export function registerRefresh(services: Services, model: ChainsModel): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.refresh, (arg?: unknown) => refresh(services, model, arg));
}

/** The chain name in a command argument: a string or a tree node (`chainName`). */
export function nameFromArg(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null && typeof (arg as { chainName?: unknown }).chainName === 'string') return (arg as { chainName: string }).chainName;
  return undefined;
}

export async function refresh(services: Services, model: ChainsModel, arg: unknown): Promise<void> {
  if (isInvalidEntryNode(arg)) return; // nothing to load: the tree shows its problems
  const name = nameFromArg(arg);
  if (name === undefined) {
    await vscode.window.withProgress({ location: { viewId: Views.chains }, title: vscode.l10n.t('Refreshing chains') }, () => model.refresh());
    // One notification for the lot, not one per chain.
    const troubled = model.validRows().filter((r) => {
      const s = model.snapshot(r).state;
      return s === 'expired';
    });
    const [first] = troubled;
    if (first) offerSignIn(first.chain, troubled.length === 1 ? model.snapshot(first).decision.label : vscode.l10n.t('token expired (and {0} more)', troubled.length - 1));
    return;
  }
  const row = model.findRow(name);
  if (!row) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No chain named "{0}" is configured (waspChain.chains).', name)));
    return;
  }
  if (!row.valid) return; // nothing to load: the tree shows its problems
  await vscode.window.withProgress({ location: { viewId: Views.chains } }, () => model.refresh(row.chain.name));
  reportTokenProblem(model, row.chain.name);
}

/** After a command loaded a chain: offer Sign In when the token is missing, rejected or expired. */
export function reportTokenProblem(model: ChainsModel, name: string): void {
  const row = model.findRow(name);
  if (!row?.valid) return;
  const snap = model.snapshot(row);
  if (snap.state === 'expired' || snap.state === 'needsToken') offerSignIn(row.chain, snap.decision.label);
}
