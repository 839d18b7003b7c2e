// The receipt's view model, shared by the hover and the receipt panel: a validated Receipt turned
// into display strings once, so both surfaces say the same thing and the webview only places
// text. JSON-safe throughout (bigints arrive formatted, or as decimal strings to copy).
// Everything a node sent is remote text: it passes through revealInvisible here (bidi and
// zero-width characters must not spoof an ID), and through escapeMarkdown in a hover.
// Pure: words come through the `l10n` argument (vscode.l10n in the extension), so the model
// stays free of 'vscode' and still localises.
import type { RebasedReceipt } from '../../api/rebasedSchemas';
import type { AssetBundle, Nft, Receipt } from '../../api/stardustSchemas';
import type { Row } from '../../ui/model/view';
import { parseAgentId, type AgentKind } from '../../core/agentId';
import { parseRebasedAgentId } from './rebasedAgentId';
import { ceilDiv, formatUnits } from '../../core/units';
import type { Generation } from '../../api/generation';
import { summarizeBurnLog } from './burnCodes';
import { buildRebasedPart, evmTxLine, IOTA_DECIMALS, rebasedEvmTx, tokenAmount, txGasPrice, type RebasedPartView } from './rebasedParts';
import { checkFee, describeGasPerToken, isFreeGas, type Ratio32 } from '../../core/fees';
import { baseTokensText, formatBigInt, formatNumber, shortId } from '../../core/format';
import { decodeHexPayload } from '../../core/hex';
import { clip, revealInvisible } from '../../core/text';
import { describeCallTarget, knownContractName } from '../../core/hname';
import { englishL10n, type L10n } from '../../core/l10n';
import { describeReceiptError } from '../../evm/model/revert';

export { englishL10n, type L10n } from '../../core/l10n';

export type RequestKind = 'evm' | 'offLedger' | 'onLedger';

/** A validated receipt of either node generation (Stardust has no `generation` field). */
export type AnyReceipt = Receipt | RebasedReceipt;

export function isRebasedReceipt(r: AnyReceipt): r is RebasedReceipt {
  return 'generation' in r && r.generation === 'rebased';
}

/** Payloads above this many hex characters are cut for display (a node may send megabytes). */
export const MAX_PAYLOAD_HEX_CHARS = 1_000_000;
/** The raw JSON is cut above this many characters. */
export const MAX_RAW_JSON_CHARS = 2_000_000;

export interface PayloadView {
  /** Lowercase 0x-hex as received (cut past MAX_PAYLOAD_HEX_CHARS). */
  hex: string;
  byteLength: number;
  valid: boolean;
  /** UTF-8 text when the bytes are readable, invisible characters revealed. */
  text?: string;
  /** Pretty-printed JSON when the text is a JSON object or array. */
  json?: string;
  truncated?: boolean;
  /** Which view to show first: JSON, then text, then hex. */
  preferred: 'hex' | 'text' | 'json';
}

export interface AmountView {
  /** Exact decimal digits (for copying). */
  raw: string;
  /** With thousands separators. */
  text: string;
}

export interface AssetsView {
  baseTokens: AmountView;
  nativeTokens: Array<{ id: string; amount: AmountView }>;
  nfts: string[];
  empty: boolean;
}

export interface NftView {
  id: string;
  issuer: string;
  /** Empty when the node sent none. */
  owner: string;
  metadata: PayloadView;
  /** IRC27 fields worth a row when the metadata is such JSON (name, uri, collectionName, ...). */
  fields: Array<{ key: string; value: string }>;
}

export interface ParamView {
  key: PayloadView;
  /** The key as a short label: its text when readable, else its hex. */
  keyLabel: string;
  value: PayloadView;
}

export interface BurnEntryView {
  code: number;
  name: string;
  gasBurned: AmountView;
  count: number;
  /** Percent of the total (0–100), for the bar width. */
  share: number;
  shareText: string;
}

