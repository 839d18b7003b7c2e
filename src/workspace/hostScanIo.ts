// How the workspace feature reads a candidate file in the host: a local one through Node's fs with
// every guard of ./nodeScanIo.ts (links resolved and kept inside the folder, only regular files, a
// hard byte cap), a file of a virtual workspace through vscode.workspace.fs.
import * as vscode from 'vscode';
import type { PathRule, ScanIo } from './model/scan';
import { typeRefusal, type OpenOutcome } from './model/scanGuard';
import { openWorkspaceFile } from './nodeScanIo';

/** The reader of candidates on the paths `reads` accepts (ABI paths by default). */
export function hostScanIo(reads?: PathRule): ScanIo<vscode.Uri> {
  return {
    open: (file) =>
      file.uri.scheme === 'file' && file.folder.scheme === 'file' ? openWorkspaceFile(file.folder.fsPath, file.uri.fsPath, reads) : openVirtual(file.uri),
  };
}

/**
 * A file of a virtual workspace, through vscode.workspace.fs (no streams there): links and
 * anything but a file are refused, the stated size is checked first, and readCapped refuses a
 * read that returns more than the cap.
 */
async function openVirtual(uri: vscode.Uri): Promise<OpenOutcome> {
  const stat = await vscode.workspace.fs.stat(uri);
  const refusal = typeRefusal({ file: (stat.type & vscode.FileType.File) !== 0, link: (stat.type & vscode.FileType.SymbolicLink) !== 0 });
  if (refusal) return { refused: refusal };
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield await vscode.workspace.fs.readFile(uri);
  }
  return { size: stat.size, chunks: whole(), close: async () => undefined };
}
