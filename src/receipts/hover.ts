// The hover on a request ID, in any file: the receipt in a few lines, from the first configured
// chain that knows the request. It must never be felt: a cheap precheck before any regex, the
// cancellation token honoured, one request per (node, chain, id) with a cache behind it
// (ReceiptService), and a short "loading" line instead of waiting on a slow node.
// A 64-hex string has the shape of a private key: it is looked up only where there is positive
// evidence that it is a transaction or request ID (model/idEvidence.ts); anywhere else the hover
// sends nothing and offers one "Look up", which asks first where a key or secret is named.
// The Markdown (escaped node text, our command links only) is built in hoverMarkdown.ts.
import { DetachedWork, within } from '../core/detached';
import * as vscode from 'vscode';
import { CancelledError } from '../api/errors';
import { classifyRequestId } from '../core/idShapes';
import { Settings } from '../constants';
import { EvmExplainer } from '../transactions/evmExplainer';
import type { ProcessedReceipt, ReceiptService } from '../transactions/receiptService';
import type { ChainEntry, EvmOnlyChain } from '../config/model/chainConfig';
import type { EvmOnlyService } from '../transactions/evmOnlyService';
import type { EvmOnlyFound } from '../transactions/model/evmOnlyView';
import type { ReplayOutcome } from '../evm/model/replay';
import { clip, escapeMarkdown } from '../core/text';
import { errorSummary } from '../ui/errors';
import { requestIdAt, type IdAt } from './requestIdAt';
import { hoverDecision, type HoverDecision } from './model/idEvidence';
import { ABOVE_LINES } from './model/idText';
import {
  evmOnlyFailuresMarkdown,
  evmOnlyMarkdown,
  loadingMarkdown,
  newMarkdown,
  noChainMarkdown,
  notFoundMarkdown,
  offerMarkdown,
  resultMarkdown,
  secretMarkdown,
  type EvmHoverPart,
} from './hoverMarkdown';

export { HOVER_COMMANDS } from './hoverMarkdown';

/** How long a hover waits for an answer before it shows the loading line instead (ms). */
export const DEFAULT_HOVER_WAIT_MS = 1500;

/**
 * Lookups that go on after their hover showed the loading line (so that the next hover finds
 * the answer) are kept up to this many; past it the oldest is cancelled. A flood of hovers over
 * many IDs thus never leaves more than this many requests queued behind a slow node.
 */
export const MAX_DETACHED_LOOKUPS = 8;

export class ReceiptHoverProvider implements vscode.HoverProvider {
  /** Internal, not a setting; tests shorten it. */
  waitMs = DEFAULT_HOVER_WAIT_MS;
  /** How long a hover waits for the ABI decoding (ms); internal, tests may change it. */
  evmWaitMs = 1000;
  /** Lookups that outlived their hover, oldest first (tests read the count). */
  private readonly detached = new DetachedWork(MAX_DETACHED_LOOKUPS);

