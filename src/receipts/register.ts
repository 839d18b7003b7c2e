// The receipts feature: the lookup service behind the hover, the "Show Request Receipt" command
// and the receipt panels, plus the serializer that brings panels back after a window reload from
// their identity alone.
import * as vscode from 'vscode';
import { checkBlock, checkRequestId } from '../api/ids';
import { Commands, Settings, WebviewTypes } from '../constants';
import type { Services } from '../services';
import { registerShowReceiptCommand } from './command';
import { ReceiptHoverProvider } from './hover';
import type { ReceiptIdentity } from './model/receiptView';
import { ReceiptService } from './service';
import { webviewOptions } from '../webviews/html';
import { ReceiptPanel, receiptPanelTitle } from './panel';

export interface OpenReceiptOptions {
  viewColumn?: vscode.ViewColumn;
  preserveFocus?: boolean;
}

/** The feature's handle on ExtensionApi (integration tests use it). */
export interface ReceiptsFeature {
  readonly lookup: ReceiptService;
  readonly hover: ReceiptHoverProvider;
  /** Every open receipt panel. */
  panels(): ReceiptPanel[];
  /** Opens (or reveals) the panel of (chain, request, block); resolves once its first lookup is shown. */
  open(identity: ReceiptIdentity, options?: OpenReceiptOptions): Promise<ReceiptPanel>;
  /** The serializer's path: rebuilds a panel from the state its webview saved. */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<ReceiptPanel | undefined>;
}

export function registerReceiptsFeature(services: Services): ReceiptsFeature {
  const service = new ReceiptService(services);
  const hover = new ReceiptHoverProvider(service);
  const open = new Set<ReceiptPanel>();

  const track = (panel: ReceiptPanel): ReceiptPanel => {
    open.add(panel);
    panel.onDidDispose(() => open.delete(panel));
    return panel;
  };

  /** A panel showing this request at this state: on the chain named, or (no chain named) on any chain. */
  const findPanel = (identity: ReceiptIdentity): ReceiptPanel | undefined => {
    const same = (p: ReceiptPanel) =>
      p.identity.requestId === identity.requestId &&
      (p.identity.block ?? '') === (identity.block ?? '') &&
      (identity.chainName === undefined || (p.identity.chainName ?? '').toLowerCase() === identity.chainName.toLowerCase());
    return [...open].find(same);
  };

  const feature: ReceiptsFeature = {
    lookup: service,
    hover,
    panels: () => [...open],

    async open(identity, options = {}) {
      const existing = findPanel(identity);
      if (existing) {
        existing.panel.reveal(existing.panel.viewColumn, options.preserveFocus);
        // Revealing a panel that shows an error is usually "try once more".
        if (existing.state.status === 'error') await existing.refresh();
        return existing;
      }
      const webviewPanel = vscode.window.createWebviewPanel(
        WebviewTypes.receipt,
        receiptPanelTitle(identity.requestId),
        { viewColumn: options.viewColumn ?? vscode.ViewColumn.Active, preserveFocus: options.preserveFocus ?? false },
        webviewOptions(services.context.extensionUri),
      );
      const panel = track(new ReceiptPanel(webviewPanel, services, service, identity));
      await panel.load({ fresh: false });
      return panel;
    },

    async restore(webviewPanel, state) {
      const identity = identityFromState(state);
      if (!identity) {
        // Nothing to fetch again: a panel closed before its first render, or a foreign state.
        webviewPanel.dispose();
        return undefined;
      }
      const existing = findPanel(identity);
      if (existing) {
        webviewPanel.dispose();
        existing.panel.reveal(existing.panel.viewColumn);
        return existing;
      }
      const panel = track(new ReceiptPanel(webviewPanel, services, service, identity));
      await panel.load({ fresh: true });
      return panel;
    },
  };

  services.context.subscriptions.push(
    // Every scheme: code, logs, JSON, Markdown, untitled and virtual documents alike.
    vscode.languages.registerHoverProvider({ scheme: '*' }, hover),
    registerShowReceiptCommand(services, feature),
    vscode.commands.registerCommand(Commands.copyRequestId, (arg: unknown) => copyRequestId(arg)),
    vscode.window.registerWebviewPanelSerializer(WebviewTypes.receipt, {
      deserializeWebviewPanel: async (webviewPanel, state: unknown) => {
        await feature.restore(webviewPanel, state);
      },
    }),
    // A chain added or changed may know what another did not: forget the "not found" answers
    // (and the failures kept against retry storms: the fix may be in the new settings).
    services.chains.onDidChange(() => service.lookup.invalidate('misses')),
    // A new token, trust granted or other request limits can each fix a failure: ask again.
    services.tokens.onDidChange((key) => service.tokenChanged(key)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => service.lookup.invalidate('errors')),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${Settings.section}.request`)) service.lookup.invalidate('errors');
    }),
    { dispose: () => [...open].forEach((p) => p.dispose()) },
  );
  return feature;
}

/** The hover's Copy link: only a well-formed request ID is copied. */
async function copyRequestId(arg: unknown): Promise<void> {
  const check = typeof arg === 'string' ? checkRequestId(arg) : undefined;
  if (!check?.ok) return;
  await vscode.env.clipboard.writeText(check.requestId);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the request ID {0}', check.requestId), 3000);
}

/** The identity in a saved webview state; anything else in it is ignored (it came from a webview). */
export function identityFromState(state: unknown): ReceiptIdentity | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const identity = (state as { identity?: unknown }).identity;
  if (typeof identity !== 'object' || identity === null) return undefined;
  const { requestId, chainName, block } = identity as { requestId?: unknown; chainName?: unknown; block?: unknown };
  if (typeof requestId !== 'string') return undefined;
  const id = checkRequestId(requestId);
  if (!id.ok) return undefined;
  const result: ReceiptIdentity = { requestId: id.requestId };
  if (chainName !== undefined && chainName !== null) {
    if (typeof chainName !== 'string' || chainName.trim() === '' || chainName.length > 200) return undefined;
    result.chainName = chainName;
  }
  if (block !== undefined && block !== null) {
    if (typeof block !== 'string' && typeof block !== 'number') return undefined;
    const b = checkBlock(block);
    if (!b.ok) return undefined;
    if (b.block !== undefined) result.block = b.block;
  }
  return result;
}
