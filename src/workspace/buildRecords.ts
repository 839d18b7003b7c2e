// The workspace's build records as the debugger reads them, once per debug session: Hardhat's
// `artifacts/` (build-info included) and Foundry's `out/` (build-info included), each JSON file as
// text with its folder and workspace-relative path, under the same guards as the ABI scan (no link
// followed below a folder, regular files only, the size stated before a byte is read) and caps of
// their own (a build info holds every source and can be large). And whether a source a record names
// is a file of the workspace, so the editor opens the user's own file.
import * as vscode from 'vscode';
import { findCandidates, hostScanIo } from './hostScanIo';
import { pathBelow } from './model/folderFile';
import { readScanFile, visitWithin, type ScanFile, type ScanLimits } from './model/scan';

const INCLUDE = '{**/artifacts/**/*.json,**/out/**/*.json}';
const EXCLUDE = '{**/node_modules/**,**/.git/**}';

/** A build info holds every source of a compilation: larger than an ABI file may be. */
export const BUILD_RECORD_LIMITS: ScanLimits = { maxFiles: 5_000, maxFileBytes: 64 * 1024 * 1024, maxMillis: 20_000, concurrency: 4 };
/** What one session reads in all. */
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;

export function isBuildRecordPath(relative: string): boolean {
  const parts = relative.split('/');
  return relative.endsWith('.json') && !parts.includes('node_modules') && !parts.includes('.git') && (parts.includes('artifacts') || parts.includes('out'));
}

export interface BuildRecordFile {
  folder: vscode.Uri;
  /** Below the folder, '/' separated. */
  relativePath: string;
  text: string;
}

export interface BuildRecordsRead {
  files: BuildRecordFile[];
  /** Files not read (too large, refused, past a cap), counted for the log. */
  skipped: number;
}

const io = hostScanIo(isBuildRecordPath);

export async function readBuildRecords(log: vscode.LogOutputChannel, signal?: AbortSignal): Promise<BuildRecordsRead> {
  const uris = await findCandidates(INCLUDE, EXCLUDE, BUILD_RECORD_LIMITS.maxFiles + 1, log, 'Build records for the debugger');
  const candidates: ScanFile<vscode.Uri>[] = [];
  for (const uri of uris) {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const relative = folder ? pathBelow(folder.uri.path, uri.path) : undefined;
    if (folder && relative !== undefined && isBuildRecordPath(relative)) candidates.push({ uri, folder: folder.uri, key: uri.toString(), label: relative });
  }
  const files: BuildRecordFile[] = [];
  let skipped = 0;
  let total = 0;
  const decoder = new TextDecoder();
  const visited = await visitWithin(
    candidates,
    BUILD_RECORD_LIMITS,
    () => performance.now(),
    async (file, remainingMs) => {
      if (signal?.aborted || total > MAX_TOTAL_BYTES) {
        skipped++;
        return;
      }
      const read = await readScanFile(file, io, BUILD_RECORD_LIMITS, remainingMs);
      if (typeof read === 'string') {
        skipped++;
        return;
      }
      total += read.length;
      files.push({ folder: file.folder, relativePath: file.label, text: decoder.decode(read) });
    },
  );
  return { files, skipped: skipped + visited.leftOut };
}

const SOURCE_LIMITS: ScanLimits = { maxFiles: 1, maxFileBytes: 4 * 1024 * 1024, maxMillis: 5_000 };
const sourceIo = hostScanIo((relative) => relative.endsWith('.sol'));

/** A Solidity source of the workspace as text (a regular file below `folder`, no link on its way, at most 4 MiB), or undefined. */
export async function readWorkspaceSource(folder: vscode.Uri, relative: string): Promise<string | undefined> {
  const uri = vscode.Uri.joinPath(folder, ...relative.split('/'));
  const start = performance.now();
  const read = await readScanFile(
    { uri, folder, key: uri.toString(), label: relative },
    sourceIo,
    SOURCE_LIMITS,
    () => SOURCE_LIMITS.maxMillis - (performance.now() - start),
  );
  return typeof read === 'string' ? undefined : new TextDecoder().decode(read);
}

/** The workspace file at `relative` below `folder` when it is a regular file reached without a link. */
export async function workspaceSourceFile(folder: vscode.Uri, relative: string): Promise<vscode.Uri | undefined> {
  const segments = relative.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  const uri = vscode.Uri.joinPath(folder, ...segments);
  try {
    const facts = await vscode.workspace.fs.stat(uri);
    return (facts.type & vscode.FileType.SymbolicLink) === 0 && (facts.type & vscode.FileType.File) !== 0 ? uri : undefined;
  } catch {
    return undefined;
  }
}
