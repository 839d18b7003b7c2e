// The receipt service: one lookup (shared cache and in-flight requests) behind the hover, the
// "Show Request Receipt" command and the receipt panels; every answer shows up in the tree's
// recent receipts.
import type { KnownIds } from '../core/knownIds';
import type { NoReceiptDoctor } from './noReceiptDoctor';
import * as vscode from 'vscode';
import { InvalidInputError } from '../api/errors';
import { traitsOf } from '../api/traits';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import { Settings } from '../constants';
import type { EvmExplainer } from './evmExplainer';
import type { ChainRegistry } from '../config/chainRegistry';
import type { NodeClients } from '../config/nodeClients';
import { checkedRequestId, classifyRequestId, type RequestIdShape } from '../core/idShapes';
import type { RecentReceipts } from './model/recentReceipts';
import type { WatchedRequests } from './model/watchedRequests';
import { ReceiptLookup, type LookupResult } from './model/receiptLookup';
import type { AnyReceipt, ReceiptView } from './model/receiptView';
import { routeChains } from './model/routing';
import { within } from '../core/detached';

const TOKEN = 'token';
/** How long a lookup waits for the ABIs to name a custom error (ms): the first scans the workspace. */
const FAILURE_DECODE_MS = 1000;
const NO_TOKEN = 'none';

function safeNodeKey(nodeUrl: string): string | undefined {
  try {
    return nodeKey(nodeUrl);
  } catch {
    return undefined;
  }
}

/** A receipt as the node sent it (validated) and as the UI shows it. */
export interface ProcessedReceipt {
  receipt: AnyReceipt;
  view: ReceiptView;
  /** The receipt panel's "Receipt as JSON": the node's answer as sent (unknown fields, exact numbers), re-indented. */
  rawJson: string;
  /** What it weighs in the cache (bytes, estimated), raw JSON included. */
  weight: number;
}

/** The view code (receipt view, revert decoding, contract names) loads with the first receipt, while the node answers. */
let viewModules: Promise<[typeof import('./model/receiptView.js'), typeof import('./model/rawJson.js')]> | undefined;
const loadViewModules = () => {
  if (!viewModules) {
    viewModules = Promise.all([import('./model/receiptView.js'), import('./model/rawJson.js')]);
    // Started as the receipt is asked for, awaited only if one comes: a failed lookup leaves it unawaited.
    viewModules.catch(() => undefined);
  }
  return viewModules;
};

/** Whether a 64-hex hash is also asked on Stardust chains (as hash + 0000). */
function allowStardustHash(): boolean {
  return vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.hoverEvmTransactions, false);
}

export type FindResult = LookupResult<ChainEntry, ProcessedReceipt> & {
  /** The chains asked, in order. */
  chains: ChainEntry[];
};

export interface FindOptions {
  /** Ask only this chain (a name from our settings); else the lookup order. */
  chainName?: string;
  block?: string;
  signal?: AbortSignal;
  /** Skip cached answers. */
  fresh?: boolean;
}

/** What the receipt service reads of the extension. */
export interface ReceiptServiceDeps {
  readonly chains: Pick<ChainRegistry, 'lookupOrder' | 'get' | 'sourceNote'>;
  readonly clients: Pick<NodeClients, 'apiFor' | 'tokenAllowed'>;
  readonly recent: Pick<RecentReceipts, 'list' | 'add'>;
  readonly watched: WatchedRequests;
  /** The IDs known from a node: a receipt found here is remembered for the workspace. */
  readonly known: Pick<KnownIds, 'answered' | 'shown' | 'has'>;
}

