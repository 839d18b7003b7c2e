// The account panel: one per (chain, account, block). It reads the account's holdings at that state
// (the shared read of AccountService: balance, objects/NFTs, nonce, the EVM remainder), shows them
// through the pure view model (model/accountView.ts) with the agent ID in both its forms and links to
// the explorers, and compares with another state on request (what came and went).
// The panel knows its identity only: the chain entry is looked up again on every read.
import * as vscode from 'vscode';
import { askBlock } from '../ui/blockInput';
import { BadRequestError, InvalidInputError, WaspApiError } from '../api/errors';
import { checkBlock } from '../api/ids';
import { describeState, stateInProse } from '../chainInfo/model/chainInfoView';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainEntry } from '../config/model/chainConfig';
import { explorerAddressUrl, explorerBase, iotaExplorerUrl, iotaNetwork } from '../receipts/model/explorer';
import { describeError } from '../ui/errors';
import type { ErrorView } from '../ui/model/view';
import { Panel, type LoadRun, type PanelDeps } from '../ui/panel';
import type { PanelFactory } from '../ui/registry';
import { earlierFirst } from './identity';
import { accountSections, comparisonRows, type AccountRead } from './model/accountView';
import { compareHoldings } from './model/holdings';
import type { PinnedAccounts } from './pins';
import {
  accountPanelLabels,
  type AccountAction,
  type AccountErrorExtra,
  type AccountErrorState,
  type AccountIdentity,
  type AccountPanelState,
} from './protocol';
import type { AccountService } from './service';
import { normaliseBlock } from '../chainInfo/identity';

export interface AccountPanelDeps extends PanelDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'onDidChange'>;
}

/** What the panel asks of the feature that owns it. */
export interface AccountPanelHost {
  readonly service: AccountService;
  readonly pins: PinnedAccounts;
  find(identity: AccountIdentity): AccountPanel | undefined;
  open(identity: AccountIdentity): Promise<unknown>;
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

export class AccountPanel extends Panel<AccountPanelState, AccountAction, AccountIdentity, AccountPanelDeps> {
  private loaded: { chain: ChainEntry; read: AccountRead } | undefined;
  /** The chain entry the last read used: a settings change that alters it reads again. */
  private chainSignature: string | undefined;
  private compareTarget: { block: string | undefined } | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    deps: AccountPanelDeps,
    identity: AccountIdentity,
    private readonly host: AccountPanelHost,
  ) {
    super(
      webviewPanel,
      deps,
      { script: 'accountMain.js', title: accountTitle(identity), icon: 'account', what: vscode.l10n.t('Account') },
      identity,
      baseState(identity),
    );
    this.disposables.push(
      deps.chains.onDidChange(() => this.onChainsChanged()),
      host.pins.onDidChange(() => this.showPin()),
    );
  }

  get shownError(): ErrorView | undefined {
    return this.state.error;
  }

  /** The account as last read (tests). */
  get read(): AccountRead | undefined {
    return this.loaded?.read;
  }

  protected errorChain(): string {
    return this.id.chainName;
  }

  protected showError(error: ErrorView): void {
    this.show({ ...baseState(this.id), sections: this.state.sections, error: { ...error, extras: [] } });
  }

  setCompareTarget(block: string | number | undefined): void {
    this.compareTarget = { block: normaliseBlock(block) };
  }

  async compareWith(block: string | number | undefined): Promise<void> {
    this.setCompareTarget(block);
    await this.refresh();
  }

  private async navigate(block: string | undefined): Promise<void> {
    const next: AccountIdentity = { ...this.id, block: normaliseBlock(block) };
    const other = this.host.find(next);
    if (other !== undefined && other !== this) {
      await this.host.open(next);
      return;
    }
    this.id = next;
    this.compareTarget = undefined;
    this.loaded = undefined;
    this.panel.title = accountTitle(next);
    this.show(baseState(next));
    await this.start();
  }

