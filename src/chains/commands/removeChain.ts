// "Chain: Remove Chain": removes one entry from the settings it came from (user, workspace or
// folder), valid or not. From a tree node or a pick it asks first; a scripted name does not.
// The node's token stays: other chains, workspaces or windows may use the same node.
import * as vscode from 'vscode';
import { chainListOf } from '../../config/chainRegistry';
import { Commands, Settings } from '../../constants';
import { describeSource, validateEntry, type ChainSource } from '../../config/model/chainConfig';
import type { Services } from '../../services';
import type { ChainRow, ChainsModel } from '../chainsModel';
import { isInvalidEntryNode, type ChainNode } from '../tree';
import { settingsSettled } from './addChain';
import { iconSafeLabel, notificationText } from '../../core/text';

export function registerRemoveChain(services: Services, model: ChainsModel): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.removeChain, (arg?: unknown) => removeChain(services, model, arg));
}

interface Target {
  name: string;
  source: ChainSource;
  row: ChainRow;
}

function targetOf(row: ChainRow): Target {
  return row.valid ? { name: row.chain.name, source: row.chain.source, row } : { name: row.invalid.name, source: row.invalid.source, row };
}

/** Returns true when an entry was removed. */
export async function removeChain(services: Services, model: ChainsModel, arg: unknown): Promise<boolean> {
  let target: Target | undefined;
  let confirm = true;
  if (typeof arg === 'string') {
    const row = model.findRow(arg);
    if (!row) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No chain named "{0}" is configured (waspChain.chains).', arg)));
      return false;
    }
    target = targetOf(row);
    confirm = false; // scripted: the caller named it
  } else if (typeof arg === 'object' && arg !== null && typeof (arg as { chainName?: unknown }).chainName === 'string') {
    // A tree node: its key names the exact entry (an invalid one may share a valid one's name).
    const node = arg as Partial<ChainNode> & { chainName: string };
    const row = (node.key !== undefined ? model.rows().find((r) => r.key === node.key) : undefined) ?? (isInvalidEntryNode(arg) ? undefined : model.findRow(node.chainName));
    if (!row) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No chain named "{0}" is configured (waspChain.chains).', node.chainName)));
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

  const removed = await removeEntry(target.row);
  if (!removed) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('The chain "{0}" was not found in {1}: the settings changed meanwhile?', target.name, describeSource(target.source, vscode.l10n))));
    return false;
  }
  await settingsSettled(services, () => !model.rows().some((r) => r.key === target.row.key));
  await clearDefaultIfNamed(services, target.name);
  services.log.info(`Removed chain "${target.name}" from ${describeSource(target.source)}`);
  return true;
}

/** Removes exactly the entry of this row from its settings list (not every entry of the name). */
async function removeEntry(row: ChainRow): Promise<boolean> {
  const source = row.valid ? row.chain.source : row.invalid.source;
  const { config, current, target } = chainListOf(source);
  if (!Array.isArray(current)) return false;
  let index: number;
  if (row.valid) {
    const c = row.chain;
    index = current.findIndex((e, i) => {
      const r = validateEntry(e, source, i);
      return r.valid && r.chain.name.toLowerCase() === c.name.toLowerCase() && r.chain.nodeUrl === c.nodeUrl && r.chain.chainId === c.chainId;
    });
  } else {
    // The index from when the tree was drawn (-1: the value is not a list at all); check it is
    // still the same entry.
    const i = row.invalid.index;
    const r = i >= 0 && i < current.length ? validateEntry(current[i], source, i) : undefined;
    index = r && (r.valid ? r.chain.name : r.invalid.name) === row.invalid.name ? i : -1;
  }
  if (index < 0) return false;
  await config.update(Settings.chains, current.filter((_, i) => i !== index), target);
  return true;
}

/** A default that named the removed chain would name nothing: reset it where it is set. */
async function clearDefaultIfNamed(services: Services, name: string): Promise<void> {
  if (services.chains.get(name)) return; // another entry of that name is still there
  const config = vscode.workspace.getConfiguration(Settings.section);
  const inspect = config.inspect<string>(Settings.defaultChain);
  const key = name.trim().toLowerCase();
  const same = (v: unknown) => typeof v === 'string' && v.trim().toLowerCase() === key;
  if (same(inspect?.workspaceValue)) await config.update(Settings.defaultChain, undefined, vscode.ConfigurationTarget.Workspace);
  if (same(inspect?.globalValue)) await config.update(Settings.defaultChain, undefined, vscode.ConfigurationTarget.Global);
}
