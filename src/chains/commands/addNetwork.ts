// "Chain: Add Chain" starts with the public networks by name (../model/publicNetworksData.json), and
// "Another node…" for the rest. A network adds a complete entry (web API, chain ID, EVM JSON-RPC,
// explorer); nothing is contacted until it is added. Then the node is asked once, and what it runs
// (generation, chain ID, EVM chain ID) is checked against the entry, in plain words when it differs
// or the host does not answer.
import * as vscode from 'vscode';
import type { AddChainDeps } from './commandDeps';
import type { ChainsModel } from '../chainsModel';
import { networkEntry, PUBLIC_NETWORKS_CHECKED, publicNetworks, type PublicNetwork } from '../model/publicNetworks';
import { askScope } from './addChainSteps';
import { notificationText } from '../../core/text';
import { checkNodeUrl } from '../../api/ids';

/** The pick: a network, "another node" (today's steps), or undefined (dismissed). */
export async function pickNetwork(): Promise<PublicNetwork | 'other' | undefined> {
  const generationWords = (n: PublicNetwork) => (n.generation === 'rebased' ? vscode.l10n.t('Wasp 2 (Rebased)') : vscode.l10n.t('Wasp 1 (Stardust), legacy'));
  const items = [
    ...publicNetworks().map((n) => ({
      label: n.name,
      description: new URL(n.nodeUrl).host,
      detail: vscode.l10n.t('{0} · EVM chain ID {1} · checked {2}', generationWords(n), n.evmChainId.toString(), PUBLIC_NETWORKS_CHECKED),
      network: n as PublicNetwork | 'other',
    })),
    { label: vscode.l10n.t('Another node…'), description: vscode.l10n.t('type its URL and chain ID'), network: 'other' as const },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Add Chain'),
    placeHolder: vscode.l10n.t('A public network, or another node'),
    ignoreFocusOut: true,
  });
  return picked?.network;
}

/** Adds `network` (its node at `nodeUrl` when a script points it at a mirror), then checks what its node answers. */
export async function addNetwork(
  deps: AddChainDeps,
  model: ChainsModel,
  network: PublicNetwork,
  options: { target?: 'user' | 'workspace'; nodeUrl?: string; scripted: boolean },
): Promise<string | undefined> {
  const name = network.name;
  if (deps.chains.get(name) || deps.chains.all().some((c) => (c.valid ? c.chain.name : c.invalid.name) === name)) {
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('A chain named "{0}" is configured already.', name)));
    return undefined;
  }
  const entry = networkEntry(network);
  if (options.nodeUrl !== undefined) {
    const url = checkNodeUrl(options.nodeUrl);
    if (!url.ok) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('The chain was not added: {0}', url.reason)));
      return undefined;
    }
    entry.nodeUrl = url.url.toString().replace(/\/+$/, '');
  }
  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  let target = options.target;
  if (target === 'workspace' && !hasWorkspace) target = undefined;
  if (target === undefined && hasWorkspace && !options.scripted) {
    target = await askScope(name, entry.nodeUrl, 1);
    if (!target) return undefined;
  }
  await deps.chains.add(entry, target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  await deps.chains.settled(() => deps.chains.get(name) !== undefined);
  deps.log.info(`Added the public network "${name}" (${entry.nodeUrl}) to ${target === 'workspace' ? 'workspace' : 'user'} settings`);
  await verify(model, name, network, new URL(entry.nodeUrl).host);
  return name;
}

/** Asks the node once and says whether it runs what the entry says. */
async function verify(model: ChainsModel, name: string, network: PublicNetwork, host: string): Promise<void> {
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: notificationText(vscode.l10n.t('Checking "{0}" with its node…', name)) },
    () => model.refresh(name),
  );
  const snap = model.snapshotOf(name);
  if (!snap) return;
  const differs = snap.state === 'ok' ? differences(snap, network) : [];
  if (snap.state === 'ok' && differs.length === 0) {
    void vscode.window.showInformationMessage(
      notificationText(vscode.l10n.t('"{0}" added and checked: its node runs that chain (EVM chain ID {1}).', name, network.evmChainId.toString())),
    );
  } else if (differs.length > 0 || snap.state === 'otherChain' || snap.state === 'migrated') {
    const what = differs.length > 0 ? differs.join('; ') : `${snap.decision.label}. ${snap.decision.detail ?? ''}`.trim();
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('"{0}" added, but its node differs from the network: {1}', name, what)));
  } else {
    void vscode.window.showWarningMessage(
      notificationText(
        vscode.l10n.t('"{0}" added, but {1} does not answer as its node: {2}. {3}', name, host, snap.decision.label, snap.decision.detail ?? ''),
      ),
    );
  }
}

/** What the node said that the network's entry does not: its generation, chain ID, EVM chain ID. */
function differences(snap: NonNullable<ReturnType<ChainsModel['snapshotOf']>>, network: PublicNetwork): string[] {
  const out: string[] = [];
  const detected = snap.generation;
  if (detected && (detected.kind === 'stardust' || detected.kind === 'rebased') && detected.kind !== network.generation)
    out.push(vscode.l10n.t('it runs Wasp {0}', detected.kind === 'rebased' ? '2 (Rebased)' : '1 (Stardust)'));
  const info = snap.info as { chainID?: string; evmChainId?: number | bigint } | undefined;
  if (info?.chainID !== undefined && info.chainID.toLowerCase() !== network.chainId.toLowerCase()) out.push(vscode.l10n.t('its chain is {0}', info.chainID));
  if (info?.evmChainId !== undefined && BigInt(info.evmChainId) !== network.evmChainId)
    out.push(vscode.l10n.t('its EVM chain ID is {0}, not {1}', String(info.evmChainId), network.evmChainId.toString()));
  return out;
}
