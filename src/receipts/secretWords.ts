// What the hover and the Look up command say about a value that sits where a secret is named
// (model/secretContext.ts), and the question the command asks before it sends such a value to the
// nodes. The reasons reach the command through a command link's arguments: only the known ones
// are named, anything else reads as "a secret".
import * as vscode from 'vscode';
import { notificationText } from '../core/text';
import type { SecretFileReason, SecretLineReason, SecretVerdict } from './model/secretContext';

const LINE_REASONS: readonly SecretLineReason[] = ['privateKey', 'secret', 'mnemonic', 'password', 'apiKey', 'accounts', 'signer', 'envFallback', 'keystore'];
const FILE_REASONS: readonly SecretFileReason[] = ['envFile', 'keyFile', 'secretsFile', 'deployConfig'];

/** The verdict from a command argument: known reasons only; undefined when there is no verdict at all. */
export function parseSecretVerdict(arg: unknown): SecretVerdict | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const verdict: SecretVerdict = {};
  const line = LINE_REASONS.find((r) => r === o.line);
  const file = FILE_REASONS.find((r) => r === o.file);
  if (line !== undefined) verdict.line = line;
  if (file !== undefined) verdict.file = file;
  return verdict;
}

/** "a private key in a .env file", "a private key", "a .env file". */
export function secretWhat(verdict: SecretVerdict): string {
  const what = verdict.line === undefined ? undefined : secretLineText(verdict.line);
  const where = verdict.file === undefined ? undefined : secretFileText(verdict.file);
  if (what !== undefined && where !== undefined) return vscode.l10n.t('{0} in {1}', what, where);
  return what ?? where ?? vscode.l10n.t('a secret');
}

/**
 * Asks before a value seen where a secret is named is sent; true to send. Modal: the value goes
 * to every chain asked, whose nodes may log it.
 */
export async function confirmSecretLookUp(verdict: SecretVerdict, chainNames: readonly string[]): Promise<boolean> {
  const send = vscode.l10n.t('Look Up Anyway');
  const choice = await vscode.window.showWarningMessage(
    notificationText(vscode.l10n.t('This value sits where {0} was seen. Look it up anyway?', secretWhat(verdict))),
    {
      modal: true,
      detail: notificationText(
        vscode.l10n.t(
          'Looking it up sends it to the nodes of {0}, which may log it. If it is a private key, anyone who reads those logs can take its funds.',
          chainNames.join(', '),
        ),
      ),
    },
    send,
  );
  return choice === send;
}

export function secretLineText(reason: SecretLineReason): string {
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
    case 'signer':
      return vscode.l10n.t('a signing key');
    case 'envFallback':
      return vscode.l10n.t('the fallback of an environment variable');
    case 'keystore':
      return vscode.l10n.t('an encrypted key');
  }
}

export function secretFileText(reason: SecretFileReason): string {
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
