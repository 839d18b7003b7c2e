// The typed-in steps of "Chain: Add Chain": name, node URL, the node's chain, where to save. The
// node is asked right after its URL (model/nodeSurvey.ts): its chains are offered, and a node that
// cannot be used (unreachable, not a Wasp node, needs a token) is named, with "Edit URL" or "Save
// anyway", so that no broken entry is saved without a word. Validators shared with the scripted form.
import * as vscode from 'vscode';
import { checkChainId, checkNodeUrl, checkRebasedChainId } from '../../api/ids';
import { describeSource, nodeKey } from '../../config/model/chainConfig';
import { iconSafeLabel, notificationText, revealInvisible } from '../../core/text';
import type { AddChainDeps } from './commandDeps';
import { suggestedScope, surveyNode, type NodeSurvey } from '../model/nodeSurvey';
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';

export interface AddChainArgs {
  name?: string;
  nodeUrl?: string;
  chainId?: string;
  /** Where the entry goes; default: asked when a workspace is open, else user settings. */
  target?: 'user' | 'workspace';
  /** Load the chain right away and report what the node says. */
  probe?: boolean;
  /** A public network by its id (model/publicNetworks.json): its whole entry; `nodeUrl` may point it at a mirror. */
  network?: string;
  /** With `network`: its JSON-RPC at this URL instead (a mirror), for a network known only by its JSON-RPC. */
  evmJsonRpcUrl?: string;
}

/** What the steps gathered, with what the node answered when asked. */
export interface AskedEntry {
  name: string;
  nodeUrl: string;
  chainId: string;
  survey: NodeSurvey;
}

/** Why a name cannot be used, or undefined. */
export function checkChainName(deps: AddChainDeps, value: string): string | undefined {
  const name = value.trim();
  if (name === '') return vscode.l10n.t('Enter a name for the chain.');
  if (name.length > 100) return vscode.l10n.t('The name is longer than 100 characters.');
  // As the settings check (model/chainConfig.ts): a bidi override or zero-width character could disguise it.
  if (revealInvisible(name) !== name) return vscode.l10n.t('The name contains invisible or control characters ({0}).', revealInvisible(name));
  const key = name.toLowerCase();
  const taken = deps.chains.all().find((r) => (r.valid === false ? r.invalid.name : r.chain.name).toLowerCase() === key);
  if (taken)
    return vscode.l10n.t(
      'A chain named "{0}" already exists in {1}.',
      name,
      describeSource(taken.valid ? taken.chain.source : taken.invalid.source, vscode.l10n),
    );
  return undefined;
}

export function urlProblem(value: string): string | undefined {
  const r = checkNodeUrl(value);
  return r.ok ? undefined : r.reason;
}

/** Empty (a Rebased node's own chain), `0x` + 64 hex (Rebased) or Bech32 (Stardust), normalised. */
export function parseAnyChainId(value: string): { ok: true; chainId: string } | { ok: false; reason: string } {
  const v = value.trim();
  if (v === '') return { ok: true, chainId: '' };
  return v.startsWith('0x') ? checkRebasedChainId(v) : checkChainId(v);
}

export function chainIdProblem(value: string): string | undefined {
  const r = parseAnyChainId(value);
  return r.ok ? undefined : r.reason;
}

/** How many steps the user goes through: the same count from the first step to the last. */
export function stepsOf(args: AddChainArgs): number {
  const hasWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  return hasWorkspace && args.target === undefined ? 4 : 3;
}

const title = (step: number, total: number) => `${vscode.l10n.t('Add Chain')} (${step}/${total})`;

/** Name, URL (asked again on "Edit URL"), then the chain the node offers or the one typed in. */
export async function askEntry(deps: AddChainDeps, args: AddChainArgs): Promise<AskedEntry | undefined> {
  const total = stepsOf(args);
  const name = await vscode.window.showInputBox({
    title: title(1, total),
    prompt: vscode.l10n.t('A name for the chain, unique among your chains'),
    placeHolder: vscode.l10n.t('e.g. IOTA EVM'),
    value: args.name,
    ignoreFocusOut: true,
    validateInput: (v) => checkChainName(deps, v),
  });
  if (name === undefined) return undefined;
  let url = args.nodeUrl;
  for (;;) {
    url = await vscode.window.showInputBox({
      title: title(2, total),
      prompt: vscode.l10n.t("The Wasp node's web API base URL (http or https, without /v1)"),
      placeHolder: 'https://host/wasp/api',
      value: url,
      ignoreFocusOut: true,
      validateInput: urlProblem,
    });
    if (url === undefined) return undefined;
    const survey = await surveyWithProgress(deps, url);
    let chainId: string | undefined;
    if (survey.kind === 'problem') {
      const choice = await askAfterProblem(survey, url, total);
      if (choice === undefined) return undefined;
      if (choice === 'edit') continue;
      chainId = await typeChainId(args.chainId, survey, total);
    } else {
      chainId = await pickChain(survey, args.chainId, total);
    }
    return chainId === undefined ? undefined : { name: name.trim(), nodeUrl: url, chainId, survey };
  }
}

/** One look at the node, without a token (the URL was just typed: nothing stored goes to it). */
function surveyWithProgress(deps: AddChainDeps, nodeUrl: string): Thenable<NodeSurvey> {
  const client = deps.clients.clientForNode(nodeUrl, false);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: notificationText(vscode.l10n.t('Asking {0} what it runs…', nodeKey(nodeUrl))) },
    () =>
      surveyNode(
        { version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }), chains: () => client.getChains() },
        vscode.l10n,
      ),
  );
}

