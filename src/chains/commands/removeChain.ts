// "Chain: Remove Chain": removes one entry from the settings it came from (user, workspace or
// folder), valid or not. From a tree node or a pick it asks first; a scripted name does not.
// The node's token stays: other chains, workspaces or windows may use the same node.
import * as vscode from 'vscode';
import { describeSource, type ChainSource } from '../../config/model/chainConfig';
import type { RemoveChainDeps } from './commandDeps';
import type { ChainRow, ChainsModel } from '../chainsModel';
import { reportUnrecognised } from '../chainArg';
import { parseChainArg } from '../model/chainRef';
import { iconSafeLabel, notificationText } from '../../core/text';

interface Target {
  name: string;
  source: ChainSource;
  row: ChainRow;
}

function targetOf(row: ChainRow): Target {
  return row.valid ? { name: row.chain.name, source: row.chain.source, row } : { name: row.invalid.name, source: row.invalid.source, row };
}

/** Returns true when an entry was removed. */
export async function removeChain(deps: RemoveChainDeps, model: ChainsModel, arg: unknown): Promise<boolean> {
  const ref = parseChainArg(arg);
  let target: Target | undefined;
  // A name passed by a script or keybinding is the caller's decision; a tree node or a pick is asked about.
  const confirm = typeof arg !== 'string';
  if (ref.kind === 'unrecognised') {
    reportUnrecognised();
    return false;
  }
  if (ref.kind !== 'none') {
    // A tree node's key names the exact entry (an invalid one may share a valid one's name).
    const byKey = ref.key !== undefined ? model.rows().find((r) => r.key === ref.key) : undefined;
    const row = byKey ?? (ref.kind === 'name' ? model.findRow(ref.name) : undefined);
    if (!row) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No chain named "{0}" is configured (waspChain.chains).', ref.name)));
      return false;
    }
    target = targetOf(row);
  } else {
    const rows = model.rows();
    if (rows.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No chain is configured.'));
      return false;
    }
    const picked = await vscode.window.showQuickPick(
      rows.map((row) => ({
        label: iconSafeLabel(targetOf(row).name),
        description: describeSource(targetOf(row).source, vscode.l10n),
        detail: row.valid ? row.chain.nodeUrl : vscode.l10n.t('invalid: {0}', row.invalid.problems.join(' ')),
        row,
      })),
      { placeHolder: vscode.l10n.t('Remove which chain?'), matchOnDescription: true },
    );
    if (!picked) return false;
    target = targetOf(picked.row);
  }

  if (confirm) {
    const remove = vscode.l10n.t('Remove');
    const choice = await vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('Remove the chain "{0}" from {1}?', target.name, describeSource(target.source, vscode.l10n))),
      { modal: true, detail: vscode.l10n.t('The access token of its node stays in secret storage: use Chain: Sign Out to forget it.') },
      remove,
    );
    if (choice !== remove) return false;
  }

  const removed = await deps.chains.removeEntry(target.row);
  if (!removed) {
    void vscode.window.showErrorMessage(
      notificationText(
        vscode.l10n.t('The chain "{0}" was not found in {1}: the settings changed meanwhile?', target.name, describeSource(target.source, vscode.l10n)),
      ),
    );
    return false;
  }
  await deps.chains.settled(() => !model.rows().some((r) => r.key === target.row.key));
  await deps.chains.clearDefaultIfNamed(target.name);
  deps.log.info(`Removed chain "${target.name}" from ${describeSource(target.source)}`);
  return true;
}
