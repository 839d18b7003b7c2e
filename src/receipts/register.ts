// The receipts feature: the lookup service behind the hover, the "Show Request Receipt" command
// and the receipt panels, plus the serializer that brings panels back after a window reload from
// their identity alone.
import * as vscode from 'vscode';
import { checkRequestId } from '../api/ids';
import { Commands, Settings, WebviewTypes } from '../constants';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { TokenStore } from '../config/tokenStore';
import { PanelRegistry, type OpenOptions } from '../ui/registry';
import { ReceiptHoverProvider } from './hover';
import { receiptMatches } from './identity';
import type { ReceiptPanel, ReceiptPanelDeps } from './panel';
import type { ReceiptIdentity } from './protocol';
import { EvmExplainer, type AbiSource, type AddressSource } from '../transactions/evmExplainer';
import { ReceiptService, type ReceiptServiceDeps } from '../transactions/receiptService';
import { NoReceiptDoctor, type SentSource } from '../transactions/noReceiptDoctor';
import { EvmOnlyService } from '../transactions/evmOnlyService';

/** The feature's handle on ExtensionApi (integration tests use it). */
export interface ReceiptsFeature {
  readonly service: ReceiptService;
  /** The lookups of chains known only by their EVM JSON-RPC (hover, panel, tree, account hover). */
  readonly evmOnly: EvmOnlyService;
  readonly hover: ReceiptHoverProvider;
  /** Every open receipt panel. */
  panels(): ReceiptPanel[];
  /** Opens (or reveals) the panel of (chain, request, block); resolves once its first lookup is shown. */
  open(identity: ReceiptIdentity, options?: OpenOptions): Promise<ReceiptPanel>;
  /** The serializer's path: rebuilds a panel from the state its webview saved. */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<ReceiptPanel | undefined>;
}

/** What the receipts feature is built over (extension.ts hands the objects over). */
export interface ReceiptsFeatureDeps extends ReceiptServiceDeps, ReceiptPanelDeps {
  readonly context: vscode.ExtensionContext;
  /** The service's lookup order and the panels' chains; a change forgets the "not found" answers. */
  readonly chains: Pick<ChainRegistry, 'lookupOrder' | 'get' | 'valid' | 'sourceNote' | 'onDidChange' | 'evmLookupOrder' | 'evmOnly'>;
  readonly clients: Pick<NodeClients, 'apiFor' | 'tokenAllowed' | 'limited'>;
  /** A new token may fix a failure the service remembers. */
  readonly tokens: Pick<TokenStore, 'onDidChange'>;
  /** The workspace's ABIs, for the receipt's EVM side. */
  readonly abis: AbiSource;
  /** Names for addresses (deployment records, the user's labels), for the call tree. */
  readonly addresses: AddressSource;
  /** The transactions the workspace's toolchains sent ("Why no receipt?"). */
  readonly sent: SentSource;
}

export function registerReceiptsFeature(deps: ReceiptsFeatureDeps): ReceiptsFeature {
  const { context, chains, tokens } = deps;
  const service = new ReceiptService(deps, new EvmExplainer(deps.abis, deps.addresses), new NoReceiptDoctor(deps.clients, deps.sent));
  const evmOnly = new EvmOnlyService(deps, service.evm);
  const hover = new ReceiptHoverProvider(service, evmOnly);
  const registry: PanelRegistry<ReceiptIdentity, ReceiptPanel> = new PanelRegistry(context.extensionUri, {
    viewType: WebviewTypes.receipt,
    identity: async () => (await import('./identitySchema.js')).ReceiptIdentitySchema,
    matches: receiptMatches,
    load: async () => (await import('./panel.js')).receiptPanelFactory(deps, service, evmOnly),
  });

  const feature: ReceiptsFeature = {
    service,
    evmOnly,
    hover,
    panels: () => registry.panels(),
    open: (identity, options) => registry.openPanel(identity, options),
    restore: (webviewPanel, state) => registry.restore(webviewPanel, state),
  };

  context.subscriptions.push(
    // Every scheme: code, logs, JSON, Markdown, untitled and virtual documents alike.
    vscode.languages.registerHoverProvider({ scheme: '*' }, hover),
    // The command's code loads on its first use.
    vscode.commands.registerCommand(Commands.showReceipt, async (arg?: unknown) =>
      (await import('./command.js')).showReceipt({ chains, recent: deps.recent, receipts: service }, feature, arg),
    ),
    vscode.commands.registerCommand(Commands.copyRequestId, (arg: unknown) => copyRequestId(arg)),
    vscode.commands.registerCommand(Commands.lookUpHere, async (arg?: unknown) => (await import('./lookUpHere.js')).lookUpHere(hover, arg)),
    // The receipt's panel first (the same checks and question before anything is sent), then why it has none.
    vscode.commands.registerCommand(Commands.whyNoReceipt, async (arg?: unknown) => {
      const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>(Commands.showReceipt, arg);
      await panel?.whyNoReceipt();
      return panel;
    }),
    vscode.commands.registerCommand(Commands.openInExplorer, async (arg?: unknown) => (await import('./explorerCommand.js')).openInExplorer(service, arg)),
    registry.registerSerializer(),
    // A chain added or changed may know what another did not: forget the "not found" answers
    // (and the failures kept against retry storms: the fix may be in the new settings).
    chains.onDidChange(() => service.cache.invalidate('misses')),
    // A new token, trust granted or other request limits can each fix a failure: ask again.
    tokens.onDidChange((key) => service.tokenChanged(key)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => service.cache.invalidate('errors')),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`${Settings.section}.request`)) service.cache.invalidate('errors');
    }),
    registry,
    evmOnly,
  );
  return feature;
}

/** The hover's Copy link: only a well-formed request ID is copied. */
async function copyRequestId(arg: unknown): Promise<void> {
  // A string (the hover's link) or a tree row carrying requestId (the Chains view's menus).
  const id = typeof arg === 'object' && arg !== null ? (arg as { requestId?: unknown }).requestId : arg;
  const check = typeof id === 'string' ? checkRequestId(id) : undefined;
  if (!check?.ok) return;
  await vscode.env.clipboard.writeText(check.requestId);
  void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the request ID {0}', check.requestId), 3000);
}
