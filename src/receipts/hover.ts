// The hover on a request ID, in any file: the receipt in a few lines, from the first configured
// chain that knows the request. It must never be felt: a cheap precheck before any regex, the
// cancellation token honoured, one request per (node, chain, id) with a cache behind it
// (ReceiptService), and a short "loading" line instead of waiting on a slow node.
// Every string that came from a node, or from settings, goes through escapeMarkdown:
// it renders as text, never as a link, HTML, an entity or a command URI. Links are ours only,
// and isTrusted allows exactly our commands.
// An ID that may be a secret (model/secretContext: a .env file, a key store, a line naming a
// private key…) is never sent: the hover says so and offers an explicit "Look up" instead.
import * as vscode from 'vscode';
import { CancelledError, NetworkError, RateLimitedError, TimeoutError, TokenExpiredError, UnauthorizedError } from '../api/errors';
import { Commands, Settings } from '../constants';
import { EvmAbis } from '../evm/service';
import type { FindResult, ProcessedReceipt, ReceiptService } from './service';
import type { ChainEntry } from '../config/model/chainConfig';
import { formatDuration, shortId } from '../core/format';
import { clip, escapeMarkdown } from '../core/text';
import type { ReceiptView } from './model/receiptView';
import { errorSummary } from '../ui/errors';
import { requestIdAt, type IdAt } from './requestIdAt';
import { classifyRequestId } from './model/routing';
import { secretContext, type SecretFileReason, type SecretLineReason, type SecretVerdict } from './model/secretContext';

/** The commands a receipt hover may link to: isTrusted allows these and nothing else. */
export const HOVER_COMMANDS: readonly string[] = [
  Commands.showReceipt,
  Commands.copyRequestId,
  Commands.setToken,
  Commands.signIn,
  Commands.addChain,
  Commands.watchRequest,
  Commands.openInExplorer,
];

/** How long a hover waits for an answer before it shows the loading line instead (ms). */
export const DEFAULT_HOVER_WAIT_MS = 1500;

/**
 * Lookups that go on after their hover showed the loading line (so that the next hover finds
 * the answer) are kept up to this many; past it the oldest is cancelled. A flood of hovers over
 * many IDs thus never leaves more than this many requests queued behind a slow node.
 */
export const MAX_DETACHED_LOOKUPS = 8;

const esc = escapeMarkdown;

/** What the workspace's ABIs add to an EVM receipt's hover: lines, and whether to link the explorer. */
interface EvmHoverPart {
  lines: readonly string[];
  explorer: boolean;
}
const SEP = ' · ';

export class ReceiptHoverProvider implements vscode.HoverProvider {
  /** Internal, not a setting; tests shorten it. */
  waitMs = DEFAULT_HOVER_WAIT_MS;
  /** How long a hover waits for the ABI decoding (ms); internal, tests may change it. */
  evmWaitMs = 1000;
  /** Lookups that outlived their hover, oldest first (tests read the count). */
  private readonly detached: AbortController[] = [];

  constructor(private readonly service: ReceiptService) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const config = vscode.workspace.getConfiguration(Settings.section);
    if (!config.get<boolean>(Settings.hoverEnabled, true)) return undefined;
    const at = requestIdAt(document, position);
    if (!at) return undefined;
    const check = classifyRequestId(at.text);
    if (!check) return undefined;
    const requestId = check.id;

    if (this.service.candidates().length === 0) return new vscode.Hover(noChainMarkdown(), at.range);
    // The chain entry's generation routes the ID: 64 hex to Rebased chains (and to Stardust ones as
    // hash + 0000 only with waspChain.hover.evmTransactions), 68 hex to Stardust chains only.
    const chains = this.service.candidates(undefined, requestId);
    if (chains.length === 0 || token.isCancellationRequested) return undefined;
    // Before anything is sent (the chains above come from settings only): nothing about this ID
    // leaves the machine when it may be a secret.
    const secret = secretAt(document, at);
    if (secret) return new vscode.Hover(secretMarkdown(secret, requestId), at.range);
    const isHash = check.shape === 'hex64';

