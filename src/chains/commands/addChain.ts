// "Chain: Add Chain": name, node URL and chain ID, each validated as it is typed, then written to
// user or workspace settings. Scripted: `waspChain.addChain({ name, nodeUrl, chainId?, target?, probe? })`.
// The chain ID is Bech32 for a Stardust node, `0x` + 64 hex for a Rebased one, or left out (a
// Rebased node runs one chain); once the URL is known, the node's own Rebased chain is offered.
import * as vscode from 'vscode';
import { detectGeneration } from '../../api/generationProbe';
import { checkChainId, checkNodeUrl, checkRebasedChainId } from '../../api/ids';
import { describeSource } from '../../config/model/chainConfig';
import type { Services } from '../../services';
import type { ChainsModel } from '../chainsModel';
import { reportTokenProblem } from '../tokenPrompts';
import { notificationText, revealInvisible } from '../../core/text';

export interface AddChainArgs {
  name?: string;
  nodeUrl?: string;
  chainId?: string;
  /** Where the entry goes; default: asked when a workspace is open, else user settings. */
  target?: 'user' | 'workspace';
  /** Load the chain right away and report what the node says. */
  probe?: boolean;
}

/** Why a name cannot be used, or undefined. */
export function checkChainName(services: Services, value: string): string | undefined {
  const name = value.trim();
  if (name === '') return vscode.l10n.t('Enter a name for the chain.');
  if (name.length > 100) return vscode.l10n.t('The name is longer than 100 characters.');
  // As the settings check (model/chainConfig.ts): a bidi override or zero-width character could disguise it.
  if (revealInvisible(name) !== name) return vscode.l10n.t('The name contains invisible or control characters ({0}).', revealInvisible(name));
  const key = name.toLowerCase();
  const taken = services.chains.all().find((r) => (r.valid ? r.chain.name : r.invalid.name).toLowerCase() === key);
  if (taken)
    return vscode.l10n.t(
      'A chain named "{0}" already exists in {1}.',
      name,
      describeSource(taken.valid ? taken.chain.source : taken.invalid.source, vscode.l10n),
    );
  return undefined;
}

function urlProblem(value: string): string | undefined {
  const r = checkNodeUrl(value);
  return r.ok ? undefined : r.reason;
}

/** Empty (a Rebased node's own chain), `0x` + 64 hex (Rebased) or Bech32 (Stardust), normalised. */
function parseAnyChainId(value: string): { ok: true; chainId: string } | { ok: false; reason: string } {
  const v = value.trim();
  if (v === '') return { ok: true, chainId: '' };
  return v.startsWith('0x') ? checkRebasedChainId(v) : checkChainId(v);
}

function chainIdProblem(value: string): string | undefined {
  const r = parseAnyChainId(value);
  return r.ok ? undefined : r.reason;
}

/** The chain a Rebased node runs, when the node answers as one (one probe, no token: a user-typed URL). */
async function nodeRebasedChain(services: Services, nodeUrl: string): Promise<string | undefined> {
  try {
    const client = services.clients.clientForNode(nodeUrl, false);
    const g = await detectGeneration({ version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }) });
    if (g.kind !== 'rebased') return undefined;
    if (g.chain !== undefined) return g.chain?.chainID;
    return (await client.getRebasedChain()).chainID;
  } catch {
    // Only a suggestion: the entry is still checked when the chain loads.
    return undefined;
  }
}

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
  };
}

