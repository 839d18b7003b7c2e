// What the receipt panel shows when no node had the receipt: the nodes' failures or their "not
// found", the reasons a node may skip a request, and "Why no receipt?" (the transaction's facts,
// then the chain's answers), made again while a watch runs and the sender's nonce moves.
import * as vscode from 'vscode';
import { NotFoundError, UnauthorizedError } from '../api/errors';
import type { ChainRegistry } from '../config/chainRegistry';
import type { ChainEntry } from '../config/model/chainConfig';
import { traitsOf } from '../api/traits';
import { checkedRequestId, evmTxHashOf } from '../core/idShapes';
import type { FindResult, ReceiptService } from '../transactions/receiptService';
import type { TxFacts } from '../transactions/model/noReceipt';
import { diagnosisLines, notFoundDetails } from '../transactions/model/noReceiptView';
import { chainsToAsk, diagnosable, readRequestId, type RequestIdReading } from '../transactions/model/noReceiptRequest';
import { requestReport } from '../transactions/model/noReceiptReport';
import { describeError, errorSummary } from '../ui/errors';
import type { ErrorView } from '../ui/model/view';
import { skipReasons } from './model/skipReasons';

export type Miss = Extract<FindResult, { found: false }>;

/** A diagnosis made: its lines, the transaction's facts it used, and what a watch's re-check asks. */
interface Diagnosed {
  tx: TxFacts | undefined;
  lines: { message: string; details: string[] };
  /** The chain whose EVM checks were made, the sender's next nonce there, and how to make the diagnosis again. */
  recheck?: { chain: ChainEntry; sender: string; nextNonce: bigint | undefined; again: () => Promise<Diagnosed | undefined> };
}

/** What a missed receipt reads of its panel. */
export interface MissedReceiptHost {
  readonly service: Pick<ReceiptService, 'watchedOn' | 'doctor' | 'route'>;
  readonly chains: Pick<ChainRegistry, 'get'>;
  requestId(): string;
  /** Shows the error view; `failedChain` names the chain whose access failed (Set Access Token, Sign In). */
  show(error: ErrorView, failedChain: string | undefined): void;
  isDisposed(): boolean;
}

export class MissedReceipt {
  private miss: { result: Miss; block: string | undefined; describeBlock: string; extraLines: readonly string[] } | undefined;
  private diagnosis: Diagnosed | undefined;
  private recheck: ReturnType<typeof setTimeout> | undefined;
  /** The first chain that answered "not found" (what Watch and "Why no receipt?" ask). */
  missedOn: string | undefined;

  constructor(private readonly host: MissedReceiptHost) {}

  /** A new miss: shown at once; `extraLines` are what the EVM-only chains said. */
  show(result: Miss, block: string | undefined, describeBlock: string, extraLines: readonly string[]): void {
    this.miss = { result, block, describeBlock, extraLines };
    this.render();
  }

  /** Something else is shown now (the EVM-only chains found it): the diagnosis is kept for a later miss. */
  forget(): void {
    this.miss = undefined;
  }

  /** The receipt was found: nothing of the miss is kept. */
  clear(): void {
    this.miss = undefined;
    this.diagnosis = undefined;
    clearTimeout(this.recheck);
  }

  /**
   * "Why no receipt?": an ID of the L1-output form on every chain it could belong to (diagnoseOutput);
   * an EVM hash on the chain that missed it: the transaction's facts (the workspace's record, else the
   * pasted signed transaction), then the chain's answers.
   */
  async diagnose(): Promise<void> {
    if (!this.miss) return;
    const reading = readRequestId(this.host.requestId());
    const made = reading ? await this.diagnoseOutput(reading) : await this.diagnoseHash();
    if (!made || !this.miss || this.host.isDisposed()) return;
    this.diagnosis = made;
    this.render();
    this.scheduleRecheck();
  }

  /** The transaction's facts: those the last diagnosis used, else the workspace's record, else a pasted signed transaction (`optional`: Escape still diagnoses). */
  private async txFacts(hash: string, optional: boolean): Promise<TxFacts | undefined> {
    const doctor = this.host.service.doctor;
    return this.diagnosis?.tx ?? (await doctor.recorded(hash)) ?? (await doctor.pasted(hash, optional));
  }

  private async diagnoseHash(): Promise<Diagnosed | undefined> {
    const chain = this.host.chains.get(this.missedOn ?? '');
    if (!chain) return undefined;
    const doctor = this.host.service.doctor;
    const tx = await this.txFacts(evmTxHashOf(this.host.requestId()), false);
    if (!tx || !this.miss) return undefined;
    const again = async (): Promise<Diagnosed> => {
      const result = await doctor.diagnose(chain, tx);
      return { tx, lines: diagnosisLines(result, vscode.l10n), recheck: { chain, sender: tx.sender, nextNonce: result.nextNonce, again } };
    };
    return again();
  }

