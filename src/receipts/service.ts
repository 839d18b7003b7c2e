// The receipt service: one lookup (shared cache and in-flight requests) behind the hover, the
// "Show Request Receipt" command and the receipt panels; every answer shows up in the tree's
// recent receipts.
import * as vscode from 'vscode';
import { InvalidInputError } from '../api/errors';
import { nodeKey, type ChainEntry } from '../config/model/chainConfig';
import { Settings } from '../constants';
import type { EvmExplainer } from './evmExplainer';
import type { Services } from '../services';
import { ReceiptLookup, type LookupResult } from './model/receiptLookup';
import type { AnyReceipt, ReceiptView } from './model/receiptView';
import { classifyRequestId, idForGeneration, routeChains } from './model/routing';

const TOKEN = 'token';
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
  /** What it weighs in the cache (bytes, estimated), raw JSON included. */
  weight: number;
}

/** The view code (receipt view, revert decoding, contract names) loads with the first receipt. */
let viewModules: Promise<[typeof import('./model/receiptView.js'), typeof import('./model/rawJson.js')]> | undefined;
const loadViewModules = () => (viewModules ??= Promise.all([import('./model/receiptView.js'), import('./model/rawJson.js')]));

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

/** Finds receipts on the configured chains; every answer shows up in the tree's recent receipts. */
export class ReceiptService {
  readonly lookup: ReceiptLookup<ChainEntry, ProcessedReceipt>;
  /** The chain a request is watched on (set by the watch feature once loaded), else undefined. */
  watchedOn: (requestId: string) => string | undefined = () => undefined;
  constructor(
    private readonly services: Services,
    /** The receipt's EVM side decoded with the workspace's ABIs, loaded with the first EVM receipt shown. */
    readonly evm: EvmExplainer,
  ) {
    this.lookup = new ReceiptLookup<ChainEntry, ProcessedReceipt>({
      fetch: async (chain, requestId, { block, signal }) => {
        let raw: string | undefined;
        // The generation of the entry decides the route; a 68-hex ID never reaches a Rebased node.
        const id = idForGeneration(requestId, chain.generation, allowStardustHash());
        if (id === undefined)
          throw new InvalidInputError('requestId', vscode.l10n.t('This request ID is not asked on {0}: wrong form for its node generation.', chain.name));
        const client = services.clients.clientFor(chain);
        const read = { block, signal, onBody: (t: string) => (raw = t) };
        // A Rebased entry that names its chain: the node's must be that one (checked beside the
        // receipt's request, so it costs no wait), else its receipts are not the entry's.
        const [receipt]: [AnyReceipt, void] =
          chain.generation === 'rebased'
            ? await Promise.all([client.getRebasedReceipt(id, read), this.checkNodeChain(chain)])
            : [await client.getReceipt(chain.chainId, id, read), undefined];
        const [{ buildReceiptView }, { rawJsonText, processedReceiptWeight }] = await loadViewModules();
        const built = buildReceiptView(receipt, vscode.l10n);
        // The panel's raw JSON is the node's answer as sent (unknown fields, exact numbers).
        const view = { ...built, rawJson: rawJsonText(raw, built.rawJson) };
        return { receipt, view, weight: processedReceiptWeight({ receipt, view }) };
      },
      weigh: (processed) => processed.weight,
      // A 401 earned by a chain asked without the token must not answer for one asked with it.
      tokenDecision: (chain) => (services.clients.tokenAllowed(chain) ? TOKEN : NO_TOKEN),
    });
  }

  /** Throws when a Rebased entry names a chain its node does not run (`/v1/chain` once per node per detection). */
  private async checkNodeChain(chain: ChainEntry): Promise<void> {
    if (chain.chainId === '') return;
    // Another generation, or no chain: the receipt's own request says what is wrong.
    const nodeChain = await this.services.clients.rebasedChain(chain);
    if (nodeChain === undefined) return;
    const runs = nodeChain.chainID.toLowerCase();
    if (runs !== chain.chainId)
      throw new InvalidInputError(
        'chainId',
        vscode.l10n.t('{0}: its node runs chain {1}, not the chain ID in its settings.', chain.name, runs),
        vscode.l10n.t("Use the Node's Chain on it in the Chains view, or fix its chainId in waspChain.chains."),
      );
  }

  /**
   * The token of a node changed (Sign In, Set Access Token, Sign Out, here or in another window):
   * receipts read with the old token are forgotten, and failures are asked again.
   */
  tokenChanged(key: string): void {
    this.lookup.forgetAnswers(TOKEN, (nodeUrl) => safeNodeKey(nodeUrl) === key);
    this.lookup.invalidate('errors');
  }

  /** The settings scope a chain came from, when chains come from more than one (the hover and panel say so). */
  /** The EVM chain ID the chain's node told, if an answer was read already (no request). */
  knownEvmChainId(chain: ChainEntry): bigint | undefined {
    const known = this.services.clients.knownRebasedChain(chain);
    return known === undefined ? undefined : BigInt(known.evmChainId);
  }

  sourceNote(chain: ChainEntry): string | undefined {
    return this.services.chains.sourceNote(chain);
  }

  /**
   * The chains a lookup asks, in order: the one named, or the default chain first, then the others;
   * with a request ID, only those of the generation that knows its form (see model/routing.ts).
   */
  candidates(chainName?: string, requestId?: string): ChainEntry[] {
    if (chainName === undefined) {
      const all = this.services.chains.lookupOrder();
      return requestId === undefined ? all : routeChains(requestId, all, allowStardustHash());
    }
    const chain = this.services.chains.get(chainName);
    // An input error (not a node's answer): the panel offers to open the settings.
    if (!chain)
      throw new InvalidInputError(
        'chainName',
        vscode.l10n.t('No valid chain named "{0}" is configured', chainName),
        vscode.l10n.t('Add it (or fix its entry) in the setting waspChain.chains, then retry.'),
      );
    if (requestId !== undefined && idForGeneration(requestId, chain.generation, allowStardustHash()) === undefined) {
      const shape = classifyRequestId(requestId)?.shape;
      throw new InvalidInputError(
        'requestId',
        chain.generation === 'rebased'
          ? vscode.l10n.t('{0} is a Rebased chain: its request IDs have 64 hex digits after 0x, not 68.', chain.name)
          : shape === 'hex64'
            ? vscode.l10n.t('{0} is a Stardust chain: its request IDs have 68 hex digits after 0x.', chain.name)
            : vscode.l10n.t('Not a request ID.'),
        chain.generation === 'stardust' && shape === 'hex64'
          ? vscode.l10n.t('Add 0000 to an EVM transaction hash, or turn on the setting waspChain.hover.evmTransactions.')
          : undefined,
      );
    }
    return [chain];
  }

  async find(requestId: string, options: FindOptions = {}): Promise<FindResult> {
    const chains = this.candidates(options.chainName, requestId);
    const result = await this.lookup.lookup(requestId, chains, { block: options.block, signal: options.signal, fresh: options.fresh });
    if (result.found) this.remember(result.chain, result.value);
    return { ...result, chains };
  }

  /** Puts the receipt on top of its chain's recent receipts (once: a repeated hover changes nothing). */
  private remember(chain: ChainEntry, processed: ProcessedReceipt): void {
    const { view } = processed;
    const top = this.services.recent.list(chain.name)[0];
    if (top && top.requestId === view.requestId && top.failed === view.failed && top.blockIndex === view.blockIndex) return;
    this.services.recent.add(chain.name, {
      requestId: view.requestId,
      failed: view.failed,
      blockIndex: view.blockIndex,
      summary: view.summary,
      at: Date.now(),
    });
  }
}
