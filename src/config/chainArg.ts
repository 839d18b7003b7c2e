// Which chain a command acts on. Every chain command reads its argument here, so that a tree node,
// a name from a keybinding or a test, `{ chainName }`, a ChainEntry and an invalid settings entry
// mean the same to all of them; without an argument: the default chain, else a quick pick.
import * as vscode from 'vscode';
import { nodeKey, type ChainEntry } from './model/chainConfig';
import { Commands } from '../constants';
import { shortId } from '../core/format';
import { iconSafeLabel, notificationText } from '../core/text';
import type { ChainRegistry } from './chainRegistry';
import type { NodeClients } from './nodeClients';
import { parseChainArg } from './model/chainRef';

export interface ResolveOptions {
  /** Without an argument, take the default chain (or the only one) before asking; default true. */
  preferDefault?: boolean;
  placeHolder?: string;
  /** What to say when the argument is an invalid settings entry. */
  invalidEntryMessage?: (name: string) => string;
}

/**
 * The chain an argument names: an unknown name or an invalid entry is reported, never replaced
 * by another chain; no argument is the default chain (unless `preferDefault: false`), else a pick.
 */
/** What resolving a chain argument reads: the chains, and what each node was detected as (the pick's descriptions). */
export interface ChainArgDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'valid' | 'defaultChainName' | 'find'>;
  readonly clients: Pick<NodeClients, 'generations'>;
}

export async function resolveChain(deps: ChainArgDeps, arg: unknown, options: ResolveOptions = {}): Promise<ChainEntry | undefined> {
  const ref = parseChainArg(arg);
  switch (ref.kind) {
    case 'invalidEntry': {
      const message = options.invalidEntryMessage?.(ref.name) ?? vscode.l10n.t('The settings entry "{0}" is invalid: correct it first.', ref.name);
      void vscode.window.showWarningMessage(notificationText(message));
      return undefined;
    }
    case 'unrecognised':
      reportUnrecognised();
      return undefined;
    case 'name': {
      const chain = deps.chains.get(ref.name);
      if (!chain) {
        // A chain known only by its JSON-RPC has no node for these commands: said plainly, not "unknown".
        const known = deps.chains.find(ref.name);
        if (known) reportNoWebApi(known.name);
        else reportUnknownChain(ref.name);
      }
      return chain;
    }
    case 'none':
      break;
  }
  if (deps.chains.valid().length === 0) {
    offerAddChain();
    return undefined;
  }
  if (options.preferDefault !== false) {
    const named = deps.chains.defaultChainName();
    const def = named ? deps.chains.get(named) : undefined;
    if (def) return def;
    const valid = deps.chains.valid();
    if (valid.length === 1) return valid[0];
  }
  return pickChain(deps, options.placeHolder);
}

export function reportUnrecognised(): void {
  void vscode.window.showErrorMessage(vscode.l10n.t('The command needs a chain name, a node of the Chains view or {0}.', '{ chainName }'));
}

export function reportUnknownChain(name: string): void {
  void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No valid chain named "{0}" is configured (waspChain.chains).', name)));
}

export function reportNoWebApi(name: string): void {
  void vscode.window.showWarningMessage(
    notificationText(
      vscode.l10n.t('"{0}" is known only by its EVM JSON-RPC: this command needs the chain’s web API. Add nodeUrl to its entry in waspChain.chains.', name),
    ),
  );
}

/** Not awaited: the command ends, the notification stays until answered. */
function offerAddChain(): void {
  const add = vscode.l10n.t('Add Chain');
  void vscode.window.showWarningMessage(vscode.l10n.t('No chain is configured yet.'), add).then((choice) => {
    if (choice === add) void vscode.commands.executeCommand(Commands.addChain);
  });
}

/** The chain ID, or what the node was found to run: never "Rebased" for a node that is not a Wasp node. */
function pickDescription(deps: ChainArgDeps, chain: ChainEntry): string {
  const found = deps.clients.generations.peek(nodeKey(chain.nodeUrl));
  if (found?.kind === 'unknown') return vscode.l10n.t('not a Wasp node (it answered {0})', found.said);
  if (chain.chainId) return shortId(chain.chainId);
  return found?.kind === 'stardust' ? vscode.l10n.t('no chain ID, but the node runs Stardust') : vscode.l10n.t("Rebased: the node's chain");
}

async function pickChain(deps: ChainArgDeps, placeHolder?: string): Promise<ChainEntry | undefined> {
  const def = deps.chains.defaultChainName()?.toLowerCase();
  const items = deps.chains.valid().map((chain) => ({
    // QuickPick renders $(name) as an icon: a name from settings must not form one.
    label: iconSafeLabel(chain.name),
    description: chain.name.toLowerCase() === def ? `★ ${pickDescription(deps, chain)}` : pickDescription(deps, chain),
    detail: iconSafeLabel(chain.nodeUrl),
    chain,
    picked: chain.name.toLowerCase() === def,
  }));
  // The default first: it is the one a pick starts on.
  items.sort((x, y) => Number(y.picked) - Number(x.picked));
  const options = { placeHolder: placeHolder ?? vscode.l10n.t('Pick a chain'), matchOnDescription: true, matchOnDetail: true };
  const picked = await vscode.window.showQuickPick(items, options);
  return picked?.chain;
}
