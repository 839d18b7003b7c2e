// The chain info panel: one per (chain, block). It reads the governance chain info at that state
// and the node's general chain information (latest) side by side, shows them through the pure
// view model (model/chainInfoView.ts), and compares with another state on request.
// The panel knows its identity only (chain name + block): the chain entry, its node and its
// token are looked up again on every fetch, so a changed setting or token takes effect at once.
import { stringify as stringifyExact } from 'lossless-json';
import { prettyJsonExact } from '../api/json';
import * as vscode from 'vscode';
import { askBlock } from '../ui/blockInput';
import { BadRequestError, InvalidInputError, NotFoundError, WaspApiError } from '../api/errors';
import { checkBlock } from '../api/ids';
import type { ChainInfoState } from '../core/chainInfoFields';
import type { GeneralChainInfo } from './model/chainInfoView';
import type { ChainEntry } from '../config/model/chainConfig';
import { buildChainInfoView, buildComparison, chainInfoJson, describeState, stateInProse } from './model/chainInfoView';
import {
  chainInfoPanelLabels,
  type ChainInfoAction,
  type ChainInfoErrorExtra,
  type ChainInfoErrorState,
  type ChainInfoIdentity,
  type ChainInfoPanelState,
} from './protocol';
import { normaliseBlock } from './identity';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import { describeError } from '../ui/errors';
import type { ErrorView } from '../ui/model/view';
import { Panel, type LoadRun, type PanelDeps } from '../ui/panel';
import type { PanelFactory } from '../ui/registry';

/** What the panel asks of the feature that owns it. */
export interface ChainInfoPanelHost {
  /** The open panel of that state of the chain, if any. */
  find(chainName: string, block?: string): ChainInfoPanel | undefined;
  /** Opens (or reveals) the panel of another state of the same chain. */
  open(identity: ChainInfoIdentity): Promise<unknown>;
}

/** What a chain info panel reads: the chain entry again on every fetch (and its changes), and its node API. */
export interface ChainInfoPanelDeps extends PanelDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'onDidChange'>;
  readonly clients: Pick<NodeClients, 'apiFor'>;
}

export function chainInfoPanelFactory(deps: ChainInfoPanelDeps, host: ChainInfoPanelHost): PanelFactory<ChainInfoIdentity, ChainInfoPanel> {
  return { title: chainInfoTitle, create: (webviewPanel, identity) => new ChainInfoPanel(webviewPanel, deps, identity, host) };
}

function chainInfoTitle(identity: ChainInfoIdentity): string {
  return identity.block === undefined
    ? vscode.l10n.t('Chain Info: {0}', identity.chainName)
    : vscode.l10n.t('Chain Info: {0} @ {1}', identity.chainName, identity.block.length > 16 ? `${identity.block.slice(0, 12)}…` : identity.block);
}

interface Loaded {
  chain: ChainEntry;
  block: string | undefined;
  /** Stardust or Rebased governance chain info (one table reads both shapes). */
  governance: ChainInfoState | undefined;
  /** `GET /v1/chains/{id}` (Stardust) or `GET /v1/chain` (Rebased). */
  general: GeneralChainInfo | undefined;
  /** The node's answer exactly as sent (governance, or the general info it fell back to). */
  raw: string | undefined;
}

