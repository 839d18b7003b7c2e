// How the workspace feature reads a candidate file in the host: through vscode.workspace.fs, the
// file system every host has (a local folder, a virtual workspace such as github.dev, a browser's
// web worker), with the guards of ./model/folderFile.ts.
import * as vscode from 'vscode';
import { openInFolder, pathBelow, type PathFacts, type StatReadFs } from './model/folderFile';
import type { PathRule, ScanIo } from './model/scan';

const workspaceFs: StatReadFs<vscode.Uri> = {
  stat: async (uri): Promise<PathFacts> => {
    const { type, size } = await vscode.workspace.fs.stat(uri);
    return {
      file: (type & vscode.FileType.File) !== 0,
      directory: (type & vscode.FileType.Directory) !== 0,
      link: (type & vscode.FileType.SymbolicLink) !== 0,
      size,
    };
  },
  readFile: (uri) => Promise.resolve(vscode.workspace.fs.readFile(uri)),
  below: (folder, segments) => vscode.Uri.joinPath(folder, ...segments),
};

/** The reader of candidates on the paths `reads` accepts (ABI paths by default). */
export function hostScanIo(reads?: PathRule): ScanIo<vscode.Uri> {
  return {
    open: async (file) => {
      const relative =
        file.uri.scheme === file.folder.scheme && file.uri.authority === file.folder.authority ? pathBelow(file.folder.path, file.uri.path) : undefined;
      return relative === undefined ? { refused: 'outside' } : openInFolder(workspaceFs, file.folder, relative, reads);
    },
  };
}

/**
 * The candidates vscode.workspace.findFiles finds, or none where the workspace's file system
 * cannot be searched (a virtual file system without a search provider, in a browser): then the
 * log says once what is not read, and the features work without it.
 */
export async function findCandidates(include: string, exclude: string, maxResults: number, log: vscode.LogOutputChannel, what: string): Promise<vscode.Uri[]> {
  try {
    return await vscode.workspace.findFiles(include, exclude, maxResults);
  } catch (e) {
    log.warn(`${what}: this workspace's file system cannot be searched (${e instanceof Error ? e.message : String(e)}), so they are not read here`);
    return [];
  }
}
