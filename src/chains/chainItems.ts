// How a chain row of the Chains view looks: its state as an icon (and as a codicon for the status
// bar), where its settings came from, and its tooltip (fully escaped Markdown: no link, image,
// HTML, entity or command can form from a node's or a setting's text).
import * as vscode from 'vscode';
import { describeSource, type ChainSource } from '../config/model/chainConfig';
import { formatDuration, formatTime } from '../core/format';
import { markdownText } from '../core/text';
import { traitsOfDetected } from '../api/traits';
import type { ChainState } from './model/chainState';
import type { ChainRow, ChainSnapshot } from './chainsModel';

const STATE_ICONS: Record<ChainState, [string, string | undefined]> = {
  loading: ['circle-outline', undefined],
  ok: ['pass-filled', 'testing.iconPassed'],
  needsToken: ['key', 'list.warningForeground'],
  expired: ['watch', 'list.warningForeground'],
  unreachable: ['debug-disconnect', 'list.errorForeground'],
  invalid: ['warning', 'list.errorForeground'],
  nodeError: ['error', 'list.errorForeground'],
  untrusted: ['workspace-untrusted', 'list.warningForeground'],
  migrated: ['arrow-swap', 'list.warningForeground'],
  otherChain: ['arrow-swap', 'list.warningForeground'],
};

/** The codicon of a state, e.g. for `$(…)` in a status bar text. */
export function stateCodicon(state: ChainState, busy = false): string {
  return busy ? 'loading~spin' : STATE_ICONS[state][0];
}

export function stateIcon(state: ChainState, busy = false): vscode.ThemeIcon {
  if (busy) return new vscode.ThemeIcon('loading~spin');
  const [id, color] = STATE_ICONS[state];
  return new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
}

export function sourceLabel(source: ChainSource): string {
  switch (source.scope) {
    case 'user':
      return vscode.l10n.t('User');
    case 'workspace':
      return vscode.l10n.t('Workspace');
    case 'folder':
      return source.folder ?? vscode.l10n.t('Folder');
  }
}

export function chainTooltip(row: ChainRow, snap: ChainSnapshot, isDefault: boolean): vscode.MarkdownString {
  // Not trusted, no HTML, no command links: only our own markup plus escaped text.
  const md = new vscode.MarkdownString('', true);
  md.isTrusted = false;
  md.supportHtml = false;
  const [icon] = STATE_ICONS[snap.state];
  md.appendMarkdown(`$(${icon}) **${markdownText(row.valid ? row.chain.name : row.invalid.name)}**`);
  if (isDefault) md.appendMarkdown(` — ${vscode.l10n.t('default chain')}`);
  md.appendMarkdown('\n\n');
  line(md, vscode.l10n.t('State'), snap.decision.label);
  if (snap.decision.detail) {
    for (const d of snap.decision.detail.split('\n')) md.appendMarkdown(`- ${markdownText(d)}\n`);
    md.appendMarkdown('\n');
  }
  if (snap.decision.hint) {
    md.appendMarkdown(`_${markdownText(snap.decision.hint)}_\n\n`);
  }
  if (row.valid) {
    line(md, vscode.l10n.t('Node'), row.chain.nodeUrl);
    const g = snap.generation;
    const traits = traitsOfDetected(g);
    if (g && traits) {
      const name = traits.name(vscode.l10n);
      line(md, vscode.l10n.t('Generation'), g.version ? vscode.l10n.t('{0}, node version {1}', name, g.version) : name);
    }
    line(
      md,
      vscode.l10n.t('Chain ID'),
      row.chain.chainId || (snap.info ? vscode.l10n.t("{0} (the node's chain)", snap.info.chainID) : vscode.l10n.t("the node's chain")),
    );
    line(md, vscode.l10n.t('Access token'), tokenText(snap));
  }
  line(md, vscode.l10n.t('From'), describeSource(row.valid ? row.chain.source : row.invalid.source, vscode.l10n));
  const loaded = snap.loadedAt === undefined ? undefined : formatTime(snap.loadedAt, Date.now(), vscode.l10n);
  if (loaded) line(md, vscode.l10n.t('Loaded'), `${loaded.absolute} (${loaded.relative})`);
  return md;
}

function line(md: vscode.MarkdownString, name: string, value: string): void {
  md.appendMarkdown(`**${markdownText(name)}:** ${markdownText(value)}  \n`);
}

function tokenText(snap: ChainSnapshot): string {
  const t = snap.tokenStatus;
  switch (t.kind) {
    case 'none':
      return snap.loadedAt === undefined ? vscode.l10n.t('not checked yet') : vscode.l10n.t('none');
    case 'ok':
      return t.expiresAt === undefined ? vscode.l10n.t('stored') : vscode.l10n.t('stored, expires in {0}', formatDuration(t.expiresAt - Date.now()));
    case 'expired':
      return vscode.l10n.t('expired {0} ago (not sent)', formatDuration(Date.now() - t.expiredAt));
    case 'withheld':
      return vscode.l10n.t('stored, but not sent: the workspace is not trusted');
  }
}

/** Owner, fee policy, limits, metadata and public URL of a loaded chain, as declared in core/chainInfoFields.ts. */