/** Returns the name of the chain added, or undefined (cancelled or rejected). */
export async function addChain(services: Services, model: ChainsModel, rawArgs: unknown): Promise<string | undefined> {
  const args = asArgs(rawArgs);
  const scripted = args.name !== undefined && args.nodeUrl !== undefined;
  let name: string;
  let nodeUrl: string;
  let chainId: string;
  if (scripted) {
    const problems = [checkChainName(services, args.name ?? ''), urlProblem(args.nodeUrl ?? ''), chainIdProblem(args.chainId ?? '')].filter(
      (p): p is string => p !== undefined,
    );
    if (problems.length > 0) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('The chain was not added: {0}', problems.join(' '))));
      return undefined;
    }
    name = (args.name ?? '').trim();
    nodeUrl = args.nodeUrl ?? '';
    chainId = args.chainId ?? '';
  } else {
    const title = vscode.l10n.t('Add Chain');
    const n = await vscode.window.showInputBox({
      title: `${title} (1/3)`,
      prompt: vscode.l10n.t('A name for the chain, unique among your chains'),
      placeHolder: vscode.l10n.t('e.g. IOTA EVM'),
      value: args.name,
      ignoreFocusOut: true,
      validateInput: (v) => checkChainName(services, v),
    });
    if (n === undefined) return undefined;
    const u = await vscode.window.showInputBox({
      title: `${title} (2/3)`,
      prompt: vscode.l10n.t("The Wasp node's web API base URL (http or https, without /v1)"),
      placeHolder: 'https://host/wasp/api',
      value: args.nodeUrl,
      ignoreFocusOut: true,
      validateInput: urlProblem,
    });
    if (u === undefined) return undefined;
    const offered = args.chainId === undefined ? await nodeRebasedChain(services, u) : undefined;
    const c = await vscode.window.showInputBox({
      title: `${title} (3/3)`,
      prompt: offered
        ? vscode.l10n.t("The node runs the Rebased generation and chain {0}: keep it, or leave the field empty to follow the node's chain", offered)
        : vscode.l10n.t("The chain ID: Bech32 (Stardust, Wasp 1.x), 0x + 64 hex (Rebased, Wasp 2.x), or empty for a Rebased node's own chain"),
      placeHolder: vscode.l10n.t('iota1p… or 0x…, or empty'),
      value: args.chainId ?? offered,
      ignoreFocusOut: true,
      validateInput: chainIdProblem,
    });
    if (c === undefined) return undefined;
    name = n.trim();
    nodeUrl = u;
    chainId = c;
  }
  // Stored normalised, as the registry reads it: no trailing slash, lower-case Bech32.
  const url = checkNodeUrl(nodeUrl);
  const id = parseAnyChainId(chainId);
  if (!url.ok || !id.ok) return undefined;
  const entry = { name, nodeUrl: url.url.toString().replace(/\/+$/, ''), chainId: id.chainId };

  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  let target = args.target;
  if (target === 'workspace' && !hasWorkspace) {
    void vscode.window.showErrorMessage(vscode.l10n.t('No workspace is open: the chain can only go to user settings.'));
    return undefined;
  }
  if (target === undefined && hasWorkspace && !scripted) {
    const picked = await vscode.window.showQuickPick(
      [
        { label: vscode.l10n.t('User settings'), description: vscode.l10n.t('every workspace'), target: 'user' as const },
        { label: vscode.l10n.t('Workspace settings'), description: vscode.l10n.t('this workspace only'), target: 'workspace' as const },
      ],
      { title: vscode.l10n.t('Add "{0}" to', name), ignoreFocusOut: true },
    );
    if (!picked) return undefined;
    target = picked.target;
  }
  await services.chains.add(entry, target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
  await services.chains.settled(() => services.chains.get(name) !== undefined);
  services.log.info(`Added chain "${name}" (${entry.nodeUrl}) to ${target === 'workspace' ? 'workspace' : 'user'} settings`);

  if (args.probe) {
    await probe(services, model, name);
  } else if (!scripted) {
    const check = vscode.l10n.t('Check Node');
    void vscode.window.showInformationMessage(notificationText(vscode.l10n.t('Chain "{0}" added.', name)), check).then((choice) => {
      if (choice === check) void probe(services, model, name);
    });
  }
  return name;
}

/** Loads the chain now and says what its node answered. */
async function probe(services: Services, model: ChainsModel, name: string): Promise<void> {
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
