// "Chain: Use the Node's Chain": an entry whose node runs another chain (a Stardust chain ID on a
// node that now runs Rebased, or a Rebased chain ID that is not the node's) is rewritten with the
// chain the node runs, in the settings scope the entry comes from.
import * as vscode from 'vscode';
import { chainListOf } from '../../config/chainRegistry';
import { validateEntry, type ChainEntry } from '../../config/model/chainConfig';
import { Settings } from '../../constants';
import type { UseNodeChainDeps } from './commandDeps';
import type { ChainsModel } from '../chainsModel';
import { notificationText } from '../../core/text';
import { resolveChain } from '../../config/chainArg';

/** Returns the chain ID written, or undefined (nothing to do, declined, or the entry moved). */
export async function useNodeChain(deps: UseNodeChainDeps, model: ChainsModel, arg: unknown, confirmed?: unknown): Promise<string | undefined> {
  const chain = await resolveChain(deps, arg, { preferDefault: false, placeHolder: vscode.l10n.t("Use the node's chain for which entry?") });
  if (!chain) return undefined;
  let snap = model.snapshotOf(chain.name);
  if (!snap?.finding) {
    await model.refresh(chain.name);
    snap = model.snapshotOf(chain.name);
  }
  const finding = snap?.finding;
  if (finding?.kind !== 'migrated' && finding?.kind !== 'otherChain') {
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('The chain ID of "{0}" fits its node: nothing to change.', chain.name)));
    return undefined;
  }
  const nodeChainId = finding.nodeChainId;
  if (confirmed !== true) {
    const use = vscode.l10n.t('Use {0}', nodeChainId);
    const choice = await vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('Rewrite the chain ID of "{0}" to {1}, the chain its node runs?', chain.name, nodeChainId)),
      { modal: true, detail: notificationText(chain.chainId ? vscode.l10n.t('It is now {0}.', chain.chainId) : '') },
      use,
    );
    if (choice !== use) return undefined;
  }
  const written = await replaceChainId(chain, nodeChainId);
  if (!written) {
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('The entry "{0}" changed meanwhile: it was not rewritten.', chain.name)));
    return undefined;
  }
  await deps.chains.settled(() => deps.chains.get(chain.name)?.chainId === nodeChainId);
  deps.log.info(`Chain "${chain.name}": chain ID rewritten to ${nodeChainId}, the chain its node runs`);
  await model.refresh(chain.name);
  return nodeChainId;
}

/**
 * Rewrites the chain ID of exactly this entry where it is written (same scope, same place in its
 * list, its other keys kept); false when the entry is no longer there as it was read.
 */
export async function replaceChainId(chain: ChainEntry, chainId: string): Promise<boolean> {
  const { config, current, target } = chainListOf(chain.source);
  if (!Array.isArray(current)) return false;
  const index = current.findIndex((e, i) => {
    const r = validateEntry(e, chain.source, i);
    return (
      r.valid === true && r.chain.name.toLowerCase() === chain.name.toLowerCase() && r.chain.nodeUrl === chain.nodeUrl && r.chain.chainId === chain.chainId
    );
  });
  const entry: unknown = current[index];
  if (index < 0 || typeof entry !== 'object' || entry === null) return false;
  const list = [...current];
  list[index] = { ...(entry as Record<string, unknown>), chainId };
  await config.update(Settings.chains, list, target);
  return true;
}