export class ChainInfoPanel extends Panel<ChainInfoPanelState, ChainInfoAction, ChainInfoIdentity, ChainInfoPanelDeps> {
  private loaded: Loaded | undefined;
  /** The state to compare with, when a comparison is shown (`latest` stands for undefined). */
  private compareTarget: { block: string | undefined } | undefined;
  /** The chain entry the last fetch used: a settings change that alters it triggers a refresh. */
  private chainSignature: string | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    deps: ChainInfoPanelDeps,
    identity: ChainInfoIdentity,
    private readonly host: ChainInfoPanelHost,
  ) {
    const spec = { script: 'chainInfoMain.js', title: chainInfoTitle(identity), icon: 'info', what: vscode.l10n.t('Chain info') };
    super(webviewPanel, deps, spec, identity, baseState(identity));
    this.disposables.push(deps.chains.onDidChange(() => this.onChainsChanged()));
  }

  get shownError(): ErrorView | undefined {
    return this.state.error;
  }

  protected errorChain(): string {
    return this.id.chainName;
  }

  protected showError(error: ErrorView): void {
    this.show({ ...baseState(this.id), view: this.state.view, error: { ...error, extras: [] } });
  }

  /** Compares with another state (undefined or 'latest' = the latest state) from the next load on. */
  setCompareTarget(block: string | number | undefined): void {
    this.compareTarget = { block: normaliseBlock(block) };
  }

  /** Compares this panel's state with another one (undefined or 'latest' = the latest state). */
  async compareWith(block: string | number | undefined): Promise<void> {
    this.setCompareTarget(block);
    await this.refresh();
  }

  /**
   * Shows another state of the chain in this tab, as a browser tab follows a link (an error shown
   * here goes with it); a tab that already shows that state is revealed instead.
   */
  private async navigate(block: string | undefined): Promise<void> {
    const next: ChainInfoIdentity = { chainName: this.id.chainName, block: normaliseBlock(block) };
    const other = this.host.find(next.chainName, next.block);
    if (other !== undefined && other !== this) {
      await this.host.open(next);
      return;
    }
    this.id = next;
    this.compareTarget = undefined;
    this.loaded = undefined;
    this.panel.title = chainInfoTitle(next);
    this.show(baseState(next));
    await this.start();
  }

  clearComparison(): void {
    this.compareTarget = undefined;
    this.show({ ...this.state, compare: undefined });
  }

  /** Copies what the panel shows as JSON (bigints as strings); returns the text copied. */
  async copyAsJson(): Promise<string | undefined> {
    const l = this.loaded;
    if (!l) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to copy yet: the chain info has not been read.'));
      return undefined;
    }
    const text = chainInfoJson({ chainName: l.chain.name, nodeUrl: l.chain.nodeUrl, block: l.block, governance: l.governance, general: l.general });
    await vscode.env.clipboard.writeText(text);
    void vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the chain info of {0} as JSON', l.chain.name), 3000);
    return text;
  }

  /** Opens the node's answer, pretty-printed, in an untitled JSON document (no token in it). */
  async openRawJson(): Promise<vscode.TextDocument | undefined> {
    const l = this.loaded;
    if (!l) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Nothing to open yet: the chain info has not been read.'));
      return undefined;
    }
    const api = this.deps.clients.apiFor(l.chain);
    const [url, body] = l.governance ? [api.chainInfoUrl(l.block), l.governance] : [api.identityUrl(), l.general];
    const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');
    const content = [
      `// ${oneLine(vscode.l10n.t('Chain info of "{0}" at {1}, as the node sent it.', l.chain.name, stateInProse(l.block, vscode.l10n)))}`,
      `// GET ${oneLine(url)}`,
      // The node's own bytes, re-indented losslessly (gas limits are JSON numbers that may exceed
      // 2^53); the validated value only when the raw body is not at hand.
      (l.raw !== undefined ? prettyJsonExact(l.raw) : undefined) ?? stringifyExact(body, undefined, 2) ?? 'null',
      '',
    ].join('\n');
    const doc = await vscode.workspace.openTextDocument({ language: 'jsonc', content });
    await vscode.window.showTextDocument(doc, { preview: false });
    return doc;
  }

  protected async onAction(action: ChainInfoAction): Promise<void> {
    switch (action.kind) {
      case 'pickBlock': {
        const block = await askBlock(vscode.l10n.t('Chain info of {0} at block…', this.id.chainName), this.id.block);
        if (block !== null) await this.navigate(block);
        return;
      }
      case 'openLatest':
        await this.navigate(undefined);
        return;
      case 'compare': {
        const block = await askBlock(
          vscode.l10n.t('Compare {0} ({1}) with…', this.id.chainName, describeState(this.id.block, vscode.l10n)),
          this.compareTarget?.block,
        );
        if (block !== null) await this.compareWith(block);
        return;
      }
      case 'clearCompare':
        this.clearComparison();
        return;
      case 'copyJson':
        await this.copyAsJson();
        return;
      case 'openRawJson':
        await this.openRawJson();
        return;
      default:
        return;
    }
  }

  protected async load({ signal, stale }: LoadRun): Promise<void> {
    const chain = this.deps.chains.get(this.id.chainName);
    if (!chain) {
      this.loaded = undefined;
      this.chainSignature = undefined;
      const error = this.notConfigured(this.id.chainName, vscode.l10n.t('Reading the chain info of {0}', this.id.chainName));
      this.show({ ...baseState(this.id), error: { ...error, extras: [] } });
      return;
    }
    this.chainSignature = signature(chain);
    const context = vscode.l10n.t('Reading the chain info of {0} ({1}) from {2}', chain.name, describeState(this.id.block, vscode.l10n), chain.nodeUrl);
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
    this.postLoading(vscode.l10n.t('Reading the chain info of {0} ({1})…', chain.name, describeState(block, vscode.l10n)));

    const api = this.deps.clients.apiFor(chain);
    const raw: { governance?: string; general?: string } = {};
    const [gov, general] = await Promise.allSettled<[Promise<ChainInfoState>, Promise<GeneralChainInfo>]>([
      api.chainInfo({ block, signal, onBody: (t) => (raw.governance = t) }),
      api.identity({ signal, onBody: (t) => (raw.general = t) }),
    ]);
    if (stale()) return;

    const governance = gov.status === 'fulfilled' ? gov.value : undefined;
    const generalInfo = general.status === 'fulfilled' ? general.value : undefined;
    // An inactive chain (or a node without the governance route) still has general information:
    // show that rather than an error, but only for the latest state, which is all it describes.
    const fallBack = !governance && generalInfo !== undefined && block === undefined && gov.status === 'rejected' && gov.reason instanceof NotFoundError;
    if (!governance && !fallBack) {
      const reason = gov.status === 'rejected' ? gov.reason : new Error(vscode.l10n.t('no answer'));
      this.deps.log.warn(`chain info of ${chain.name}: ${reason instanceof Error ? reason.message : String(reason)}`);
      const previous = this.loaded && this.loaded.chain.name === chain.name ? this.state.view : undefined;
      this.show({ ...baseState(this.id), view: previous, error: this.errorState(reason, context, block, generalInfo?.isActive === false) });
      return;
    }

    this.loaded = { chain, block, governance, general: generalInfo, raw: governance ? raw.governance : raw.general };
    const view = buildChainInfoView(
      {
        chainName: chain.name,
        nodeUrl: chain.nodeUrl,
        configuredChainId: chain.chainId,
        block,
        governance,
        governanceUnavailable: gov.status === 'rejected' ? reasonText(gov.reason) : undefined,
        general: generalInfo,
        generalUnavailable: general.status === 'rejected' ? reasonText(general.reason) : undefined,
        fetchedAt: new Date().toLocaleTimeString(),
      },
      vscode.l10n,
    );
    const target = this.compareTarget;
    this.show({
      ...baseState(this.id),
      view,
      compare: target ? { label: vscode.l10n.t('Comparing with {0}…', stateInProse(target.block, vscode.l10n)) } : undefined,
    });
    if (target) await this.loadComparison(chain, block, governance ?? generalInfo, target.block, signal, stale);
  }

  private async loadComparison(
    chain: ChainEntry,
    ownBlock: string | undefined,
    own: ChainInfoState | undefined,
    targetBlock: string | undefined,
    signal: AbortSignal,
    stale: () => boolean,
  ): Promise<void> {
    const label = vscode.l10n.t('Compared with {0}', stateInProse(targetBlock, vscode.l10n));
    const context = vscode.l10n.t('Reading the chain info of {0} ({1}) from {2}', chain.name, describeState(targetBlock, vscode.l10n), chain.nodeUrl);
    if (!own) return;
    const check = checkBlock(targetBlock);
    if (!check.ok) {
      this.show({
        ...this.state,
        compare: { label, error: this.errorState(new InvalidInputError('block', check.reason, vscode.l10n.t('Compare with another block.')), context) },
      });
      return;
    }
    try {
      const other = check.block === ownBlock ? own : await this.deps.clients.apiFor(chain).chainInfo({ block: check.block, signal });
      if (stale()) return;
      const comparison = buildComparison({ block: ownBlock, info: own }, { block: check.block, info: other }, vscode.l10n);
      this.show({ ...this.state, compare: { label, comparison } });
    } catch (e) {
      if (stale()) return;
      this.show({ ...this.state, compare: { label, error: this.errorState(e, context, check.block) } });
    }
  }

  /** The shared error view, sharpened for what a chain info read can run into. */
  private errorState(e: unknown, context: string, block?: string, inactive = false): ChainInfoErrorState {
    const base = describeError(e);
    const extras: ChainInfoErrorExtra[] = [];
    let { title, hint } = base;
    const actions = [...base.actions];
    const blockProblem =
      (e instanceof InvalidInputError && e.field === 'block') ||
      (e instanceof BadRequestError && block !== undefined && /block/i.test(`${e.nodeMessage ?? ''} ${e.message}`));
    if (blockProblem) {
      title = vscode.l10n.t('Invalid block');
      if (e instanceof BadRequestError)
        hint = vscode.l10n.t(
          'The node has no state at {0}: it may be beyond the latest block, pruned, or an unknown trie root. Pick another block, or open the latest state.',
          stateInProse(block, vscode.l10n),
        );
      extras.push('pickBlock', 'openLatest');
    } else if (e instanceof NotFoundError && inactive) {
      title = vscode.l10n.t('Chain not active');
      hint = vscode.l10n.t(
        'The node knows this chain but does not run it, so its past states cannot be read. Open the latest state to see its general information.',
      );
      extras.push('openLatest');
    } else if (e instanceof NotFoundError && e.what === 'chain') {
      title = vscode.l10n.t('Unknown chain');
      hint = vscode.l10n.t('The node does not run this chain: check the chain ID and the node URL in waspChain.chains.');
      actions.unshift({ label: vscode.l10n.t('Open Settings'), command: 'openSettings' });
    } else if (e instanceof WaspApiError && e.kind === 'network') {
      actions.unshift({ label: vscode.l10n.t('Open Settings'), command: 'openSettings' });
    }
    return { ...base, title, hint, actions, context, extras };
  }

  private onChainsChanged(): void {
    if (this.isDisposed) return;
    const chain = this.deps.chains.get(this.id.chainName);
    const now = chain ? signature(chain) : undefined;
    if (now !== this.chainSignature) void this.refresh();
  }
}

function signature(chain: ChainEntry): string {
  return `${chain.nodeUrl}\n${chain.chainId}\n${chain.source.scope}`;
}

function reasonText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function baseState(identity: ChainInfoIdentity): ChainInfoPanelState {
  return {
    identity: { ...identity },
    labels: chainInfoPanelLabels(vscode.l10n),
    heading: identity.chainName,
    stateLabel: describeState(identity.block, vscode.l10n),
  };
}
