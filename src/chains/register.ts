// The chains feature: the model, the "Chains" tree view, the status bar item, the problem
// report, and the commands that manage chains and tokens.
import type { KnownIds } from '../core/knownIds';
import * as vscode from 'vscode';
import { Commands, Views } from '../constants';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { TokenStore } from '../config/tokenStore';
import type { RecentReceipts } from '../transactions/model/recentReceipts';
import { ChainProblemsReporter } from './problems';
import { ChainsModel } from './chainsModel';
import { ChainStatusBar } from './statusBar';
import { ChainsTreeProvider, type ChainsTreeNode } from './tree';
import { BlocksModel } from './blocks';
import { registerBlockCommands } from './blockCommands';

/** Handles for other features and for the integration tests. */
export interface ChainsFeatureApi {
  readonly model: ChainsModel;
  readonly tree: ChainsTreeProvider;
  readonly view: vscode.TreeView<ChainsTreeNode>;
  readonly statusBar: ChainStatusBar;
  readonly problems: ChainProblemsReporter;
  readonly blocks: BlocksModel;
}

/** What the chains feature is built over (extension.ts hands the objects over). */
export interface ChainsFeatureDeps {
  readonly context: vscode.ExtensionContext;
  readonly chains: ChainRegistry;
  readonly clients: NodeClients;
  readonly tokens: TokenStore;
  readonly recent: RecentReceipts;
  readonly known: KnownIds;
  readonly log: vscode.LogOutputChannel;
}

/** Registers everything; its disposables go to the extension context. */
export function registerChainsFeature(deps: ChainsFeatureDeps): ChainsFeatureApi {
  const model = new ChainsModel(deps);
  const blocks = new BlocksModel(deps);
  const tree = new ChainsTreeProvider(deps, model, blocks);
  const view = vscode.window.createTreeView(Views.chains, { treeDataProvider: tree, showCollapseAll: true });
  // Following the latest blocks (a setting, off by default) runs only while the view is visible.
  blocks.setVisible(view.visible);
  const statusBar = new ChainStatusBar(deps, model);
  const problems = new ChainProblemsReporter(deps);
  // Each command's code loads on its first use (esbuild splits it out): activation loads only
  // what the tree, the status bar and the problem report need.
  const addChain = once(() => import('./commands/addChain.js'));
  const removeChain = once(() => import('./commands/removeChain.js'));
  const refresh = once(() => import('./commands/refresh.js'));
  const setDefault = once(() => import('./commands/setDefaultChain.js'));
  const tokens = once(() => import('./commands/tokens.js'));
  const actions = once(() => import('./commands/chainActions.js'));
  const useChain = once(() => import('./commands/useNodeChain.js'));
  const command = vscode.commands.registerCommand;
  // The walkthrough ticks "Add a chain" on this: chains configured before it opened never change the setting it also listens to.
  const hasChains = () => void vscode.commands.executeCommand('setContext', 'waspChain.hasChains', deps.chains.all().length > 0);
  hasChains();
  deps.context.subscriptions.push(
    deps.chains.onDidChange(hasChains),
    command(Commands.addChain, async (args?: unknown) => (await addChain()).addChain(deps, model, args)),
    command(Commands.removeChain, async (arg?: unknown) => (await removeChain()).removeChain(deps, model, arg)),
    command(Commands.refresh, async (arg?: unknown) => {
      const name = chainNameOf(arg);
      // A chain without governance to read (known only by its JSON-RPC): its head is all there is to read again.
      const known = name === undefined ? undefined : deps.chains.find(name);
      if (known && !known.can.governance) return tree.evmOnly.refresh(name);
      tree.refreshAccounts(name);
      await Promise.all([tree.evmOnly.refresh(name), (await refresh()).refresh(model, arg)]);
    }),
    command(Commands.setDefaultChain, async (arg?: unknown) => (await setDefault()).setDefaultChain(deps, arg)),
    command(Commands.setToken, async (chainArg?: unknown, token?: unknown) => (await tokens()).setToken(deps, model, chainArg, token)),
    command(Commands.signIn, async (chainArg?: unknown, creds?: unknown) => (await tokens()).signIn(deps, model, chainArg, creds)),
    command(Commands.signOut, async (chainArg?: unknown) => (await tokens()).signOut(deps, model, chainArg)),
    command(Commands.copyChainId, async (arg?: unknown) => (await actions()).copyChainId(deps, arg, model)),
    command(Commands.openPublicUrl, async (arg?: unknown) => (await actions()).openChainLink(deps, model, arg, 'publicUrl')),
    command(Commands.openWebsite, async (arg?: unknown) => (await actions()).openChainLink(deps, model, arg, 'website')),
    command(Commands.useNodeChain, async (arg?: unknown, confirmed?: unknown) => (await useChain()).useNodeChain(deps, model, arg, confirmed)),
    command(Commands.refreshBlocks, (arg?: unknown) => blocks.refresh(chainNameOf(arg))),
    command(Commands.loadMoreBlocks, async (arg?: unknown) => {
      const name = chainNameOf(arg);
      if (name !== undefined) await blocks.loadMore(name);
    }),
    ...registerBlockCommands(deps, blocks, view),
    view.onDidChangeVisibility((e) => blocks.setVisible(e.visible)),
    problems,
    statusBar,
    view,
    tree,
    blocks,
    model,
  );
  return { model, tree, view, statusBar, problems, blocks };
}

/** A chain name from a command argument: the name itself, or a tree node carrying it. */
function chainNameOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const name = typeof arg === 'object' && arg !== null ? (arg as { chainName?: unknown }).chainName : undefined;
  return typeof name === 'string' ? name : undefined;
}

/** A module loaded on first call, then the same promise for every later call. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loaded: Promise<M> | undefined;
  return () => (loaded ??= load());
}
