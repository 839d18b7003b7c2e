// "Chain: Add Chain": name, node URL and chain ID, each validated as it is typed, then written to
// user or workspace settings. Scripted: `waspChain.addChain({ name, nodeUrl, chainId?, target?, probe? })`,
// or a public network: `{ network, nodeUrl?, evmJsonRpcUrl?, target? }` (a mirror of its web API or JSON-RPC).
// The chain ID is Bech32 for a Stardust node, `0x` + 64 hex for a Rebased one, or left out (a
// Rebased node runs one chain). Typed in, the node is asked before anything is saved (addChainSteps.ts).
import * as vscode from 'vscode';
import { checkNodeUrl } from '../../api/ids';
import type { AddChainDeps } from './commandDeps';
import type { ChainsModel } from '../chainsModel';
import { reportTokenProblem } from '../tokenPrompts';
import { askEntry, askScope, checkChainName, chainIdProblem, parseAnyChainId, stepsOf, urlProblem, type AddChainArgs, type AskedEntry } from './addChainSteps';
import type { NodeSurvey } from '../model/nodeSurvey';
import { notificationText } from '../../core/text';

function asArgs(v: unknown): AddChainArgs {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const o = v as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
  return {
    name: str(o.name),
    nodeUrl: str(o.nodeUrl),
    chainId: str(o.chainId),
    target: o.target === 'user' || o.target === 'workspace' ? o.target : undefined,
    probe: o.probe === true,
    network: str(o.network),
    evmJsonRpcUrl: str(o.evmJsonRpcUrl),
  };
}

/** An entry as typed (with what the node answered) or as a script gave it. */
type GivenEntry = Omit<AskedEntry, 'survey'> & { survey?: NodeSurvey };

/** A scripted entry as given, or undefined after saying what is wrong with it (nothing is asked). */
function scriptedEntry(deps: AddChainDeps, args: AddChainArgs): GivenEntry | undefined {
  const problems = [checkChainName(deps, args.name ?? ''), urlProblem(args.nodeUrl ?? ''), chainIdProblem(args.chainId ?? '')].filter(
    (p): p is string => p !== undefined,
  );
  if (problems.length > 0) {
    void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('The chain was not added: {0}', problems.join(' '))));
    return undefined;
  }
  return { name: (args.name ?? '').trim(), nodeUrl: args.nodeUrl ?? '', chainId: args.chainId ?? '' };
}

/** After saving: what the node answers when asked to probe, what failed when saved anyway, else "added" with Check Node. */
async function sayAdded(
  deps: AddChainDeps,
  model: ChainsModel,
  name: string,
  after: { probe: boolean; scripted: boolean; survey?: NodeSurvey },
): Promise<void> {
  if (after.probe) {
    await probe(deps, model, name);
  } else if (after.survey?.kind === 'problem') {
    // Saved anyway: say so, with what failed, instead of a plain "added".
    const { label, detail } = after.survey;
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('Chain "{0}" added, but its node: {1}. {2}', name, label, detail)));
  } else if (!after.scripted) {
    const check = vscode.l10n.t('Check Node');
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('Chain "{0}" added.', name)), check).then((choice) => {
      if (choice === check) void probe(deps, model, name);
    });
  }
}

/** Returns the name of the chain added, or undefined (cancelled or rejected). */
export async function addChain(deps: AddChainDeps, model: ChainsModel, rawArgs: unknown): Promise<string | undefined> {
  const args = asArgs(rawArgs);
  // A public network by name: from a script ({ network, nodeUrl? }), or the first pick when nothing was given.
  if (args.network !== undefined || (args.name === undefined && args.nodeUrl === undefined && args.chainId === undefined)) {
    const { addNetwork, pickNetwork } = await import('./addNetwork.js');
    const { publicNetworks } = await import('../../config/model/publicNetworks.js');
    const picked = args.network !== undefined ? publicNetworks().find((n) => n.id === args.network) : await pickNetwork();
    if (picked === undefined) {
      if (args.network !== undefined) void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No public network is named "{0}".', args.network)));
      return undefined;
    }
    if (picked !== 'other') {
      const options = {
        scripted: args.network !== undefined,
        ...(args.target ? { target: args.target } : {}),
        ...(args.nodeUrl ? { nodeUrl: args.nodeUrl } : {}),
        ...(args.evmJsonRpcUrl ? { evmJsonRpcUrl: args.evmJsonRpcUrl } : {}),
      };
      return addNetwork(deps, model, picked, options);
    }
  }
  const scripted = args.name !== undefined && args.nodeUrl !== undefined;
  const given = scripted ? scriptedEntry(deps, args) : await askEntry(deps, args);
  if (!given) return undefined;
  const name = given.name;
  // Stored normalised, as the registry reads it: no trailing slash, lower-case Bech32.
  const url = checkNodeUrl(given.nodeUrl);
  const id = parseAnyChainId(given.chainId);
  if (!url.ok || !id.ok) return undefined;
  const entry = { name, nodeUrl: url.url.toString().replace(/\/+$/, ''), chainId: id.chainId };

  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  let target = args.target;
  if (target === 'workspace' && !hasWorkspace) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No workspace is open: the chain can only go to user settings.'));
    return undefined;
  }
  if (target === undefined && hasWorkspace && !scripted) {
    target = await askScope(name, entry.nodeUrl, stepsOf(args));
    if (!target) return undefined;
  }
  await deps.chains.add(entry, target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  await deps.chains.settled(() => deps.chains.get(name) !== undefined);
  deps.log.info(`Added chain "${name}" (${entry.nodeUrl}) to ${target === 'workspace' ? 'workspace' : 'user'} settings`);
  await sayAdded(deps, model, name, { probe: args.probe === true, scripted, survey: given.survey });
  return name;
}

/** Loads the chain now and says what its node answered. */
async function probe(deps: AddChainDeps, model: ChainsModel, name: string): Promise<void> {
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: notificationText(vscode.l10n.t('Asking the node of "{0}"…', name)) },
    () => model.refresh(name),
  );
  const snap = model.snapshotOf(name);
  if (!snap) return;
  if (snap.state === 'ok') {
    const title = snap.info?.metadata.name;
    void vscode.window.showInformationMessage(
      notificationText(title ? vscode.l10n.t('The node of "{0}" answers: {1}.', name, title) : vscode.l10n.t('The node of "{0}" answers.', name)),
    );
  } else if (snap.state === 'needsToken' || snap.state === 'expired') {
    reportTokenProblem(model, name);
  } else {
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('Chain "{0}": {1}. {2}', name, snap.decision.label, snap.decision.detail ?? '')));
  }
}
