// Tree actions on a chain: copy its ID, open its public URL or website. Links from a node are
// opened only when they are http or https (no command:, file:, javascript:…).
import * as vscode from 'vscode';
import type { ChainActionDeps } from './commandDeps';
import type { ChainsModel } from '../chainsModel';
import { externalUrlToOpen, notificationText } from '../../core/text';
import { resolveChain } from '../../config/chainArg';
import { parseChainArg } from '../../config/model/chainRef';
import { reportTokenProblem } from '../tokenPrompts';

/** Returns the chain ID copied, or undefined. */
export async function copyChainId(deps: ChainActionDeps, arg: unknown, model?: ChainsModel): Promise<string | undefined> {
  const chain = await resolveChain(deps, arg, {
    preferDefault: false,
    placeHolder: vscode.l10n.t('Copy the ID of which chain?'),
    invalidEntryMessage: (name) => vscode.l10n.t('The settings entry "{0}" is invalid: it has no usable chain ID.', name),
  });
  if (!chain) return undefined;
  // A Rebased entry may leave its chain ID out: the node's own chain, once loaded, is the one.
  const chainId = chain.chainId || model?.snapshotOf(chain.name)?.info?.chainID || '';
  if (!chainId) {
    void vscode.window.showInformationMessage(
      notificationText(vscode.l10n.t('"{0}" follows its node\'s chain, which is not known yet: refresh the chain first.', chain.name)),
    );
    return undefined;
  }
  await vscode.env.clipboard.writeText(chainId);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the chain ID of "{0}"', chain.name), 3000);
  return chainId;
}

/** What happened, for tests: the link was opened, or why not. */
export type OpenResult = 'opened' | 'none' | 'unsafe' | 'unavailable' | 'cancelled';

export async function openChainLink(deps: ChainActionDeps, model: ChainsModel, arg: unknown, which: 'publicUrl' | 'website'): Promise<OpenResult> {
  const chain = await resolveChain(deps, arg, { preferDefault: false });
  if (!chain) return parseChainArg(arg).kind === 'invalidEntry' ? 'unavailable' : 'cancelled';
  let snap = model.snapshotOf(chain.name);
  if (!snap?.info) {
    await model.refresh(chain.name);
    snap = model.snapshotOf(chain.name);
  }
  const info = snap?.info;
  if (!info) {
    if (snap?.state === 'needsToken' || snap?.state === 'expired') reportTokenProblem(model, chain.name);
    else void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('Chain "{0}": {1}.', chain.name, snap?.decision.label ?? '')));
    return 'unavailable';
  }
  const url = (which === 'publicUrl' ? info.publicURL : info.metadata.website).trim();
  const what = which === 'publicUrl' ? vscode.l10n.t('public URL') : vscode.l10n.t('website');
  if (url === '') {
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('The chain "{0}" has no {1}.', chain.name, what)));
    return 'none';
  }
  const checked = externalUrlToOpen(url);
  if (checked === undefined) {
    const shown = Array.from(url).slice(0, 80).join('') + (url.length > 80 ? '…' : '');
    void vscode.window.showWarningMessage(
      notificationText(vscode.l10n.t('Not opened: the {0} of "{1}" is not an http or https link ({2}).', what, chain.name, shown)),
    );
    deps.log.warn(`Refused to open the ${which} of "${chain.name}": not http(s)`);
    return 'unsafe';
  }
  const opened = await vscode.env.openExternal(vscode.Uri.parse(checked, true));
  return opened ? 'opened' : 'cancelled';
}