  constructor(
    private readonly service: ReceiptService,
    /** Chains known only by their EVM JSON-RPC: asked for a 64-hex hash beside the nodes (same secret rules). */
    private readonly evmOnly: EvmOnlyService,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const config = vscode.workspace.getConfiguration(Settings.section);
    if (!config.get<boolean>(Settings.hoverEnabled, true)) return undefined;
    const at = requestIdAt(document, position);
    if (!at) return undefined;
    const { id } = at;

    // The chains, once: the lookup order from settings, routed by the ID's form (each chain's node
    // API says which form it knows: 64 hex to Rebased chains, and to Stardust ones as hash + 0000
    // only with waspChain.hover.evmTransactions; 68 hex to Stardust chains only).
    const all = this.service.lookupOrder();
    const evmAll = this.evmOnly.lookupOrder();
    if (all.length === 0 && evmAll.length === 0) return new vscode.Hover(noChainMarkdown(), at.range);
    const chains = all.length === 0 ? [] : this.service.route(id, all);
    // A chain known only by its JSON-RPC knows EVM transaction hashes (64 hex) only.
    const evmChains = id.shape === 'hex64' ? evmAll : [];
    if ((chains.length === 0 && evmChains.length === 0) || token.isCancellationRequested) return undefined;
    // Before anything is sent (the chains above come from settings only): without evidence that
    // this is an ID, nothing about it leaves the machine.
    const known = this.known(id.id, chains) || this.evmOnly.peek(id.id, evmChains) !== undefined;
    const decision = decisionAt(document, at, known);
    const place = { uri: document.uri.toString(), line: at.range.start.line, character: at.range.start.character };
    if (decision.kind === 'secret') return new vscode.Hover(secretMarkdown(decision.verdict, id.id, place), at.range);
    if (decision.kind === 'offer') return new vscode.Hover(offerMarkdown(id.id, place), at.range);
    try {
      const hover = await this.lookUpAll(at, chains, evmChains, token);
      // Known from a node or asked for by the user: a miss is the answer, said once.
      if (hover === undefined && known && !token.isCancellationRequested)
        return new vscode.Hover(
          notFoundMarkdown(
            id.id,
            [...chains, ...evmChains].map((c) => c.name),
          ),
          at.range,
        );
      return hover;
    } catch (e) {
      if (e instanceof CancelledError || token.isCancellationRequested) return undefined;
      const md = newMarkdown();
      md.appendMarkdown(`$(warning) ${escapeMarkdown(vscode.l10n.t('The receipt lookup failed: {0}', clip(errorSummary(e), 200)))}`);
      return new vscode.Hover(md, at.range);
    }
  }

  /** The user said to look this ID up (the hover's Look up): it is sent from now on, this session. */
  allow(requestId: string): void {
    this.service.allow(requestId);
  }

  /** The chains a lookup of this ID would ask, by name (the Look up's question names them). */
  chainNamesFor(requestId: string): string[] {
    const id = classifyRequestId(requestId);
    if (id === undefined) return [];
    const all = this.service.lookupOrder();
    const nodes = all.length === 0 ? [] : this.service.route(id, all);
    const evm = id.shape === 'hex64' ? this.evmOnly.lookupOrder() : [];
    return [...nodes, ...evm].map((c) => c.name);
  }

  private async lookUpAll(at: IdAt, chains: ChainEntry[], evmChains: EvmOnlyChain[], token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (chains.length === 0) return this.lookUpEvmOnly(at, evmChains, token);
    const node = await this.lookUp(at, chains, token);
    if (node === undefined) return undefined;
    // No node knew it (some may have failed; it may be watched or sent from here): the EVM-only chains
    // may, asked only then, so a node's answer costs them nothing. Their answer comes first; else the nodes'.
    if (node.found !== false || evmChains.length === 0 || token.isCancellationRequested) return node.hover;
    return (await this.lookUpEvmOnly(at, evmChains, token, true)) ?? node.hover;
  }

  /** A node answered or showed it (a receipt, a block, the live feed), or it is watched: no request needed to know. */
  private known(requestId: string, chains: readonly ChainEntry[]): boolean {
    if (this.service.watchedOn(requestId) !== undefined || this.service.knows(requestId)) return true;
    return chains.some((c) => this.service.cache.peek(requestId, c) !== undefined);
  }

