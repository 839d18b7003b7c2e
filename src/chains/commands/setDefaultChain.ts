// "Chain: Set Default Chain": the chain used when a command or hover needs one. From a tree
// node or a name argument, else a pick (the status bar item runs it without an argument).
import * as vscode from 'vscode';
import { Commands, Settings } from '../../constants';
import type { ChainEntry } from '../../config/model/chainConfig';
import type { Services } from '../../services';
import { isInvalidEntryNode } from '../tree';
import { settingsSettled } from './addChain';
import { chainFromArg, pickChain } from '../chainArg';
import { notificationText } from '../../core/text';

export function registerSetDefaultChain(services: Services): vscode.Disposable {
  return vscode.commands.registerCommand(Commands.setDefaultChain, (arg?: unknown) => setDefaultChain(services, arg));
}

/** Returns the name of the new default chain, or undefined. */
export async function setDefaultChain(services: Services, arg: unknown): Promise<string | undefined> {
  let chain: ChainEntry | undefined;
  if (isInvalidEntryNode(arg)) {
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('The settings entry "{0}" is invalid: correct it first.', arg.chainName)));
    return undefined;
  }
  if (arg !== undefined && arg !== null && !Array.isArray(arg)) {
    chain = chainFromArg(services, arg);
    if (!chain) {
      const name = typeof arg === 'string' ? arg : String((arg as { chainName?: unknown }).chainName ?? '');
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No valid chain named "{0}" is configured (waspChain.chains).', name)));
      return undefined;
    }
  } else {
    if (services.chains.valid().length === 0) {
      const add = vscode.l10n.t('Add Chain');
      void vscode.window.showInformationMessage(vscode.l10n.t('No chain is configured yet.'), add).then((c) => {
        if (c === add) void vscode.commands.executeCommand(Commands.addChain);
      });
      return undefined;
    }
    chain = await pickChain(services, vscode.l10n.t('Pick the default chain'));
    if (!chain) return undefined;
  }
  const config = vscode.workspace.getConfiguration(Settings.section);
  const inspect = config.inspect<string>(Settings.defaultChain);
  // Where it takes effect: a workspace value would shadow a user one, and a chain that only this
  // workspace defines makes no sense as the default of every workspace.
  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  const target = hasWorkspace && (inspect?.workspaceValue !== undefined || chain.source.scope !== 'user') ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update(Settings.defaultChain, chain.name, target);
  const name = chain.name;
  await settingsSettled(services, () => services.chains.defaultChainName()?.toLowerCase() === name.toLowerCase());
  return chain.name;
}
