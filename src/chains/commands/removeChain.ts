// "Chain: Remove Chain": removes one entry from the settings it came from (user, workspace or
// folder), valid or not. From a tree node or a pick it asks first; a scripted name does not.
// The node's token stays: other chains, workspaces or windows may use the same node.
import * as vscode from 'vscode';
import { describeSource, type ChainSource, type EvmOnlyChain, type ResolvedChain } from '../../config/model/chainConfig';
import type { RemoveChainDeps } from './commandDeps';
import type { ChainRow, ChainsModel } from '../chainsModel';
import { reportUnrecognised } from '../../config/chainArg';
import { parseChainArg } from '../../config/model/chainRef';
import { iconSafeLabel, notificationText } from '../../core/text';

interface Target {
  name: string;
  source: ChainSource;
  /** The entry as the registry resolved it (exactly this one is removed). */
  entry: ResolvedChain;
  /** What the pick shows under it. */
  detail: string;
  /** Gone from the settings. */
  gone(): boolean;
}

function targetOf(row: ChainRow, model: ChainsModel): Target {
  const gone = () => !model.rows().some((r) => r.key === row.key);
  return row.valid
    ? { name: row.chain.name, source: row.chain.source, entry: row, detail: row.chain.nodeUrl, gone }
    : { name: row.invalid.name, source: row.invalid.source, entry: row, detail: vscode.l10n.t('invalid: {0}', row.invalid.problems.join(' ')), gone };
}

/** A chain known only by its EVM JSON-RPC (not a row of the model: it has no node). */
function evmTargetOf(chain: EvmOnlyChain, deps: RemoveChainDeps): Target {
  const gone = () => !deps.chains.evmOnly().some((c) => c.name === chain.name && c.evmJsonRpcUrl === chain.evmJsonRpcUrl);
  return {
    name: chain.name,
    source: chain.source,
    entry: { valid: 'evmOnly', chain },
    detail: vscode.l10n.t('EVM JSON-RPC only: {0}', chain.evmJsonRpcUrl),
    gone,
  };
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
    const key = ref.name.trim().toLowerCase();
    const evm = row || ref.kind !== 'name' ? undefined : deps.chains.evmOnly().find((c) => c.name.toLowerCase() === key);
    if (!row && !evm) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No chain named "{0}" is configured (waspChain.chains).', ref.name)));
      return false;
    }
    target = row ? targetOf(row, model) : evm && evmTargetOf(evm, deps);
  } else {
    const targets = [...model.rows().map((row) => targetOf(row, model)), ...deps.chains.evmOnly().map((c) => evmTargetOf(c, deps))];
    if (targets.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No chain is configured.'));
      return false;
    }
    const picked = await vscode.window.showQuickPick(
      targets.map((t) => ({ label: iconSafeLabel(t.name), description: describeSource(t.source, vscode.l10n), detail: t.detail, t })),
      { placeHolder: vscode.l10n.t('Remove which chain?'), matchOnDescription: true },
    );
    if (!picked) return false;
    target = picked.t;
  }
  if (!target) return false;

  if (confirm) {
    const remove = vscode.l10n.t('Remove');
    const choice = await vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('Remove the chain "{0}" from {1}?', target.name, describeSource(target.source, vscode.l10n))),
      { modal: true, detail: vscode.l10n.t('The access token of its node stays in secret storage: use Chain: Sign Out to forget it.') },
      remove,
    );
    if (choice !== remove) return false;
  }

  const removed = await deps.chains.removeEntry(target.entry);
  if (!removed) {
    void vscode.window.showErrorMessage(
      notificationText(
        vscode.l10n.t('The chain "{0}" was not found in {1}: the settings changed meanwhile?', target.name, describeSource(target.source, vscode.l10n)),
      ),
    );
    return false;
  }
  const gone = target.gone;
  await deps.chains.settled(gone);
  await deps.chains.clearDefaultIfNamed(target.name);
  deps.log.info(`Removed chain "${target.name}" from ${describeSource(target.source)}`);
  return true;
}
