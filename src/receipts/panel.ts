// The receipt panel: one per (chain, request, block). It asks the receipt service (shared cache
// and in-flight requests with the hover), then checks the fee against the chain's fee policy
// at the receipt's block. Its identity is all it keeps: a reload (serializer) fetches again.
import * as vscode from 'vscode';
import { InvalidInputError, NotFoundError, UnauthorizedError } from '../api/errors';
import { checkBlock } from '../api/ids';
import { Commands } from '../constants';
import type { FindResult, ReceiptService } from './service';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import { shortId } from '../core/format';
import { describeFeeCheck, type FeeCheckView, type ReceiptAction, type ReceiptIdentity, type ReceiptPanelLabels, type ReceiptPanelState } from './model/receiptView';
import type { Services } from '../services';
import type { ErrorView } from '../webviews/protocol';
import { describeError, errorSummary } from '../ui/errors';
import { Panel } from '../webviews/panel';
import { notificationText } from '../core/text';

export const RECEIPT_SCRIPT = 'receiptMain.js';

export function receiptPanelTitle(requestId: string): string {
  return vscode.l10n.t('Receipt {0}', shortId(requestId, 8, 4));
}

function describeBlock(block: string | undefined): string {
  return block === undefined ? vscode.l10n.t('latest state') : /^0x/.test(block) ? vscode.l10n.t('state {0}', block) : vscode.l10n.t('block {0}', block);
}

function labels(): ReceiptPanelLabels {
  // Spelled out (not `const t = vscode.l10n.t`): `npm run l10n` collects `vscode.l10n.t(` calls.
  return {
    copy: vscode.l10n.t('Copy'),
    copyRequestId: vscode.l10n.t('Copy Request ID'),
    refresh: vscode.l10n.t('Refresh'),
    openJson: vscode.l10n.t('Open as JSON'),
    showChainInfo: vscode.l10n.t('Chain Info at This Block'),
    hex: vscode.l10n.t('Hex'),
    text: vscode.l10n.t('Text'),
    json: vscode.l10n.t('JSON'),
    none: vscode.l10n.t('none'),
    burnCode: vscode.l10n.t('Burn code'),
    gas: vscode.l10n.t('Gas'),
    share: vscode.l10n.t('Share'),
    records: vscode.l10n.t('Records'),
    key: vscode.l10n.t('Key'),
    value: vscode.l10n.t('Value'),
    id: vscode.l10n.t('ID'),
    amount: vscode.l10n.t('Amount'),
    baseTokens: vscode.l10n.t('Base tokens'),
    nativeTokens: vscode.l10n.t('Native tokens'),
    nfts: vscode.l10n.t('NFTs'),
    issuer: vscode.l10n.t('Issuer'),
    owner: vscode.l10n.t('Owner'),
    metadata: vscode.l10n.t('Metadata'),
    fungibleTokens: vscode.l10n.t('Fungible tokens sent'),
    allowance: vscode.l10n.t('Allowance'),
    nft: vscode.l10n.t('NFT'),
    params: vscode.l10n.t('Parameters'),
    burnLog: vscode.l10n.t('Gas burn log'),
    burnLogEmpty: vscode.l10n.t('No gas burn log: the node keeps it only for gas estimation, not in stored receipts.'),
    burnLogChart: vscode.l10n.t('Gas burned per burn code'),
    errorParams: vscode.l10n.t('Error parameters'),
    rawJson: vscode.l10n.t('Receipt as JSON'),
    feePolicy: vscode.l10n.t('Fee policy'),
    bytes: vscode.l10n.t('bytes'),
    truncated: vscode.l10n.t('(cut for display)'),
    payloadView: vscode.l10n.t('Show as'),
  };
}

