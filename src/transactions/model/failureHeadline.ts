// A failure in one line, the same wherever one line names it (the panel's banner, the hover's
// headline, the tree rows, the pickers, the notifications, the Live view): the decoded error with
// its arguments first; else the node's message (without the revert data it may carry, which the
// views show once, as raw data); else the words of the error code; the raw hex only when nothing
// else exists, clipped. And the words of every VM error code. Pure: words come through `l10n`.
import type { L10n } from '../../core/l10n';
import { knownContractName } from '../../core/hname';
import { clip } from '../../core/text';
import { coreErrorTemplate, type ContractErrorRef } from '../../evm/model/revert';
import { HEADLINE_CHARS, type ReceiptErrorView, type ReceiptView } from './receiptViewTypes';

/** What the workspace's ABIs made of custom-error revert data: its decoded line, or that no ABI declares its selector. */
export type CustomErrorReading = { decoded: string } | { undeclared: true };

/** The parts of an error the headline is made of. */
export type FailureFacts = Pick<ReceiptErrorView, 'decodedRevert' | 'message' | 'rawData' | 'revertData' | 'code' | 'codeText'>;

/** Characters of raw hex in a headline that has nothing else to say. */
const RAW_HEX_CHARS = 74;

/** The node's message without the revert data it carries ("execution reverted: 08c3…" -> "execution reverted"). */
export function messageWords(message: string, rawData: string | undefined): string {
  if (rawData === undefined) return message;
  const hex = rawData.replace(/^0x/i, '');
  const at = message.toLowerCase().indexOf(hex);
  if (at < 0) return message;
  const before = message.slice(0, at).replace(/0x$/i, '');
  return `${before}${message.slice(at + hex.length)}`.replace(/^[\s:]+|[\s:]+$/g, '');
}

function headlineOf(e: FailureFacts, l10n: L10n, custom: CustomErrorReading | undefined): string {
  if (custom !== undefined && 'decoded' in custom) return custom.decoded;
  if (e.decodedRevert !== undefined) return l10n.t('Reverted: {0}', e.decodedRevert);
  const words = e.message === undefined ? '' : messageWords(e.message, e.rawData);
  if (e.revertData !== undefined) {
    const selector = e.revertData.slice(0, 10);
    const what = custom !== undefined ? l10n.t('custom error {0}, which no ABI in the workspace declares', selector) : l10n.t('custom error {0}', selector);
    return words === '' ? what : l10n.t('{0} with {1}', words, what);
  }
  if (words !== '') return words;
  if (e.code !== undefined) return e.codeText ?? l10n.t('error code {0}', e.code);
  if (e.message !== undefined && e.message.trim() !== '') return clip(e.message, RAW_HEX_CHARS);
  if (e.rawData !== undefined) return clip(e.rawData, RAW_HEX_CHARS);
  return l10n.t('failed without an error message');
}

/** A failure's one-line headline; `custom`: what the ABIs made of its custom-error data, when they were asked. */
export function failureHeadline(error: FailureFacts | undefined, l10n: L10n, custom?: CustomErrorReading): string {
  if (error === undefined) return l10n.t('failed without an error message');
  return clip(headlineOf(error, l10n, custom), HEADLINE_CHARS);
}

/** The view with its headline and summary decoded by the ABIs (a copy; the view itself is shared by every caller). */
export function withCustomError(view: ReceiptView, custom: CustomErrorReading, l10n: L10n): ReceiptView {
  if (!view.error) return view;
  const headline = failureHeadline(view.error, l10n, custom);
  return { ...view, error: { ...view.error, headline }, summary: clip(headline, 80) };
}

/** Go's verbs in a core template, said as an ellipsis ("execution reverted: %s" -> "execution reverted: …"). */
function templateWords(template: string): string {
  return template.replace(/%(%|0?[0-9]*[a-zA-Z])/g, (_whole, verb: string) => (verb === '%' ? '%' : '…'));
}

/**
 * The words of a VM error code: a core code's template (the node's own), a contract's error by
 * the contract's name, or that the code is unknown (and of which contract).
 */
export function errorCodeWords(code: string, contractError: ContractErrorRef | undefined, hasMessage: boolean, l10n: L10n): string {
  if (contractError) {
    const name = knownContractName(contractError.contractHname) ?? contractError.contractHname;
    const id = contractError.errorId.toString(16).padStart(4, '0');
    return hasMessage ? l10n.t('error {0} of contract {1}', contractError.errorId, name) : l10n.t('unknown error code {0} of contract {1}', id, name);
  }
  const template = coreErrorTemplate(code);
  if (template === undefined) return l10n.t('unknown core error code {0}', code);
  const words = templateWords(template);
  return words === '…' ? l10n.t('a VM error without a code of its own') : l10n.t('core error: {0}', words);
}
