// The chain info panel: one per (chain, block). It reads the governance chain info at that state
// and the node's general chain information (latest) side by side, shows them through the pure
// view model (model/chainInfoView.ts), and compares with another state on request.
// The panel knows its identity only (chain name + block): the chain entry, its node and its
// token are looked up again on every fetch, so a changed setting or token takes effect at once.
import { stringify as stringifyExact } from 'lossless-json';
import { prettyJsonExact } from '../api/json';
import * as vscode from 'vscode';
import { BadRequestError, InvalidInputError, NotFoundError, WaspApiError } from '../api/errors';
import { checkBlock } from '../api/ids';
import type { ChainInfo, ChainInfoResponse } from '../api/schemas';
import { Commands } from '../constants';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import {
  buildChainInfoView,
  buildComparison,
  chainInfoJson,
  chainInfoPanelLabels,
  describeState,
  stateInProse,
  type ChainInfoAction,
  type ChainInfoErrorExtra,
  type ChainInfoErrorState,
  type ChainInfoIdentity,
  type ChainInfoPanelState,
} from './model/chainInfoView';
import type { Services } from '../services';
import { describeError } from '../ui/errors';
import { Panel } from '../webviews/panel';
import { notificationText } from '../core/text';

export const CHAIN_INFO_SCRIPT = 'chainInfoMain.js';

/** What the panel asks of the feature that owns it. */
export interface ChainInfoPanelHost {
  /** Opens (or reveals) the panel of another state of the same chain. */
  open(identity: ChainInfoIdentity): Promise<unknown>;
}

/** The key of a (chain, block) pair: chain names are case-insensitive, blocks are normalised. */
export function chainInfoKey(identity: ChainInfoIdentity): string {
  return `${identity.chainName.trim().toLowerCase()}\n${identity.block ?? ''}`;
}

/** Normalises a block as asked for: a valid one to its canonical form (latest = undefined), an invalid one kept as given. */
export function normaliseBlock(block: string | number | undefined | null): string | undefined {
  if (block === undefined || block === null) return undefined;
  const r = checkBlock(block);
  return r.ok ? r.block : String(block).trim();
}

export function chainInfoTitle(identity: ChainInfoIdentity): string {
  return identity.block === undefined
    ? vscode.l10n.t('Chain Info: {0}', identity.chainName)
    : vscode.l10n.t('Chain Info: {0} @ {1}', identity.chainName, identity.block.length > 16 ? `${identity.block.slice(0, 12)}…` : identity.block);
}

interface Loaded {
  chain: ChainEntry;
  block: string | undefined;
  governance: ChainInfo | undefined;
  general: ChainInfoResponse | undefined;
  /** The node's answer exactly as sent (governance, or the general info it fell back to). */
  raw: string | undefined;
}

const BLOCK_INPUT_PLACEHOLDER = () => vscode.l10n.t('latest, a block index (e.g. 2483095) or a trie root (0x + 40 hex digits)');

