// "Chain: Add Chain" starts with the public networks by name (../../config/model/publicNetworksData.json), and
// "Another node…" for the rest. A network adds a complete entry (web API, chain ID, EVM JSON-RPC,
// explorer); nothing is contacted until it is added. Then the node is asked once, and what it runs
// (generation, chain ID, EVM chain ID) is checked against the entry, in plain words when it differs
// or the host does not answer. A network without a web API (IOTA EVM Testnet) adds an EVM-only entry,
// and its JSON-RPC is asked eth_chainId instead.
import * as vscode from 'vscode';
import type { AddChainDeps } from './commandDeps';
import type { ChainsModel } from '../chainsModel';
import { networkEntry, PUBLIC_NETWORKS_CHECKED, publicNetworks, type EvmOnlyNetworkEntry, type PublicNetwork } from '../../config/model/publicNetworks';
import { RPC_MAX_BYTES, RPC_TIMEOUT_MS } from '../../evm/model/jsonRpc';
import type { L10n } from '../../core/l10n';
import { askScope } from './addChainSteps';
import { externalUrlToOpen, notificationText } from '../../core/text';
import { checkNodeUrl } from '../../api/ids';
import { traitsOf, traitsOfDetected } from '../../api/traits';

/** The pick: a network, "another node" (today's steps), or undefined (dismissed). */
export async function pickNetwork(): Promise<PublicNetwork | 'other' | undefined> {
  const generationWords = (n: PublicNetwork) => traitsOf(n.generation).networkName(vscode.l10n);
  const items = [
    ...publicNetworks().map((n) => ({
      label: n.name,
      description: new URL(n.nodeUrl ?? n.evmJsonRpcUrl).host,
      detail:
        n.nodeUrl === undefined
          ? vscode.l10n.t('EVM JSON-RPC only (no web API) · EVM chain ID {0} · checked {1}', n.evmChainId.toString(), PUBLIC_NETWORKS_CHECKED)
          : vscode.l10n.t('{0} · EVM chain ID {1} · checked {2}', generationWords(n), n.evmChainId.toString(), PUBLIC_NETWORKS_CHECKED),
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
  options: { target?: 'user' | 'workspace'; nodeUrl?: string; evmJsonRpcUrl?: string; scripted: boolean },
): Promise<string | undefined> {
  const name = network.name;
  if (deps.chains.get(name) || deps.chains.all().some((c) => (c.valid === false ? c.invalid.name : c.chain.name) === name)) {
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('A chain named "{0}" is configured already.', name)));
    return undefined;
  }
  const entry = networkEntry(network);
  if (!('nodeUrl' in entry)) return addEvmOnlyNetwork(deps, network, entry, options);
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

/** Where an EVM-only entry goes: the workspace when asked for (and open), else the user's settings. */
async function targetOf(
  name: string,
  shownUrl: string,
  options: { target?: 'user' | 'workspace'; scripted: boolean },
): Promise<'user' | 'workspace' | undefined> {
  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  let target = options.target;
  if (target === 'workspace' && !hasWorkspace) target = undefined;
  if (target === undefined && hasWorkspace && !options.scripted) return askScope(name, shownUrl, 1);
  return target ?? 'user';
}

/** Adds a network known only by its JSON-RPC (at `evmJsonRpcUrl` when a script points it at a mirror), then asks its eth_chainId. */
async function addEvmOnlyNetwork(
  deps: AddChainDeps,
  network: PublicNetwork,
  entry: EvmOnlyNetworkEntry,
  options: { target?: 'user' | 'workspace'; evmJsonRpcUrl?: string; scripted: boolean },
): Promise<string | undefined> {
  const name = network.name;
  if (options.evmJsonRpcUrl !== undefined) {
    const url = externalUrlToOpen(options.evmJsonRpcUrl.trim());
    if (url === undefined) {
      void vscode.window.showErrorMessage(
        notificationText(vscode.l10n.t('The chain was not added: evmJsonRpcUrl must be an http(s) URL without credentials.')),
      );
      return undefined;
    }
    entry.evmJsonRpcUrl = url;
  }
  const target = await targetOf(name, entry.evmJsonRpcUrl, options);
  if (!target) return undefined;
  await deps.chains.addEvmOnly(entry, target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  await deps.chains.settled(() => deps.chains.find(name) !== undefined);
  deps.log.info(`Added the public network "${name}" (JSON-RPC ${entry.evmJsonRpcUrl}, no web API) to ${target} settings`);
  const host = new URL(entry.evmJsonRpcUrl).host;
  const { fetchChainId } = await import('../../evm/model/txRpc.js');
  const { rpcFailureText } = await import('../../transactions/model/evmExplain.js');
  const answer = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: notificationText(vscode.l10n.t('Checking "{0}" with its JSON-RPC…', name)) },
    () => deps.clients.limited(() => fetchChainId(entry.evmJsonRpcUrl, { fetch: globalThis.fetch })),
  );
  if (!answer.ok) {
    void vscode.window.showWarningMessage(
      notificationText(
        vscode.l10n.t('"{0}" added, but {1} does not answer as its JSON-RPC: {2}.', name, host, rpcFailureText(answer, vscode.l10n, CHAIN_ID_CALL)),
      ),
    );
  } else if (answer.value !== network.evmChainId) {
    void vscode.window.showWarningMessage(
      notificationText(
        vscode.l10n.t(
          '"{0}" added, but its JSON-RPC differs from the network: its EVM chain ID is {1}, not {2}.',
          name,
          answer.value.toString(),
          network.evmChainId.toString(),
        ),
      ),
    );
  } else {
    void vscode.window.showInformationMessage(
      notificationText(
        vscode.l10n.t(
          '"{0}" added and checked: its JSON-RPC answers EVM chain ID {1}. No web API is known for it: the ISC receipt, burn log and governance are not shown.',
          name,
          network.evmChainId.toString(),
        ),
      ),
    );
  }
  return name;
}

const CHAIN_ID_CALL = {
  method: 'eth_chainId',
  maxBytes: RPC_MAX_BYTES,
  timeoutMs: RPC_TIMEOUT_MS,
  answer: (l10n: L10n) => l10n.t('an EVM chain ID'),
};

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
  const runs = traitsOfDetected(snap.generation);
  if (runs && runs !== traitsOf(network.generation)) out.push(vscode.l10n.t('it runs {0}', runs.name(vscode.l10n)));
  const info = snap.info as { chainID?: string; evmChainId?: number | bigint } | undefined;
  if (info?.chainID !== undefined && info.chainID.toLowerCase() !== network.chainId.toLowerCase()) out.push(vscode.l10n.t('its chain is {0}', info.chainID));
  if (info?.evmChainId !== undefined && BigInt(info.evmChainId) !== network.evmChainId)
    out.push(vscode.l10n.t('its EVM chain ID is {0}, not {1}', String(info.evmChainId), network.evmChainId.toString()));
  return out;
}
