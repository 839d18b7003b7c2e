// The chain info feature: the command, the panels (one per chain and block, reused), and the
// serializer that brings them back after a window reload from their identity alone. The panel's
// module is loaded on first use.
import * as vscode from 'vscode';
import { Commands, WebviewTypes } from '../constants';
import type { ChainInfoPanelDeps } from './panel';
import type { ChainArgDeps } from '../config/chainArg';
import { PanelRegistry } from '../ui/registry';
import type { OpenChainInfoOptions } from './command';
import { sameChainInfo } from './identity';
import { normaliseBlock } from '../ui/model/blockState';
import type { ChainInfoPanel } from './panel';
import type { ChainInfoIdentity } from './protocol';

/** The feature's handle on ExtensionApi (integration tests use it). */
export interface ChainInfoFeature {
  /** Every open chain info panel. */
  panels(): ChainInfoPanel[];
  /** The panel of (chain, block), if open; block undefined = latest. */
  find(chainName: string, block?: string | number): ChainInfoPanel | undefined;
  /** Opens or reveals the panel of (chain, block); resolves once its first read is shown. */
  open(identity: ChainInfoIdentity, options?: OpenChainInfoOptions): Promise<ChainInfoPanel>;
  /** The serializer's path: rebuilds a panel from the state its webview saved. */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<ChainInfoPanel | undefined>;
}

/** What the chain info feature is built over (extension.ts hands the objects over). */
export interface ChainInfoFeatureDeps extends ChainInfoPanelDeps, ChainArgDeps {
  readonly context: vscode.ExtensionContext;
  readonly chains: ChainInfoPanelDeps['chains'] & ChainArgDeps['chains'];
  readonly clients: ChainInfoPanelDeps['clients'] & ChainArgDeps['clients'];
}

export function registerChainInfoFeature(deps: ChainInfoFeatureDeps): ChainInfoFeature {
  const registry: PanelRegistry<ChainInfoIdentity, ChainInfoPanel> = new PanelRegistry(deps.context.extensionUri, {
    viewType: WebviewTypes.chainInfo,
    identity: async () => (await import('./identitySchema.js')).ChainInfoIdentitySchema,
    matches: sameChainInfo,
    load: async () => (await import('./panel.js')).chainInfoPanelFactory(deps, { find: (id) => registry.find(id), open: (id) => feature.open(id) }),
  });

  const feature: ChainInfoFeature = {
    panels: () => registry.panels(),
    find: (chainName, block) => registry.find({ chainName, block: normaliseBlock(block) }),
    open(identity, options = {}) {
      const id: ChainInfoIdentity = { chainName: identity.chainName, block: normaliseBlock(identity.block) };
      const compare = options.compareWith;
      return registry.openPanel(id, options, (panel) => {
        if (compare) panel.setCompareTarget(compare.block);
        return compare !== undefined;
      });
    },
    restore: (webviewPanel, state) => registry.restore(webviewPanel, state),
  };

  deps.context.subscriptions.push(
    // The command's code loads on its first use.
    vscode.commands.registerCommand(Commands.showChainInfo, async (first?: unknown, second?: unknown) =>
      (await import('./command.js')).showChainInfo(deps, feature, first, second),
    ),
    registry.registerSerializer(),
    registry,
  );
  return feature;
}
