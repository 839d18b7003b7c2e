// What the workspace's ABIs say about an EVM receipt: the custom error of its revert, the function
// its transaction calls (or that it creates a contract), and for Stardust the transaction itself
// (the `0x74` param item; Rebased receipts already show theirs). Computed at display time from
// the cached receipt, so an edited artifact changes the next hover without asking the node again.
// Pure; the decoder (and ox with it) is loaded on first use by ../service.ts.
import { traitsOf } from '../../api/traits';
import { bytesToHex, hexToBytes } from '../../core/hex';
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt } from '../../core/format';
import { clip } from '../../core/text';
import { decodeSignedTx, type EvmTx } from '../../evm/model/signedTx';
import { evmTxLine, evmTxRows, evmTxView, rebasedEvmTx } from './evmTxView';
import { isRebasedReceipt } from '../../api/receiptKind';
import type { AnyReceipt, ReceiptView } from './receiptView';
import type { Row } from '../../ui/model/view';
import type { AbiIndex } from '../../evm/model/abiIndex';
import { chainExplorerBase, explorerAddressUrl, explorerTxUrl } from './explorer';
import { decodeCustomError, decodedLine, decodeFunctionCall, decodeLog, type AbiCoder, type Decoded, type DecodedItem } from '../../evm/model/decode';
import { RPC_MAX_BYTES, RPC_TIMEOUT_MS, type RpcFailure, type RpcOutcome } from '../../evm/model/jsonRpc';
import { evmTxHashOf, LEADING_EVM_ADDRESS } from '../../core/idShapes';
import type { CustomErrorReading } from './failureHeadline';
import { shown } from './lineText';

export { shown } from './lineText';
import { inUnits, type UnitsOf } from '../../evm/model/tokenAmounts';

/** Stardust's param key of the signed transaction ("t"). */
const STARDUST_TX_KEY = '0x74';
/** Characters of a hover line or row value: remote data may be long. */

export interface EvmExplanation {
  /** The revert's custom error, when the receipt carries custom-error revert data. */
  error?: { data: string; decoded: Decoded };
  /** The call: decoded, or a creation, or undecoded with its selector. */
  call?: { creation: true } | { creation: false; decoded: Decoded };
  /** Stardust only: the transaction decoded from the `0x74` item (or why not). */
  stardustTx?: { ok: true; tx: EvmTx } | { ok: false; error: string };
  /** How many ABI files the index held (says what "no ABI in the workspace" means). */
  files: number;
  /** The decoded transaction's hash, recipient and EVM chain ID (for explorer links). */
  tx?: { hash: string; to?: string; chainId?: bigint };
}

/** The signed EVM transaction of a receipt's request (or why it could not be read); undefined for a request that is not EVM. */
export function evmTxOf(receipt: AnyReceipt): { ok: true; tx: EvmTx } | { ok: false; error: string } | undefined {
  if (isRebasedReceipt(receipt)) return rebasedEvmTx(receipt);
  if (!receipt.request.isEVM) return undefined;
  const item = receipt.request.params.find((p) => p.key.toLowerCase() === STARDUST_TX_KEY);
  if (!item) return { ok: false, error: 'the request has no 0x74 parameter' };
  const bytes = hexToBytes(item.value);
  return bytes ? decodeSignedTx(bytes) : { ok: false, error: 'the parameter is not hex' };
}

/** Explains an EVM receipt with the index; undefined when there is nothing EVM in it. */
export function explainEvm(coder: AbiCoder, index: AbiIndex, receipt: AnyReceipt, view: ReceiptView): EvmExplanation | undefined {
  const revertData = view.error?.revertData;
  const tx = evmTxOf(receipt);
  if (revertData === undefined && tx === undefined) return undefined;
  const out: EvmExplanation = { files: index.fileCount };
  if (revertData !== undefined) out.error = { data: revertData, decoded: decodeCustomError(coder, index, revertData) };
  if (tx?.ok) {
    out.call = tx.tx.to === undefined ? { creation: true } : { creation: false, decoded: decodeFunctionCall(coder, index, bytesToHex(tx.tx.data)) };
  }
  if (!isRebasedReceipt(receipt) && tx !== undefined) out.stardustTx = tx;
  if (tx?.ok) {
    out.tx = { hash: tx.tx.hash };
    if (tx.tx.to !== undefined) out.tx.to = tx.tx.to;
    if (tx.tx.chainId !== undefined) out.tx.chainId = tx.tx.chainId;
  }
  return out;
}

