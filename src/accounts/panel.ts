// The account panel: one per (chain, account, block). It reads the account's holdings at that state
// (the shared read of AccountService: balance, objects/NFTs, nonce, the EVM remainder), shows them
// through the pure view model (model/accountView.ts) with the agent ID in both its forms and links to
// the explorers, and compares with another state on request (what came and went).
// The panel knows its identity only: the chain entry is looked up again on every read.
import * as vscode from 'vscode';
import { code } from 'webview-code:accountMain';
import type { ChainEntry } from '../config/model/chainConfig';
import { explorerAddressUrl, explorerBase, iotaExplorerUrl, iotaNetwork } from '../transactions/model/explorer';
import { describeState, stateInProse } from '../ui/model/blockState';
import type { ErrorView } from '../ui/model/view';
import type { LoadRun } from '../ui/panel';
import type { PanelFactory } from '../ui/registry';
import { StatePanel, type StatePanelDeps, type StatePanelHost } from '../ui/statePanel';
import { earlierFirst } from './identity';
import { accountSections, comparisonRows, type AccountRead } from './model/accountView';
import { compareHoldings } from '../api/holdings';
import type { PinnedAccounts } from './pins';
import { accountPanelLabels, type AccountAction, type AccountErrorState, type AccountIdentity, type AccountPanelState } from './protocol';
import type { AccountService } from './service';

export type AccountPanelDeps = StatePanelDeps;

/** What the panel asks of the feature that owns it. */
export interface AccountPanelHost extends StatePanelHost<AccountIdentity> {
  readonly service: AccountService;
  readonly pins: PinnedAccounts;
}

export function accountPanelFactory(deps: AccountPanelDeps, host: AccountPanelHost): PanelFactory<AccountIdentity, AccountPanel> {
  return { title: accountTitle, create: (webviewPanel, identity) => new AccountPanel(webviewPanel, deps, identity, host) };
}

function accountTitle(identity: AccountIdentity): string {
  const who = identity.address.length > 16 ? `${identity.address.slice(0, 8)}…${identity.address.slice(-4)}` : identity.address;
  return identity.block === undefined
    ? vscode.l10n.t('Account: {0}', who)
    : vscode.l10n.t('Account: {0} @ {1}', who, identity.block.length > 16 ? `${identity.block.slice(0, 12)}…` : identity.block);
}