    const controller = new AbortController();
    const onCancel = token.onCancellationRequested(() => controller.abort());
    const work = this.service.find(requestId, { signal: controller.signal });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), this.waitMs);
    });
    try {
      const first = await Promise.race([work, slow]);
      if (first === 'slow') {
        // The lookup goes on without this hover (bounded by the request timeout): the next
        // hover, the panel and the tree find the answer in the cache.
        onCancel.dispose();
        this.detach(controller, work);
        if (token.isCancellationRequested) return undefined;
        return new vscode.Hover(loadingMarkdown(requestId, chains), at.range);
      }
      if (token.isCancellationRequested) return undefined;
      const watchedOn = first.found ? undefined : this.service.watchedOn(requestId);
      // A 64-hex string is often just some hash: when no chain knows it, the hover stays quiet (unless the user watches it).
      if (isHash && !first.found && first.failures.length === 0 && watchedOn === undefined) return undefined;
      const stardustHash = isHash && first.found && first.chain.generation === 'stardust';
      const evm = first.found ? await this.evmLines(first.value, first.chain) : undefined;
      if (token.isCancellationRequested) return undefined;
      return new vscode.Hover(
        resultMarkdown(first, requestId, stardustHash ? at.text : undefined, first.found ? this.service.sourceNote(first.chain) : undefined, watchedOn, evm),
        at.range,
      );
    } catch (e) {
      if (e instanceof CancelledError || token.isCancellationRequested) return undefined;
      const md = newMarkdown();
      md.appendMarkdown(`$(warning) ${esc(vscode.l10n.t('The receipt lookup failed: {0}', clip(errorSummary(e), 200)))}`);
      return new vscode.Hover(md, at.range);
    } finally {
      clearTimeout(timer);
      onCancel.dispose();
    }
  }

  /**
   * What the workspace's ABIs say (custom error, function called), within EVM_WAIT_MS: the first
   * EVM receipt scans the workspace, and a hover must not wait on that; the next one has it.
   */
  private async evmLines(processed: ProcessedReceipt, chain: ChainEntry): Promise<EvmHoverPart | undefined> {
    if (!EvmAbis.wants(processed.view)) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), this.evmWaitMs)));
    try {
      const explained = await Promise.race([this.service.evm.explain(processed.receipt, processed.view), late]);
      if (!explained) return undefined;
      const [{ explanationLines }, { chainExplorerBase, explorerTxUrl }] = await Promise.all([
        import('../evm/model/explain.js'),
        import('../evm/model/explorer.js'),
      ]);
      // The link only when the command can build a checked URL from our settings or defaults (no request here).
      const tx = explained.tx;
      const explorer =
        tx !== undefined && explorerTxUrl(chainExplorerBase(chain.explorerUrl, this.service.knownEvmChainId(chain), tx.chainId), tx.hash) !== undefined;
      return { lines: explanationLines(explained, vscode.l10n), explorer };
    } catch {
      // Decoding is extra: the receipt is shown without it.
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Lookups going on without a hover right now. */
  get detachedCount(): number {
    return this.detached.length;
  }

  private detach(controller: AbortController, work: Promise<unknown>): void {
    this.detached.push(controller);
    const done = () => {
      const i = this.detached.indexOf(controller);
      if (i >= 0) this.detached.splice(i, 1);
    };
    work.then(done, done);
    while (this.detached.length > MAX_DETACHED_LOOKUPS) this.detached.shift()?.abort();
  }
}

// Synchronous like the rest of the path up to the lookup (hostileLimits.test.ts checks that every hover
// of a burst starts its lookup before the next one cancels it), so not a lazy chunk: 2.3 KB at activation.
function secretAt(document: vscode.TextDocument, at: IdAt): SecretVerdict | undefined {
  const lineNo = at.range.start.line;
  return secretContext({
    path: document.uri.path,
    line: document.lineAt(lineNo).text,
    start: at.range.start.character,
    end: at.range.end.character,
    previousLine: lineNo > 0 ? document.lineAt(lineNo - 1).text : undefined,
  });
}