/** Finds receipts on the configured chains; every answer shows up in the tree's recent receipts. */
export class ReceiptService {
  /** The answers, failures and requests in flight, shared by every caller. */
  readonly cache: ReceiptLookup<ChainEntry, ProcessedReceipt>;
  constructor(
    private readonly deps: ReceiptServiceDeps,
    /** The receipt's EVM side decoded with the workspace's ABIs, loaded with the first EVM receipt shown. */
    readonly evm: EvmExplainer,
    /** "Why no receipt?": the transaction's facts and the chain's public answers. */
    readonly doctor: NoReceiptDoctor,
  ) {
    this.cache = new ReceiptLookup<ChainEntry, ProcessedReceipt>({
      fetch: (chain, requestId, options) => this.fetch(chain, requestId, options),
      weigh: (processed) => processed.weight,
      // A 401 earned by a chain asked without the token must not answer for one asked with it.
      tokenDecision: (chain) => (deps.clients.tokenAllowed(chain) ? TOKEN : NO_TOKEN),
    });
  }

  /** One chain asked: the ID in its node's form, the receipt, and its view. */
  private async fetch(chain: ChainEntry, requestId: string, { block, signal }: { block: string | undefined; signal: AbortSignal }): Promise<ProcessedReceipt> {
    let raw: string | undefined;
    const api = this.deps.clients.apiFor(chain);
    // The ID was checked once where it entered (route): here only its form for this node is picked.
    const id = api.requestIdFor(checkedRequestId(requestId), allowStardustHash());
    if (id === undefined)
      throw new InvalidInputError('requestId', vscode.l10n.t('This request ID is not asked on {0}: wrong form for its node generation.', chain.name));
    // An entry that names its chain: the node's must be that one (checked beside the receipt's
    // request, so it costs no wait), else its receipts are not the entry's.
    const views = loadViewModules();
    const [receipt, otherChain] = await Promise.all([api.receipt(id, { block, signal, onBody: (t: string) => (raw = t) }), api.otherNodeChain()]);
    if (otherChain !== undefined)
      throw new InvalidInputError(
        'chainId',
        vscode.l10n.t('{0}: its node runs chain {1}, not the chain ID in its settings.', chain.name, otherChain),
        vscode.l10n.t("Use the Node's Chain on it in the Chains view, or fix its chainId in waspChain.chains."),
      );
    const [{ buildReceiptView, receiptJson }, { rawJsonText, processedReceiptWeight }] = await views;
    const view = await this.decodedFailure(receipt, buildReceiptView(receipt, vscode.l10n));
    const rawJson = rawJsonText(raw, () => receiptJson(receipt));
    return { receipt, view, rawJson, weight: processedReceiptWeight({ receipt, rawJson }) };
  }

  /**
   * A failure whose revert data is a custom error is named by the workspace's ABIs before any view
   * shows it (the tree's row, the pickers, the notifications lead with it). Within a bound: the
   * ABIs are extra, and the hover and panel decode again once they have them.
   */
  private async decodedFailure(receipt: AnyReceipt, view: ReceiptView): Promise<ReceiptView> {
    if (view.error?.revertData === undefined) return view;
    try {
      const explained = await within(this.evm.explain(receipt, view), FAILURE_DECODE_MS, undefined);
      const [{ customErrorReading }, { withCustomError }] = await Promise.all([import('./model/evmExplain.js'), import('./model/failureHeadline.js')]);
      const custom = customErrorReading(explained);
      return custom === undefined ? view : withCustomError(view, custom, vscode.l10n);
    } catch {
      return view;
    }
  }

  /**
   * The token of a node changed (Sign In, Set Access Token, Sign Out, here or in another window):
   * receipts read with the old token are forgotten, and failures are asked again.
   */
  tokenChanged(key: string): void {
    this.cache.forgetAnswers(TOKEN, (nodeUrl) => safeNodeKey(nodeUrl) === key);
    this.cache.invalidate('errors');
  }

  /** A node answered this ID, showed it in a block or the live feed: it has left the machine already. */
  knows(requestId: string): boolean {
    return this.deps.known.has(requestId);
  }

  /** The user said to send this ID (the hover's Look up): sent from now on, this session. */
  allow(requestId: string): void {
    this.deps.known.shown(requestId);
  }

  /** The chain a request is watched on, else undefined. */
  watchedOn(requestId: string): string | undefined {
    return this.deps.watched.chainOf(requestId);
  }