  /** The nodes' answer, and whether one knew the ID (undefined: cancelled). */
  private async lookUp(
    at: IdAt,
    chains: ChainEntry[],
    token: vscode.CancellationToken,
  ): Promise<{ hover?: vscode.Hover; found: boolean | 'slow' } | undefined> {
    const requestId = at.id.id;
    // Slow: the lookup goes on without this hover (bounded by the request timeout).
    const first = await this.detached.answer((signal) => this.service.findOn(requestId, chains, { signal }), this.waitMs, token);
    if (token.isCancellationRequested) return undefined;
    if (first === 'slow') return { hover: new vscode.Hover(loadingMarkdown(requestId, chains), at.range), found: 'slow' };
    const isHash = at.id.shape === 'hex64';
    const watchedOn = first.found ? undefined : this.service.watchedOn(requestId);
    // A 64-hex string is often just some hash: when no chain knows it, the hover stays quiet, unless
    // the user watches it or the workspace's own records say it was sent from here.
    const sent = !first.found && isHash ? await this.sentFromHere(requestId) : undefined;
    if (isHash && !first.found && first.failures.length === 0 && watchedOn === undefined && sent === undefined) return { found: false };
    // The node knew the hash in another form (a Stardust hash + 0000): the hover shows the hash as written too.
    const otherForm = first.found && first.value.view.requestId !== requestId;
    const evm = first.found ? await this.evmLines(first.value, first.chain) : undefined;
    if (token.isCancellationRequested) return undefined;
    const hover = new vscode.Hover(
      resultMarkdown(first, requestId, otherForm ? at.text : undefined, first.found ? this.service.sourceNote(first.chain) : undefined, watchedOn, evm, sent),
      at.range,
    );
    return { hover, found: first.found };
  }

  /**
   * The transaction on the chains known only by their EVM JSON-RPC: the same wait, loading line,
   * cancellation and detached work as a node's receipt. `quiet`: a miss says nothing (the nodes were asked first).
   */
  private async lookUpEvmOnly(at: IdAt, chains: EvmOnlyChain[], token: vscode.CancellationToken, quiet = false): Promise<vscode.Hover | undefined> {
    const hash = at.id.id;
    const first = await this.detached.answer((signal) => this.evmOnly.find(hash, chains, { signal }), this.waitMs, token);
    if (token.isCancellationRequested) return undefined;
    if (first === 'slow') return new vscode.Hover(loadingMarkdown(hash, []), at.range);
    if (!first.found) {
      // A 64-hex string is often just some hash: no chain knowing it is no news.
      if (quiet || first.failures.length === 0) return undefined;
      const { rpcFailureText } = await import('../transactions/model/evmExplain.js');
      return new vscode.Hover(
        evmOnlyFailuresMarkdown(
          hash,
          first.failures.map((f) => ({ chainName: f.chain.name, text: rpcFailureText(f.failure, vscode.l10n) })),
        ),
        at.range,
      );
    }
    const { chain, value } = first;
    const traceLine = this.evmOnly.traceLine(hash);
    const [{ evmOnlyHoverLines }, decoding, replay] = await Promise.all([
      import('../transactions/model/evmOnlyView.js'),
      this.evmDecoding(chain),
      this.evmOnlyReplay(chain, value, traceLine, token),
    ]);
    if (token.isCancellationRequested) return undefined;
    const lines = evmOnlyHoverLines(
      value,
      chain.name,
      decoding,
      { ...(traceLine === undefined ? {} : { traceLine }), ...(replay ? { replay } : {}) },
      vscode.l10n,
    );
    const failed = value.receipt.status === undefined ? undefined : value.receipt.status === 0;
    return new vscode.Hover(evmOnlyMarkdown(lines, failed, hash, chain.name, this.evmOnly.sourceNote(chain)), at.range);
  }

  /** The ABIs and names, within evmWaitMs (the first use scans the workspace; the hover shows less rather than wait). */
  private async evmDecoding(chain: EvmOnlyChain): Promise<Awaited<ReturnType<EvmOnlyService['evm']['decoding']>> | undefined> {
    try {
      const named = this.evmOnly.evmChainId(chain).then((evmChainId) => this.evmOnly.evm.decoding({ generation: 'rebased', evmChainId }));
      return await within(named, this.evmWaitMs, undefined);
    } catch {
      return undefined;
    }
  }

  /**
   * Why a failed transaction failed when its receipt does not say and no call tree was read: one
   * eth_call of it at its parent block (never a trace from a hover), within waitMs.
   */
  private async evmOnlyReplay(
    chain: EvmOnlyChain,
    found: EvmOnlyFound,
    traceLine: string | undefined,
    token: vscode.CancellationToken,
  ): Promise<ReplayOutcome | undefined> {
    const { wantsReplay } = await import('../transactions/model/evmOnlyView.js');
    if (!wantsReplay(found, traceLine)) return undefined;
    try {
      const answer = await this.detached.answer((signal) => this.evmOnly.replay(chain, found, signal), this.waitMs, token);
      return answer === 'slow' ? undefined : answer;
    } catch {
      return undefined;
    }
  }