function secretLineText(reason: SecretLineReason): string {
  switch (reason) {
    case 'privateKey':
      return vscode.l10n.t('a private key');
    case 'secret':
      return vscode.l10n.t('a secret');
    case 'mnemonic':
      return vscode.l10n.t('a mnemonic or seed');
    case 'password':
      return vscode.l10n.t('a password');
    case 'apiKey':
      return vscode.l10n.t('an API key or token');
    case 'accounts':
      return vscode.l10n.t("an account's key");
    case 'envFallback':
      return vscode.l10n.t('the fallback of an environment variable');
    case 'keystore':
      return vscode.l10n.t('an encrypted key');
  }
}

function secretFileText(reason: SecretFileReason): string {
  switch (reason) {
    case 'envFile':
      return vscode.l10n.t('a .env file');
    case 'keyFile':
      return vscode.l10n.t('a key file');
    case 'secretsFile':
      return vscode.l10n.t('a secrets file');
    case 'deployConfig':
      return vscode.l10n.t('a deployment config');
  }
}

/**
 * Says why nothing was sent, with one link: the lookup run explicitly, for the validated ID only
 * (no text of the document, the settings or a node reaches the command URI).
 */
function secretMarkdown(verdict: SecretVerdict, requestId: string): vscode.MarkdownString {
  const what = verdict.line === undefined ? undefined : secretLineText(verdict.line);
  const where = verdict.file === undefined ? undefined : secretFileText(verdict.file);
  const why =
    what !== undefined && where !== undefined
      ? vscode.l10n.t('This looks like it may be a secret ({0} in {1}): not looked up.', what, where)
      : what !== undefined
        ? vscode.l10n.t('This looks like it may be a secret ({0}): not looked up.', what)
        : vscode.l10n.t('This looks like it may be a secret (in {0}): not looked up.', where ?? '');
  const md = newMarkdown();
  md.appendMarkdown(`$(shield) ${esc(why)} ${commandLink(vscode.l10n.t('Look up'), Commands.showReceipt, [{ requestId }])}`);
  return md;
}

