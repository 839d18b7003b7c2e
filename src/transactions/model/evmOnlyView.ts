// A transaction of a chain known only by its EVM JSON-RPC, as the hover and the receipt panel show
// it: success or failure first, the revert in words (the receipt's own revertReason where the
// JSON-RPC sends one, decoded through ../../evm/model/revert.ts or the workspace's ABIs; else where
// a call tree read before said the revert began), gas used and price, the call decoded, the logs.
// There is no ISC receipt: what only the web API can show is said once, with how to add it. Every
// remote string is clipped and revealed here; the hover escapes it, the webview sets it as text. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt, shortId } from '../../core/format';
import { clip } from '../../core/text';
import { formatUnits } from '../../core/units';
import { decodeRevertData } from '../../evm/model/revert';
import { decodeCustomError, decodedLine, decodeFunctionCall, decodeLog, type AbiCoder } from '../../evm/model/decode';
import type { AbiIndex } from '../../evm/model/abiIndex';
import type { EvmReceipt, EvmTransaction } from '../../evm/model/txRpc';
import type { RpcOutcome } from '../../evm/model/jsonRpc';
import type { ReplayOutcome } from '../../evm/model/replay';
import type { Row } from '../../ui/model/view';
import { itemRows, logRows, notDecodedText, shown, type NameOf } from './evmExplain';
import { chainExplorerBase, explorerAddressUrl, explorerTxUrl } from './explorer';

/** What one lookup on an EVM-only chain found. */
export interface EvmOnlyFound {
  hash: string;
  /** Null when the JSON-RPC has the receipt but not the transaction (it says so, nothing is made up). */
  tx: EvmTransaction | null;
  receipt: EvmReceipt;
}

/** What the view decodes with: the workspace's ABIs, and names for addresses on the chain. */
export interface EvmOnlyDecoding {
  coder: AbiCoder;
  index: AbiIndex;
  nameOf?: NameOf;
}

export interface EvmOnlySection {
  id: 'evmOnlyTx' | 'evmLogs' | 'evmAbi' | 'evmOnlyLinks';
  title: string;
  rows: Row[];
}

export interface EvmOnlyView {
  hash: string;
  /** Undefined when the receipt has no status. */
  failed: boolean | undefined;
  statusText: string;
  /** The revert in words, when anything says it. */
  revert?: string;
  blockNumber: bigint;
  sections: EvmOnlySection[];
}

/** Wei have 18 decimals on every IOTA EVM chain (the base token's, FACTS §1). */
const WEI_DECIMALS = 18;

/**
 * The revert in words, from the receipt's own `revertReason`: revert data (Error(string), Panic,
 * or a custom error the ABIs declare) or, from JSON-RPCs that decode it themselves, a text.
 */
export function receiptRevertText(revertReason: string | undefined, decoding: EvmOnlyDecoding | undefined, l10n: L10n = englishL10n): string | undefined {
  const reason = revertReason?.trim();
  if (!reason) return undefined;
  if (!/^0x[0-9a-fA-F]*$/.test(reason)) return shown(reason);
  if (reason.length < 10) return undefined;
  const plain = decodeRevertData(reason);
  if (plain !== undefined) return shown(plain);
  if (decoding === undefined) return l10n.t('custom error {0} (data {1})', reason.slice(0, 10).toLowerCase(), clip(reason.toLowerCase(), 138));
  const custom = decodeCustomError(decoding.coder, decoding.index, reason);
  return custom.ok ? l10n.t('custom error {0}', shown(decodedLine(custom.item))) : notDecodedText(custom, 'error', l10n, reason.toLowerCase());
}

function statusText(failed: boolean | undefined, l10n: L10n): string {
  if (failed === undefined) return l10n.t('Included (the JSON-RPC sends no status)');
  return failed ? l10n.t('Failed (EVM status 0)') : l10n.t('Succeeded (EVM status 1)');
}

