// The accounts feature: the shared account reads behind the address hover, "Chain: Show Account"
// and its panels (with the serializer that brings them back after a reload), the pinned accounts,
// and the Accounts line under each chain of the Chains tree. Commands and the panel load on first use.
import * as vscode from 'vscode';
import { Commands, WebviewTypes } from '../constants';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import type { TokenStore } from '../config/tokenStore';
import type { AccountsSlot } from '../chains/treeSlots';
import type { EvmExplainer } from '../transactions/evmExplainer';
import { PanelRegistry, type OpenOptions } from '../ui/registry';
import { AccountHoverProvider, type EvmOnlyAccounts } from './hover';
import { sameAccount } from './identity';
import type { AccountPanel } from './panel';
import { PinnedAccounts } from './pins';
import type { AccountIdentity } from './protocol';
import { AccountService } from './service';
import type { RecordSource } from './accountsList';
import { AccountsTree } from './tree';

/** The feature's handle on ExtensionApi (integration tests and the bench use it). */
export interface AccountsFeature {
  readonly service: AccountService;
  readonly hover: AccountHoverProvider;
  readonly pins: PinnedAccounts;
  readonly tree: AccountsTree;
  panels(): AccountPanel[];
  /** Opens (or reveals) the panel of (chain, account, block); resolves once its first read is shown. */
  open(identity: AccountIdentity, options?: OpenOptions & { compareWith?: { block: string | undefined } }): Promise<AccountPanel>;
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<AccountPanel | undefined>;
}

/** What the accounts feature is built over (extension.ts hands the objects over). */
export interface AccountsFeatureDeps {
  readonly context: vscode.ExtensionContext;
  readonly chains: ChainRegistry;
  readonly clients: NodeClients;
  readonly tokens: TokenStore;
  readonly log: vscode.LogOutputChannel;
  /** The Chains tree and its view: the Accounts line goes under each chain. */
  readonly chainsTree: { readonly tree: AccountsSlot };
  /** Names for addresses (the workspace's address book, the chain's own contracts): the receipts feature's explainer. */
  readonly names: Pick<EvmExplainer, 'namesFor'>;
  /** The workspace's deployment records. */
  readonly records: RecordSource;
  /** Chains known only by their EVM JSON-RPC: the hover reads balance and nonce there when no node chain is asked. */
  readonly evmOnly: EvmOnlyAccounts;
}

export function registerAccountsFeature(deps: AccountsFeatureDeps): AccountsFeature {
  const { context, chains, tokens } = deps;
  const service = new AccountService(deps);
  const pins = new PinnedAccounts(context.workspaceState);
  const hover = new AccountHoverProvider(service, pins, deps.evmOnly, deps.records);
  const tree = new AccountsTree(service, pins, deps.records);
  const registry: PanelRegistry<AccountIdentity, AccountPanel> = new PanelRegistry(context.extensionUri, {
    viewType: WebviewTypes.account,
    identity: async () => (await import('./identitySchema.js')).AccountIdentitySchema,
    matches: sameAccount,
    load: async () =>
      (await import('./panel.js')).accountPanelFactory(deps, { service, pins, find: (id) => registry.find(id), open: (id) => feature.open(id) }),
  });

  const feature: AccountsFeature = {
    service,
    hover,
    pins,
    tree,
    panels: () => registry.panels(),
    open: (identity, options = {}) =>
      registry.openPanel(identity, options, (panel) => {
        if (options.compareWith) panel.setCompareTarget(options.compareWith.block);
        return options.compareWith !== undefined;
      }),
    restore: (webviewPanel, state) => registry.restore(webviewPanel, state),
  };

  const commands = () => import('./command.js');
  const commandDeps = { chains, clients: deps.clients, service, pins };
  context.subscriptions.push(
    // Every scheme, like the receipt hover; an address is 40 hex and a request ID 64 or 68, so the two never answer one word.
    vscode.languages.registerHoverProvider({ scheme: '*' }, hover),
    vscode.commands.registerCommand(Commands.showAccount, async (arg?: unknown) => (await commands()).showAccount(commandDeps, feature, arg)),
    vscode.commands.registerCommand(Commands.pinAccount, async (arg?: unknown) => (await commands()).pinAccount(commandDeps, arg)),
    vscode.commands.registerCommand(Commands.unpinAccount, async (arg?: unknown) => (await commands()).unpinAccount(commandDeps, arg)),
    vscode.commands.registerCommand(Commands.openAccountInExplorer, async (arg?: unknown) => (await commands()).openAccountInExplorer(service, arg)),
    vscode.commands.registerCommand(Commands.refreshAccounts, (arg?: unknown) => tree.refresh(chainNameOf(arg))),
    deps.chainsTree.tree.setAccounts(tree),
    registry.registerSerializer(),
    // A chain changed, a token changed or trust was granted: what was read may no longer hold.
    chains.onDidChange(() => service.forget()),
    tokens.onDidChange((key) => service.tokenChanged(key)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => service.forget()),
    registry,
    tree,
    pins,
  );
  return feature;
}

function chainNameOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const name = typeof arg === 'object' && arg !== null ? (arg as { chainName?: unknown }).chainName : undefined;
  return typeof name === 'string' ? name : undefined;
}
