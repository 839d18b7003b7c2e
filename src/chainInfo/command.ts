// "Chain: Show Chain Info". Scriptable: the chain from the first argument (a name, a tree node
// with chainName, a chain entry, or { chainName | chain, block, compareWith }), the block from a
// second argument or the `block` field; without a chain, a quick pick (the default chain first) when
// several are configured, else the one chain.
// Resolves with the panel, so callers (and tests) can await what it shows.
import * as vscode from 'vscode';
import { resolveChain } from '../config/chainArg';
import type { ChainArgDeps } from '../config/chainArg';
import type { ChainInfoIdentity } from './protocol';

export interface OpenChainInfoOptions {
  /** Also compare with this state (undefined inside the object = the latest state). */
  compareWith?: { block: string | number | undefined };
  viewColumn?: vscode.ViewColumn;
}

/** What the command needs of the feature: a way to open a panel. */
export interface ChainInfoOpener<P> {
  open(identity: ChainInfoIdentity, options?: OpenChainInfoOptions): Promise<P>;
}

export interface ShowChainInfoArgs {
  /** What names the chain (passed to resolveChain); undefined = default chain or quick pick. */
  chain: unknown;
  block: string | number | undefined;
  /** Present when a comparison is asked for; its block undefined = the latest state. */
  compareWith: { block: string | number | undefined } | undefined;
}

const isBlockValue = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Reads the command's arguments; tolerant of what VS Code passes from menus (node, selected nodes). */
export function parseShowChainInfoArgs(first: unknown, second?: unknown): ShowChainInfoArgs {
  let chain: unknown;
  let block: string | number | undefined;
  let compareWith: ShowChainInfoArgs['compareWith'];
  if (typeof first === 'string') chain = first;
  else if (typeof first === 'object' && first !== null) {
    const o = first as Record<string, unknown>;
    // An object that names no chain (e.g. only { block }) leaves the choice to default / pick.
    const namesChain =
      typeof o.chainName === 'string' || (typeof o.chain === 'object' && o.chain !== null) || (typeof o.name === 'string' && typeof o.chainId === 'string');
    chain = typeof o.chain === 'string' ? o.chain : namesChain ? first : undefined;
    if (isBlockValue(o.block)) block = o.block;
    if ('compareWith' in o && o.compareWith !== undefined && o.compareWith !== null) {
      compareWith = { block: isBlockValue(o.compareWith) ? o.compareWith : String(o.compareWith) };
    }
  }
  // From a tree's context menu the second argument is the list of selected nodes: not a block.
  if (isBlockValue(second)) block = second;
  return { chain, block, compareWith };
}

export async function showChainInfo<P>(deps: ChainArgDeps, feature: ChainInfoOpener<P>, first?: unknown, second?: unknown): Promise<P | undefined> {
  const args = parseShowChainInfoArgs(first, second);
  // With several chains, the user picks (the default first): a default alone must not hide the others.
  const several = args.chain === undefined && deps.chains.valid().length > 1;
  const chain = await resolveChain(deps, args.chain, { preferDefault: !several, placeHolder: vscode.l10n.t('Show the chain info of…') });
  if (!chain) return undefined;
  return feature.open({ chainName: chain.name, block: args.block === undefined ? undefined : String(args.block) }, { compareWith: args.compareWith });
}
