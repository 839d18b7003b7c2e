// The chain info panel: one per (chain, block). It reads the governance chain info at that state
// and the node's general chain information (latest) side by side, shows them through the pure
// view model (model/chainInfoView.ts), and compares with another state on request.
// The panel knows its identity only (chain name + block): the chain entry, its node and its
// token are looked up again on every fetch, so a changed setting or token takes effect at once.
import { stringify as stringifyExact } from 'lossless-json';
import { prettyJsonExact } from '../api/json';
import * as vscode from 'vscode';
import { code } from 'webview-code:chainInfoMain';
import { NotFoundError } from '../api/errors';
import type { ChainInfoState } from '../core/chainInfoFields';
import type { GeneralChainInfo } from './model/chainInfoView';
import type { ChainEntry } from '../config/model/chainConfig';
import { buildChainInfoView, buildComparison, chainInfoJson } from './model/chainInfoView';
import { chainInfoPanelLabels, type ChainInfoAction, type ChainInfoErrorState, type ChainInfoIdentity, type ChainInfoPanelState } from './protocol';
import type { NodeClients } from '../config/nodeClients';
import { describeState, stateInProse } from '../ui/model/blockState';
import type { ErrorView } from '../ui/model/view';
import type { LoadRun } from '../ui/panel';
import type { PanelFactory } from '../ui/registry';
import { StatePanel, type StatePanelDeps, type StatePanelHost } from '../ui/statePanel';

/** What a chain info panel reads: the chain entry again on every fetch (and its changes), and its node API. */
export interface ChainInfoPanelDeps extends StatePanelDeps {
  readonly clients: Pick<NodeClients, 'apiFor'>;
}

export function chainInfoPanelFactory(deps: ChainInfoPanelDeps, host: StatePanelHost<ChainInfoIdentity>): PanelFactory<ChainInfoIdentity, ChainInfoPanel> {
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

export class ChainInfoPanel extends StatePanel<ChainInfoPanelState, ChainInfoAction, ChainInfoIdentity, ChainInfoPanelDeps> {
  private loaded: Loaded | undefined;

  constructor(webviewPanel: vscode.WebviewPanel, deps: ChainInfoPanelDeps, identity: ChainInfoIdentity, host: StatePanelHost<ChainInfoIdentity>) {
    const spec = { code, title: chainInfoTitle(identity), icon: 'info', what: vscode.l10n.t('Chain info') };
    super(webviewPanel, deps, spec, identity, baseState(identity), host);
  }

  protected showError(error: ErrorView): void {
    this.show({ ...baseState(this.id), view: this.state.view, error: { ...error, extras: [] } });
  }

  protected titleOf(identity: ChainInfoIdentity): string {
    return chainInfoTitle(identity);
  }

  protected baseState(identity: ChainInfoIdentity): ChainInfoPanelState {
    return baseState(identity);
  }

  protected signatureOf(chain: ChainEntry): string {
    return `${chain.nodeUrl}\n${chain.chainId}\n${chain.source.scope}`;
  }

  protected pickPrompt(): string {
    return vscode.l10n.t('Chain info of {0} at block…', this.id.chainName);
  }

  protected comparePrompt(): string {
    return vscode.l10n.t('Compare {0} ({1}) with…', this.id.chainName, describeState(this.id.block, vscode.l10n));
  }

  protected forgetRead(): void {
    this.loaded = undefined;
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
    if (await this.stateAction(action)) return;
    switch (action.kind) {
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
    const chain = this.chainToRead(vscode.l10n.t('Reading the chain info of {0}', this.id.chainName));
    if (!chain) return;
    const context = vscode.l10n.t('Reading the chain info of {0} ({1}) from {2}', chain.name, describeState(this.id.block, vscode.l10n), chain.nodeUrl);
    const blockCheck = this.checkState(this.id.block, vscode.l10n.t('Pick another block, or open the latest state.'));
    if (!blockCheck.ok) {
      this.loaded = undefined;
      this.show({ ...baseState(this.id), error: this.errorState(blockCheck.error, context) });
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
        fetchedAt: Date.now(),
        timeStyle: { locale: vscode.env.language },
      },
      vscode.l10n,
    );
    const target = this.compareTarget;
    this.show({
      ...baseState(this.id),
      view,
      compare: target ? { label: this.compareLabel(target.block) } : undefined,
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
    const check = this.checkState(targetBlock, vscode.l10n.t('Compare with another block.'));
    if (!check.ok) {
      this.show({ ...this.state, compare: { label, error: this.errorState(check.error, context) } });
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
    const sharpened = this.stateError(e, context, block, /block/i);
    if (sharpened.extras.length > 0) return sharpened;
    if (e instanceof NotFoundError && inactive)
      return {
        ...sharpened,
        title: vscode.l10n.t('Chain not active'),
        hint: vscode.l10n.t(
          'The node knows this chain but does not run it, so its past states cannot be read. Open the latest state to see its general information.',
        ),
        extras: ['openLatest'],
      };
    if (e instanceof NotFoundError && e.what === 'chain')
      return {
        ...sharpened,
        title: vscode.l10n.t('Unknown chain'),
        hint: vscode.l10n.t('The node does not run this chain: check the chain ID and the node URL in waspChain.chains.'),
        actions: [{ label: vscode.l10n.t('Open Settings'), command: 'openSettings' }, ...sharpened.actions],
      };
    return sharpened;
  }
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