/** What the ABIs made of the revert's custom error, for the one-line headline (model/failureHeadline.ts); undefined when they could not say. */
export function customErrorReading(e: EvmExplanation | undefined): CustomErrorReading | undefined {
  const d = e?.error?.decoded;
  if (d === undefined) return undefined;
  if (d.ok) return { decoded: shown(decodedLine(d.item)) };
  return d.reason === 'unknown' ? { undeclared: true } : undefined;
}

function sourcesText(item: DecodedItem, l10n: L10n): string {
  const first = item.sources[0] ?? '';
  return item.sources.length > 1 ? l10n.t('declared in {0} and {1} more', first, item.sources.length - 1) : l10n.t('declared in {0}', first);
}

/** Revert data shown beside an unknown selector: enough to search for, the whole of it to copy. */
const RAW_DATA_CHARS = 138;

export function notDecodedText(d: Extract<Decoded, { ok: false }>, kind: 'error' | 'function', l10n: L10n, data?: string): string {
  switch (d.reason) {
    case 'unknown':
      if (kind === 'function') return l10n.t('function {0}: no ABI in the workspace declares it', d.selector ?? '');
      // Revert data shorter than a selector has none to name.
      return d.selector === undefined
        ? l10n.t('custom error (data {0}): no ABI in the workspace declares it', clip(data ?? '', RAW_DATA_CHARS))
        : l10n.t('custom error {0} (data {1}): no ABI in the workspace declares it', d.selector, clip(data ?? '', RAW_DATA_CHARS));
    case 'tooLarge':
      return l10n.t('{0}: too much data to decode', d.selector ?? '');
    case 'nonCanonical':
      return l10n.t('{0}: not decoded: non-canonical encoding (offsets that overlap, repeat or point outside the data)', d.selector ?? '');
    case 'empty':
      return l10n.t('no call data');
    default:
      return l10n.t('{0}: the data does not match the ABI that declares it', d.selector ?? '');
  }
}

/** A name for an address on the receipt's chain (the address book, the chain's own contracts). */
export type NameOf = (address: string) => string | undefined;

/** One line each for the hover (plain text: the hover escapes it); the contract called named when `nameOf` knows it. */
export function explanationLines(e: EvmExplanation, l10n: L10n = englishL10n, nameOf?: NameOf): string[] {
  const lines: string[] = [];
  // Rebased hovers show their transaction already (receiptView); Stardust ones get it here.
  if (e.stardustTx?.ok) lines.push(l10n.t('EVM transaction: {0}', evmTxLine(evmTxView(e.stardustTx.tx, '', l10n), l10n)));
  if (e.error) {
    lines.push(
      e.error.decoded.ok
        ? l10n.t('Custom error: {0}', shown(decodedLine(e.error.decoded.item)))
        : l10n.t('Reverted with {0}', notDecodedText(e.error.decoded, 'error', l10n, e.error.data)),
    );
  }
  if (e.call) {
    if (e.call.creation) lines.push(l10n.t('Contract creation'));
    else if (e.call.decoded.ok) {
      const to = e.tx?.to === undefined ? undefined : nameOf?.(e.tx.to);
      const line = shown(decodedLine(e.call.decoded.item));
      lines.push(to === undefined ? l10n.t('Calls {0}', line) : l10n.t('Calls {0} on {1}', line, shown(to)));
    } else if (e.call.decoded.reason !== 'empty') lines.push(l10n.t('Calls {0}', notDecodedText(e.call.decoded, 'function', l10n)));
  }
  return lines;
}

