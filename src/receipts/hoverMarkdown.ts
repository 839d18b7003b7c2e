// The hover's Markdown: the receipt in a few lines, the chains that failed, the loading line,
// and what the hover says when it sends nothing. Every string that came from a node, or from
// settings, goes through escapeMarkdown: it renders as text, never as a link, HTML, an entity or a
// command URI. Links are ours only (commandLink, with arguments we built from validated values),
// and isTrusted allows exactly our commands.
import * as vscode from 'vscode';
import { NetworkError, RateLimitedError, TimeoutError, TokenExpiredError, UnauthorizedError } from '../api/errors';
import { traitsOf } from '../api/traits';
import { Commands } from '../constants';
import type { FindResult } from '../transactions/receiptService';
import type { ChainEntry } from '../config/model/chainConfig';
import { nodeChainAbilities } from '../config/model/chainAbilities';
import { baseTokensText, formatDuration, formatNumber, shortId } from '../core/format';
import { clip, escapeMarkdown } from '../core/text';
import { evmTxHashOf } from '../core/idShapes';
import type { ReceiptView } from '../transactions/model/receiptView';
import { notFoundHoverLine } from '../transactions/model/noReceiptView';
import { diagnosable } from '../transactions/model/noReceiptRequest';
import { failureHeadline, type CustomErrorReading } from '../transactions/model/failureHeadline';
import { errorSummary } from '../ui/errors';
import type { SecretVerdict } from './model/secretContext';
import { secretWhat } from './secretWords';

/** The commands a receipt hover may link to: isTrusted allows these and nothing else. */
export const HOVER_COMMANDS: readonly string[] = [
  Commands.showReceipt,
  Commands.copyRequestId,
  Commands.lookUpHere,
  Commands.setToken,
  Commands.signIn,
  Commands.addChain,
  Commands.watchRequest,
  Commands.whyNoReceipt,
  Commands.openInExplorer,
  Commands.debugTransaction,
];

const esc = escapeMarkdown;

/** What the workspace's ABIs add to an EVM receipt's hover: lines, and whether to link the explorer. */
export interface EvmHoverPart {
  lines: readonly string[];
  explorer: boolean;
  /** What the ABIs made of the revert's custom error: the headline says it. */
  custom?: CustomErrorReading;
}
const SEP = ' · ';

/** Where a hover was: the document's URI (ours, not its text), its line and character. */
export interface HoverPlace {
  uri: string;
  line: number;
  character: number;
}

/**
 * Says why nothing was sent, with one link: the lookup run explicitly, for the validated ID only;
 * the command asks first and names what was seen (the reasons are our own enum values), then
 * shows the hover again at the same place, filled in.
 */
export function secretMarkdown(verdict: SecretVerdict, requestId: string, place: HoverPlace): vscode.MarkdownString {
  const why = vscode.l10n.t('This looks like it may be a secret ({0}): not looked up.', secretWhat(verdict));
  const seen: SecretVerdict = {};
  if (verdict.line !== undefined) seen.line = verdict.line;
  if (verdict.file !== undefined) seen.file = verdict.file;
  const md = newMarkdown();
  md.appendMarkdown(`$(shield) ${esc(why)} ${commandLink(vscode.l10n.t('Look up…'), Commands.lookUpHere, [{ requestId, seen, ...place }])}`);
  return md;
}

/** Nothing here says the value is an ID: nothing was sent, and one link looks it up. */
export function offerMarkdown(requestId: string, place: HoverPlace): vscode.MarkdownString {
  const md = newMarkdown();
  md.appendMarkdown(
    `$(search) ${esc(vscode.l10n.t('Not looked up: nothing here says this is a transaction or request ID.'))} ${commandLink(vscode.l10n.t('Look up'), Commands.lookUpHere, [{ requestId, ...place }])}`,
  );
  return md;
}

/** After a click on Look up: no chain asked knows the ID (a miss the hover would otherwise keep quiet about). */
export function notFoundMarkdown(requestId: string, chainNames: readonly string[]): vscode.MarkdownString {
  const md = newMarkdown();
  md.appendMarkdown(`$(search) ${esc(vscode.l10n.t('Looked up on {0}: no chain knows {1}.', chainNames.join(', '), shortId(requestId)))}`);
  return md;
}

export function newMarkdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.supportHtml = false;
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  return md;
}

/**
 * `[label](command:id?args)`: args are JSON we built from validated values and names from our
 * settings, URI-encoded, parentheses included (encodeURIComponent keeps them, and a `)` in a
 * chain name would end the link early).
 */
