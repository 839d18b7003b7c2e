// The chain info feature: the command, the panels (one per chain and block, reused), and the
// serializer that brings them back after a window reload from their identity alone.
import * as vscode from 'vscode';
import { registerShowChainInfoCommand } from './command';
import { WebviewTypes } from '../constants';
import type { ChainInfoIdentity } from './model/chainInfoView';
import type { Services } from '../services';
import { webviewOptions } from '../webviews/html';
import { ChainInfoPanel, chainInfoKey, chainInfoTitle, normaliseBlock } from './panel';

export interface OpenChainInfoOptions {
  /** Also compare with this state (undefined inside the object = the latest state). */
  compareWith?: { block: string | number | undefined };
  viewColumn?: vscode.ViewColumn;
}

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

export function registerChainInfoFeature(services: Services): ChainInfoFeature {
  const panels = new Map<string, ChainInfoPanel>();

  const track = (panel: ChainInfoPanel): ChainInfoPanel => {
    panels.set(panel.key, panel);
    panel.onDidDispose(() => {
      if (panels.get(panel.key) === panel) panels.delete(panel.key);
    });
    return panel;
  };

  const feature: ChainInfoFeature = {
    panels: () => [...panels.values()],

    find: (chainName, block) => panels.get(chainInfoKey({ chainName, block: normaliseBlock(block) })),

    async open(identity, options = {}) {
      const id: ChainInfoIdentity = { chainName: identity.chainName, block: normaliseBlock(identity.block) };
      const existing = panels.get(chainInfoKey(id));
      if (existing) {
        existing.panel.reveal(existing.panel.viewColumn);
        if (options.compareWith) await existing.compareWith(options.compareWith.block);
        // A panel that shows an error tries again: revealing it is usually "try once more".
        else if (existing.state.error) await existing.refresh();
        return existing;
      }
      const webviewPanel = vscode.window.createWebviewPanel(
        WebviewTypes.chainInfo,
        chainInfoTitle(id),
        { viewColumn: options.viewColumn ?? vscode.ViewColumn.Active, preserveFocus: false },
        webviewOptions(services.context.extensionUri),
      );
      const panel = track(new ChainInfoPanel(webviewPanel, services, id, feature));
      if (options.compareWith) await panel.compareWith(options.compareWith.block);
      else await panel.refresh();
      return panel;
    },

    async restore(webviewPanel, state) {
      const identity = identityFromState(state);
      if (!identity) {
        // Nothing to fetch again: a panel closed before its first render, or a foreign state.
        webviewPanel.dispose();
        return undefined;
      }
      const existing = panels.get(chainInfoKey(identity));
      if (existing) {
        webviewPanel.dispose();
        existing.panel.reveal(existing.panel.viewColumn);
        return existing;
      }
      const panel = track(new ChainInfoPanel(webviewPanel, services, identity, feature));
      await panel.refresh();
      return panel;
    },
  };

  services.context.subscriptions.push(
    registerShowChainInfoCommand(services, feature),
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.chainInfo, {
      deserializeWebviewPanel: async (webviewPanel, state: unknown) => {
        await feature.restore(webviewPanel, state);
      },
    }),
    { dispose: () => [...panels.values()].forEach((p) => p.dispose()) },
  );
  return feature;
}

/** The identity in a saved webview state; anything else in it is ignored (it came from a webview). */
function identityFromState(state: unknown): ChainInfoIdentity | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const identity = (state as { identity?: unknown }).identity;
  if (typeof identity !== 'object' || identity === null) return undefined;
  const { chainName, block } = identity as { chainName?: unknown; block?: unknown };
  if (typeof chainName !== 'string' || chainName.trim() === '' || chainName.length > 200) return undefined;
  if (block !== undefined && block !== null && (typeof block !== 'string' || block.length > 100)) return undefined;
  return { chainName, block: normaliseBlock(typeof block === 'string' ? block : undefined) };
}