/** The call line: decoded with the ABIs (and the contract named), else its selector; a creation says so. */
function callText(tx: EvmTransaction, decoding: EvmOnlyDecoding | undefined, l10n: L10n): string | undefined {
  if (tx.to === undefined) return l10n.t('Contract creation');
  const name = decoding?.nameOf?.(tx.to);
  if (decoding === undefined)
    return tx.input.length >= 10 ? l10n.t('Calls {0} on {1}', tx.input.slice(0, 10), shortId(tx.to, 8, 6)) : l10n.t('Transfer to {0}', shortId(tx.to, 8, 6));
  const decoded = decodeFunctionCall(decoding.coder, decoding.index, tx.input);
  if (decoded.ok) {
    const line = shown(decodedLine(decoded.item));
    return name === undefined ? l10n.t('Calls {0}', line) : l10n.t('Calls {0} on {1}', line, shown(name));
  }
  if (decoded.reason === 'empty') return name === undefined ? l10n.t('Transfer to {0}', shortId(tx.to, 8, 6)) : l10n.t('Transfer to {0}', shown(name));
  return l10n.t('Calls {0}', notDecodedText(decoded, 'function', l10n));
}

/** The logs in one line: how many, and the names of the first few the ABIs know. */
function logsText(found: EvmOnlyFound, decoding: EvmOnlyDecoding | undefined, l10n: L10n): string {
  const { logs, totalLogs } = found.receipt;
  if (totalLogs === 0) return l10n.t('Logs: none');
  if (decoding === undefined) return l10n.t('Logs: {0}', totalLogs);
  const names: string[] = [];
  for (const log of logs.slice(0, 3)) {
    const d = decodeLog(decoding.coder, decoding.index, log);
    names.push(d.ok ? shown(d.item.name) : l10n.t('unknown event'));
  }
  const more = totalLogs > names.length ? `, ${l10n.t('{0} more', totalLogs - names.length)}` : '';
  return l10n.t('Logs: {0} ({1})', totalLogs, names.join(', ') + more);
}

/** Gas used at the effective price, and the fee they make (in wei and with the base token's 18 decimals). */
function gasText(receipt: EvmReceipt, l10n: L10n): string {
  if (receipt.effectiveGasPrice === undefined) return l10n.t('Gas used {0}', formatBigInt(receipt.gasUsed));
  const fee = receipt.gasUsed * receipt.effectiveGasPrice;
  return l10n.t('Gas used {0} at {1} wei: fee {2}', formatBigInt(receipt.gasUsed), formatBigInt(receipt.effectiveGasPrice), formatUnits(fee, WEI_DECIMALS));
}

/** What else says why a transaction failed: where a call tree read before said the revert began, a replay of it. */
export interface EvmOnlyWhy {
  traceLine?: string;
  replay?: ReplayOutcome;
}

/**
 * The revert as the replay at the parent block said it, decoded with the ABIs, said as a replay;
 * undefined when the replay gave no answer.
 */
export function replayText(replay: ReplayOutcome | undefined, decoding: EvmOnlyDecoding | undefined, l10n: L10n = englishL10n): string | undefined {
  if (replay === undefined || !replay.ok) return undefined;
  const block = formatBigInt(replay.block);
  const caveat = l10n.t('replayed at block {0}; a transaction earlier in block {1} may have changed the state', block, formatBigInt(replay.block + 1n));
  if (replay.kind === 'succeeded')
    return l10n.t(
      'the replay at block {0} does not fail: a transaction earlier in block {1} may have changed the state',
      block,
      formatBigInt(replay.block + 1n),
    );
  const what =
    replay.kind === 'failed'
      ? replay.message
      : replay.data === '0x'
        ? l10n.t('reverted without a reason')
        : (receiptRevertText(replay.data, decoding, l10n) ?? l10n.t('reverted with data {0}', clip(replay.data, 138)));
  return l10n.t('{0} ({1})', what, caveat);
}

/** The revert in words: the receipt's, else where a call tree read before said it began, else the replay's. */
function revertOf(found: EvmOnlyFound, decoding: EvmOnlyDecoding | undefined, why: EvmOnlyWhy, l10n: L10n): string | undefined {
  if (found.receipt.status !== 0) return undefined;
  return receiptRevertText(found.receipt.revertReason, decoding, l10n) ?? why.traceLine ?? replayText(why.replay, decoding, l10n);
}

/** Whether a failed transaction's reason is said by neither its receipt nor a call tree read before: a replay may say it. */
export function wantsReplay(found: EvmOnlyFound, traceLine: string | undefined): boolean {
  return found.receipt.status === 0 && found.tx !== null && found.receipt.revertReason === undefined && traceLine === undefined;
}