export class ReceiptPanel extends Panel<ReceiptPanelState, ReceiptAction> {
  private current: ReceiptPanelState;
  private generation = 0;
  private inFlight: AbortController | undefined;
  /** What the last successful load found. */
  private loaded: { chain: ChainEntry; result: Extract<FindResult, { found: true }> } | undefined;
  /** The chain of the last access error, for the Set Access Token / Sign In buttons. */
  private errorChain: string | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    private readonly services: Services,
    private readonly service: ReceiptService,
    private id: ReceiptIdentity,
  ) {
    super(webviewPanel, services.context.extensionUri, RECEIPT_SCRIPT, receiptPanelTitle(id.requestId));
    webviewPanel.title = receiptPanelTitle(id.requestId);
    webviewPanel.iconPath = new vscode.ThemeIcon('file-text');
    this.current = { status: 'loading', identity: { ...id }, title: this.heading(), message: vscode.l10n.t('Looking up the receipt…'), labels: labels() };
    this.postState(this.current);
    // A hidden webview that comes back gets the latest state from Panel's ready handshake.
    this.disposables.push(services.tokens.onDidChange((key) => this.onTokenChanged(key)));
  }

  /** (chain name, request ID, block): the chain is filled in once a lookup found it. */
  get identity(): ReceiptIdentity {
    return this.id;
  }

  /** The state as last sent to the webview (tests read it). */
  get state(): ReceiptPanelState {
    return this.current;
  }

  /** Refresh and Retry: ask the node again, past the cache. */
  refresh(): Promise<void> {
    return this.load({ fresh: true });
  }

  /** Runs a panel action as if the webview had sent it (tests, keyboard shortcuts). */
  perform(action: ReceiptAction): Promise<void> {
    return Promise.resolve(this.onAction(action));
  }

  async load(options: { fresh: boolean }): Promise<void> {
    const gen = ++this.generation;
    this.inFlight?.abort();
    const controller = new AbortController();
    this.inFlight = controller;
    const stale = () => gen !== this.generation || this.isDisposed;

    const block = checkBlock(this.id.block);
    if (!block.ok) {
      this.showError(describeError(new InvalidInputError('block', block.reason)), []);
      return;
    }
    this.postLoading(this.id.chainName === undefined ? vscode.l10n.t('Looking up the receipt…') : vscode.l10n.t('Looking up the receipt on {0}…', this.id.chainName));

    let result: FindResult;
    try {
      result = await this.service.find(this.id.requestId, { chainName: this.id.chainName, block: block.block, signal: controller.signal, fresh: options.fresh });
    } catch (e) {
      if (stale()) return;
      if (e instanceof InvalidInputError && e.field === 'chainName') {
        this.showError(
          {
            kind: 'notConfigured',
            title: vscode.l10n.t('Chain not configured'),
            message: vscode.l10n.t('No valid chain named "{0}" is configured.', this.id.chainName ?? ''),
            hint: vscode.l10n.t('Add it (or fix its entry) in the setting waspChain.chains, then retry.'),
            actions: [
              { label: vscode.l10n.t('Open Settings'), command: 'openSettings' },
              { label: vscode.l10n.t('Retry'), command: 'retry' },
            ],
          },
          [],
        );
        return;
      }
      this.showError(describeError(e), []);
      return;
    }
    if (stale()) return;

    if (!result.found) {
      this.loaded = undefined;
      this.showNotFound(result, block.block);
      return;
    }
    const chain = result.chain;
    this.loaded = { chain, result };
    this.errorChain = undefined;
    this.id = { ...this.id, chainName: chain.name };
    const fee: FeeCheckView = { ok: undefined, text: vscode.l10n.t('checking against the fee policy…') };
    this.showFound(chain, result, fee, block.block);
    const checked = await this.checkFee(chain, result, controller.signal);
    if (stale() || checked === undefined) return;
    this.showFound(chain, result, checked, block.block);
  }

  private heading(): string {
    return vscode.l10n.t('Request {0}', shortId(this.id.requestId, 12, 6));
  }

  private show(state: ReceiptPanelState): void {
    this.current = state;
    this.postState(state);
  }

  private showFound(chain: ChainEntry, result: Extract<FindResult, { found: true }>, fee: FeeCheckView, block: string | undefined): void {
    const view = result.value.view;
    this.show({
      status: 'ok',
      identity: { ...this.id, chainName: chain.name },
      title: this.heading(),
      // Which settings the chain came from, when several scopes define chains.
      subtitle: vscode.l10n.t('on {0} ({1}), block {2}', withSource(chain.name, this.service.sourceNote(chain)), describeBlock(block), view.blockIndex),
      view,
      fee,
      labels: labels(),
    });
  }

  private showError(error: ErrorView, details: string[]): void {
    this.show({ status: 'error', identity: { ...this.id }, title: this.heading(), error, details, labels: labels() });
  }

  private showNotFound(result: Extract<FindResult, { found: false }>, block: string | undefined): void {
    const details = result.failures.map((f) => vscode.l10n.t('{0}: {1}', f.chain.name, errorSummary(f.error)));
    if (result.notFoundOn.length > 0 && result.failures.length > 0) {
      details.push(vscode.l10n.t('No receipt on {0}.', result.notFoundOn.map((c) => c.name).join(', ')));
    }
    const first = result.failures[0];
    if (first) {
      // The first failure explains the most; the others are listed below it.
      const base = describeError(first.error);
      this.errorChain = first.chain.name;
      const title = first.error instanceof UnauthorizedError && first.error.missingPermission
        ? vscode.l10n.t('Access denied: missing permission "{0}"', first.error.missingPermission)
        : base.title;
      this.showError({ ...base, title: vscode.l10n.t('{0} ({1})', title, first.chain.name) }, details);
      return;
    }
    const names = result.notFoundOn.map((c) => c.name).join(', ');
    this.showError(
      {
        kind: 'notFound',
        title: vscode.l10n.t('No receipt'),
        message: vscode.l10n.t('No receipt for this request on {0} ({1}).', names, describeBlock(block)),
        hint: new NotFoundError('', 'receipt', {}).hint,
        actions: [{ label: vscode.l10n.t('Retry'), command: 'retry' }],
      },
      details,
    );
  }

  private async checkFee(chain: ChainEntry, result: Extract<FindResult, { found: true }>, signal: AbortSignal): Promise<FeeCheckView | undefined> {
    const receipt = result.value.receipt;
    try {
      const info = await this.services.clients.clientFor(chain).getChainInfo(chain.chainId, { block: receipt.blockIndex, signal });
      return describeFeeCheck(receipt.gasBurned, receipt.gasFeeCharged, info.gasFeePolicy.gasPerToken, vscode.l10n);
    } catch (e) {
      if (signal.aborted) return undefined;
      this.services.log.warn(`fee policy of ${chain.name} at block ${receipt.blockIndex}: ${e instanceof Error ? e.message : String(e)}`);
      return { ok: undefined, text: vscode.l10n.t('not checked: the fee policy could not be read ({0})', errorSummary(e)) };
    }
  }

  protected async onAction(action: ReceiptAction): Promise<void> {
    switch (action.kind) {
      case 'showChainInfo': {
        const l = this.loaded;
        if (!l) return;
        // Executed here, from a fixed command and our own values: never a command URI from the webview.
        await vscode.commands.executeCommand(Commands.showChainInfo, { chainName: l.chain.name, block: l.result.value.view.blockIndex });
        return;
      }
      case 'openJson': {
        const l = this.loaded;
        if (!l) return;
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `${l.result.value.view.rawJson}\n` });
        await vscode.window.showTextDocument(doc, { preview: false });
        return;
      }
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'waspChain.chains');
        return;
      case 'setToken':
      case 'signIn': {
        const chainName = this.errorChain ?? this.id.chainName;
        try {
          await vscode.commands.executeCommand(action.kind === 'setToken' ? Commands.setToken : Commands.signIn, chainName);
        } catch (e) {
          void vscode.window.showErrorMessage(notificationText(e instanceof Error ? e.message : String(e)));
          return;
        }
        await this.refresh();
        return;
      }
      default:
        return;
    }
  }

  private onTokenChanged(key: string): void {
    if (this.isDisposed || this.current.status !== 'error') return;
    const kind = this.current.error.kind;
    if (kind !== 'unauthorized' && kind !== 'tokenExpired') return;
    const name = this.errorChain ?? this.id.chainName;
    const chain = name === undefined ? undefined : this.services.chains.get(name);
    let mine: string | undefined;
    try {
      mine = chain ? nodeKey(chain.nodeUrl) : undefined;
    } catch {
      mine = undefined;
    }
    // A new token can only fix an access error.
    if (mine === undefined || key === mine) void this.refresh();
  }

  override dispose(): void {
    this.generation++;
    this.inFlight?.abort();
    super.dispose();
  }
}

function withSource(name: string, source: string | undefined): string {
  return source === undefined ? name : vscode.l10n.t('{0}, from {1}', name, source);
}