  protected async onAction(action: AccountAction): Promise<void> {
    switch (action.kind) {
      case 'pickBlock': {
        const block = await askBlock(vscode.l10n.t('The account at block…'), this.id.block);
        if (block !== null) await this.navigate(block);
        return;
      }
      case 'openLatest':
        return this.navigate(undefined);
      case 'compare': {
        const block = await askBlock(vscode.l10n.t('Compare {0} with…', describeState(this.id.block, vscode.l10n)), this.compareTarget?.block);
        if (block !== null) await this.compareWith(block);
        return;
      }
      case 'clearCompare':
        this.compareTarget = undefined;
        this.show({ ...this.state, compare: undefined });
        return;
      case 'pin':
      case 'unpin': {
        const address = this.loaded?.read.evmAddress;
        if (address === undefined) return;
        const pin = { chainName: this.id.chainName, address };
        if (action.kind === 'pin') await this.host.pins.pin(pin);
        else await this.host.pins.unpin(pin);
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
    this.show({ ...this.state, pin: { pinned: this.host.pins.isPinned(this.id.chainName, address) } });
  }

  protected async load({ signal, stale, fresh }: LoadRun): Promise<void> {
    const chain = this.deps.chains.get(this.id.chainName);
    if (!chain) {
      this.loaded = undefined;
      this.chainSignature = undefined;
      const error = this.notConfigured(this.id.chainName, vscode.l10n.t('Reading the account {0}', this.id.address));
      this.show({ ...baseState(this.id), error: { ...error, extras: [] } });
      return;
    }
    const context = vscode.l10n.t(
      'Reading the account {0} on {1} ({2}) from {3}',
      this.id.address,
      chain.name,
      describeState(this.id.block, vscode.l10n),
      chain.nodeUrl,
    );
    const blockCheck = checkBlock(this.id.block);
    if (!blockCheck.ok) {
      this.loaded = undefined;
      this.show({
        ...baseState(this.id),
        error: this.errorState(new InvalidInputError('block', blockCheck.reason, vscode.l10n.t('Pick another block, or open the latest state.')), context),
      });
      return;
    }
    const block = blockCheck.block;
    const service = this.host.service;
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
      service.evmChainId(chain).catch(() => undefined),
    ]);
    if (stale()) return;
    this.loaded = { chain, read };
    const evmExplorer = read.evmAddress === undefined ? undefined : explorerAddressUrl(explorerBase(chain.explorerUrl, evmChainId), read.evmAddress);
    const iotaExplorer =
      read.generation === 'rebased' && read.kind === 'address' ? iotaExplorerUrl(iotaNetwork(evmChainId), 'address', read.agentId) : undefined;
    const sections = accountSections(
      read,
      {
        chainName: chain.name,
        ...(read.generation === 'stardust' ? { stardustChainId: chain.chainId } : {}),
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
      ...(read.evmAddress === undefined ? {} : { pin: { pinned: this.host.pins.isPinned(chain.name, read.evmAddress) } }),
      compare: target ? { label: vscode.l10n.t('Comparing with {0}…', stateInProse(target.block, vscode.l10n)) } : undefined,
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
    const check = checkBlock(targetBlock);
    const [from, to] = earlierFirst(check.ok ? check.block : targetBlock, own.block);
    const label = vscode.l10n.t('From {0} to {1}', stateInProse(from, vscode.l10n), stateInProse(to, vscode.l10n));
    if (!check.ok) {
      this.show({
        ...this.state,
        compare: { label, error: this.errorState(new InvalidInputError('block', check.reason, vscode.l10n.t('Compare with another block.')), context) },
      });
      return;
    }
    try {
      const other = check.block === own.block ? own : await this.host.service.read(chain, this.id.address, { block: check.block, signal, fresh });
      if (stale()) return;
      const [before, after] = from === own.block && to !== own.block ? [own, other] : [other, own];
      const { summary, rows } = comparisonRows(compareHoldings(before.holdings, after.holdings), own.holdings.baseToken, vscode.l10n);
      this.show({ ...this.state, compare: { label, summary, rows } });
    } catch (e) {
      if (stale()) return;
      this.show({ ...this.state, compare: { label, error: this.errorState(e, context, check.block) } });
    }
  }

  private onChainsChanged(): void {
    if (this.isDisposed) return;
    const chain = this.deps.chains.get(this.id.chainName);
    if ((chain ? signature(chain) : undefined) !== this.chainSignature) void this.refresh();
  }

  private errorState(e: unknown, context: string, block?: string): AccountErrorState {
    const base = describeError(e);
    const extras: AccountErrorExtra[] = [];
    let { title, hint } = base;
    const actions = [...base.actions];
    const blockProblem =
      (e instanceof InvalidInputError && e.field === 'block') ||
      (e instanceof BadRequestError && block !== undefined && /block|contract request/i.test(`${e.nodeMessage ?? ''} ${e.message}`));
    if (blockProblem) {
      title = vscode.l10n.t('Invalid block');
      if (e instanceof BadRequestError)
        hint = vscode.l10n.t(
          'The node has no state at {0}: it may be beyond the latest block, pruned, or an unknown trie root. Pick another block, or open the latest state.',
          stateInProse(block, vscode.l10n),
        );
      extras.push('pickBlock', 'openLatest');
    } else if (e instanceof WaspApiError && e.kind === 'network') {
      actions.unshift({ label: vscode.l10n.t('Open Settings'), command: 'openSettings' });
    }
    return { ...base, title, hint, actions, context, extras };
  }
}

function signature(chain: ChainEntry): string {
  return `${chain.nodeUrl}\n${chain.chainId}\n${chain.source.scope}\n${chain.evmJsonRpcUrl ?? ''}\n${chain.explorerUrl ?? ''}`;
}

function baseState(identity: AccountIdentity): AccountPanelState {
  return {
    identity: { ...identity },
    labels: accountPanelLabels(vscode.l10n),
    heading: identity.address,
    stateLabel: `${identity.chainName} · ${describeState(identity.block, vscode.l10n)}`,
  };
}