export class ChainInfoPanel extends Panel<ChainInfoPanelState, ChainInfoAction> {
  readonly key: string;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private loaded: Loaded | undefined;
  /** The state to compare with, when a comparison is shown (`latest` stands for undefined). */
  private compareTarget: { block: string | undefined } | undefined;
  private current: ChainInfoPanelState;
  /** The chain entry the last fetch used: a settings change that alters it triggers a refresh. */
  private chainSignature: string | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    private readonly services: Services,
    readonly identity: ChainInfoIdentity,
    private readonly host: ChainInfoPanelHost,
  ) {
    super(webviewPanel, services.context.extensionUri, CHAIN_INFO_SCRIPT, chainInfoTitle(identity));
    this.key = chainInfoKey(identity);
    webviewPanel.title = chainInfoTitle(identity);
    webviewPanel.iconPath = new vscode.ThemeIcon('info');
    this.current = this.baseState();
    this.postState(this.current);
    this.disposables.push(
      services.chains.onDidChange(() => this.onChainsChanged()),
      services.tokens.onDidChange((key) => this.onTokenChanged(key)),
    );
  }

  /** The state of the webview as last sent (tests and the serializer read it). */
  get state(): ChainInfoPanelState {
    return this.current;
  }

  /** Reads the chain info again (and the comparison, if one is shown). Resolves when shown. */
  refresh(): Promise<void> {
    return this.load();
  }

  /** Compares this panel's state with another one (undefined or 'latest' = the latest state). */
  async compareWith(block: string | number | undefined): Promise<void> {
    this.compareTarget = { block: normaliseBlock(block) };
    await this.refresh();
  }

  clearComparison(): void {
    this.compareTarget = undefined;
    this.show({ ...this.current, compare: undefined });
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
    const client = this.services.clients.clientFor(l.chain);
    const [url, body] = l.governance
      ? [client.chainInfoUrl(l.chain.chainId, l.block), l.governance]
      : [client.urlOf(['chains', l.chain.chainId]), l.general];
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

  /** Runs a panel action as if the webview had sent it (tests). */
  perform(action: ChainInfoAction): Promise<void> {
    return this.onAction(action);
  }

  protected async onAction(action: ChainInfoAction): Promise<void> {
    try {
      await this.act(action);
    } catch (e) {
      // Messages from the webview are fire-and-forget: a failure must surface here, not vanish.
      this.services.log.warn(`chain info action ${String(action.kind)}: ${reasonText(e)}`);
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('Chain info: {0}', reasonText(e))));
    }
  }

  private async act(action: ChainInfoAction): Promise<void> {
    switch (action.kind) {
      case 'pickBlock': {
        const block = await this.askBlock(vscode.l10n.t('Chain info of {0} at block…', this.identity.chainName), this.identity.block);
        if (block !== null) await this.host.open({ chainName: this.identity.chainName, block });
        return;
      }
      case 'openLatest':
        await this.host.open({ chainName: this.identity.chainName });
        return;
      case 'compare': {
        const block = await this.askBlock(vscode.l10n.t('Compare {0} ({1}) with…', this.identity.chainName, describeState(this.identity.block, vscode.l10n)), this.compareTarget?.block);
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
      case 'errorAction':
        return this.runErrorAction(action.command);
      default:
        return;
    }
  }

  /** Asks for a state: null when cancelled, undefined for the latest state. Validated as you type. */
  private async askBlock(title: string, value: string | undefined): Promise<string | undefined | null> {
    const input = await vscode.window.showInputBox({
      title,
      prompt: vscode.l10n.t('A block index or a trie root; empty for the latest state.'),
      placeHolder: BLOCK_INPUT_PLACEHOLDER(),
      value: value ?? '',
      ignoreFocusOut: true,
      validateInput: (v) => {
        const r = checkBlock(v);
        return r.ok ? undefined : r.reason;
      },
    });
    if (input === undefined) return null;
    const r = checkBlock(input);
    return r.ok ? r.block : null;
  }

  private async runErrorAction(command: unknown): Promise<void> {
    if (command === 'openSettings') {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'waspChain.chains');
      return;
    }
    // An allowlist: the webview names one of our commands, never an arbitrary one.
    const id = command === 'setToken' ? Commands.setToken : command === 'signIn' ? Commands.signIn : undefined;
    if (!id) return;
    try {
      await vscode.commands.executeCommand(id, this.identity.chainName);
    } catch (e) {
      void vscode.window.showErrorMessage(notificationText(vscode.l10n.t('{0} failed: {1}', id, e instanceof Error ? e.message : String(e))));
      return;
    }
    await this.refresh();
  }

  private baseState(): ChainInfoPanelState {
    return {
      identity: { ...this.identity },
      labels: chainInfoPanelLabels(vscode.l10n),
      heading: this.identity.chainName,
      stateLabel: describeState(this.identity.block, vscode.l10n),
    };
  }

  private show(state: ChainInfoPanelState): void {
    this.current = state;
    this.postState(state);
  }

  private async load(): Promise<void> {
    const gen = ++this.generation;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const signal = controller.signal;
    const stale = () => gen !== this.generation || this.isDisposed;

    const chain = this.services.chains.get(this.identity.chainName);
    if (!chain) {
      this.loaded = undefined;
      this.chainSignature = undefined;
      this.show({
        ...this.baseState(),
        error: {
          kind: 'notConfigured',
          title: vscode.l10n.t('Chain not configured'),
          message: vscode.l10n.t('No valid chain named "{0}" is configured.', this.identity.chainName),
          hint: vscode.l10n.t('Add it (or fix its entry) in the setting waspChain.chains, then retry.'),
          actions: [
            { label: vscode.l10n.t('Open Settings'), command: 'openSettings' },
            { label: vscode.l10n.t('Retry'), command: 'retry' },
          ],
          context: vscode.l10n.t('Reading the chain info of {0}', this.identity.chainName),
          extras: [],
        },
      });
      return;
    }
    this.chainSignature = signature(chain);
    const context = vscode.l10n.t('Reading the chain info of {0} ({1}) from {2}', chain.name, describeState(this.identity.block, vscode.l10n), chain.nodeUrl);
    const blockCheck = checkBlock(this.identity.block);
    if (!blockCheck.ok) {
      this.loaded = undefined;
      this.show({ ...this.baseState(), error: this.errorState(new InvalidInputError('block', blockCheck.reason, vscode.l10n.t('Pick another block, or open the latest state.')), context) });
      return;
    }
    const block = blockCheck.block;
    this.postLoading(vscode.l10n.t('Reading the chain info of {0} ({1})…', chain.name, describeState(block, vscode.l10n)));

    const client = this.services.clients.clientFor(chain);
    const raw: { governance?: string; general?: string } = {};
    const [gov, general] = await Promise.allSettled([
      client.getChainInfo(chain.chainId, { block, signal, onBody: (t) => (raw.governance = t) }),
      client.getChain(chain.chainId, { signal, onBody: (t) => (raw.general = t) }),
    ]);
    if (stale()) return;

    const governance = gov.status === 'fulfilled' ? gov.value : undefined;
    const generalInfo = general.status === 'fulfilled' ? general.value : undefined;
    // An inactive chain (or a node without the governance route) still has general information:
    // show that rather than an error, but only for the latest state, which is all it describes.
    const fallBack = !governance && generalInfo !== undefined && block === undefined && gov.status === 'rejected' && gov.reason instanceof NotFoundError;
    if (!governance && !fallBack) {
      const reason = gov.status === 'rejected' ? gov.reason : new Error(vscode.l10n.t('no answer'));
      this.services.log.warn(`chain info of ${chain.name}: ${reason instanceof Error ? reason.message : String(reason)}`);
      const previous = this.loaded && this.loaded.chain.name === chain.name ? this.current.view : undefined;
      this.show({ ...this.baseState(), view: previous, error: this.errorState(reason, context, block, generalInfo?.isActive === false) });
      return;
    }

    this.loaded = { chain, block, governance, general: generalInfo, raw: governance ? raw.governance : raw.general };
    const view = buildChainInfoView({
      chainName: chain.name,
      nodeUrl: chain.nodeUrl,
      configuredChainId: chain.chainId,
      block,
      governance,
      governanceUnavailable: gov.status === 'rejected' ? reasonText(gov.reason) : undefined,
      general: generalInfo,
      generalUnavailable: general.status === 'rejected' ? reasonText(general.reason) : undefined,
      fetchedAt: new Date().toLocaleTimeString(),
    }, vscode.l10n);
    const target = this.compareTarget;
    this.show({
      ...this.baseState(),
      view,
      compare: target ? { label: vscode.l10n.t('Comparing with {0}…', stateInProse(target.block, vscode.l10n)) } : undefined,
    });
    if (target) await this.loadComparison(chain, block, governance ?? generalInfo, target.block, signal, stale);
  }

  private async loadComparison(
    chain: ChainEntry,
    ownBlock: string | undefined,
    own: ChainInfo | ChainInfoResponse | undefined,
    targetBlock: string | undefined,
    signal: AbortSignal,
    stale: () => boolean,
  ): Promise<void> {
    const label = vscode.l10n.t('Compared with {0}', stateInProse(targetBlock, vscode.l10n));
    const context = vscode.l10n.t('Reading the chain info of {0} ({1}) from {2}', chain.name, describeState(targetBlock, vscode.l10n), chain.nodeUrl);
    if (!own) return;
    const check = checkBlock(targetBlock);
    if (!check.ok) {
      this.show({ ...this.current, compare: { label, error: this.errorState(new InvalidInputError('block', check.reason, vscode.l10n.t('Compare with another block.')), context) } });
      return;
    }
    try {
      const other = check.block === ownBlock ? own : await this.services.clients.clientFor(chain).getChainInfo(chain.chainId, { block: check.block, signal });
      if (stale()) return;
      const comparison = buildComparison({ block: ownBlock, info: own }, { block: check.block, info: other }, vscode.l10n);
      this.show({ ...this.current, compare: { label, comparison } });
    } catch (e) {
      if (stale()) return;
      this.show({ ...this.current, compare: { label, error: this.errorState(e, context, check.block) } });
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
      if (e instanceof BadRequestError) hint = vscode.l10n.t('The node has no state at {0}: it may be beyond the latest block, pruned, or an unknown trie root. Pick another block, or open the latest state.', stateInProse(block, vscode.l10n));
      extras.push('pickBlock', 'openLatest');
    } else if (e instanceof NotFoundError && inactive) {
      title = vscode.l10n.t('Chain not active');
      hint = vscode.l10n.t('The node knows this chain but does not run it, so its past states cannot be read. Open the latest state to see its general information.');
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
    const chain = this.services.chains.get(this.identity.chainName);
    const now = chain ? signature(chain) : undefined;
    if (now !== this.chainSignature) void this.refresh();
  }

  private onTokenChanged(key: string): void {
    if (this.isDisposed) return;
    const chain = this.services.chains.get(this.identity.chainName);
    if (!chain) return;
    let mine: string;
    try {
      mine = nodeKey(chain.nodeUrl);
    } catch {
      return;
    }
    // A new token can only fix an access error; a panel showing data stays as it is.
    const kind = this.current.error?.kind;
    if (key === mine && (kind === 'unauthorized' || kind === 'tokenExpired')) void this.refresh();
  }

  override dispose(): void {
    this.generation++;
    this.inFlight?.abort();
    super.dispose();
  }
}

function signature(chain: ChainEntry): string {
  return `${chain.nodeUrl}\n${chain.chainId}\n${chain.source.scope}`;
}

function reasonText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