/** A failure's headline is clipped to this many characters once, here: a hover shows it as is. */
export const HEADLINE_CHARS = 300;

export interface ReceiptErrorView {
  /** What to lead with: the decoded revert reason, else the message, else the code. */
  headline: string;
  message?: string;
  decodedRevert?: string;
  /** Custom-error revert data (0x-hex), decoded with the workspace's ABIs by src/evm at display time. */
  revertData?: string;
  code?: string;
  /** "evm: execution reverted: %s" style explanation of the code, when known. */
  codeText?: string;
  params: Array<{ value: string; type: string }>;
}

export interface ReceiptView {
  /** Which node generation sent it: Rebased receipts carry `rebased` instead of tokens, NFT and keyed params. */
  generation: Generation;
  requestId: string;
  failed: boolean;
  /** "Request succeeded" / "Request failed". */
  statusText: string;
  error?: ReceiptErrorView;
  /** One short line for lists (the tree's recent receipts): the call target or the error. */
  summary: string;
  blockIndex: number;
  requestIndex: number;
  kind: RequestKind;
  kindText: string;
  callTarget: { label: string; contract?: string; function?: string; hnames: string };
  sender: { raw: string; display: string; kind: AgentKind; kindText: string; checksumValid?: boolean };
  /** Stardust only ('' on Rebased: a node serves one chain). */
  targetAddress: string;
  gas: {
    budget: AmountView;
    burned: AmountView;
    /** "35.1% of the budget"; absent for a zero budget. */
    burnedShare?: string;
    fee: AmountView;
    storageDeposit: AmountView;
    requestBudget: AmountView;
    /** Rebased: the fee in IOTA with 9 decimals ("0.00021 IOTA"); the exact nanos stay in `fee`. */
    feeDecimal?: string;
  };
  /** The panel's field rows, by section. */
  sections: Array<{ id: 'receipt' | 'gas' | 'request' | 'error' | 'evmTx' | 'evmAbi' | 'evmLogs' | 'l1Explorer'; title: string; rows: Row[] }>;
  fungibleTokens: AssetsView | null;
  allowance: AssetsView | null;
  nft: NftView | null;
  params: ParamView[];
  burnLog: { total: AmountView; entries: BurnEntryView[] };
  /** The receipt as JSON, pretty-printed, uint64 values as strings. */
  rawJson: string;
  /** Rebased: coins and objects, allowance, positional params, the decoded EVM transaction. */
  rebased?: RebasedPartView;
  /** Rebased EVM request: one line on the transaction for the hover. */
  evmTxLine?: string;
}

export interface FeeCheckView {
  /** true: matches the policy; false: differs; undefined: could not be checked. */
  ok: boolean | undefined;
  text: string;
}

function amount(v: bigint): AmountView {
  return { raw: v.toString(), text: formatBigInt(v) };
}

/** "1 base token", "595 base tokens". */

/** Remote text for display: one line, invisible characters revealed. */
function remote(s: string): string {
  return revealInvisible(s);
}

function payload(hex: string): PayloadView {
  const decoded = decodeHexPayload(hex);
  const truncated = decoded.hex.length > MAX_PAYLOAD_HEX_CHARS;
  const view: PayloadView = {
    hex: truncated ? `${decoded.hex.slice(0, MAX_PAYLOAD_HEX_CHARS)}…` : decoded.hex,
    byteLength: decoded.byteLength,
    valid: decoded.valid,
    preferred: 'hex',
  };
  if (truncated) view.truncated = true;
  if (decoded.text !== undefined) {
    const text = revealInvisible(decoded.text, { keepWhitespace: true });
    view.text = text.length > MAX_PAYLOAD_HEX_CHARS ? `${text.slice(0, MAX_PAYLOAD_HEX_CHARS)}…` : text;
    view.preferred = 'text';
  }
  if (decoded.json !== undefined) {
    const json = revealInvisible(JSON.stringify(decoded.json, null, 2), { keepWhitespace: true });
    view.json = json.length > MAX_PAYLOAD_HEX_CHARS ? `${json.slice(0, MAX_PAYLOAD_HEX_CHARS)}…` : json;
    view.preferred = 'json';
  }
  return view;
}