function newMarkdown(): vscode.MarkdownString {
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

function copyLink(requestId: string): string {
  return commandLink(vscode.l10n.t('Copy'), Commands.copyRequestId, [requestId]);
}

function noChainMarkdown(): vscode.MarkdownString {
  const md = newMarkdown();
  md.appendMarkdown(
    `$(info) ${esc(vscode.l10n.t('No chain is configured to look up this request ID.'))} ${commandLink(vscode.l10n.t('Add Chain'), Commands.addChain)}`,
  );
  return md;
}

function loadingMarkdown(requestId: string, chains: readonly ChainEntry[]): vscode.MarkdownString {
  const md = newMarkdown();
  const where =
    chains.length === 1 && chains[0]
      ? vscode.l10n.t('Looking up the receipt on {0}… the node is slow to answer.', chains[0].name)
      : vscode.l10n.t('Looking up the receipt… the node is slow to answer.');
  md.appendMarkdown(`$(loading~spin) ${esc(where)}\n\n${openReceiptLink(requestId)}${SEP}${copyLink(requestId)}`);
  return md;
}

function resultMarkdown(
  result: FindResult,
  requestId: string,
  evmHash: string | undefined,
  sourceNote: string | undefined,
  watchedOn: string | undefined,
  evm?: EvmHoverPart,
): vscode.MarkdownString {
  const md = newMarkdown();
  if (result.found) {
    appendReceipt(md, result.value.view, result.chain, evmHash, sourceNote, evm);
    return md;
  }
  const lines: string[] = [];
  const shown = result.failures.slice(0, 3);
  for (const f of shown) lines.push(failureLine(f.chain, f.error));
  if (result.failures.length > shown.length) lines.push(esc(vscode.l10n.t('…and {0} more chains failed.', result.failures.length - shown.length)));
  const firstMiss = result.notFoundOn[0];
  if (firstMiss) {
    const names = result.notFoundOn.map((c) => c.name).join(', ');
    // Watch the first chain that did not know it (the default chain comes first): args are the
    // validated ID and a chain name from our settings, never document or node text.
    const watch = watchedOn === undefined ? ` ${commandLink(vscode.l10n.t('Watch'), Commands.watchRequest, [{ requestId, chainName: firstMiss.name }])}` : '';
    lines.push(`$(search) ${esc(vscode.l10n.t('No receipt for this request on {0}.', names))}${watch}`);
  }
  if (watchedOn !== undefined) lines.push(`$(eye) ${esc(vscode.l10n.t('Watching on {0}: this hover updates when the receipt arrives.', watchedOn))}`);
  md.appendMarkdown(lines.join('  \n'));
  if (result.failures.length > 0) md.appendMarkdown(`\n\n${openReceiptLink(requestId)}${SEP}${copyLink(requestId)}`);
  return md;
}

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
    lines.push(`$(error) **${esc(vscode.l10n.t('Request failed:'))}** ${esc(v.error?.headline ?? '')}`);
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
      vscode.l10n.t('block {0}', v.blockIndex),
      vscode.l10n.t('request index {0}', v.requestIndex),
      v.kindText,
    ]
      .map(esc)
      .join(SEP),
  );
  lines.push(
    [
      v.gas.burnedShare === undefined
        ? vscode.l10n.t('Gas burned {0} of {1}', v.gas.burned.text, v.gas.budget.text)
        : vscode.l10n.t('Gas burned {0} of {1} ({2})', v.gas.burned.text, v.gas.budget.text, v.gas.burnedShare),
      v.generation === 'rebased' ? vscode.l10n.t('fee charged {0}', v.gas.feeDecimal ?? v.gas.fee.text) : vscode.l10n.t('fee charged {0}', v.gas.fee.text),
      // Rebased never charges a storage deposit (always 0): not worth a word there.
      ...(v.generation === 'rebased' ? [] : [vscode.l10n.t('storage deposit {0}', v.gas.storageDeposit.text)]),
    ]
      .map(esc)
      .join(SEP),
  );
  lines.push([vscode.l10n.t('Call {0}', v.callTarget.label), vscode.l10n.t('sender {0}', clip(v.sender.display, 80))].map(esc).join(SEP));
  if (v.evmTxLine !== undefined) lines.push(esc(vscode.l10n.t('EVM transaction: {0}', clip(v.evmTxLine, 200))));
  // Decoded with the workspace's ABIs: remote values inside, escaped like the rest.
  for (const line of evm.lines) lines.push(esc(clip(line, 500)));
  if (v.rebased?.evmTx?.hashMatches === false) lines.push(`$(warning) ${esc(vscode.l10n.t('The transaction hash is not the request ID.'))}`);
  if (evmHash !== undefined) lines.push(esc(vscode.l10n.t('EVM transaction {0} = request {1}', shortId(evmHash, 10, 6), shortId(v.requestId, 10, 6))));
  md.appendMarkdown(lines.join('  \n'));
  // The command rebuilds and checks the URL from the ID and the chain's settings: no URL in the Markdown.
  const explorer = evm.explorer
    ? `${SEP}${commandLink(vscode.l10n.t('Open in explorer'), Commands.openInExplorer, [{ requestId: v.requestId, chainName: chain.name }])}`
    : '';
  md.appendMarkdown(`\n\n${openReceiptLink(v.requestId, chain.name)}${SEP}${copyLink(v.requestId)}${explorer}`);
}

function failureLine(chain: ChainEntry, e: unknown): string {
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
  return `$(warning) ${name}: ${esc(clip(errorSummary(e), 160))}`;
}