  /** The EVM chain ID the chain's node told, if an answer was read already (no request). */
  knownEvmChainId(chain: ChainEntry): bigint | undefined {
    return this.deps.clients.apiFor(chain).knownEvmChainId();
  }

  /** The node's EVM chain ID (explorer links), asked when not known yet; undefined when the node does not tell. */
  evmChainId(chain: ChainEntry): Promise<bigint | undefined> {
    return this.deps.clients.apiFor(chain).evmChainId();
  }

  /** The settings scope a chain came from, when chains come from more than one (the hover and panel say so). */
  sourceNote(chain: ChainEntry): string | undefined {
    return this.deps.chains.sourceNote(chain);
  }

  /** Every chain a lookup may ask, default chain first. */
  lookupOrder(): ChainEntry[] {
    return this.deps.chains.lookupOrder();
  }

  /**
   * The chains a lookup of this ID asks, in order: of those given (default: the lookup order), the
   * ones whose node knows the ID's form (see model/routing.ts).
   */
  route(id: RequestIdShape, chains: readonly ChainEntry[] = this.lookupOrder()): ChainEntry[] {
    const allowHash = allowStardustHash();
    return routeChains(id, chains, (chain) => this.deps.clients.apiFor(chain).requestIdFor(id, allowHash));
  }

  /** The chain named, which must take the ID's form; else an input error (the panel offers to open the settings). */
  private named(chainName: string, id: RequestIdShape | undefined): ChainEntry {
    const chain = this.deps.chains.get(chainName);
    if (!chain)
      throw new InvalidInputError(
        'chainName',
        vscode.l10n.t('No valid chain named "{0}" is configured', chainName),
        vscode.l10n.t('Add it (or fix its entry) in the setting waspChain.chains, then retry.'),
      );
    if (id === undefined || this.route(id, [chain]).length === 0) throw wrongForm(chain, id);
    return chain;
  }

  /** The chains a lookup of this ID asks: the one named (it must take the ID's form), else every chain that knows its form. */
  chainsFor(id: RequestIdShape | undefined, chainName?: string): ChainEntry[] {
    if (chainName !== undefined) return [this.named(chainName, id)];
    return id === undefined ? [] : this.route(id);
  }

  /** Finds the receipt: on the chain named, else on every chain that knows the ID's form. */
  find(requestId: string, options: FindOptions = {}): Promise<FindResult> {
    const id = classifyRequestId(requestId);
    return this.findOn(requestId, this.chainsFor(id, options.chainName), options);
  }

  /** Finds the receipt on these chains, in order (routed already: the hover's). */
  async findOn(requestId: string, chains: ChainEntry[], options: FindOptions = {}): Promise<FindResult> {
    const result = await this.cache.lookup(requestId, chains, { block: options.block, signal: options.signal, fresh: options.fresh });
    if (result.found) {
      this.deps.known.answered(requestId);
      this.remember(result.chain, result.value);
    }
    return { ...result, chains };
  }

  /** Puts the receipt on top of its chain's recent receipts (once: a repeated hover changes nothing). */
  private remember(chain: ChainEntry, processed: ProcessedReceipt): void {
    const { view } = processed;
    const top = this.deps.recent.list(chain.name)[0];
    if (top && top.requestId === view.requestId && top.failed === view.failed && top.blockIndex === view.blockIndex) return;
    this.deps.recent.add(chain.name, {
      requestId: view.requestId,
      failed: view.failed,
      blockIndex: view.blockIndex,
      summary: view.summary,
      at: Date.now(),
    });
  }
}

/** Why a chain named for a lookup does not take this ID, in words that say how to fix it. */
function wrongForm(chain: ChainEntry, id: RequestIdShape | undefined): InvalidInputError {
  // The chain's generation is what the user must know here: it decides the form of its IDs.
  return traitsOf(chain.generation).wrongRequestIdForm(chain.name, id?.shape, vscode.l10n);
}
