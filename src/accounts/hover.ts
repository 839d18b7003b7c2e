// The hover on an EVM address, in any file: the account's L2 holdings in a few lines, on the chain
// the workspace's deployment records place it on, else the default chain, with the others offered. It must never be felt: a cheap precheck before any regex, nothing sent for a mixed-case
// address whose checksum fails or for a trie root, the cancellation token honoured, one shared and
// cached read per (node, chain, address) (AccountService), and a short "loading" line instead of
// waiting on a slow node. Only the address hovered is sent, and only to a chain of the settings.
import { DetachedWork, within } from '../core/detached';
import * as vscode from 'vscode';
import { CancelledError } from '../api/errors';
import { Settings } from '../constants';
import { errorSummary } from '../ui/errors';
import { addressAt, addressDecision } from './model/addressAt';
import type { AccountService } from './service';
import type { ChainEntry, EvmOnlyChain } from '../config/model/chainConfig';
import type { EvmOnlyAccountRead } from './model/evmOnlyAccountView';
import type { RecordSource } from './accountsList';

/** How long a hover waits for the account before it shows the loading line (ms). */
export const DEFAULT_ACCOUNT_HOVER_WAIT_MS = 1500;
/** Reads that go on after their hover showed the loading line, at most; past it the oldest is cancelled. */
export const MAX_DETACHED_READS = 8;

/** What the hover reads of the chains known only by their EVM JSON-RPC (transactions/evmOnlyService.ts, which the receipts feature builds). */
export interface EvmOnlyAccounts {
  lookupOrder(): EvmOnlyChain[];
  account(chain: EvmOnlyChain, address: string, options?: { signal?: AbortSignal }): Promise<EvmOnlyAccountRead>;
  sourceNote(chain: EvmOnlyChain): string | undefined;
  readonly evm: { namesFor(chain: { generation: 'rebased'; evmChainId: bigint | undefined }): Promise<(address: string) => string | undefined> };
}

/** What the hover asks of the pinned accounts. */
export interface PinnedLookup {
  isPinned(chainName: string, address: string): boolean;
}

const loadMarkdown = () => import('./hoverMarkdown.js');

export class AccountHoverProvider implements vscode.HoverProvider {
  /** Internal, not a setting; tests shorten it. */
  waitMs = DEFAULT_ACCOUNT_HOVER_WAIT_MS;
  /** How long a hover waits for the account's name once the account is read (ms); internal, tests may change it. */
  nameWaitMs = 500;
  private readonly detached = new DetachedWork(MAX_DETACHED_READS);

  constructor(
    private readonly service: AccountService,
    private readonly pins: PinnedLookup,
    private readonly evmOnly?: EvmOnlyAccounts,
    private readonly records?: RecordSource,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const line = document.lineAt(position.line).text;
    const at = addressAt(line, position.character);
    if (!at) return undefined;
    const config = vscode.workspace.getConfiguration(Settings.section);
    if (!config.get<boolean>(Settings.hoverEnabled, true)) return undefined;
    const chosen = accountHoverChosen(config);
    if (chosen === false) return undefined;
    const range = new vscode.Range(position.line, at.start, position.line, at.end);
    const decision = addressDecision(at.text, line.slice(0, at.start));
    if (decision.kind === 'state') return undefined;
    // The Markdown code loads with the first account hover that shows something.
    if (decision.kind === 'badChecksum') return new vscode.Hover((await loadMarkdown()).badChecksumMarkdown(decision.reason), range);
    const { ask: chain, others } = await this.chainsFor(decision.address);
    // No chain with a web API: the first chain known only by its JSON-RPC (balance and nonce).
    const evmChain = chain ? undefined : this.evmOnly?.lookupOrder()[0];
    // Unset, the setting is off where the chain asked is a public network: its operator would see every address hovered.
    if (chosen === undefined && (chain || evmChain)) {
      const { onPublicNetwork } = await import('../config/model/publicNetworks.js');
      if (onPublicNetwork(chain ? [chain.nodeUrl] : [evmChain?.evmJsonRpcUrl])) return undefined;
    }
    if (token.isCancellationRequested) return undefined;
    if (evmChain && !token.isCancellationRequested) return this.lookUpEvmOnly(decision.address, evmChain, range, token);
    if (!chain || token.isCancellationRequested) return undefined;
    try {
      return await this.lookUp(decision.address, chain, others, range, token);
    } catch (e) {
      if (e instanceof CancelledError || token.isCancellationRequested) return undefined;
      const { accountFailureMarkdown, otherChainLinks } = await loadMarkdown();
      return new vscode.Hover(accountFailureMarkdown(decision.address, chain.name, errorSummary(e), otherChainLinks(decision.address, others)), range);
    }
  }