function commandLink(label: string, command: string, args?: unknown[]): string {
  const encoded =
    args === undefined ? '' : encodeURIComponent(JSON.stringify(args)).replace(/[()'!*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = args === undefined ? '' : `?${encoded}`;
  return `[${esc(label)}](command:${command}${query})`;
}

function openReceiptLink(requestId: string, chainName?: string): string {
  const arg: { requestId: string; chainName?: string } = { requestId };
  if (chainName !== undefined) arg.chainName = chainName;
  return commandLink(vscode.l10n.t('Open Receipt'), Commands.showReceipt, [arg]);
}

/** Debug Transaction: the hash is a validated ID's (or the node's, checked where it entered), the chain a name from our settings. */
function debugLink(transaction: string, chainName: string): string {
  return commandLink(vscode.l10n.t('Debug'), Commands.debugTransaction, [{ transaction, chain: chainName }]);
}

function copyLink(requestId: string): string {
  return commandLink(vscode.l10n.t('Copy'), Commands.copyRequestId, [requestId]);
}

export function noChainMarkdown(): vscode.MarkdownString {
  const md = newMarkdown();
  md.appendMarkdown(
    `$(info) ${esc(vscode.l10n.t('No chain is configured to look up this request ID.'))} ${commandLink(vscode.l10n.t('Add Chain'), Commands.addChain)}`,
  );
  return md;
}

export function loadingMarkdown(requestId: string, chains: readonly ChainEntry[]): vscode.MarkdownString {
  const md = newMarkdown();
  const where =
    chains.length === 1 && chains[0]
      ? vscode.l10n.t('Looking up the receipt on {0}… the node is slow to answer.', chains[0].name)
      : vscode.l10n.t('Looking up the receipt… the node is slow to answer.');
  md.appendMarkdown(`$(loading~spin) ${esc(where)}\n\n${openReceiptLink(requestId)}${SEP}${copyLink(requestId)}`);
  return md;
}

export function resultMarkdown(
  result: FindResult,
  requestId: string,
  evmHash: string | undefined,
  sourceNote: string | undefined,
  watchedOn: string | undefined,
  evm?: EvmHoverPart,
  sent?: string,
): vscode.MarkdownString {
  const md = newMarkdown();
  if (result.found) {
    appendReceipt(md, result.value.view, result.chain, evmHash, sourceNote, evm);
    return md;
  }
  // The answer first (not found, watched); other chains' failures after it, briefly. When every
  // chain failed, the failures are the answer.
  const lines: string[] = [];
  const firstMiss = result.notFoundOn[0];
  if (firstMiss) {
    // Watch the first chain that did not know it (the default chain comes first): args are the
    // validated ID and a chain name from our settings, never document or node text.
    const links: string[] = [];
    if (watchedOn === undefined) links.push(commandLink(vscode.l10n.t('Watch'), Commands.watchRequest, [{ requestId, chainName: firstMiss.name }]));
    // Nothing is asked until it is clicked; the panel then reads the workspace's record, asks for the signed transaction
    // of an EVM transaction, or asks every chain an on-ledger request's ID could belong to.
    if (diagnosable(requestId, firstMiss.generation))
      links.push(commandLink(vscode.l10n.t('Why no receipt?'), Commands.whyNoReceipt, [{ requestId, chainName: firstMiss.name }]));
    lines.push(
      notFoundHoverLine(
        result.notFoundOn.map((c) => c.name),
        links,
        vscode.l10n,
      ),
    );
    // The record's path is the workspace's text: escaped, clipped, never a link.
    if (sent !== undefined) lines.push(esc(clip(sent, 300)));
  }
  if (watchedOn !== undefined) lines.push(`$(eye) ${esc(vscode.l10n.t('Watching on {0}: hover again once the receipt has arrived.', watchedOn))}`);
  const brief = lines.length > 0;
  const shown = result.failures.slice(0, brief ? 2 : 3);
  for (const f of shown) lines.push(failureLine(f.chain, f.error, brief ? BRIEF_ERROR_CHARS : ERROR_CHARS));
  if (result.failures.length > shown.length) lines.push(esc(vscode.l10n.t('…and {0} more chains failed.', result.failures.length - shown.length)));
  md.appendMarkdown(lines.join('  \n'));
  if (result.failures.length > 0) md.appendMarkdown(`\n\n${openReceiptLink(requestId)}${SEP}${copyLink(requestId)}`);
  return md;
}

/**
 * The call target as the panel names it: core contracts and functions by name with their hnames
 * beside; the hnames of any other contract said to be hnames, not left to pass for names.
 */
function callText(target: ReceiptView['callTarget']): string {
  if (target.contract === undefined && target.function === undefined)
    return vscode.l10n.t('Call {0} (hnames of a contract that is not a core contract)', target.label);
  return vscode.l10n.t('Call {0} ({1})', target.label, target.hnames);
}

/** Characters of the raw error data on the hover's last line. */
const RAW_DATA_CHARS = 74;

function appendReceipt(
  md: vscode.MarkdownString,
  v: ReceiptView,
  chain: ChainEntry,
  evmHash: string | undefined,
  sourceNote: string | undefined,
  evm: EvmHoverPart = { lines: [], explorer: false },
): void {
  const lines: string[] = [];
  if (v.failed) {
    const headline =
      evm.custom === undefined ? (v.error?.headline ?? failureHeadline(undefined, vscode.l10n)) : failureHeadline(v.error, vscode.l10n, evm.custom);
    lines.push(`$(error) **${esc(vscode.l10n.t('Request failed:'))}** ${esc(headline)}`);
    const code = v.error?.code;
    if (code !== undefined) {
      const text = v.error?.codeText;
      lines.push(esc(text ? vscode.l10n.t('Error code {0} ({1})', clip(code, 40), text) : vscode.l10n.t('Error code {0}', clip(code, 40))));
    }
  } else {
    lines.push(`$(pass) **${esc(vscode.l10n.t('Request succeeded'))}**`);
  }
  lines.push(
    [
      // Which settings the chain came from, when several scopes define chains: a workspace's chain cannot pass for the user's.
      sourceNote ? vscode.l10n.t('Chain {0} ({1})', chain.name, sourceNote) : vscode.l10n.t('Chain {0}', chain.name),
      vscode.l10n.t('block {0}', formatNumber(v.blockIndex)),
      vscode.l10n.t('request index {0}', formatNumber(v.requestIndex)),
      v.kindText,
    ]
      .map(esc)
      .join(SEP),
  );
  const { fee } = traitsOf(v.generation);
  lines.push(
    [
      v.gas.budget.noLimit
        ? vscode.l10n.t('Gas burned {0} (no gas limit)', v.gas.burned.text)
        : v.gas.burnedShare === undefined
          ? vscode.l10n.t('Gas burned {0} of {1}', v.gas.burned.text, v.gas.budget.text)
          : vscode.l10n.t('Gas burned {0} of {1} ({2})', v.gas.burned.text, v.gas.budget.text, v.gas.burnedShare),
      vscode.l10n.t('fee charged {0}', fee.decimal ? (v.gas.feeDecimal ?? baseTokensText(v.gas.fee, vscode.l10n)) : baseTokensText(v.gas.fee, vscode.l10n)),
      ...(fee.storageDeposit ? [vscode.l10n.t('storage deposit {0}', baseTokensText(v.gas.storageDeposit, vscode.l10n))] : []),
    ]
      .map(esc)
      .join(SEP),
  );
  lines.push([callText(v.callTarget), vscode.l10n.t('sender {0}', clip(v.sender.display, 80))].map(esc).join(SEP));
  if (v.evmTxLine !== undefined) lines.push(esc(vscode.l10n.t('EVM transaction: {0}', clip(v.evmTxLine, 200))));
  // Decoded with the workspace's ABIs: remote values inside, escaped like the rest.
  for (const line of evm.lines) lines.push(esc(clip(line, 500)));
  if (v.rebased?.evmTx?.hashMatches === false) lines.push(`$(warning) ${esc(vscode.l10n.t('The transaction hash is not the request ID.'))}`);
  if (evmHash !== undefined) lines.push(esc(vscode.l10n.t('EVM transaction {0} = request {1}', shortId(evmHash, 10, 6), shortId(v.requestId, 10, 6))));
  // The revert data once, last and clipped: the panel has all of it under "Raw error data".
  const raw = v.error?.rawData;
  if (raw !== undefined) lines.push(esc(vscode.l10n.t('Raw error data: {0}', clip(raw, RAW_DATA_CHARS))));
  md.appendMarkdown(lines.join('  \n'));
  // The command rebuilds and checks the URL from the ID and the chain's settings: no URL in the Markdown.
  const explorer = evm.explorer
    ? `${SEP}${commandLink(vscode.l10n.t('Open in explorer'), Commands.openInExplorer, [{ requestId: v.requestId, chainName: chain.name }])}`
    : '';
  // An EVM request is an EVM transaction: its hash is the request ID's first 64 hex digits. Offered
  // where the chain can serve a replay (its node has the prestate tracer).
  const debug = v.kind === 'evm' && nodeChainAbilities(chain).replays ? `${SEP}${debugLink(evmTxHashOf(v.requestId), chain.name)}` : '';
  md.appendMarkdown(`\n\n${openReceiptLink(v.requestId, chain.name)}${SEP}${copyLink(v.requestId)}${explorer}${debug}`);
}

/** How much of a failure's summary the hover shows: when it is the answer, and after the answer. */
const ERROR_CHARS = 160;
const BRIEF_ERROR_CHARS = 100;

function failureLine(chain: ChainEntry, e: unknown, chars: number): string {
  const name = `**${esc(clip(chain.name, 60))}**`;
  const setToken = commandLink(vscode.l10n.t('Set Access Token'), Commands.setToken, [chain.name]);
  if (e instanceof UnauthorizedError) {
    const what = e.missingPermission
      ? vscode.l10n.t('access denied: the node requires the "{0}" permission.', clip(e.missingPermission, 40))
      : e.tokenRejected
        ? vscode.l10n.t('access denied: the node rejected the access token.')
        : vscode.l10n.t('access denied: the node requires an access token.');
    return `$(lock) ${name}: ${esc(what)} ${setToken}`;
  }
  if (e instanceof TokenExpiredError) {
    return `$(lock) ${name}: ${esc(vscode.l10n.t('the access token has expired.'))} ${commandLink(vscode.l10n.t('Sign In'), Commands.signIn, [chain.name])}${SEP}${setToken}`;
  }
  if (e instanceof NetworkError) {
    const reason = e.message.replace(/^The node could not be reached: /, '');
    return `$(debug-disconnect) ${name}: ${esc(vscode.l10n.t('node unreachable ({0}).', clip(reason, 80)))}`;
  }
  if (e instanceof TimeoutError) {
    return `$(watch) ${name}: ${esc(vscode.l10n.t('the node did not answer within {0}.', formatDuration(e.timeoutMs)))}`;
  }
  if (e instanceof RateLimitedError) {
    // Not asked again before then: the lookup keeps the answer for as long as the node asked.
    const what =
      e.retryAfterSeconds === undefined
        ? vscode.l10n.t('the node is rate limiting requests (429): wait a moment before trying again.')
        : vscode.l10n.t('the node is rate limiting requests (429) and asks to wait {0}.', formatDuration(e.retryAfterSeconds * 1000));
    return `$(clock) ${name}: ${esc(what)}`;
  }
  return `$(warning) ${name}: ${esc(clip(errorSummary(e), chars))}`;
}

/**
 * A transaction of a chain known only by its EVM JSON-RPC: its lines (from model/evmOnlyView.ts,
 * remote values inside, escaped here) under the status icon, and our links (the panel, copy).
 */
export function evmOnlyMarkdown(
  lines: readonly string[],
  failed: boolean | undefined,
  hash: string,
  chainName: string,
  sourceNote: string | undefined,
): vscode.MarkdownString {
  const md = newMarkdown();
  const icon = failed === true ? '$(error)' : failed === false ? '$(pass)' : '$(circle-outline)';
  const [first = '', ...rest] = lines;
  const where = sourceNote === undefined ? '' : ` ${esc(vscode.l10n.t('({0})', sourceNote))}`;
  const out = [`${icon} **${esc(clip(first, 300))}**${where}`, ...rest.map((l) => esc(clip(l, 500)))];
  md.appendMarkdown(out.join('  \n'));
  md.appendMarkdown(`\n\n${openReceiptLink(hash, chainName)}${SEP}${copyLink(hash)}${SEP}${debugLink(hash, chainName)}`);
  return md;
}

/** No EVM-only chain answered (and no chain with a web API was asked): what each said. */
export function evmOnlyFailuresMarkdown(hash: string, failures: ReadonlyArray<{ chainName: string; text: string }>): vscode.MarkdownString {
  const md = newMarkdown();
  const lines = failures.slice(0, 3).map((f) => `$(warning) **${esc(clip(f.chainName, 60))}**: ${esc(clip(f.text, ERROR_CHARS))}`);
  if (failures.length > 3) lines.push(esc(vscode.l10n.t('…and {0} more chains failed.', failures.length - 3)));
  md.appendMarkdown(lines.join('  \n'));
  md.appendMarkdown(`\n\n${openReceiptLink(hash)}${SEP}${copyLink(hash)}`);
  return md;
}