/** The hover's lines (plain text: the hover escapes them), status first. */
export function evmOnlyHoverLines(
  found: EvmOnlyFound,
  chainName: string,
  decoding: EvmOnlyDecoding | undefined,
  why: EvmOnlyWhy = {},
  l10n: L10n = englishL10n,
): string[] {
  const failed = found.receipt.status === undefined ? undefined : found.receipt.status === 0;
  const lines = [l10n.t('{0} on {1}, block {2}', statusText(failed, l10n), chainName, formatBigInt(found.receipt.blockNumber))];
  if (failed) {
    const revert = revertOf(found, decoding, why, l10n);
    lines.push(
      revert === undefined ? l10n.t('Why: the receipt does not say; Open Receipt shows the call tree, where the revert began.') : l10n.t('Why: {0}', revert),
    );
  }
  lines.push(gasText(found.receipt, l10n));
  const call = found.tx ? callText(found.tx, decoding, l10n) : undefined;
  if (call !== undefined) lines.push(call);
  if (found.receipt.contractAddress !== undefined) lines.push(l10n.t('Created {0}', found.receipt.contractAddress));
  lines.push(logsText(found, decoding, l10n));
  return lines;
}

/** The panel's view: the transaction, the EVM receipt and its logs, the call decoded, the explorer links. */
export function evmOnlyView(
  found: EvmOnlyFound,
  chain: { rpcUrl: string; explorerUrl?: string; evmChainId?: bigint },
  decoding: EvmOnlyDecoding,
  why: EvmOnlyWhy,
  l10n: L10n = englishL10n,
): EvmOnlyView {
  const { tx, receipt } = found;
  const failed = receipt.status === undefined ? undefined : receipt.status === 0;
  const revert = revertOf(found, decoding, why, l10n);
  const sections: EvmOnlySection[] = [
    { id: 'evmOnlyTx', title: l10n.t('Transaction'), rows: transactionRows(found, decoding, l10n) },
    { id: 'evmLogs', title: l10n.t('EVM receipt and logs'), rows: receiptRows(found, chain.rpcUrl, decoding, failed, revert, l10n) },
  ];
  if (tx && tx.to !== undefined) sections.push({ id: 'evmAbi', title: l10n.t("Decoded with the workspace's ABIs"), rows: callRows(tx.input, decoding, l10n) });
  const links = explorerRows(found, chain, l10n);
  if (links.length > 0) sections.push({ id: 'evmOnlyLinks', title: l10n.t('Explorer'), rows: links });

  const view: EvmOnlyView = { hash: found.hash, failed, statusText: statusText(failed, l10n), blockNumber: receipt.blockNumber, sections };
  if (revert !== undefined) view.revert = revert;
  return view;
}

/** The transaction's own fields (hash, block, sender, recipient, value, nonce, gas), names from the deployment records beside addresses. */
function transactionRows(found: EvmOnlyFound, decoding: EvmOnlyDecoding, l10n: L10n): Row[] {
  const { tx, receipt } = found;
  const named = (address: string) => {
    const name = decoding.nameOf?.(address);
    return name === undefined ? {} : { detail: shown(name) };
  };
  const rows: Row[] = [
    { field: 'evmHash', label: l10n.t('Transaction hash'), value: found.hash, mono: true, copy: { text: found.hash, what: l10n.t('hash') } },
  ];
  rows.push({ field: 'evmBlock', label: l10n.t('Block'), value: formatBigInt(receipt.blockNumber), mono: true });
  if (tx) {
    rows.push({ field: 'evmFrom', label: l10n.t('From'), value: tx.from, mono: true, copy: { text: tx.from, what: l10n.t('address') }, ...named(tx.from) });
    if (tx.to !== undefined)
      rows.push({ field: 'evmTo', label: l10n.t('To'), value: tx.to, mono: true, copy: { text: tx.to, what: l10n.t('address') }, ...named(tx.to) });
    else rows.push({ field: 'evmTo', label: l10n.t('To'), value: l10n.t('contract creation'), empty: true });
    rows.push(
      { field: 'evmValue', label: l10n.t('Value'), value: formatUnits(tx.value, WEI_DECIMALS), detail: l10n.t('{0} wei', formatBigInt(tx.value)), mono: true },
      { field: 'evmNonce', label: l10n.t('Nonce'), value: tx.nonce.toString(), mono: true },
      { field: 'evmGasLimit', label: l10n.t('Gas limit'), value: formatBigInt(tx.gas), mono: true },
      { field: 'evmGasPrice', label: l10n.t('Gas price'), value: l10n.t('{0} wei', formatBigInt(tx.gasPrice)), mono: true },
    );
  } else {
    rows.push({
      field: 'evmTxMissing',
      label: l10n.t('Transaction'),
      value: l10n.t('the JSON-RPC has its receipt but does not give the transaction'),
      empty: true,
    });
  }
  if (receipt.contractAddress !== undefined)
    rows.push({ field: 'evmCreated', label: l10n.t('Contract created'), value: receipt.contractAddress, mono: true, ...named(receipt.contractAddress) });
  return rows;
}

