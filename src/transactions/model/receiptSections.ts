// The parts of a receipt view both node generations share: the outcome and its error, the burn
// log, the request's rows, the raw JSON, and the payload helpers (gas and fees: ./receiptGas.ts).
// A generation's builder (stardustReceiptView.ts, rebasedReceiptView.ts) hands over what only
// it knows (GenerationParts) and assembleReceiptView puts the view together.
// Everything a node sent is remote text: it passes through revealInvisible here (bidi and
// zero-width characters must not spoof an ID), and through escapeMarkdown in a hover.
// Pure: words come through the `l10n` argument (vscode.l10n in the extension).
import type { Generation } from '../../api/generation';
import type { AgentId, AgentKind } from '../../core/agentId';
import { formatBigInt, formatHname, shortId } from '../../core/format';
import { decodeHexPayload, type HexPayload } from '../../core/hex';
import type { L10n } from '../../core/l10n';
import { clip, revealInvisible } from '../../core/text';
import { formatUnits } from '../../core/units';
import { describeReceiptError } from '../../evm/model/revert';
import type { Row } from '../../ui/model/view';
import { summarizeBurnLog, type BurnLogRecord } from './burnCodes';
import { amount, gasRows, gasView, noLimitDetail } from './receiptGas';
import { describeCallTarget } from '../../core/hname';
import { errorCodeWords, failureHeadline, messageWords } from './failureHeadline';
import {
  MAX_PAYLOAD_HEX_CHARS,
  MAX_RAW_JSON_CHARS,
  type AnyReceipt,
  type AssetsView,
  type NftView,
  type ParamView,
  type PayloadView,
  type ReceiptErrorView,
  type ReceiptView,
  type RequestKind,
  type TokenAmountView,
} from './receiptViewTypes';

type CallTarget = ReceiptView['callTarget'];
type Sender = ReceiptView['sender'];
type Gas = ReceiptView['gas'];

export { amount } from './receiptGas';

/** What only a generation's builder knows; the rest of a receipt view is the same for both. */
export interface GenerationParts {
  generation: Generation;
  sender: Sender;
  /** Stardust: the target chain ('' on Rebased), shown in rows after the sender's. */
  targetAddress: string;
  targetRows: Row[];
  /** Beside the request's gas budget: what the number counts. */
  requestBudgetDetail: string;
  /** The fee with decimals and its symbol, when the generation knows them. */
  feeDecimal?: string;
  fungibleTokens: AssetsView | null;
  allowance: AssetsView | null;
  nft: NftView | null;
  params: ParamView[];
}

export function tokenAmount(value: bigint, decimals?: number, symbol?: string): TokenAmountView {
  const view: TokenAmountView = { raw: value.toString(), text: formatBigInt(value) };
  if (decimals !== undefined) view.decimal = symbol ? `${formatUnits(value, decimals)} ${symbol}` : formatUnits(value, decimals);
  return view;
}

/** Remote text for display: one line, invisible characters revealed. */
export function remote(s: string): string {
  return revealInvisible(s);
}

function cutPayloadText(s: string, cap: number): string {
  return s.length > cap ? `${s.slice(0, cap)}…` : s;
}

/** Each form (hex, text, JSON) cut past `cap` characters and marked with an ellipsis. */
export function payload(hex: string, cap = MAX_PAYLOAD_HEX_CHARS): PayloadView {
  return payloadView(decodeHexPayload(hex), cap);
}

/** The view of an already decoded payload, for a caller that also reads its JSON. */
export function payloadView(decoded: HexPayload, cap = MAX_PAYLOAD_HEX_CHARS): PayloadView {
  const view: PayloadView = { hex: cutPayloadText(decoded.hex, cap), byteLength: decoded.byteLength, valid: decoded.valid, preferred: 'hex' };
  if (decoded.hex.length > cap) view.truncated = true;
  if (decoded.text !== undefined) {
    view.text = cutPayloadText(revealInvisible(decoded.text, { keepWhitespace: true }), cap);
    view.preferred = 'text';
  }
  if (decoded.json !== undefined) {
    view.json = cutPayloadText(revealInvisible(JSON.stringify(decoded.json, null, 2), { keepWhitespace: true }), cap);
    view.preferred = 'json';
  }
  return view;
}

export function agentKindText(kind: AgentKind, l10n: L10n): string {
  switch (kind) {
    case 'address':
      return l10n.t('L1 address (Ed25519)');
    case 'alias':
      return l10n.t('L1 alias address (chain)');
    case 'nft':
      return l10n.t('L1 NFT address');
    case 'evm':
      return l10n.t('EVM account on a chain');
    case 'contract':
      return l10n.t('smart contract on a chain');
    case 'nil':
      return l10n.t('no agent');
    case 'unknown':
      return l10n.t('unrecognised agent ID');
  }
}