  /**
   * Every chain the ID could go to, in lookup order (bounded), asked at once; a chain the lookup did
   * not ask is asked for the receipt too. Index 0000: the workspace's record of the hash first, else
   * the signed transaction if the user pastes one; any other index is no EVM transaction: nothing is asked of the user.
   */
  private async diagnoseOutput(reading: RequestIdReading): Promise<Diagnosed | undefined> {
    const miss = this.miss?.result;
    if (!miss) return undefined;
    const doctor = this.host.service.doctor;
    const missed = new Set(miss.notFoundOn.map((c) => c.name));
    const failed = new Set(miss.failures.map((f) => f.chain.name));
    const route = this.host.service.route(checkedRequestId(reading.requestId)).filter((c) => !failed.has(c.name));
    const { asked, left } = chainsToAsk([...miss.notFoundOn, ...route.filter((c) => !missed.has(c.name))]);
    const first = asked[0];
    if (first === undefined) return undefined;
    const hash = reading.evmHash;
    const tx = hash === undefined ? undefined : await this.txFacts(hash, true);
    if (!this.miss) return undefined;
    const ownSkipReason = traitsOf(first.generation).ownSkipReason(vscode.l10n);
    const again = async (): Promise<Diagnosed> => {
      const answers = await doctor.diagnoseRequest(
        asked.map((chain) => ({ chain, askReceipt: !missed.has(chain.name) })),
        reading.requestId,
        tx,
      );
      const lines = requestReport(
        { reading, answers, left: left.map((c) => c.name), tx, ownSkipReason, now: Date.now(), time: { locale: vscode.env.language } },
        vscode.l10n,
      );
      const i = answers.findIndex((a) => a.evm !== undefined);
      const chain = asked[i];
      return { tx, lines, ...(tx && chain ? { recheck: { chain, sender: tx.sender, nextNonce: answers[i]?.evm?.nextNonce, again } } : {}) };
    };
    return again();
  }

  dispose(): void {
    clearTimeout(this.recheck);
  }

  private render(): void {
    const m = this.miss;
    if (!m) return;
    const { result } = m;
    const details = result.failures.map((f) => vscode.l10n.t('{0}: {1}', f.chain.name, errorSummary(f.error)));
    if (result.notFoundOn.length > 0 && result.failures.length > 0) {
      details.push(vscode.l10n.t('No receipt on {0}.', result.notFoundOn.map((c) => c.name).join(', ')));
    }
    const first = result.failures[0];
    // Once a diagnosis was asked for, it is the answer; the failures are listed above it.
    if (first && !this.diagnosis) {
      // The first failure explains the most; the others are listed below it.
      const base = describeError(first.error);
      const title =
        first.error instanceof UnauthorizedError && first.error.missingPermission
          ? vscode.l10n.t('Access denied: missing permission "{0}"', first.error.missingPermission)
          : base.title;
      this.host.show({ ...base, title: vscode.l10n.t('{0} ({1})', title, first.chain.name), details }, first.chain.name);
      return;
    }
    this.host.show(this.notFoundView([...details, ...m.extraLines], m.block, m.describeBlock), undefined);
  }

  private notFoundView(details: string[], block: string | undefined, describeBlock: string): ErrorView {
    const requestId = this.host.requestId();
    const notFoundOn = this.miss?.result.notFoundOn ?? [];
    const names = notFoundOn.map((c) => c.name).join(', ');
    const miss = notFoundOn[0];
    this.missedOn = miss?.name;
    const watchedOn = this.host.service.watchedOn(requestId);
    // The latest state only: a request missing at an older block may simply be newer.
    const offerWatch = block === undefined && watchedOn === undefined && miss !== undefined;
    const reasons = skipReasons(miss?.generation, vscode.l10n);
    const why = miss && diagnosable(requestId, miss.generation) ? { label: vscode.l10n.t('Why no receipt?'), command: 'diagnose' as const } : undefined;
    const d = this.diagnosis?.lines;
    return {
      kind: 'notFound',
      title: watchedOn === undefined ? vscode.l10n.t('No receipt') : vscode.l10n.t('No receipt yet: watching'),
      message:
        watchedOn === undefined
          ? vscode.l10n.t('No receipt for this request on {0} ({1}).', names, describeBlock)
          : vscode.l10n.t('No receipt yet on {0}. Watching on {1}: this panel updates by itself when the receipt arrives.', names, watchedOn),
      ...(d ? { context: d.message } : {}),
      hint: new NotFoundError('', 'receipt', {}).hint,
      actions: [
        ...(why ? [why] : []),
        ...(offerWatch ? [{ label: vscode.l10n.t('Watch'), command: 'watch' as const }] : []),
        { label: vscode.l10n.t('Retry'), command: 'retry' },
      ],
      details: notFoundDetails(details, d, reasons, vscode.l10n),
    };
  }

  /** While a watch runs, the sender's nonce is asked now and then; when it moved, the diagnosis is made again. */
  private scheduleRecheck(): void {
    clearTimeout(this.recheck);
    const doctor = this.host.service.doctor;
    this.recheck = setTimeout(() => {
      const d = this.diagnosis;
      const r = d?.recheck;
      if (!d || !r || !this.miss || this.host.isDisposed()) return;
      // Asked only while a watch runs (started here, in the hover or from the palette); else the next turn looks again.
      const watched = this.host.service.watchedOn(this.host.requestId()) !== undefined;
      void (watched ? doctor.nextNonce(r.chain, r.sender) : Promise.resolve(undefined)).then(async (nonce: bigint | undefined) => {
        if (nonce !== undefined && nonce !== r.nextNonce && this.diagnosis === d && this.miss) {
          const again = await r.again();
          if (again && this.miss && !this.host.isDisposed()) {
            this.diagnosis = again;
            this.render();
          }
        }
        if (!this.host.isDisposed()) this.scheduleRecheck();
      });
    }, doctor.recheckMs);
  }
}