export class AccountPanel extends StatePanel<AccountPanelState, AccountAction, AccountIdentity, AccountPanelDeps> {
  private loaded: { chain: ChainEntry; read: AccountRead } | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    deps: AccountPanelDeps,
    identity: AccountIdentity,
    private readonly owner: AccountPanelHost,
  ) {
    super(webviewPanel, deps, { code, title: accountTitle(identity), icon: 'account', what: vscode.l10n.t('Account') }, identity, baseState(identity), owner);
    this.disposables.push(owner.pins.onDidChange(() => this.showPin()));
  }

  /** The account as last read (tests). */
  get read(): AccountRead | undefined {
    return this.loaded?.read;
  }

  protected showError(error: ErrorView): void {
    this.show({ ...baseState(this.id), sections: this.state.sections, error: { ...error, extras: [] } });
  }

  protected titleOf(identity: AccountIdentity): string {
    return accountTitle(identity);
  }

  protected baseState(identity: AccountIdentity): AccountPanelState {
    return baseState(identity);
  }

  protected signatureOf(chain: ChainEntry): string {
    return `${chain.nodeUrl}\n${chain.chainId}\n${chain.source.scope}\n${chain.evmJsonRpcUrl ?? ''}\n${chain.explorerUrl ?? ''}`;
  }

  protected pickPrompt(): string {
    return vscode.l10n.t('The account at block…');
  }

  protected comparePrompt(): string {
    return vscode.l10n.t('Compare {0} with…', describeState(this.id.block, vscode.l10n));
  }

  protected forgetRead(): void {
    this.loaded = undefined;
  }

  protected async onAction(action: AccountAction): Promise<void> {
    if (await this.stateAction(action)) return;
    switch (action.kind) {
      case 'pin':
      case 'unpin': {
        const address = this.loaded?.read.evmAddress;
        if (address === undefined) return;
        const pin = { chainName: this.id.chainName, address };
        if (action.kind === 'pin') await this.owner.pins.pin(pin);
        else await this.owner.pins.unpin(pin);
        return;
      }
      default:
        return;
    }
  }

  private showPin(): void {
    if (this.isDisposed || !this.state.pin) return;
    const address = this.loaded?.read.evmAddress;
    if (address === undefined) return;
    this.show({ ...this.state, pin: { pinned: this.owner.pins.isPinned(this.id.chainName, address) } });
  }

  protected async load({ signal, stale, fresh }: LoadRun): Promise<void> {
    const chain = this.chainToRead(vscode.l10n.t('Reading the account {0}', this.id.address));
    if (!chain) return;
    const context = vscode.l10n.t(
      'Reading the account {0} on {1} ({2}) from {3}',
      this.id.address,
      chain.name,
      describeState(this.id.block, vscode.l10n),
      chain.nodeUrl,
    );
    const blockCheck = this.checkState(this.id.block, vscode.l10n.t('Pick another block, or open the latest state.'));
    if (!blockCheck.ok) {
      this.loaded = undefined;
      this.show({ ...baseState(this.id), error: this.errorState(blockCheck.error, context) });
      return;
    }
    const block = blockCheck.block;
    const service = this.owner.service;
    this.postLoading(vscode.l10n.t('Reading the account on {0} ({1})…', chain.name, describeState(block, vscode.l10n)));
    let read: AccountRead;
    try {
      read = await service.read(chain, this.id.address, { block, signal, fresh });
    } catch (e) {
      if (stale()) return;
      const previous = this.loaded && this.loaded.chain.name === chain.name ? this.state.sections : undefined;
      this.show({ ...baseState(this.id), sections: previous, error: this.errorState(e, context, block) });
      return;
    }
    const [name, evmChainId] = await Promise.all([
      read.evmAddress === undefined ? undefined : service.nameOf(chain, read.evmAddress).catch(() => undefined),
      service.explorerChainId(chain),
    ]);
    if (stale()) return;
    this.loaded = { chain, read };
    const shape = service.shapeOf(chain);
    const evmExplorer = read.evmAddress === undefined ? undefined : explorerAddressUrl(explorerBase(chain.explorerUrl, evmChainId), read.evmAddress);
    const l1Address = shape.l1Address(read);
    const iotaExplorer = l1Address === undefined ? undefined : iotaExplorerUrl(iotaNetwork(evmChainId), 'address', l1Address);
    const sections = accountSections(
      read,
      {
        chainName: chain.name,
        ...(shape.agentIdChain === undefined ? {} : { stardustChainId: shape.agentIdChain }),
        ...(name === undefined ? {} : { name }),
        links: { ...(evmExplorer === undefined ? {} : { evmExplorer }), ...(iotaExplorer === undefined ? {} : { iotaExplorer }) },
      },
      vscode.l10n,
    );
    const target = this.compareTarget;
    this.show({
      ...baseState(this.id),
      heading: name === undefined ? (read.evmAddress ?? read.agentId) : `${name} · ${read.evmAddress ?? read.agentId}`,
      sections,
      ...(read.evmAddress === undefined ? {} : { pin: { pinned: this.owner.pins.isPinned(chain.name, read.evmAddress) } }),
      compare: target ? { label: this.compareLabel(target.block) } : undefined,
    });
    if (target) await this.loadComparison(chain, read, target.block, signal, stale, fresh);
  }

  private async loadComparison(
    chain: ChainEntry,
    own: AccountRead,
    targetBlock: string | undefined,
    signal: AbortSignal,
    stale: () => boolean,
    fresh: boolean,
  ): Promise<void> {
    const context = vscode.l10n.t(
      'Reading the account {0} on {1} ({2}) from {3}',
      this.id.address,
      chain.name,
      describeState(targetBlock, vscode.l10n),
      chain.nodeUrl,
    );
    const check = this.checkState(targetBlock, vscode.l10n.t('Compare with another block.'));
    const [from, to] = earlierFirst(check.ok ? check.block : targetBlock, own.block);
    const label = vscode.l10n.t('From {0} to {1}', stateInProse(from, vscode.l10n), stateInProse(to, vscode.l10n));
    if (!check.ok) {
      this.show({ ...this.state, compare: { label, error: this.errorState(check.error, context) } });
      return;
    }
    try {
      const other = check.block === own.block ? own : await this.owner.service.read(chain, this.id.address, { block: check.block, signal, fresh });
      if (stale()) return;
      const [before, after] = from === own.block && to !== own.block ? [own, other] : [other, own];
      const { summary, rows } = comparisonRows(compareHoldings(before.holdings, after.holdings), own.holdings.baseToken, vscode.l10n);
      this.show({ ...this.state, compare: { label, summary, rows } });
    } catch (e) {
      if (stale()) return;
      this.show({ ...this.state, compare: { label, error: this.errorState(e, context, check.block) } });
    }
  }

  private errorState(e: unknown, context: string, block?: string): AccountErrorState {
    return this.stateError(e, context, block, /block|contract request/i);
  }
}

function baseState(identity: AccountIdentity): AccountPanelState {
  return {
    identity: { ...identity },
    labels: accountPanelLabels(vscode.l10n),
    heading: identity.address,
    stateLabel: `${identity.chainName} · ${describeState(identity.block, vscode.l10n)}`,
  };
}