export function itemRows(prefix: string, label: string, item: DecodedItem, l10n: L10n): Row[] {
  const rows: Row[] = [
    { field: prefix, label, value: shown(item.name), detail: `${shown(item.signature)} · ${item.selector} · ${shown(sourcesText(item, l10n))}`, mono: true },
  ];
  item.args.forEach((a, i) => {
    rows.push({
      field: `${prefix}Arg${i}`,
      label: a.name ? shown(a.name) : l10n.t('argument {0}', i),
      value: shown(a.value),
      detail: shown(a.type),
      mono: true,
      copy: { text: a.value, what: a.name || a.type },
    });
  });
  return rows;
}

/**
 * "Open in explorer" rows: the transaction, the address it calls, the sender when it is an EVM
 * account and every decoded `address` argument, when an explorer is known. Each link is built
 * from a checked 0x + 40 hex address and opened by the host only after it checked it again.
 */
function explorerRows(
  e: EvmExplanation,
  view: ReceiptView,
  configured: string | undefined,
  nodeEvmChainId: bigint | undefined,
  l10n: L10n,
  nameOf?: NameOf,
): Row[] {
  if (!e.tx) return [];
  const named = (address: string, otherwise: string) => {
    const name = nameOf?.(address);
    return name === undefined ? otherwise : l10n.t('{0} in explorer', shown(name));
  };
  const base = chainExplorerBase(configured, nodeEvmChainId, e.tx.chainId);
  const rows: Row[] = [];
  const link = (field: string, label: string, url: string | undefined) => {
    if (url) rows.push({ field, label, value: url, mono: true, link: { url, web: true } });
  };
  link('evmExplorerTx', l10n.t('Transaction in explorer'), explorerTxUrl(base, e.tx.hash));
  const to = e.tx.to;
  link('evmExplorerTo', to === undefined ? '' : named(to, l10n.t('Recipient in explorer')), to === undefined ? undefined : explorerAddressUrl(base, to));
  // Stardust writes an EVM agent as `0x<address>@<chain>`: the address alone is linked.
  const from = view.sender.kind === 'evm' ? LEADING_EVM_ADDRESS.exec(view.sender.raw)?.[1] : undefined;
  if (from !== undefined) link('evmExplorerFrom', named(from, l10n.t('Sender in explorer')), explorerAddressUrl(base, from));
  if (e.call && !e.call.creation && e.call.decoded.ok) {
    e.call.decoded.item.args.forEach((a, i) => {
      if (a.type !== 'address') return;
      const name = a.name ? shown(a.name) : l10n.t('argument {0}', i);
      const known = nameOf?.(a.value);
      link(`evmExplorerArg${i}`, l10n.t('{0} in explorer', known === undefined ? name : `${name} (${shown(known)})`), explorerAddressUrl(base, a.value));
    });
  }
  return rows;
}

/**
 * The panel's "Decoded with the workspace's ABIs" rows; the Stardust transaction rows first, the
 * explorer links last (`explorerUrl`: the chain entry's, checked where the settings are read).
 */
