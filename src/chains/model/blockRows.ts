// What the rows of the Blocks list say (chains/blocksList.ts draws them): a block row leads with
// what differs between blocks ("#2,417", "3 req · 1 failed · 2 min ago", "empty · 5 min ago"),
// the figures that rarely differ (gas, fees, the absolute time) go to the tooltip; a receipt row
// names its failure decoded, as the receipt panel's headline does (transactions/model/receiptView.ts),
// never as raw revert hex. Also the "Go to block…" input. Pure; every text
// read from a node is one plain line here (invisible characters revealed).
import type { BlockInfo } from '../../api/chainLogSchemas';
import { formatBaseTokens, formatBigInt, formatNumber, formatTime, shortId } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { plainLine } from '../../core/text';
import { buildReceiptView, type AnyReceipt } from '../../transactions/model/receiptView';
import { failedRequests, filterName, type BlockFilter } from './blockFilter';
import type { LoadScan } from './blockPaging';

/** Characters of a failure in a row's label, and in its tooltip. */
const ROW_FAILURE_CHARS = 80;
const TOOLTIP_FAILURE_CHARS = 500;

export interface RowText {
  label: string;
  description: string;
  /** Plain text (a string tooltip is never rendered). */
  tooltip: string;
}

/** One receipt of a block, as its row needs it (read once, when the block is expanded). */
export interface BlockReceiptRow {
  requestId: string;
  requestIndex: number;
  failed: boolean;
  /** The failure as the receipt panel heads it: the revert reason decoded, else the message or code. */
  failure?: string;
  /** What the request called ("evm.send", "accounts.deposit"). */
  summary: string;
  /** It carries an EVM transaction (the explorer may know it). */
  isEvm: boolean;
  gasBurned: bigint;
  gasFeeCharged: bigint;
}

function timeOf(timestamp: string, now: number, l10n: L10n): { relative: string; absolute: string } {
  const t = formatTime(Date.parse(timestamp), now, l10n);
  const raw = plainLine(timestamp, 40);
  return t ?? { relative: raw, absolute: raw };
}

export function blockRowText(b: BlockInfo, now: number, l10n: L10n = englishL10n): RowText {
  const failed = failedRequests(b);
  const time = timeOf(b.timestamp, now, l10n);
  const counts =
    b.totalRequests === 0
      ? [l10n.t('empty')]
      : [l10n.t('{0} req', formatNumber(b.totalRequests)), ...(failed > 0 ? [l10n.t('{0} failed', formatNumber(failed))] : [])];
  const tooltip = [
    l10n.t('Block {0}', formatBigInt(BigInt(b.blockIndex))),
    l10n.t('Time: {0} ({1})', time.absolute, time.relative),
    l10n.t('Requests: {0} ({1} off-ledger), {2} failed', formatNumber(b.totalRequests), formatNumber(b.numOffLedgerRequests), formatNumber(failed)),
    l10n.t('Gas burned: {0}', formatBigInt(b.gasBurned)),
    l10n.t('Fees charged: {0}', formatBaseTokens(b.gasFeeCharged, l10n)),
  ];
  return { label: l10n.t('#{0}', formatBigInt(BigInt(b.blockIndex))), description: [...counts, time.relative].join(' · '), tooltip: tooltip.join('\n') };
}

/** A receipt of a block as its row needs it; the failure decoded as the panel heads it. */
export function blockReceiptRow(receipt: AnyReceipt, l10n: L10n = englishL10n): BlockReceiptRow {
  const view = buildReceiptView(receipt, l10n);
  const row: BlockReceiptRow = {
    requestId: receipt.request.requestId,
    requestIndex: receipt.requestIndex,
    failed: view.failed,
    summary: view.callTarget.label,
    isEvm: receipt.request.isEVM,
    gasBurned: receipt.gasBurned,
    gasFeeCharged: receipt.gasFeeCharged,
  };
  if (view.error) row.failure = view.error.headline;
  return row;
}

export function blockReceiptRowText(r: BlockReceiptRow, l10n: L10n = englishL10n): RowText {
  const failure = r.failure ?? '';
  // The label is what differs between a block's receipts: the failure, else what was called (the icon tells which).
  const tooltip = [
    r.requestId,
    r.failed ? l10n.t('Failed: {0}', plainLine(failure, TOOLTIP_FAILURE_CHARS)) : l10n.t('Request succeeded'),
    l10n.t('Calls: {0}', plainLine(r.summary, 200)),
    l10n.t('Request {0} of the block', formatNumber(r.requestIndex)),
    l10n.t('Gas burned: {0}', formatBigInt(r.gasBurned)),
  ];
  return {
    label: plainLine(r.failed ? failure || l10n.t('failed') : r.summary, ROW_FAILURE_CHARS),
    description: [l10n.t('#{0}', formatNumber(r.requestIndex)), shortId(r.requestId, 8, 4), l10n.t('gas {0}', formatBigInt(r.gasBurned))].join(' · '),
    tooltip: tooltip.join('\n'),
  };
}

/** One block the filter passes, as the "Load more" row names it. */
function oneBlockName(filter: BlockFilter, l10n: L10n): string {
  if (filter === 'withRequests') return l10n.t('block with requests');
  if (filter === 'withFailures') return l10n.t('block with failed requests');
  return l10n.t('block');
}

/**
 * The "Load more" row: when the last load found nothing the filter passes, how far it looked
 * ("no block with requests in #2,483,101–#2,482,902: Load more").
 */
export function loadMoreText(filter: BlockFilter, scan: LoadScan | undefined, l10n: L10n = englishL10n): string {
  if (filter === 'all' || !scan || scan.scanned === 0 || scan.matched > 0) return l10n.t('Load more');
  return l10n.t('no {0} in #{1}–#{2}: Load more', oneBlockName(filter, l10n), formatBigInt(BigInt(scan.high)), formatBigInt(BigInt(scan.low)));
}

/** The row of a load under way: with a filter on, how far it has looked so far. */
export function loadingText(filter: BlockFilter, scan: LoadScan | undefined, limit: number, l10n: L10n = englishL10n): string {
  if (filter === 'all' || !scan || scan.scanned === 0) return l10n.t('Loading blocks…');
  return l10n.t(
    'Looking for {0}: {1} of up to {2} blocks read, down to #{3}…',
    filterName(filter, l10n),
    formatNumber(scan.scanned),
    formatNumber(limit),
    formatBigInt(BigInt(scan.low)),
  );
}