/** The node cannot be used as it is: correct the URL, or keep it knowingly. */
async function askAfterProblem(survey: NodeSurvey & { kind: 'problem' }, nodeUrl: string, total: number): Promise<'edit' | 'save' | undefined> {
  const items = [
    {
      label: vscode.l10n.t('Edit URL'),
      description: iconSafeLabel(nodeUrl),
      detail: vscode.l10n.t('Correct the address, and the node is asked again.'),
      choice: 'edit' as const,
    },
    {
      label: vscode.l10n.t('Save anyway'),
      detail: vscode.l10n.t('Keep this address: the Chains view shows what the node answers until it works.'),
      choice: 'save' as const,
    },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: title(2, total),
    placeHolder: notificationText(vscode.l10n.t('The node {0}: {1}. {2}', nodeKey(nodeUrl), survey.label, survey.detail)),
    ignoreFocusOut: true,
  });
  return picked?.choice;
}

type ChainItem = vscode.QuickPickItem & { chainId?: string };

/** The chains the node offers, then "Enter a chain ID…"; a node that lists none goes straight to typing. */
async function pickChain(survey: NodeSurvey & { kind: Generation }, prefill: string | undefined, total: number): Promise<string | undefined> {
  let items: ChainItem[];
  let placeHolder: string;
  const runs = traitsOf(survey.kind).name(vscode.l10n);
  // A node that runs one chain names it in its answer; a node of many lists them (with a token, perhaps).
  if ('chain' in survey) {
    items = [
      { label: survey.chain.chainId, description: vscode.l10n.t("the node's chain"), chainId: survey.chain.chainId },
      {
        label: vscode.l10n.t("Follow the node's chain"),
        description: vscode.l10n.t('no chain ID'),
        detail: vscode.l10n.t('The entry follows whichever chain this node runs.'),
        chainId: '',
      },
    ];
    placeHolder = vscode.l10n.t('The node runs {0}, version {1}: pick its chain', runs, survey.version || '?');
  } else {
    if (!survey.listed || survey.chains.length === 0) return typeChainId(prefill, survey, total);
    items = survey.chains.map((c) => ({
      label: iconSafeLabel(c.name ?? c.chainId),
      description: c.name ? c.chainId : undefined,
      detail: c.active ? undefined : vscode.l10n.t('not running on this node (inactive)'),
      chainId: c.chainId,
    }));
    placeHolder = vscode.l10n.t('The node runs {0}, version {1}, and lists {2} chains: pick one', runs, survey.version || '?', items.length);
  }
  items.push({ label: vscode.l10n.t('Enter a chain ID…'), alwaysShow: true });
  const picked = await vscode.window.showQuickPick(items, { title: title(3, total), placeHolder, matchOnDescription: true, ignoreFocusOut: true });
  if (!picked) return undefined;
  return picked.chainId ?? typeChainId(prefill, survey, total);
}

/** The chain ID typed in, checked against what the node runs when that is known. */
async function typeChainId(prefill: string | undefined, survey: NodeSurvey, total: number): Promise<string | undefined> {
  // What the node answered decides the IDs it takes: a node listing many chains names them in
  // Bech32 (Stardust); a node of one chain takes its 0x ID or none; an unknown node, either form.
  const listsChains = 'chains' in survey;
  const validate = (v: string): string | undefined => {
    if (listsChains) {
      const r = checkChainId(v);
      return r.ok ? undefined : v.trim().startsWith('0x') ? vscode.l10n.t('This node runs Stardust (Wasp 1.x): its chain IDs are Bech32.') : r.reason;
    }
    if ('chain' in survey && v.trim() !== '') {
      const r = checkRebasedChainId(v);
      return r.ok ? undefined : r.reason;
    }
    return chainIdProblem(v);
  };
  return vscode.window.showInputBox({
    title: title(3, total),
    prompt: listsChains
      ? survey.listed
        ? vscode.l10n.t("The node runs Stardust (Wasp 1.x): the chain's Bech32 ID")
        : vscode.l10n.t("The node runs Stardust (Wasp 1.x) and lists its chains only with a token: the chain's Bech32 ID")
      : vscode.l10n.t("The chain ID: 0x + 64 hex (Rebased, Wasp 2.x), Bech32 (Stardust, Wasp 1.x), or empty for a Rebased node's own chain"),
    placeHolder: listsChains ? 'iota1p…' : vscode.l10n.t('0x… or iota1p…, or empty'),
    value: prefill,
    ignoreFocusOut: true,
    validateInput: validate,
  });
}

/** User or workspace settings, the suggested one first with why (a node on this machine: this workspace). */
export async function askScope(name: string, nodeUrl: string, total: number): Promise<'user' | 'workspace' | undefined> {
  const suggested = suggestedScope(true, nodeUrl, vscode.l10n);
  const items = [
    { label: vscode.l10n.t('User settings'), description: vscode.l10n.t('every workspace'), target: 'user' as const },
    { label: vscode.l10n.t('Workspace settings'), description: vscode.l10n.t('this workspace only'), target: 'workspace' as const },
  ]
    .map((i) => (i.target === suggested.target ? { ...i, detail: suggested.why } : i))
    .sort((a, b) => Number(b.target === suggested.target) - Number(a.target === suggested.target));
  const picked = await vscode.window.showQuickPick(items, {
    title: title(total, total),
    placeHolder: vscode.l10n.t('Add "{0}" to', name),
    ignoreFocusOut: true,
  });
  return picked?.target;
}
