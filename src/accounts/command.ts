// "Chain: Show Account", "Pin Account", "Unpin", "Open in explorer" of an account. Scriptable: the
// account from a string or `{ address, chainName, block, compareWith }` (what the hover's links, the
// tree's lines and the receipt panel pass); without an address, an input box validated as you type
// with the chain's own agent ID rules. Every address is checked before any request; a malformed one
// is said, never sent. Loaded on first use.
import * as vscode from 'vscode';
import { openFoundUrl } from '../ui/openFound';
import { checkEvmAddress } from '../api/ids';
import { resolveChain, type ChainArgDeps } from '../config/chainArg';
import { notificationText } from '../core/text';
import { errorSummary } from '../ui/errors';
import type { AccountIdentity } from './protocol';
import type { AccountService } from './service';
import type { PinnedAccounts } from './pins';

export interface ShowAccountArgs {
  address: string | undefined;
  chainName: string | undefined;
  block: string | undefined;
  compareWith: { block: string | undefined } | undefined;
}

const blockOf = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/** Reads the command's arguments; tolerant of what VS Code passes from menus (a tree line, the selected lines). */
export function parseAccountArgs(first: unknown): ShowAccountArgs {
  if (typeof first === 'string') return { address: first, chainName: undefined, block: undefined, compareWith: undefined };
  if (typeof first !== 'object' || first === null) return { address: undefined, chainName: undefined, block: undefined, compareWith: undefined };
  const o = first as Record<string, unknown>;
  const compare = 'compareWith' in o && o.compareWith !== undefined && o.compareWith !== null ? { block: blockOf(o.compareWith) } : undefined;
  return {
    address: typeof o.address === 'string' ? o.address : undefined,
    chainName: typeof o.chainName === 'string' ? o.chainName : undefined,
    block: blockOf(o.block),
    compareWith: compare,
  };
}

export interface AccountOpener<P> {
  open(identity: AccountIdentity, options?: { compareWith?: { block: string | undefined } }): Promise<P>;
}

export interface AccountCommandDeps extends ChainArgDeps {
  readonly service: AccountService;
  readonly pins: PinnedAccounts;
}

export async function showAccount<P>(deps: AccountCommandDeps, feature: AccountOpener<P>, first?: unknown): Promise<P | undefined> {
  const args = parseAccountArgs(first);
  // An account lives on one chain: with more than one to ask, the user picks (the default first).
  const chain = await resolveChain(deps, args.chainName, {
    placeHolder: vscode.l10n.t('Show an account on…'),
    preferDefault: deps.chains.valid().length <= 1,
  });
  if (!chain) return undefined;
  const check = (value: string): string | undefined => {
    try {
      deps.service.agentFor(chain, value);
      return undefined;
    } catch (e) {
      return errorSummary(e);
    }
  };
  let address = args.address;
  if (address === undefined) {
    address = await vscode.window.showInputBox({
      title: vscode.l10n.t('Show Account on {0}', chain.name),
      prompt: vscode.l10n.t('An EVM address (0x + 40 hex) or an agent ID'),
      placeHolder: '0x…',
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() === '' ? undefined : check(v)),
    });
    if (address === undefined || address.trim() === '') return undefined;
  }
  const problem = check(address);
  if (problem !== undefined) {
    void vscode.window.showWarningMessage(notificationText(vscode.l10n.t('Not shown: {0}', problem)));
    return undefined;
  }
  const evm = checkEvmAddress(address);
  const identity: AccountIdentity = {
    chainName: chain.name,
    address: evm.ok ? evm.address : address.trim(),
    ...(args.block === undefined ? {} : { block: args.block }),
  };
  return feature.open(identity, args.compareWith === undefined ? {} : { compareWith: args.compareWith });
}

/** The pin of an argument: an EVM address (checked) on a configured chain, else said and undefined. */
function pinOf(deps: AccountCommandDeps, arg: unknown): { chainName: string; address: string } | undefined {
  const args = parseAccountArgs(arg);
  const check = args.address === undefined ? undefined : checkEvmAddress(args.address);
  const chain = args.chainName === undefined ? undefined : deps.service.chain(args.chainName);
  if (!check?.ok || !chain) {
    void vscode.window.showWarningMessage(
      notificationText(
        check !== undefined && !check.ok
          ? vscode.l10n.t('Not pinned: {0}', check.reason)
          : vscode.l10n.t('Not pinned: the link names no EVM address on a configured chain.'),
      ),
    );
    return undefined;
  }
  return { chainName: chain.name, address: check.address };
}

export async function pinAccount(deps: AccountCommandDeps, arg: unknown): Promise<boolean> {
  const pin = pinOf(deps, arg);
  if (!pin) return false;
  await deps.pins.pin(pin);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Pinned {0} to the Accounts of {1}', pin.address, pin.chainName), 3000);
  return true;
}

export async function unpinAccount(deps: AccountCommandDeps, arg: unknown): Promise<boolean> {
  const pin = pinOf(deps, arg);
  if (!pin) return false;
  await deps.pins.unpin(pin);
  return true;
}

/** The explorer URL of an account, rebuilt from the checked address and the chain's settings (or the default of its EVM chain ID). */
export async function accountExplorerUrl(service: AccountService, arg: unknown): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const args = parseAccountArgs(arg);
  const check = args.address === undefined ? undefined : checkEvmAddress(args.address);
  const chain = args.chainName === undefined ? undefined : service.chain(args.chainName);
  if (!check?.ok || !chain) return { ok: false, reason: vscode.l10n.t('Not opened: the link has no valid address and chain.') };
  const { explorerAddressUrl, explorerBase } = await import('../transactions/model/explorer.js');
  const url = explorerAddressUrl(explorerBase(chain.explorerUrl, await service.explorerChainId(chain)), check.address);
  return url === undefined
    ? { ok: false, reason: vscode.l10n.t('Not opened: no explorer is known for {0} (set explorerUrl in the chain entry).', chain.name) }
    : { ok: true, url };
}

export function openAccountInExplorer(service: AccountService, arg: unknown): Promise<boolean> {
  return openFoundUrl(() => accountExplorerUrl(service, arg));
}
