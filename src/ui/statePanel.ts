// A panel that reads a chain at one state (its latest, a block, a trie root) and compares it with
// another on request: the chain info and account panels. What they share lives here: going to
// another state in the same tab (or revealing the tab that shows it), the block asked for and
// checked before anything is sent, the comparison target, the error sharpened for a state the node
// does not have, and a read again when the chain's entry changes.
import * as vscode from 'vscode';
import { BadRequestError, InvalidInputError, WaspApiError } from '../api/errors';
import { checkBlock } from '../api/ids';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainEntry } from '../config/model/chainConfig';
import { askBlock } from './blockInput';
import { describeError } from './errors';
import { normaliseBlock, stateInProse } from './model/blockState';
import type { ErrorView } from './model/view';
import { Panel, type PanelDeps, type PanelSpec } from './panel';
import type { StateErrorExtra, StateErrorState } from './protocol';

/** Which state of which chain a panel shows. */
export interface StateIdentity {
  chainName: string;
  /** Undefined = latest; otherwise as asked (normalised when valid). */
  block?: string;
}

export interface StatePanelDeps extends PanelDeps {
  readonly chains: Pick<ChainRegistry, 'get' | 'onDidChange'>;
}

/** What a state panel asks of the feature that owns it. */
export interface StatePanelHost<I> {
  /** The open panel of that identity, if any. */
  find(identity: I): object | undefined;
  /** Opens (or reveals) the panel of that identity. */
  open(identity: I): Promise<unknown>;
}

/** What the block checks say about a state before it is read: the block asked for, or why it cannot be. */
export type StateCheck = { ok: true; block: string | undefined } | { ok: false; error: InvalidInputError };

export abstract class StatePanel<
  S extends { compare?: unknown; error?: StateErrorState },
  A extends { kind: string },
  I extends StateIdentity,
  D extends StatePanelDeps,
> extends Panel<S, A, I, D> {
  /** The state to compare with, when a comparison is shown. */
  protected compareTarget: { block: string | undefined } | undefined;
  /** The chain entry the last read used: a settings change that alters it reads again. */
  protected chainSignature: string | undefined;

  constructor(
    webviewPanel: vscode.WebviewPanel,
    deps: D,
    spec: PanelSpec,
    identity: I,
    initial: S,
    private readonly host: StatePanelHost<I>,
  ) {
    super(webviewPanel, deps, spec, identity, initial);
    this.disposables.push(deps.chains.onDidChange(() => this.onChainsChanged()));
  }

  /** The tab's title for an identity. */
  protected abstract titleOf(identity: I): string;
  /** What the panel shows before its first read of an identity. */
  protected abstract baseState(identity: I): S;
  /** What of the chain entry the read depends on (a change reads again). */
  protected abstract signatureOf(chain: ChainEntry): string;
  /** The prompt of "State at block…". */
  protected abstract pickPrompt(): string;
  /** The prompt of "Compare with block…". */
  protected abstract comparePrompt(): string;

  protected errorChain(): string {
    return this.id.chainName;
  }

  /** The error the panel shows, if any (tests read it). */
  get shownError(): ErrorView | undefined {
    return this.state.error;
  }

  /** Compares with another state (undefined or 'latest' = the latest state) from the next read on. */
  setCompareTarget(block: string | number | undefined): void {
    this.compareTarget = { block: normaliseBlock(block) };
  }

  /** Compares this panel's state with another one (undefined or 'latest' = the latest state). */
  async compareWith(block: string | number | undefined): Promise<void> {
    this.setCompareTarget(block);
    await this.refresh();
  }

  clearComparison(): void {
    this.compareTarget = undefined;
    this.show({ ...this.state, compare: undefined });
  }

  /** The shared actions; false for one the panel handles itself. */
  protected async stateAction(action: { kind: string }): Promise<boolean> {
    switch (action.kind) {
      case 'pickBlock': {
        const block = await askBlock(this.pickPrompt(), this.id.block);
        if (block !== null) await this.navigate(block);
        return true;
      }
      case 'openLatest':
        await this.navigate(undefined);
        return true;
      case 'compare': {
        const block = await askBlock(this.comparePrompt(), this.compareTarget?.block);
        if (block !== null) await this.compareWith(block);
        return true;
      }
      case 'clearCompare':
        this.clearComparison();
        return true;
      default:
        return false;
    }
  }

  /**
   * Shows another state of the chain in this tab, as a browser tab follows a link (an error shown
   * here goes with it); a tab that already shows that state is revealed instead.
   */
  protected async navigate(block: string | undefined): Promise<void> {
    const next: I = { ...this.id, block: normaliseBlock(block) };
    const other = this.host.find(next);
    if (other !== undefined && (other as unknown) !== this) {
      await this.host.open(next);
      return;
    }
    this.id = next;
    this.compareTarget = undefined;
    this.forgetRead();
    this.panel.title = this.titleOf(next);
    this.show(this.baseState(next));
    await this.start();
  }

  /** What was read of the previous state is of no use at another one. */
  protected abstract forgetRead(): void;

  /** The chain entry to read, remembered for onChainsChanged; undefined (shown as an error) when it is not configured. */
  protected chainToRead(what: string): ChainEntry | undefined {
    const chain = this.deps.chains.get(this.id.chainName);
    this.chainSignature = chain === undefined ? undefined : this.signatureOf(chain);
    if (chain === undefined) {
      this.forgetRead();
      this.show({ ...this.baseState(this.id), error: { ...this.notConfigured(this.id.chainName, what), extras: [] } });
    }
    return chain;
  }

  /** The block checked before any request, with the words of the fix when it is malformed. */
  protected checkState(block: string | undefined, fix: string): StateCheck {
    const check = checkBlock(block);
    return check.ok ? { ok: true, block: check.block } : { ok: false, error: new InvalidInputError('block', check.reason, fix) };
  }

  /** The comparison's label while the other state is read. */
  protected compareLabel(targetBlock: string | undefined): string {
    return vscode.l10n.t('Comparing with {0}…', stateInProse(targetBlock, vscode.l10n));
  }

  /**
   * The shared error view, sharpened for a state the node does not have: a malformed block, or a
   * node's 400 about the block (`blockWords` says which of its messages are about the block).
   */
  protected stateError(e: unknown, context: string, block: string | undefined, blockWords: RegExp): StateErrorState {
    const base = describeError(e);
    const extras: StateErrorExtra[] = [];
    let { title, hint } = base;
    const actions = [...base.actions];
    const blockProblem =
      (e instanceof InvalidInputError && e.field === 'block') ||
      (e instanceof BadRequestError && block !== undefined && blockWords.test(`${e.nodeMessage ?? ''} ${e.message}`));
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

  private onChainsChanged(): void {
    if (this.isDisposed) return;
    const chain = this.deps.chains.get(this.id.chainName);
    if ((chain ? this.signatureOf(chain) : undefined) !== this.chainSignature) void this.refresh();
  }
}