/** The EVM receipt and its logs: the rows of "Load EVM Logs", here without a click (one request answered both); the revert and the fee. */
function receiptRows(
  found: EvmOnlyFound,
  rpcUrl: string,
  decoding: EvmOnlyDecoding,
  failed: boolean | undefined,
  revert: string | undefined,
  l10n: L10n,
): Row[] {
  const { receipt } = found;
  const rpc: Extract<RpcOutcome, { ok: true }> = { ok: true, logs: receipt.logs, total: receipt.totalLogs, gasUsed: receipt.gasUsed };
  if (receipt.status !== undefined) rpc.status = `0x${receipt.status}`;
  if (receipt.effectiveGasPrice !== undefined) rpc.effectiveGasPrice = receipt.effectiveGasPrice;
  const rows = logRows(decoding.coder, decoding.index, rpc, rpcUrl, l10n);
  if (failed) {
    const at = rows.findIndex((r) => r.field === 'evmReceiptStatus');
    rows.splice(at < 0 ? 1 : at + 1, 0, {
      field: 'evmRevert',
      label: l10n.t('Revert'),
      value: revert ?? l10n.t('not said by the receipt: Show Call Tree reads where it began'),
      ...(revert === undefined ? { empty: true } : {}),
    });
  }
  if (receipt.effectiveGasPrice !== undefined) {
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    rows.push({
      field: 'evmFee',
      label: l10n.t('Fee'),
      value: formatUnits(fee, WEI_DECIMALS),
      detail: l10n.t('{0} wei: gas used × effective gas price', formatBigInt(fee)),
      mono: true,
    });
  }
  return rows;
}

/** The call, decoded with the workspace's ABIs. */
function callRows(input: string, decoding: EvmOnlyDecoding, l10n: L10n): Row[] {
  const decoded = decodeFunctionCall(decoding.coder, decoding.index, input);
  if (decoded.ok) return itemRows('evmCall', l10n.t('Function'), decoded.item, l10n);
  return decoded.reason === 'empty'
    ? [{ field: 'evmCall', label: l10n.t('Function'), value: l10n.t('no call data'), empty: true }]
    : [{ field: 'evmCall', label: l10n.t('Function'), value: notDecodedText(decoded, 'function', l10n), mono: true }];
}

/** The transaction and its two accounts in the chain's block explorer (none when the chain has no known explorer). */
function explorerRows(found: EvmOnlyFound, chain: { explorerUrl?: string; evmChainId?: bigint }, l10n: L10n): Row[] {
  const { tx } = found;
  const base = chainExplorerBase(chain.explorerUrl, chain.evmChainId, undefined);
  const links: Row[] = [];
  const link = (field: string, label: string, url: string | undefined) => {
    if (url) links.push({ field, label, value: url, mono: true, link: { url, web: true } });
  };
  link('evmExplorerTx', l10n.t('Transaction in explorer'), explorerTxUrl(base, found.hash));
  if (tx?.to !== undefined) link('evmExplorerTo', l10n.t('Recipient in explorer'), explorerAddressUrl(base, tx.to));
  if (tx) link('evmExplorerFrom', l10n.t('Sender in explorer'), explorerAddressUrl(base, tx.from));
  return links;
}
