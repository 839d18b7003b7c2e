// Reading the workspace's ABI files into the index, within bounds: which paths hold ABIs, a cap on
// files, on each file's size (stat first: a huge file is never read) and on the total time; a
// malformed file is skipped and counted. The file system is injected (VS Code's in the host, Node's
// in tests), so this is pure and a hostile workspace can be tested in plain Node.
import { parseAbiText, type AbiIndex } from './abiIndex';

export type AbiFileKind = 'hardhat' | 'foundry' | 'truffle' | 'abi';

/** One glob for vscode.workspace.findFiles and the file watcher. */
export const ABI_INCLUDE_GLOB = '{**/artifacts/**/*.json,**/out/**/*.json,**/build/contracts/*.json,**/*.abi.json}';
/** Never searched: dependencies (a huge node_modules), VCS data, Hardhat's build-info and debug files. */
export const ABI_EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**,**/build-info/**,**/*.dbg.json}';

export interface ScanLimits {
  /** Files read at most; past it the rest is counted, not read. */
  maxFiles: number;
  /** Bytes of one file at most (stat first). */
  maxFileBytes: number;
  /** Milliseconds of the whole scan at most. */
  maxMillis: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = { maxFiles: 5_000, maxFileBytes: 4 * 1024 * 1024, maxMillis: 10_000 };

/**
 * Which toolchain wrote the file at this workspace-relative path ('/' separated), or undefined when
 * it is not an ABI file we read. The same rule as the globs, also applied to watcher events.
 */
export function abiFileKind(relativePath: string): AbiFileKind | undefined {
  const parts = relativePath.split('/').filter((p) => p !== '');
  const file = parts[parts.length - 1];
  if (file === undefined || !file.endsWith('.json')) return undefined;
  if (parts.some((p) => p === 'node_modules' || p === '.git' || p === 'build-info') || file.endsWith('.dbg.json')) return undefined;
  if (file.endsWith('.abi.json')) return 'abi';
  const dirs = parts.slice(0, -1);
  for (let i = 0; i + 1 < dirs.length; i++) if (dirs[i] === 'build' && dirs[i + 1] === 'contracts' && i + 2 === dirs.length) return 'truffle';
  if (dirs.includes('artifacts')) return 'hardhat';
  if (dirs.includes('out')) return 'foundry';
  return undefined;
}

export interface ScanFile<U> {
  uri: U;
  /** The key in the index (the URI as a string). */
  key: string;
  /** What the UI shows: the workspace-relative path. */
  label: string;
}

export interface ScanIo<U> {
  size(uri: U): Promise<number>;
  read(uri: U): Promise<Uint8Array>;
}

export interface ScanReport {
  /** Files whose ABI went into the index. */
  indexed: number;
  /** JSON files without an ABI (other build output): not an error. */
  noAbi: number;
  /** Not JSON, or unreadable. */
  malformed: number;
  /** Larger than maxFileBytes: never read. */
  tooLarge: number;
  /** Left out by the file cap or the time cap. */
  leftOut: number;
  /** ABI entries that were not valid items. */
  badItems: number;
  millis: number;
}

/** Reads one file into the index: 'indexed', 'noAbi', 'malformed' or 'tooLarge'. */
export async function indexFile<U>(
  index: AbiIndex,
  file: ScanFile<U>,
  io: ScanIo<U>,
  limits: ScanLimits,
): Promise<{ outcome: 'indexed' | 'noAbi' | 'malformed' | 'tooLarge'; badItems: number }> {
  let text: string;
  try {
    if ((await io.size(file.uri)) > limits.maxFileBytes) {
      index.removeFile(file.key);
      return { outcome: 'tooLarge', badItems: 0 };
    }
    text = new TextDecoder('utf-8').decode(await io.read(file.uri));
  } catch {
    index.removeFile(file.key);
    return { outcome: 'malformed', badItems: 0 };
  }
  let parsed;
  try {
    parsed = parseAbiText(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined) {
    index.removeFile(file.key);
    // JSON but no ABI (a Hardhat cache file, a Foundry metadata file) is ordinary, not malformed.
    return { outcome: isJson(text) ? 'noAbi' : 'malformed', badItems: 0 };
  }
  index.setFile(file.key, file.label, parsed.items);
  return { outcome: 'indexed', badItems: parsed.skipped };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads the files into the index within the limits; `now` is injectable for tests of the time cap. */
export async function scanIntoIndex<U>(
  index: AbiIndex,
  files: readonly ScanFile<U>[],
  io: ScanIo<U>,
  limits: ScanLimits = DEFAULT_SCAN_LIMITS,
  now: () => number = () => Date.now(),
): Promise<ScanReport> {
  const start = now();
  const report: ScanReport = { indexed: 0, noAbi: 0, malformed: 0, tooLarge: 0, leftOut: 0, badItems: 0, millis: 0 };
  let read = 0;
  for (const file of files) {
    if (read >= limits.maxFiles || now() - start > limits.maxMillis) {
      report.leftOut++;
      continue;
    }
    read++;
    const { outcome, badItems } = await indexFile(index, file, io, limits);
    report[outcome]++;
    report.badItems += badItems;
  }
  report.millis = now() - start;
  return report;
}
