// The account hover's Markdown. Every string that came from a node, the workspace or the settings
// goes through escapeMarkdown (no link, HTML, entity, icon or command URI can form); links are our
// commands only, with arguments built from the checked address and a chain name of our settings,
// and isTrusted allows exactly those commands.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { clip, escapeMarkdown } from '../core/text';

/** The commands an account hover may link to. */
export const ACCOUNT_HOVER_COMMANDS: readonly string[] = [Commands.showAccount, Commands.pinAccount, Commands.openAccountInExplorer, Commands.setToken];

const esc = escapeMarkdown;
const SEP = ' · ';

export function newAccountMarkdown(): vscode.MarkdownString {
  const md = new vscode.MarkdownString('', true);
  md.supportHtml = false;
  md.isTrusted = { enabledCommands: [...ACCOUNT_HOVER_COMMANDS] };
  return md;
}

/** `[label](command:id?args)`, args URI-encoded with parentheses and quotes too (a `)` in a chain name would end the link). */
function commandLink(label: string, command: string, args: unknown[]): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `[${esc(label)}](command:${command}?${encoded})`;
}

/** The links under an account: Show Account, Pin Account, and Open in explorer when an explorer is known. */
export function accountLinks(address: string, chainName: string, explorer: boolean, pinned: boolean): string {
  const arg = [{ address, chainName }];
  const links = [commandLink(vscode.l10n.t('Show Account'), Commands.showAccount, arg)];
  if (!pinned) links.push(commandLink(vscode.l10n.t('Pin Account'), Commands.pinAccount, arg));
  if (explorer) links.push(commandLink(vscode.l10n.t('Open in explorer'), Commands.openAccountInExplorer, arg));
  return links.join(SEP);
}

/** Other chains at most offered under an account. */
export const MAX_OTHER_CHAINS = 4;

/**
 * "Ask another chain:" and a Show Account link per other configured chain (names of our settings,
 * escaped; the address checked): the hover asked one chain, the account may live on another.
 */
export function otherChainLinks(address: string, chainNames: readonly string[]): string {
  if (chainNames.length === 0) return '';
  const links = chainNames.slice(0, MAX_OTHER_CHAINS).map((chainName) => commandLink(chainName, Commands.showAccount, [{ address, chainName }]));
  const more =
    chainNames.length > MAX_OTHER_CHAINS ? [esc(vscode.l10n.t('…and {0} more (Show Account asks which)', chainNames.length - MAX_OTHER_CHAINS))] : [];
  return `${esc(vscode.l10n.t('Ask another chain:'))} ${[...links, ...more].join(SEP)}`;
}

/** The account's lines (plain text from accountView.ts), the first one bold, then the links. */
export function accountMarkdown(lines: readonly string[], links: string, others = ''): vscode.MarkdownString {
  const md = newAccountMarkdown();
  const [first, ...rest] = lines;
  md.appendMarkdown([`$(account) **${esc(clip(first ?? '', 300))}**`, ...rest.map((l) => esc(clip(l, 500)))].join('  \n'));
  md.appendMarkdown(`\n\n${links}`);
  if (others !== '') md.appendMarkdown(`\n\n${others}`);
  return md;
}

/** A mixed-case address whose EIP-55 checksum fails: nothing was sent. */
export function badChecksumMarkdown(reason: string): vscode.MarkdownString {
  const md = newAccountMarkdown();
  md.appendMarkdown(`$(warning) ${esc(vscode.l10n.t('Not looked up: {0}', reason))}`);
  return md;
}

export function accountLoadingMarkdown(address: string, chainName: string): vscode.MarkdownString {
  const md = newAccountMarkdown();
  md.appendMarkdown(
    `$(loading~spin) ${esc(vscode.l10n.t('Reading the account on {0}… the node is slow to answer.', chainName))}\n\n${accountLinks(address, chainName, false, true)}`,
  );
  return md;
}

export function accountFailureMarkdown(address: string, chainName: string, summary: string, others = ''): vscode.MarkdownString {
  const md = newAccountMarkdown();
  md.appendMarkdown(
    `$(warning) ${esc(vscode.l10n.t('The account read on {0} failed: {1}', chainName, clip(summary, 200)))}\n\n${accountLinks(address, chainName, false, true)}`,
  );
  if (others !== '') md.appendMarkdown(`\n\n${others}`);
  return md;
}

/** An account on a chain known only by its EVM JSON-RPC: its lines, no links (Show Account needs the web API). */
export function evmOnlyAccountMarkdown(lines: readonly string[]): vscode.MarkdownString {
  const md = newAccountMarkdown();
  const [first, ...rest] = lines;
  md.appendMarkdown([`$(account) **${esc(clip(first ?? '', 300))}**`, ...rest.map((l) => esc(clip(l, 500)))].join('  \n'));
  return md;
}
