// The chains feature: the model, the "Chains" tree view, the status bar item, the problem
// report, and the commands that manage chains and tokens.
import * as vscode from 'vscode';
import { Views } from '../constants';
import type { Services } from '../services';
import { registerAddChain } from './commands/addChain';
import { registerChainActions } from './commands/chainActions';
import { registerRefresh } from './commands/refresh';
import { registerRemoveChain } from './commands/removeChain';
import { registerSetDefaultChain } from './commands/setDefaultChain';
import { registerTokenCommands } from './commands/tokens';
import { ChainProblemsReporter } from './problems';
import { ChainsModel } from './chainsModel';
import { ChainStatusBar } from './statusBar';
import { ChainsTreeProvider, type ChainsTreeNode } from './tree';

/** Handles for other features and for the integration tests. */
export interface ChainsFeatureApi {
  readonly model: ChainsModel;
  readonly tree: ChainsTreeProvider;
  readonly view: vscode.TreeView<ChainsTreeNode>;
  readonly statusBar: ChainStatusBar;
  readonly problems: ChainProblemsReporter;
}

/** Registers everything; its disposables go to the extension context. */
export function registerChainsFeature(services: Services): ChainsFeatureApi {
  const model = new ChainsModel(services);
  const tree = new ChainsTreeProvider(services, model);
  const view = vscode.window.createTreeView(Views.chains, { treeDataProvider: tree, showCollapseAll: true });
  const statusBar = new ChainStatusBar(services, model);
  const problems = new ChainProblemsReporter(services);
  services.context.subscriptions.push(
    registerAddChain(services, model),
    registerRemoveChain(services, model),
    registerRefresh(model),
    registerSetDefaultChain(services),
    registerTokenCommands(services, model),
    registerChainActions(services, model),
    problems,
    statusBar,
    view,
    tree,
    model,
  );
  return { model, tree, view, statusBar, problems };
}
