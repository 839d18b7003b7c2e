// Which chain a command acts on: an argument (a name, a tree node, a chain entry), else the
// default chain, else a quick pick. Commands accept optional arguments so that keybindings and
// tests can script them.
import * as vscode from 'vscode';
import type { ChainEntry } from '../config/model/chainConfig';
import { shortId } from '../core/format';
import type { Services } from '../services';
import { iconSafeLabel, notificationText } from '../core/text';

/** What a command may receive to name a chain. Tree nodes carry `chainName`. */
export type ChainArg = string | { chainName: string } | { chain: ChainEntry } | ChainEntry | undefined;

export function chainFromArg(services: Services, arg: unknown): ChainEntry | undefined {
  if (typeof arg === 'string') return services.chains.get(arg);
  if (typeof arg === 'object' && arg !== null) {
    const o = arg as Record<string, unknown>;
    if (typeof o.chainName === 'string') return services.chains.get(o.chainName);
    if (typeof o.chain === 'object' && o.chain !== null && typeof (o.chain as ChainEntry).name === 'string') return services.chains.get((o.chain as ChainEntry).name);
    if (typeof o.name === 'string' && typeof o.chainId === 'string') return services.chains.get(o.name);
  }
  return undefined;
}

/**
 * Resolves the chain: from the argument when given (an unknown name is an error, not a
 * silent fallback), else the default chain, else asks.
 */
export async function resolveChain(services: Services, arg: unknown, options: { preferDefault?: boolean; placeHolder?: string } = {}): Promise<ChainEntry | undefined> {
  if (arg !== undefined && arg !== null) {
    const chain = chainFromArg(services, arg);
    if (!chain) {
      const name = typeof arg === 'string' ? arg : typeof (arg as { chainName?: unknown }).chainName === 'string' ? String((arg as { chainName: string }).chainName) : '';
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('No valid chain named "{0}" is configured (waspChain.chains).', name)));
    }
    return chain;
  }
  const valid = services.chains.valid();
  if (valid.length === 0) {
    const add = vscode.l10n.t('Add Chain');
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('No chain is configured yet.'), add);
    if (choice === add) await vscode.commands.executeCommand('waspChain.addChain');
    return undefined;
  }
  if (options.preferDefault !== false) {
    const named = services.chains.defaultChainName();
    const def = named ? services.chains.get(named) : undefined;
    if (def) return def;
    if (valid.length === 1) return valid[0];
  }
  return pickChain(services, options.placeHolder);
}

export async function pickChain(services: Services, placeHolder?: string): Promise<ChainEntry | undefined> {
  const def = services.chains.defaultChainName()?.toLowerCase();
  const items = services.chains.valid().map((chain) => ({
    // QuickPick renders $(name) as an icon: a name from settings must not form one.
    label: iconSafeLabel(chain.name),
    description: shortId(chain.chainId),
    detail: iconSafeLabel(chain.nodeUrl),
    chain,
    picked: chain.name.toLowerCase() === def,
  }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: placeHolder ?? vscode.l10n.t('Pick a chain'), matchOnDescription: true, matchOnDetail: true });
  return picked?.chain;
}