  /**
   * What the workspace's ABIs say (custom error, function called), within EVM_WAIT_MS: the first
   * EVM receipt scans the workspace, and a hover must not wait on that; the next one has it.
   */
  private async evmLines(processed: ProcessedReceipt, chain: ChainEntry): Promise<EvmHoverPart | undefined> {
    if (!EvmExplainer.wants(processed.view)) return undefined;
    try {
      const [explained, nameOf, failure] = await within(
        Promise.all([
          this.service.evm.explain(processed.receipt, processed.view),
          // The node's EVM chain ID picks the deployment records of its chain (asked once per node, never with the ID hovered).
          this.service.evmChainId(chain).then((evmChainId) => this.service.evm.namesFor({ generation: chain.generation, evmChainId })),
          processed.view.failed ? this.service.evm.failureLine(processed.receipt) : undefined,
        ]),
        this.evmWaitMs,
        [undefined, undefined, undefined] as const,
      );
      if (!explained) return undefined;
      const [{ explanationLines, customErrorReading }, { chainExplorerBase, explorerTxUrl }] = await Promise.all([
        import('../transactions/model/evmExplain.js'),
        import('../transactions/model/explorer.js'),
      ]);
      // The link only when the command can build a checked URL from our settings or defaults (no request here).
      const tx = explained.tx;
      const explorer =
        tx !== undefined && explorerTxUrl(chainExplorerBase(chain.explorerUrl, this.service.knownEvmChainId(chain), tx.chainId), tx.hash) !== undefined;
      const why = failure === undefined ? [] : [vscode.l10n.t('Why: {0}', failure)];
      // The custom error the ABIs read leads the hover (its headline), so it is not said again below.
      const custom = customErrorReading(explained);
      const rest = { ...explained };
      if (custom !== undefined) delete rest.error;
      return { lines: [...why, ...explanationLines(rest, vscode.l10n, nameOf)], explorer, ...(custom ? { custom } : {}) };
    } catch {
      // Decoding is extra: the receipt is shown without it.
      return undefined;
    }
  }

  /** "Sent from this workspace (broadcast/…, nonce 14)" when a Foundry or Ignition record has this hash (read locally, within evmWaitMs). */
  private async sentFromHere(hash: string): Promise<string | undefined> {
    try {
      const record = await within(this.service.doctor.sentRecord(hash), this.evmWaitMs, undefined);
      if (!record) return undefined;
      return record.nonce === undefined
        ? vscode.l10n.t('Sent from this workspace ({0}).', record.source)
        : vscode.l10n.t('Sent from this workspace ({0}, nonce {1}).', record.source, record.nonce.toString());
    } catch {
      return undefined;
    }
  }

  /** Lookups going on without a hover right now. */
  get detachedCount(): number {
    return this.detached.count;
  }
}

// Synchronous like the rest of the path up to the lookup (hostileLimits.test.ts checks that every hover
// of a burst starts its lookup before the next one cancels it), so not a lazy chunk.
function decisionAt(document: vscode.TextDocument, at: IdAt, known: boolean): HoverDecision {
  const lineNo = at.range.start.line;
  const above: string[] = [];
  for (let i = lineNo - 1; i >= Math.max(0, lineNo - ABOVE_LINES); i--) above.push(document.lineAt(i).text);
  return hoverDecision({
    path: document.uri.path,
    languageId: document.languageId,
    line: document.lineAt(lineNo).text,
    start: at.range.start.character,
    end: at.range.end.character,
    above,
    ...(lineNo + 1 < document.lineCount ? { below: document.lineAt(lineNo + 1).text } : {}),
    ...(lineNo === 0 ? { isFirstLine: true } : { header: document.lineAt(0).text }),
    shape: at.id.shape,
    known,
  });
}
