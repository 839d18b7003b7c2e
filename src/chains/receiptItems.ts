// What every receipt line of the Chains view shares (recent receipts, a block's receipts): its
// icon and the command that opens it, built from the validated ID and a chain name of our settings.
import * as vscode from 'vscode';
import { Commands } from '../constants';

export function receiptIcon(failed: boolean): vscode.ThemeIcon {
  return failed
    ? new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground'))
    : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
}

export function openReceiptCommand(requestId: string, chainName: string): vscode.Command {
  return { command: Commands.showReceipt, title: vscode.l10n.t('Show Request Receipt'), arguments: [{ requestId, chainName }] };
}
