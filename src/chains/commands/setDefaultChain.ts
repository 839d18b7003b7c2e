// "Chain: Set Default Chain": the chain used when a command or hover needs one. From a tree
// node or a name argument, else a pick (the status bar item runs it without an argument).
import * as vscode from 'vscode';
import { Settings } from '../../constants';
import type { SetDefaultDeps } from './commandDeps';
import { resolveChain } from '../../config/chainArg';
import { parseChainArg } from '../../config/model/chainRef';

/** Returns the name of the new default chain, or undefined. */
export async function setDefaultChain(deps: SetDefaultDeps, arg: unknown): Promise<string | undefined> {
  // Any usable chain may be the default, whatever reaches it (one known only by its JSON-RPC too:
  // its hovers and account hovers ask it first); the pick offers those the chain commands act on.
  const ref = parseChainArg(arg);
  const named = ref.kind === 'name' ? deps.chains.find(ref.name) : undefined;
  const chain = named ?? (await resolveChain(deps, arg, { preferDefault: false, placeHolder: vscode.l10n.t('Pick the default chain') }));
  if (!chain) return undefined;
  const config = vscode.workspace.getConfiguration(Settings.section);
  const inspect = config.inspect<string>(Settings.defaultChain);
  // Where it takes effect: a workspace value would shadow a user one, and a chain that only this
  // workspace defines makes no sense as the default of every workspace.
  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  const target =
    hasWorkspace && (inspect?.workspaceValue !== undefined || chain.source.scope !== 'user')
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
  await config.update(Settings.defaultChain, chain.name, target);
  const name = chain.name;
  await deps.chains.settled(() => deps.chains.defaultChainName()?.toLowerCase() === name.toLowerCase());
  return chain.name;
}
