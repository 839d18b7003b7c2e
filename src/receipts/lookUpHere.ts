// The hover's "Look up": the user says to send a value the hover would not send by itself. Where
// the value's binding or line named a secret, a modal asks first and says why. Then the hover is
// shown again at the same place and fills in with the receipt (or with what the chains said); where
// the document is not in a visible editor, the receipt's panel opens instead.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { classifyRequestId } from '../core/idShapes';
import type { SecretVerdict } from './model/secretContext';
import { confirmSecretLookUp, parseSecretVerdict } from './secretWords';

export interface LookUpHereArgs {
  requestId: string;
  seen?: SecretVerdict;
  /** Where the hover was: the document's URI, its line and character (ours, from the hover). */
  uri?: string;
  line?: number;
  character?: number;
}

/** The command's argument, checked: a well-formed ID, known reasons, a place of whole numbers. */
export function parseLookUpHereArgs(arg: unknown): LookUpHereArgs | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as Record<string, unknown>;
  const id = typeof o.requestId === 'string' ? classifyRequestId(o.requestId) : undefined;
  if (id === undefined) return undefined;
  const args: LookUpHereArgs = { requestId: id.id };
  const seen = parseSecretVerdict(o.seen);
  if (seen !== undefined && (seen.line !== undefined || seen.file !== undefined)) args.seen = seen;
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (typeof o.uri === 'string' && o.uri.length <= 4096 && whole(o.line) && whole(o.character)) {
    args.uri = o.uri;
    args.line = o.line;
    args.character = o.character;
  }
  return args;
}

export interface LookUpHereDeps {
  /** The chains this ID would be sent to (the modal names them). */
  chainNamesFor(requestId: string): string[];
  /** The hover may send this ID from now on (this session). */
  allow(requestId: string): void;
}

/** True when the ID was allowed and shown (in the hover or a panel); false when declined or invalid. */
export async function lookUpHere(deps: LookUpHereDeps, arg: unknown): Promise<boolean> {
  const args = parseLookUpHereArgs(arg);
  if (args === undefined) return false;
  if (args.seen !== undefined && !(await confirmSecretLookUp(args.seen, deps.chainNamesFor(args.requestId)))) return false;
  deps.allow(args.requestId);
  const editor = args.uri === undefined ? undefined : vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === args.uri);
  if (editor !== undefined && args.line !== undefined && args.character !== undefined && args.line < editor.document.lineCount) {
    const position = editor.document.validatePosition(new vscode.Position(args.line, args.character));
    const shown = await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
    shown.selection = new vscode.Selection(position, position);
    await vscode.commands.executeCommand('editor.action.showHover');
    return true;
  }
  await vscode.commands.executeCommand(Commands.showReceipt, { requestId: args.requestId });
  return true;
}
