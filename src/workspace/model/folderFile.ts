// How the scans open a workspace file through a file system that can only stat and read whole
// files: vscode.workspace.fs, the one every host has (a browser's web worker included, where
// there is no Node fs). A workspace is untrusted (a checkout may ship `artifacts/x.json -> /dev/zero`,
// a link to /proc/self/pagemap, a FIFO, a link out of the folder), and such a file system cannot
// say where a link leads. So a link anywhere below the folder is refused, in the file's own name
// or in a folder on its way; so is anything that is not a regular file; the size is stated before
// a byte is read, and the scan refuses a file over its cap unread (scan.ts). Pure: the file system
// is injected (VS Code's in the host, Node's with VS Code's semantics in tests).
import { isAbiPath, type PathRule } from './scan';
import { typeRefusal, type OpenOutcome } from './scanGuard';

/** What `stat` says of a path, as vscode.workspace.fs does: a link is followed, and flagged. */
export interface PathFacts {
  file: boolean;
  directory: boolean;
  link: boolean;
  size: number;
}

/** The two calls the scan needs, over URIs of type U. */
export interface StatReadFs<U> {
  stat(uri: U): Promise<PathFacts>;
  readFile(uri: U): Promise<Uint8Array>;
  /** The URI of `segments` below `folder`. */
  below(folder: U, segments: readonly string[]): U;
}

/**
 * Opens the file at `relativePath` ('/' separated) in the workspace folder `folder`, on a path
 * `reads` accepts (ABIs by default), or says why it is refused.
 */
export async function openInFolder<U>(fs: StatReadFs<U>, folder: U, relativePath: string, reads: PathRule = isAbiPath): Promise<OpenOutcome> {
  const segments = relativePath.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return { refused: 'outside' };
  if (!reads(relativePath)) return { refused: 'excluded' };
  const uri = fs.below(folder, segments);
  const [facts, ...folders] = await Promise.all([fs.stat(uri), ...segments.slice(0, -1).map((_, i) => fs.stat(fs.below(folder, segments.slice(0, i + 1))))]);
  if (folders.some((f) => f.link || !f.directory)) return { refused: 'outside' };
  const refusal = typeRefusal(facts);
  if (refusal) return { refused: refusal };
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield await fs.readFile(uri);
  }
  return { size: facts.size, chunks: whole(), close: async () => undefined };
}

/** The path of `file` below `folder` ('/' separated, both as URI paths), or undefined when it is not below it. */
export function pathBelow(folderPath: string, filePath: string): string | undefined {
  const folder = folderPath.replace(/\/+$/, '');
  return filePath.startsWith(`${folder}/`) ? filePath.slice(folder.length + 1) : undefined;
}
