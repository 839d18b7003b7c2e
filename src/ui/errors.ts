// One description of a failure for every surface (panels, tree tooltips, hovers, messages):
// what happened, what to do, and which of our own commands fix it.
import * as vscode from 'vscode';
import { UnauthorizedError, WaspApiError, type WaspErrorKind } from '../api/errors';
import type { ErrorView } from './model/view';

const titles: Record<WaspErrorKind, () => string> = {
  invalidInput: () => vscode.l10n.t('Invalid input'),
  unauthorized: () => vscode.l10n.t('Access denied'),
  notFound: () => vscode.l10n.t('Not found'),
  badRequest: () => vscode.l10n.t('Rejected by the node'),
  rateLimited: () => vscode.l10n.t('Rate limited'),
  server: () => vscode.l10n.t('Node error'),
  network: () => vscode.l10n.t('Node unreachable'),
  timeout: () => vscode.l10n.t('Timed out'),
  redirect: () => vscode.l10n.t('Redirected'),
  tooLarge: () => vscode.l10n.t('Answer too large'),
  invalidResponse: () => vscode.l10n.t('Invalid response'),
  tokenExpired: () => vscode.l10n.t('Token expired'),
  cancelled: () => vscode.l10n.t('Cancelled'),
  blocked: () => vscode.l10n.t('Blocked by the browser'),
};

export function describeError(e: unknown): ErrorView {
  if (!(e instanceof WaspApiError)) {
    return {
      kind: 'unexpected',
      title: vscode.l10n.t('Unexpected error'),
      message: e instanceof Error ? e.message : String(e),
      hint: vscode.l10n.t('Try again; if it persists, check the output channel "Wasp Chain Explorer".'),
      actions: [{ label: vscode.l10n.t('Retry'), command: 'retry' }],
    };
  }
  const actions: ErrorView['actions'] = [];
  if (e.kind === 'unauthorized' || e.kind === 'tokenExpired') {
    actions.push({ label: vscode.l10n.t('Set Access Token'), command: 'setToken' }, { label: vscode.l10n.t('Sign In'), command: 'signIn' });
  }
  if (e.kind !== 'invalidInput' && e.kind !== 'cancelled') actions.push({ label: vscode.l10n.t('Retry'), command: 'retry' });
  return { kind: e.kind, title: titles[e.kind](), message: e.message, hint: e.hint, actions };
}

/** A one-line summary, e.g. for a tree item description or a notification. */
export function errorSummary(e: unknown): string {
  if (e instanceof UnauthorizedError && e.missingPermission) {
    return vscode.l10n.t('needs a token with "{0}" permission', e.missingPermission);
  }
  const v = describeError(e);
  // "Invalid response: Invalid response: field …" would say it twice.
  return v.message.toLowerCase().startsWith(v.title.toLowerCase()) ? v.message : `${v.title}: ${v.message}`;
}