export function explanationRows(
  e: EvmExplanation,
  view: ReceiptView,
  l10n: L10n = englishL10n,
  explorerUrl?: string,
  nodeEvmChainId?: bigint,
  nameOf?: NameOf,
): Row[] {
  const rows: Row[] = [];
  if (e.stardustTx) {
    const part = e.stardustTx.ok ? { evmTx: evmTxView(e.stardustTx.tx, evmTxHashOf(view.requestId), l10n) } : { evmTxError: e.stardustTx.error };
    rows.push(...(evmTxRows(part, l10n) ?? []));
  }
  if (view.kind === 'evm' && traitsOf(view.generation).evmSenderRow) {
    rows.unshift({ field: 'evmFrom', label: l10n.t('From'), value: shown(view.sender.display), mono: true });
  }
  if (e.call) {
    if (e.call.creation) rows.push({ field: 'evmCall', label: l10n.t('Function'), value: l10n.t('contract creation'), empty: true });
    else if (e.call.decoded.ok) rows.push(...itemRows('evmCall', l10n.t('Function'), e.call.decoded.item, l10n));
    else rows.push({ field: 'evmCall', label: l10n.t('Function'), value: notDecodedText(e.call.decoded, 'function', l10n), mono: true });
    const to = e.tx?.to;
    const name = to === undefined ? undefined : nameOf?.(to);
    if (to !== undefined && name !== undefined) rows.push({ field: 'evmToName', label: l10n.t('Contract'), value: shown(name), detail: to, mono: true });
  }
  if (e.error) {
    if (e.error.decoded.ok) rows.push(...itemRows('evmError', l10n.t('Custom error'), e.error.decoded.item, l10n));
    else
      rows.push({
        field: 'evmError',
        label: l10n.t('Custom error'),
        value: notDecodedText(e.error.decoded, 'error', l10n, e.error.data),
        detail: l10n.t('{0} ABI files indexed', e.files),
        mono: true,
        copy: { text: e.error.data, what: l10n.t('revert data') },
      });
  }
  rows.push(...explorerRows(e, view, explorerUrl, nodeEvmChainId, l10n, nameOf));
  return rows;
}

/** What the ISC receipt says, beside which the JSON-RPC's EVM receipt is shown. */
export interface IscSide {
  failed: boolean;
  gasBurned: bigint;
}

/**
 * The JSON-RPC's EVM receipt beside the node's ISC receipt: its status (a disagreement said, not
 * hidden: the EVM receipt's status is 0 also when only the ISC part failed), gas used and price.
 */
export function evmReceiptRows(outcome: Extract<RpcOutcome, { ok: true }>, isc: IscSide | undefined, l10n: L10n = englishL10n): Row[] {
  const rows: Row[] = [];
  if (outcome.status === '0x1' || outcome.status === '0x0') {
    const evmFailed = outcome.status === '0x0';
    const agree = isc === undefined || isc.failed === evmFailed;
    rows.push({
      field: 'evmReceiptStatus',
      label: l10n.t('EVM receipt'),
      value: evmFailed ? l10n.t('failed (status 0)') : l10n.t('succeeded (status 1)'),
      ...(agree
        ? {}
        : {
            detail: isc.failed
              ? l10n.t('⚠ the ISC receipt says the request failed: the JSON-RPC and the node disagree')
              : l10n.t('⚠ the ISC receipt says the request succeeded: the JSON-RPC and the node disagree'),
          }),
    });
  }
  if (outcome.gasUsed !== undefined)
    rows.push({
      field: 'evmReceiptGas',
      label: l10n.t('Gas used (EVM receipt)'),
      value: formatBigInt(outcome.gasUsed),
      mono: true,
      ...(isc
        ? {
            detail:
              isc.gasBurned === outcome.gasUsed
                ? l10n.t('the ISC receipt burned {0} ISC gas; the EVM receipt charges the larger of both in EVM gas', formatBigInt(isc.gasBurned))
                : l10n.t(
                    '≠ the ISC receipt burned {0} ISC gas: the EVM receipt counts the larger of the EVM gas and the ISC gas burned by the end of the EVM run (in EVM gas, without the 10,000 minimum)',
                    formatBigInt(isc.gasBurned),
                  ),
          }
        : {}),
    });
  if (outcome.effectiveGasPrice !== undefined)
    rows.push({
      field: 'evmReceiptPrice',
      label: l10n.t('Effective gas price'),
      value: l10n.t('{0} wei', formatBigInt(outcome.effectiveGasPrice)),
      mono: true,
    });
  return rows;
}