/** The sender as the view shows it; `kindText` is the generation's words for its kind. */
export function senderView(senderAccount: string, agent: AgentId, kindText: string): Sender {
  const raw = remote(senderAccount);
  return { raw, display: agent.kind === 'unknown' ? shortId(raw, 48, 8) : remote(agent.display), kind: agent.kind, kindText };
}

function requestKind(r: { isEVM: boolean; isOffLedger: boolean }): RequestKind {
  return r.isEVM ? 'evm' : r.isOffLedger ? 'offLedger' : 'onLedger';
}

function requestKindText(kind: RequestKind, l10n: L10n): string {
  switch (kind) {
    case 'evm':
      return l10n.t('EVM transaction (off-ledger)');
    case 'offLedger':
      return l10n.t('off-ledger request');
    case 'onLedger':
      return l10n.t('on-ledger request');
  }
}

/** The receipt as pretty JSON: bigints as decimal strings, remote text with invisibles revealed. */
export function receiptJson(receipt: AnyReceipt): string {
  const json = JSON.stringify(receipt, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
  const shown = revealInvisible(json, { keepWhitespace: true });
  return shown.length > MAX_RAW_JSON_CHARS ? `${shown.slice(0, MAX_RAW_JSON_CHARS)}…` : shown;
}

/** Whether the request failed (by the node's flag or its error), and the error as the view shows it. */
function outcome(receipt: AnyReceipt, l10n: L10n): { failed: boolean; error?: ReceiptErrorView } {
  const err = describeReceiptError(receipt.errorMessage, receipt.rawError);
  const failed = receipt.failed || err.failed;
  if (!failed) return { failed };
  const message = err.message === undefined ? undefined : revealInvisible(err.message, { keepWhitespace: true });
  const code = err.code === undefined ? undefined : remote(err.contractError ? err.code.replace(/^0x/i, '') : err.code);
  const rawHex = err.rawData?.slice(2);
  // The parameter that carries the revert data is bytes, whatever Go type the node wrote beside it.
  const params = err.params.map((p) => ({
    value: remote(p.value),
    type: rawHex !== undefined && p.value.toLowerCase().includes(rawHex) ? l10n.t('revert data') : remote(p.type),
  }));
  const error: ReceiptErrorView = { headline: '', params };
  if (message !== undefined) error.message = message;
  if (err.decodedRevert !== undefined) error.decodedRevert = remote(err.decodedRevert);
  if (err.revertData !== undefined) error.revertData = err.revertData;
  if (err.rawData !== undefined) error.rawData = err.rawData;
  if (code !== undefined) {
    error.code = code;
    error.codeText = remote(errorCodeWords(err.code ?? '', err.contractError, message !== undefined && message !== '', l10n));
  }
  // Clipped there, once: a hover shows it on every call and must not walk megabytes each time.
  error.headline = failureHeadline(error, l10n);
  return { failed, error };
}

/**
 * The Error section's rows: the reason decoded, the message, the code with its words, the
 * parameters; the revert data once, as "Raw error data" (the panel folds it), and the message and
 * the parameter that only carry it left to that row.
 */
function errorRows(error: ReceiptErrorView, l10n: L10n): Row[] {
  const rows: Row[] = [];
  if (error.decodedRevert !== undefined)
    rows.push({
      field: 'decodedRevert',
      label: l10n.t('Revert reason'),
      value: error.decodedRevert,
      copy: { text: error.decodedRevert, what: l10n.t('revert reason') },
    });
  const raw = error.rawData;
  const words = error.message === undefined ? undefined : messageWords(error.message, raw);
  if (error.message !== undefined && words !== '')
    rows.push({
      field: 'errorMessage',
      label: l10n.t('Message'),
      value: words ?? error.message,
      mono: false,
      copy: { text: error.message, what: l10n.t('error message') },
    });
  if (error.code !== undefined)
    rows.push({ field: 'errorCode', label: l10n.t('Error code'), value: error.code, mono: true, ...(error.codeText ? { detail: error.codeText } : {}) });
  error.params.forEach((p, i) => {
    if (raw === undefined || !p.value.toLowerCase().includes(raw.slice(2)))
      rows.push({
        field: `errorParam${i}`,
        label: l10n.t('Parameter {0}', i + 1),
        value: /^u?int\d*$/.test(p.type) ? formatBigInt(p.value) : p.value,
        detail: p.type,
        mono: true,
      });
  });
  if (raw !== undefined)
    rows.push({
      field: 'rawErrorData',
      label: l10n.t('Raw error data'),
      value: raw,
      detail: l10n.t('{0} bytes of revert data, as the message and the parameters carry them', (raw.length - 2) / 2),
      mono: true,
      copy: { text: raw, what: l10n.t('revert data') },
    });
  return rows;
}

function receiptRows(receipt: AnyReceipt, kindText: string, l10n: L10n): Row[] {
  const requestId = receipt.request.requestId;
  return [
    { field: 'requestId', label: l10n.t('Request ID'), value: requestId, mono: true, copy: { text: requestId, what: l10n.t('request ID') } },
    {
      field: 'blockIndex',
      label: l10n.t('Block'),
      value: formatBigInt(BigInt(receipt.blockIndex)),
      copy: { text: String(receipt.blockIndex), what: l10n.t('block index') },
    },
    {
      field: 'requestIndex',
      label: l10n.t('Request index'),
      value: formatBigInt(BigInt(receipt.requestIndex)),
      detail: l10n.t('position of the request in its block'),
    },
    { field: 'kind', label: l10n.t('Kind'), value: kindText },
  ];
}

function callTargetView(hnames: { contractHName: string; functionHName: string }): CallTarget {
  const target = describeCallTarget(hnames);
  const callTarget: CallTarget = { label: target.label, hnames: `${formatHname(hnames.contractHName)}.${formatHname(hnames.functionHName)}` };
  if (target.contract !== undefined) callTarget.contract = target.contract;
  if (target.function !== undefined) callTarget.function = target.function;
  return callTarget;
}

function requestRows(receipt: AnyReceipt, parts: GenerationParts, callTarget: CallTarget, gas: Gas, l10n: L10n): Row[] {
  const req = receipt.request;
  const yes = l10n.t('yes');
  const no = l10n.t('no');
  return [
    {
      field: 'sender',
      label: l10n.t('Sender'),
      value: parts.sender.raw,
      detail: parts.sender.kindText,
      mono: true,
      copy: { text: req.senderAccount, what: l10n.t('sender') },
    },
    ...parts.targetRows,
    {
      field: 'callTarget',
      label: l10n.t('Call target'),
      value: callTarget.label,
      ...(callTarget.contract !== undefined || callTarget.function !== undefined
        ? { detail: callTarget.hnames }
        : { detail: l10n.t('hnames of a contract that is not a core contract') }),
      mono: true,
    },
    { field: 'isOffLedger', label: l10n.t('Off-ledger'), value: req.isOffLedger ? yes : no },
    { field: 'isEVM', label: l10n.t('EVM'), value: req.isEVM ? yes : no },
    {
      field: 'requestGasBudget',
      label: l10n.t('Request gas budget'),
      value: gas.requestBudget.text,
      mono: true,
      detail: gas.requestBudget.noLimit ? `${noLimitDetail(gas.requestBudget, l10n)} · ${parts.requestBudgetDetail}` : parts.requestBudgetDetail,
    },
  ];
}

function burnLogView(records: readonly BurnLogRecord[], generation: Generation): ReceiptView['burnLog'] {
  const burn = summarizeBurnLog(records, generation);
  return {
    total: amount(burn.total),
    entries: burn.entries.map((e) => ({
      code: e.code,
      name: e.name,
      gasBurned: amount(e.gasBurned),
      count: e.count,
      share: e.share,
      shareText: `${e.share.toFixed(2)}%`,
    })),
  };
}

/** The view of a receipt: the shared sections around what the generation's builder found. */
export function assembleReceiptView(receipt: AnyReceipt, parts: GenerationParts, l10n: L10n): ReceiptView {
  const req = receipt.request;
  const { failed, error } = outcome(receipt, l10n);
  const kind = requestKind(req);
  const kindText = requestKindText(kind, l10n);
  const gas = gasView(receipt, parts.feeDecimal, l10n);
  const callTarget = callTargetView(req.callTarget);
  const sections: ReceiptView['sections'] = [];
  if (error) sections.push({ id: 'error', title: l10n.t('Error'), rows: errorRows(error, l10n) });
  sections.push(
    { id: 'receipt', title: l10n.t('Receipt'), rows: receiptRows(receipt, kindText, l10n) },
    { id: 'gas', title: l10n.t('Gas and fees'), rows: gasRows(gas, l10n) },
    { id: 'request', title: l10n.t('Request'), rows: requestRows(receipt, parts, callTarget, gas, l10n) },
  );
  const view: ReceiptView = {
    generation: parts.generation,
    requestId: req.requestId,
    failed,
    statusText: failed ? l10n.t('Request failed') : l10n.t('Request succeeded'),
    summary: failed && error ? clip(error.headline, 80) : callTarget.label,
    blockIndex: receipt.blockIndex,
    requestIndex: receipt.requestIndex,
    kind,
    kindText,
    callTarget,
    sender: parts.sender,
    targetAddress: parts.targetAddress,
    gas,
    sections,
    fungibleTokens: parts.fungibleTokens,
    allowance: parts.allowance,
    nft: parts.nft,
    params: parts.params,
    burnLog: burnLogView(receipt.gasBurnLog, parts.generation),
  };
  if (error) view.error = error;
  return view;
}