  /**
   * The chain to ask: the one the workspace's deployment records place the address on (its EVM chain
   * ID asked once per chain, and only for an address the records name on some chain), else the
   * default; the names of the others, to offer.
   */
  private async chainsFor(address: string): Promise<{ ask: ChainEntry | undefined; others: string[] }> {
    const order = this.service.lookupOrder();
    const byDefault = { ask: order[0], others: order.slice(1).map((c) => c.name) };
    if (order.length < 2 || !this.records) return byDefault;
    const book = await within(this.records.current(), this.nameWaitMs, undefined).catch(() => undefined);
    const placedOn = book?.chainIdsOf(address) ?? [];
    if (placedOn.length === 0) return byDefault;
    const ids = await within(Promise.all(order.map((c) => this.service.explorerChainId(c))), this.nameWaitMs, undefined);
    if (ids === undefined) return byDefault;
    const { chainsForAddress } = await import('./model/accountChains.js');
    const chosen = chainsForAddress(order, (c) => ids[order.indexOf(c)], placedOn);
    return { ask: chosen.ask, others: chosen.others.map((c) => c.name) };
  }

  private async lookUp(
    address: string,
    chain: ChainEntry,
    others: string[],
    range: vscode.Range,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    // A name is extra: a failure to read the address book or the node's EVM chain ID leaves it out,
    // and the hover waits for it at most nameWaitMs once the account is read (the first use scans
    // the workspace's deployment records; the next hover has them).
    const name = this.service.nameOf(chain, address).catch(() => undefined);
    // The explorer's link waits as the name does: the chain's EVM chain ID is asked once per chain.
    const explorerChainId = this.service.explorerChainId(chain);
    // Slow: the read goes on without this hover (bounded by the request timeout): the next hover finds it.
    const first = await this.detached.answer(
      (signal) => this.service.read(chain, address, { signal }).then(async (read) => [read, await within(name, this.nameWaitMs, undefined)] as const),
      this.waitMs,
      token,
    );
    if (first === 'slow') {
      const { accountLoadingMarkdown } = await loadMarkdown();
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(accountLoadingMarkdown(address, chain.name), range);
    }
    if (token.isCancellationRequested) return undefined;
    const [read, nameFound] = first;
    const [{ accountHoverLines }, { explorerBase }, { accountLinks, accountMarkdown, otherChainLinks }] = await Promise.all([
      import('./model/accountView.js'),
      import('../transactions/model/explorer.js'),
      loadMarkdown(),
    ]);
    if (token.isCancellationRequested) return undefined;
    const lines = accountHoverLines(read, { chainName: chain.name, name: nameFound, sourceNote: this.service.sourceNote(chain) }, vscode.l10n);
    // The link only when the command can build a checked URL without asking anything.
    const explorer = explorerBase(chain.explorerUrl, await within(explorerChainId, this.nameWaitMs, undefined)) !== undefined;
    const links = accountLinks(address, chain.name, explorer, this.pins.isPinned(chain.name, address));
    return new vscode.Hover(accountMarkdown(lines, links, otherChainLinks(address, others)), range);
  }

  /** Balance and nonce from the chain's JSON-RPC: the same wait, loading line and cancellation as a node's read. */
  private async lookUpEvmOnly(address: string, chain: EvmOnlyChain, range: vscode.Range, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const evmOnly = this.evmOnly;
    if (!evmOnly) return undefined;
    try {
      const read = await this.detached.answer((signal) => evmOnly.account(chain, address, { signal }), this.waitMs, token);
      if (read === 'slow') {
        const { evmOnlyAccountMarkdown } = await loadMarkdown();
        const line = vscode.l10n.t('Reading the account on {0}… its JSON-RPC is slow to answer.', chain.name);
        return token.isCancellationRequested ? undefined : new vscode.Hover(evmOnlyAccountMarkdown([line]), range);
      }
      if (token.isCancellationRequested) return undefined;
      // A name is extra: waited for at most nameWaitMs (the first use scans the workspace's records).
      const names = evmOnly.evm.namesFor({ generation: 'rebased', evmChainId: chain.evmChainId }).catch(() => undefined);
      const [{ evmOnlyAccountLines }, { rpcFailureText }, { evmOnlyAccountMarkdown }, nameOf] = await Promise.all([
        import('./model/evmOnlyAccountView.js'),
        import('../transactions/model/evmExplain.js'),
        loadMarkdown(),
        within(names, this.nameWaitMs, undefined),
      ]);
      if (token.isCancellationRequested) return undefined;
      const lines = evmOnlyAccountLines(
        address,
        read,
        { chainName: chain.name, name: nameOf?.(address), sourceNote: evmOnly.sourceNote(chain) },
        (f) => rpcFailureText(f, vscode.l10n),
        vscode.l10n,
      );
      return new vscode.Hover(evmOnlyAccountMarkdown(lines), range);
    } catch (e) {
      if (token.isCancellationRequested) return undefined;
      // No Show Account link: that panel needs the web API.
      const line = vscode.l10n.t('The account read on {0} failed: {1}', chain.name, errorSummary(e));
      return new vscode.Hover((await loadMarkdown()).evmOnlyAccountMarkdown([line]), range);
    }
  }

  /** Reads going on without a hover right now. */
  get detachedCount(): number {
    return this.detached.count;
  }
}

/** The user's own choice of waspChain.hover.accounts, at any scope; undefined when it is not set. */
function accountHoverChosen(config: vscode.WorkspaceConfiguration): boolean | undefined {
  const v = config.inspect<boolean>(Settings.hoverAccounts);
  const set = v?.workspaceFolderValue ?? v?.workspaceValue ?? v?.globalValue;
  return typeof set === 'boolean' ? set : undefined;
}