function assets(bundle: AssetBundle | null): AssetsView | null {
  if (!bundle) return null;
  return {
    baseTokens: amount(bundle.baseTokens),
    nativeTokens: bundle.nativeTokens.map((t) => ({ id: t.id.toLowerCase(), amount: amount(t.amount) })),
    nfts: bundle.nfts.map((n) => n.toLowerCase()),
    empty: bundle.baseTokens === 0n && bundle.nativeTokens.length === 0 && bundle.nfts.length === 0,
  };
}

const IRC27_FIELDS = ['name', 'collectionName', 'issuerName', 'description', 'type', 'uri', 'standard', 'version'];

function nftView(nft: Nft | null): NftView | null {
  if (!nft) return null;
  const metadata = payload(nft.metadata);
  const fields: NftView['fields'] = [];
  const parsed = decodeHexPayload(nft.metadata).json;
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const o = parsed as Record<string, unknown>;
    for (const key of IRC27_FIELDS) {
      const v = o[key];
      if (typeof v === 'string' || typeof v === 'number') fields.push({ key, value: remote(clip(String(v), 500)) });
    }
  }
  return { id: nft.id.toLowerCase(), issuer: remote(nft.issuer), owner: remote(nft.owner), metadata, fields };
}

function agentKindText(kind: AgentKind, l10n: L10n): string {
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

export function requestKind(r: { isEVM: boolean; isOffLedger: boolean }): RequestKind {
  return r.isEVM ? 'evm' : r.isOffLedger ? 'offLedger' : 'onLedger';
}

export function requestKindText(kind: RequestKind, l10n: L10n): string {
  switch (kind) {
    case 'evm':
      return l10n.t('EVM transaction (off-ledger)');
    case 'offLedger':
      return l10n.t('off-ledger request');
    case 'onLedger':
      return l10n.t('on-ledger request');
  }
}

/** Percent with one decimal, from bigints (exact above 2^53). */
function percentText(part: bigint, whole: bigint): string | undefined {
  if (whole <= 0n) return undefined;
  const tenths = (part * 1000n) / whole;
  return `${formatBigInt(tenths / 10n)}.${(tenths % 10n).toString()}%`;
}

/** The receipt as pretty JSON: bigints as decimal strings, remote text with invisibles revealed. */
export function receiptJson(receipt: AnyReceipt): string {
  const json = JSON.stringify(receipt, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
  const shown = revealInvisible(json, { keepWhitespace: true });
  return shown.length > MAX_RAW_JSON_CHARS ? `${shown.slice(0, MAX_RAW_JSON_CHARS)}…` : shown;
}

/** Turns a validated receipt into the strings the hover and the panel show. */
export function buildReceiptView(receipt: AnyReceipt, l10n: L10n = englishL10n): ReceiptView {
  const rebased = isRebasedReceipt(receipt) ? receipt : undefined;
  const stardust = isRebasedReceipt(receipt) ? undefined : receipt;
  const generation: Generation = rebased ? 'rebased' : 'stardust';
  const req = receipt.request;
  const err = describeReceiptError(receipt.errorMessage, receipt.rawError);
  const failed = receipt.failed || err.failed;
  const target = describeCallTarget(req.callTarget);
  const sender = rebased ? parseRebasedAgentId(req.senderAccount) : parseAgentId(req.senderAccount);
  const kind = requestKind(req);
  const kindText = requestKindText(kind, l10n);

  let error: ReceiptErrorView | undefined;
  if (failed) {
    const message = err.message === undefined ? undefined : revealInvisible(err.message, { keepWhitespace: true });
    const decodedRevert = err.decodedRevert === undefined ? undefined : remote(err.decodedRevert);
    const code = err.code === undefined ? undefined : remote(err.code);
    let codeText: string | undefined;
    if (err.contractError) {
      const name = knownContractName(err.contractError.contractHname) ?? err.contractError.contractHname;
      codeText = l10n.t('error {0} of contract {1}', err.contractError.errorId, name);
    }
    // Clipped here, once: a hover shows it on every call and must not walk megabytes each time.
    const headline = clip(
      decodedRevert !== undefined
        ? l10n.t('Reverted: {0}', decodedRevert)
        : (message ?? (code !== undefined ? l10n.t('error code {0}', code) : l10n.t('failed without an error message'))),
      HEADLINE_CHARS,
    );
    error = { headline, params: err.params.map((p) => ({ value: remote(p.value), type: remote(p.type) })) };
    if (message !== undefined) error.message = message;
    if (decodedRevert !== undefined) error.decodedRevert = decodedRevert;
    if (err.revertData !== undefined) error.revertData = err.revertData;
    if (code !== undefined) error.code = code;
    if (codeText !== undefined) error.codeText = codeText;
  }

  const gas = {
    budget: amount(receipt.gasBudget),
    burned: amount(receipt.gasBurned),
    fee: amount(receipt.gasFeeCharged),
    storageDeposit: amount(receipt.storageDepositCharged),
    requestBudget: amount(req.gasBudget),
  } as ReceiptView['gas'];
  if (rebased) gas.feeDecimal = tokenAmount(receipt.gasFeeCharged, IOTA_DECIMALS, 'IOTA').decimal;
  const share = percentText(receipt.gasBurned, receipt.gasBudget);
  if (share !== undefined) gas.burnedShare = l10n.t('{0} of the budget', share);

  const callTarget: ReceiptView['callTarget'] = { label: target.label, hnames: `${req.callTarget.contractHName}.${req.callTarget.functionHName}` };
  if (target.contract !== undefined) callTarget.contract = target.contract;
  if (target.function !== undefined) callTarget.function = target.function;

  const senderRaw = remote(req.senderAccount);
  const senderView: ReceiptView['sender'] = {
    raw: senderRaw,
    display: sender.kind === 'unknown' ? shortId(senderRaw, 48, 8) : remote(sender.display),
    kind: sender.kind,
    // A Rebased L1 address may be of any signature scheme.
    kindText: rebased && sender.kind === 'address' ? l10n.t('L1 address') : agentKindText(sender.kind, l10n),
  };
  if ('checksumValid' in sender && sender.checksumValid === false) {
    senderView.checksumValid = false;
    senderView.kindText = l10n.t('{0}; its EIP-55 checksum does not match', senderView.kindText);
  }
  const targetAddress = stardust ? remote(stardust.request.targetAddress) : '';
  const requestId = req.requestId;

  const summaryRows: Row[] = [
    { field: 'requestId', label: l10n.t('Request ID'), value: requestId, mono: true, copy: { text: requestId, what: l10n.t('request ID') } },
    {
      field: 'blockIndex',
      label: l10n.t('Block'),
      value: formatBigInt(BigInt(receipt.blockIndex)),
      copy: { text: String(receipt.blockIndex), what: l10n.t('block index') },
    },
    { field: 'requestIndex', label: l10n.t('Request index'), value: String(receipt.requestIndex), detail: l10n.t('position of the request in its block') },
    { field: 'kind', label: l10n.t('Kind'), value: kindText },
  ];
  const gasRows: Row[] = [
    { field: 'gasBudget', label: l10n.t('Gas budget'), value: gas.budget.text, mono: true, copy: { text: gas.budget.raw, what: l10n.t('gas budget') } },
    {
      field: 'gasBurned',
      label: l10n.t('Gas burned'),
      value: gas.burned.text,
      mono: true,
      ...(gas.burnedShare ? { detail: gas.burnedShare } : {}),
      copy: { text: gas.burned.raw, what: l10n.t('gas burned') },
    },
    {
      field: 'gasFeeCharged',
      label: l10n.t('Fee charged'),
      value: baseTokensText(gas.fee, l10n),
      mono: true,
      ...(gas.feeDecimal !== undefined ? { detail: gas.feeDecimal } : {}),
      copy: { text: gas.fee.raw, what: l10n.t('fee') },
    },
    {
      field: 'storageDepositCharged',
      label: l10n.t('Storage deposit'),
      value: baseTokensText(gas.storageDeposit, l10n),
      mono: true,
      copy: { text: gas.storageDeposit.raw, what: l10n.t('storage deposit') },
    },
  ];
  const yes = l10n.t('yes');
  const no = l10n.t('no');
  const requestRows: Row[] = [
    {
      field: 'sender',
      label: l10n.t('Sender'),
      value: senderRaw,
      detail: senderView.kindText,
      mono: true,
      copy: { text: req.senderAccount, what: l10n.t('sender') },
    },
    ...(stardust
      ? [
          {
            field: 'targetAddress',
            label: l10n.t('Target chain'),
            value: targetAddress,
            mono: true,
            copy: { text: stardust.request.targetAddress, what: l10n.t('target address') },
          },
        ]
      : []),
    {
      field: 'callTarget',
      label: l10n.t('Call target'),
      value: target.label,
      ...(target.contract !== undefined || target.function !== undefined
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
      detail: rebased && req.isEVM ? l10n.t("the transaction's gas limit, in EVM gas") : l10n.t('as sent with the request'),
    },
  ];
  const sections: ReceiptView['sections'] = [];
  if (error) {
    const rows: Row[] = [];
    if (error.decodedRevert !== undefined)
      rows.push({
        field: 'decodedRevert',
        label: l10n.t('Revert reason'),
        value: error.decodedRevert,
        copy: { text: error.decodedRevert, what: l10n.t('revert reason') },
      });
    if (error.message !== undefined)
      rows.push({
        field: 'errorMessage',
        label: l10n.t('Message'),
        value: error.message,
        mono: error.decodedRevert !== undefined,
        copy: { text: error.message, what: l10n.t('error message') },
      });
    if (error.code !== undefined)
      rows.push({ field: 'errorCode', label: l10n.t('Error code'), value: error.code, mono: true, ...(error.codeText ? { detail: error.codeText } : {}) });
    error.params.forEach((p, i) => rows.push({ field: `errorParam${i}`, label: l10n.t('Parameter {0}', i + 1), value: p.value, detail: p.type, mono: true }));
    sections.push({ id: 'error', title: l10n.t('Error'), rows });
  }
  sections.push(
    { id: 'receipt', title: l10n.t('Receipt'), rows: summaryRows },
    { id: 'gas', title: l10n.t('Gas and fees'), rows: gasRows },
    { id: 'request', title: l10n.t('Request'), rows: requestRows },
  );

  const burn = summarizeBurnLog(receipt.gasBurnLog, generation);
  const params = stardust
    ? stardust.request.params.map((p): ParamView => {
        const key = payload(p.key);
        const keyLabel = key.text !== undefined && key.text.length <= 64 && !/\s/.test(key.text) ? key.text : shortId(key.hex, 18, 6);
        return { key, keyLabel: remote(keyLabel), value: payload(p.value) };
      })
    : // Rebased params are positional (one BCS-encoded argument each): labelled by position, no key bytes.
      (rebased?.request.params ?? []).map((hex, i): ParamView => ({ key: payload('0x'), keyLabel: l10n.t('argument {0}', i + 1), value: payload(hex) }));

  const view: ReceiptView = {
    generation,
    requestId,
    failed,
    statusText: failed ? l10n.t('Request failed') : l10n.t('Request succeeded'),
    summary: failed && error ? clip(error.headline, 80) : target.label,
    blockIndex: receipt.blockIndex,
    requestIndex: receipt.requestIndex,
    kind,
    kindText,
    callTarget,
    sender: senderView,
    targetAddress,
    gas,
    sections,
    fungibleTokens: stardust ? assets(stardust.request.fungibleTokens) : null,
    allowance: stardust ? assets(stardust.request.allowance) : null,
    nft: stardust ? nftView(stardust.request.nft) : null,
    params,
    burnLog: {
      total: amount(burn.total),
      entries: burn.entries.map((e) => ({
        code: e.code,
        name: e.name,
        gasBurned: amount(e.gasBurned),
        count: e.count,
        share: e.share,
        shareText: `${e.share.toFixed(2)}%`,
      })),
    },
    rawJson: receiptJson(receipt),
  };
  if (error) view.error = error;
  if (rebased) {
    view.rebased = buildRebasedPart(rebased, l10n);
    if (view.rebased.evmTx) view.evmTxLine = evmTxLine(view.rebased.evmTx, l10n);
    const txRows = evmTxRows(view.rebased, l10n);
    if (txRows) view.sections.push({ id: 'evmTx', title: l10n.t('EVM transaction'), rows: txRows });
  }
  return view;
}

/**
 * Checks the fee charged against the chain's fee policy (read at the receipt's block):
 * "matches the fee policy (100 gas = 1 base token)" or the difference.
 */
export function describeFeeCheck(gasBurned: bigint, feeCharged: bigint, gasPerToken: Ratio32, l10n: L10n = englishL10n): FeeCheckView {
  const policy = { gasPerToken, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 };
  const check = checkFee(gasBurned, feeCharged, policy);
  const ratio = describeGasPerToken(gasPerToken, l10n);
  if (check.matches) return { ok: true, text: l10n.t('matches the fee policy ({0})', ratio) };
  const diff = check.difference < 0n ? -check.difference : check.difference;
  return {
    ok: false,
    text:
      check.difference < 0n
        ? l10n.t(
            '{0} less than the fee policy asks ({1}: {2}); the fee is capped at the funds the sender had left',
            formatBigInt(diff),
            ratio,
            formatBigInt(check.expected),
          )
        : l10n.t('{0} more than the fee policy asks ({1}: {2})', formatBigInt(diff), ratio, formatBigInt(check.expected)),
  };
}

/** The decoded EVM transaction as panel rows: exact integers to copy, decimal forms beside them. */
export function evmTxRows(part: Pick<RebasedPartView, 'evmTx' | 'evmTxError'>, l10n: L10n): Row[] | undefined {
  if (part.evmTxError !== undefined) {
    return [
      { field: 'evmTxError', label: l10n.t('Not decoded'), value: part.evmTxError, detail: l10n.t('the request parameter is not a valid signed transaction') },
    ];
  }
  const tx = part.evmTx;
  if (!tx) return undefined;
  const wei = (field: string, label: string, a: { raw: string; text: string }, detail: string | undefined): Row => ({
    field,
    label,
    value: l10n.t('{0} wei', a.text),
    mono: true,
    ...(detail !== undefined ? { detail } : {}),
    copy: { text: a.raw, what: label },
  });
  const gwei = (a: { raw: string }) => l10n.t('{0} gwei', formatUnits(BigInt(a.raw), 9));
  const rows: Row[] = [
    {
      field: 'evmTxHash',
      label: l10n.t('Transaction hash'),
      value: tx.hash,
      mono: true,
      detail: tx.hashMatches
        ? l10n.t('keccak256 of the signed transaction: equals the request ID')
        : l10n.t('differs from the request ID: this is not the transaction of this request'),
      copy: { text: tx.hash, what: l10n.t('transaction hash') },
    },
    { field: 'evmTxType', label: l10n.t('Type'), value: tx.typeText },
  ];
  if (tx.chainId !== undefined) rows.push({ field: 'evmTxChainId', label: l10n.t('EVM chain ID'), value: tx.chainId, mono: true });
  rows.push(
    tx.to === undefined
      ? { field: 'evmTxTo', label: l10n.t('To'), value: l10n.t('contract creation'), empty: true }
      : { field: 'evmTxTo', label: l10n.t('To'), value: tx.to, mono: true, copy: { text: tx.to, what: l10n.t('address') } },
    wei('evmTxValue', l10n.t('Value'), tx.value, tx.value.decimal),
    { field: 'evmTxNonce', label: l10n.t('Nonce'), value: tx.nonce, mono: true },
    { field: 'evmTxGasLimit', label: l10n.t('Gas limit'), value: tx.gasLimit.text, mono: true, copy: { text: tx.gasLimit.raw, what: l10n.t('gas limit') } },
  );
  if (tx.gasPrice) rows.push(wei('evmTxGasPrice', l10n.t('Gas price'), tx.gasPrice, gwei(tx.gasPrice)));
  if (tx.maxFeePerGas) rows.push(wei('evmTxMaxFee', l10n.t('Max fee per gas'), tx.maxFeePerGas, gwei(tx.maxFeePerGas)));
  if (tx.maxPriorityFeePerGas) rows.push(wei('evmTxPriorityFee', l10n.t('Max priority fee per gas'), tx.maxPriorityFeePerGas, gwei(tx.maxPriorityFeePerGas)));
  rows.push({
    field: 'evmTxData',
    label: l10n.t('Data'),
    value:
      tx.data.selector === undefined
        ? l10n.t('{0} bytes', formatNumber(tx.data.byteLength))
        : l10n.t('selector {0}, {1} bytes', tx.data.selector, formatNumber(tx.data.byteLength)),
    mono: true,
    ...(tx.data.truncated ? { detail: l10n.t('the first 4,096 bytes can be copied') } : {}),
    ...(tx.data.byteLength > 0 ? { copy: { text: tx.data.hex, what: l10n.t('call data') } } : {}),
  });
  return rows;
}

/**
 * The fee check for either generation. Rebased EVM requests pay by the transaction's gas price,
 * not the chain's gas-per-token ratio: fee = ceil(gasBurned × txGasPrice / 10^9) nanos, with
 * txGasPrice = gasPrice (legacy, EIP-2930) or maxFeePerGas (EIP-1559); still 0 when gas is free.
 */
export function describeReceiptFeeCheck(receipt: AnyReceipt, gasPerToken: Ratio32, l10n: L10n = englishL10n): FeeCheckView {
  if (!isRebasedReceipt(receipt) || !receipt.request.isEVM) return describeFeeCheck(receipt.gasBurned, receipt.gasFeeCharged, gasPerToken, l10n);
  if (isFreeGas(gasPerToken)) return describeFeeCheck(receipt.gasBurned, receipt.gasFeeCharged, gasPerToken, l10n);
  const tx = rebasedEvmTx(receipt);
  if (!tx?.ok) return { ok: undefined, text: l10n.t('not checked: the EVM transaction could not be decoded') };
  const price = txGasPrice(tx.tx);
  const expected = ceilDiv(receipt.gasBurned * price, 1_000_000_000n);
  const priceText = l10n.t('{0} wei per gas', formatBigInt(price));
  if (expected === receipt.gasFeeCharged) return { ok: true, text: l10n.t("matches the transaction's gas price ({0})", priceText) };
  const diff = receipt.gasFeeCharged - expected;
  return {
    ok: false,
    text:
      diff < 0n
        ? l10n.t(
            "{0} less than the transaction's gas price asks ({1}: {2}); the fee is capped at the funds the sender had left",
            formatBigInt(-diff),
            priceText,
            formatBigInt(expected),
          )
        : l10n.t("{0} more than the transaction's gas price asks ({1}: {2})", formatBigInt(diff), priceText, formatBigInt(expected)),
  };
}