/** The "EVM receipt and logs" rows: the EVM receipt beside the ISC one, each log decoded with the index (name and arguments), else its topic0. */
export function logRows(coder: AbiCoder, index: AbiIndex, outcome: RpcOutcome, url: string, l10n: L10n = englishL10n, isc?: IscSide, unitsOf?: UnitsOf): Row[] {
  const asked: Row = { field: 'evmLogsUrl', label: l10n.t('Asked'), value: shown(url), mono: true };
  if (!outcome.ok) return [asked, { field: 'evmLogsError', label: l10n.t('Not loaded'), value: rpcFailureText(outcome, l10n) }];
  const rows: Row[] = [asked, ...evmReceiptRows(outcome, isc, l10n)];
  if (outcome.logs.length === 0) rows.push({ field: 'evmLogsNone', label: l10n.t('Logs'), value: l10n.t('none'), empty: true });
  outcome.logs.forEach((log, i) => {
    const d = decodeLog(coder, index, log);
    rows.push({
      field: `evmLog${i}`,
      label: l10n.t('Log {0}', i),
      value: d.ok ? shown(decodedLine(inUnits(d.item, unitsOf?.(log.address)))) : logNotDecodedText(d, l10n),
      detail: d.ok ? `${shown(log.address)} · ${shown(d.item.signature)} · ${shown(sourcesText(d.item, l10n))}` : shown(log.address),
      mono: true,
      copy: { text: JSON.stringify(log), what: l10n.t('log') },
    });
  });
  if (outcome.total > outcome.logs.length)
    rows.push({ field: 'evmLogsMore', label: l10n.t('Logs'), value: l10n.t('{0} more not shown', outcome.total - outcome.logs.length) });
  return rows;
}

function logNotDecodedText(d: Extract<Decoded, { ok: false }>, l10n: L10n): string {
  if (d.reason === 'unknown') return l10n.t('event {0}: no ABI in the workspace declares it', d.selector ?? l10n.t('(anonymous)'));
  return l10n.t('event {0}', notDecodedText(d, 'function', l10n));
}

/** What a JSON-RPC call's failure means, for the receipt's logs or its call tree. */
export function rpcFailureText(o: RpcFailure, l10n: L10n, asked: RpcAsked = RECEIPT_CALL): string {
  switch (o.reason) {
    case 'badUrl':
      return l10n.t('no usable EVM JSON-RPC URL (set evmJsonRpcUrl in the chain entry)');
    case 'notFound':
      return l10n.t('the JSON-RPC does not know this transaction');
    case 'methodUnavailable':
      return l10n.t(
        'the JSON-RPC does not offer {0} ({1}): ask the node operator to enable it, or set evmJsonRpcUrl in the chain entry to a JSON-RPC that does',
        asked.method,
        shown(o.detail ?? ''),
      );
    case 'rpcError':
      return l10n.t('the JSON-RPC answered with an error: {0}', shown(o.detail ?? ''));
    case 'http':
      return l10n.t('the JSON-RPC answered HTTP {0}', shown(o.detail ?? ''));
    case 'tooLarge':
      return l10n.t('the answer is larger than {0} MB', asked.maxBytes / (1024 * 1024));
    case 'invalid':
      return o.detail === undefined
        ? l10n.t('the answer is not {0}', asked.answer(l10n))
        : l10n.t('the answer is not {0}: {1}', asked.answer(l10n), shown(o.detail));
    case 'timeout':
      return l10n.t('no answer within {0} s', asked.timeoutMs / 1000);
    default:
      return l10n.t('the JSON-RPC could not be reached: {0}', shown(o.detail ?? ''));
  }
}

/** The JSON-RPC call a failure is of: its method, bounds, and what its answer should have been. */
export interface RpcAsked {
  method: string;
  maxBytes: number;
  timeoutMs: number;
  answer: (l10n: L10n) => string;
}

const RECEIPT_CALL: RpcAsked = {
  method: 'eth_getTransactionReceipt',
  maxBytes: RPC_MAX_BYTES,
  timeoutMs: RPC_TIMEOUT_MS,
  answer: (l10n) => l10n.t('a valid transaction receipt'),
};
