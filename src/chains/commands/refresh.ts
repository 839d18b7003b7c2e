// "Chain: Refresh": reloads one chain (a tree node or a name) or all of them, concurrently, and
// resolves when they are loaded. A token problem found on the way is offered a fix.
import * as vscode from 'vscode';
import { Views } from '../../constants';
import { reportUnknownChain, reportUnrecognised } from '../../config/chainArg';
import { parseChainArg } from '../../config/model/chainRef';
import type { ChainsModel } from '../chainsModel';
import { offerSignIn, reportTokenProblem } from '../tokenPrompts';

export async function refresh(model: ChainsModel, arg: unknown): Promise<void> {
  const ref = parseChainArg(arg);
  // An invalid entry has nothing to load: the tree shows its problems.
  if (ref.kind === 'invalidEntry') return;
  if (ref.kind === 'unrecognised') return reportUnrecognised();
  if (ref.kind !== 'name') {
    await vscode.window.withProgress({ location: { viewId: Views.chains }, title: vscode.l10n.t('Refreshing chains') }, () => model.refresh());
    // One notification for the lot, not one per chain.
    const troubled = model.validRows().filter((r) => model.snapshot(r).state === 'expired');
    const [first] = troubled;
    if (first)
      offerSignIn(
        first.chain,
        troubled.length === 1 ? model.snapshot(first).decision.label : vscode.l10n.t('token expired (and {0} more)', troubled.length - 1),
      );
    return;
  }
  const row = model.findRow(ref.name);
  if (!row) {
    reportUnknownChain(ref.name);
    return;
  }
  if (!row.valid) return;
  await vscode.window.withProgress({ location: { viewId: Views.chains } }, () => model.refresh(row.chain.name));
  reportTokenProblem(model, row.chain.name);
}
