// "At block…" and "Compare with…" of the panels that show a state: a block index or a trie root,
// validated as it is typed (api/ids.ts checkBlock), empty for the latest state.
import * as vscode from 'vscode';
import { checkBlock } from '../api/ids';

/** Asks for a state: null when cancelled, undefined for the latest state. */
export async function askBlock(title: string, value: string | undefined): Promise<string | undefined | null> {
  const input = await vscode.window.showInputBox({
    title,
    prompt: vscode.l10n.t('A block index or a trie root; empty for the latest state.'),
    placeHolder: vscode.l10n.t('latest, a block index (e.g. 2483095) or a trie root (0x + 40 hex digits)'),
    value: value ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => {
      const r = checkBlock(v);
      return r.ok ? undefined : r.reason;
    },
  });
  if (input === undefined) return null;
  const r = checkBlock(input);
  return r.ok ? r.block : null;
}
