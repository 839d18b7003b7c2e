// Reading the workspace's ABI files into the index, within bounds: which paths hold ABIs, which
// files are read at all (a regular file reached without a link, on such a path: folderFile.ts and
// scanGuard.ts), a cap on files, on each file's bytes (the size first, then a hard cap on the
// read itself), on the time (checked while a file is read too), on the files read at once, and the
// index's own memory budget (abiIndex.ts). A malformed file is skipped and counted. The file
// system is injected (VS Code's in the host, fakes and temp dirs in tests), so this is
// pure and a hostile workspace can be tested in plain Node.
import { parseAbiText, type AbiIndex } from '../../evm/model/abiIndex';
import { readCapped, type OpenOutcome } from './scanGuard';

export type AbiFileKind = 'hardhat' | 'foundry' | 'truffle' | 'abi';

/** One glob for vscode.workspace.findFiles and the file watcher. */
export const ABI_INCLUDE_GLOB = '{**/artifacts/**/*.json,**/out/**/*.json,**/build/contracts/*.json,**/*.abi.json}';
/** Never searched: dependencies (a huge node_modules), VCS data, Hardhat's build-info and debug files. */
export const ABI_EXCLUDE_GLOB = '{**/node_modules/**,**/.git/**,**/build-info/**,**/*.dbg.json}';

export interface ScanLimits {
  /** Files read at most; past it the rest is counted, not read. */
  maxFiles: number;
  /** Bytes of one file at most: its size first, then the read stops one chunk past it. */
  maxFileBytes: number;
  /** Milliseconds of the whole scan at most: a read still going then is abandoned. */
  maxMillis: number;
  /** Files read at once (1 when left out). */
  concurrency?: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = { maxFiles: 5_000, maxFileBytes: 4 * 1024 * 1024, maxMillis: 10_000, concurrency: 4 };

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

/** Whether a workspace-relative path is one a scan reads: an ABI path by default (abiFileKind). */
export type PathRule = (relativePath: string) => boolean;

export const isAbiPath: PathRule = (relative) => abiFileKind(relative) !== undefined;

export interface ScanFile<U> {
  uri: U;
  /** The workspace folder that holds it: no link below it is followed (folderFile.ts). */
  folder: U;
  /** The key in the index (the URI as a string). */
  key: string;
  /** What the UI shows: the workspace-relative path. */
  label: string;
}

export interface ScanIo<U> {
  /** Opens a candidate for reading, or says why it is refused; throws when it cannot be read. */
  open(file: ScanFile<U>): Promise<OpenOutcome>;
}

export interface ScanReport {
  /** Files whose ABI went into the index. */
  indexed: number;
  /** JSON files without an ABI (other build output): not an error. */
  noAbi: number;
  /** Not JSON, or unreadable. */
  malformed: number;
  /** Larger than maxFileBytes: never read, or abandoned at the cap. */
  tooLarge: number;
  /** Not a regular file, a link on its way, or off the ABI paths: never read. */
  refused: number;
  /** Their ABI did not fit in the index's memory budget. */
  overBudget: number;
  /** Left out by the file cap or the time cap. */
  leftOut: number;
  /** ABI entries that were not valid items. */
  badItems: number;
  millis: number;
}

export type FileOutcome = 'indexed' | 'noAbi' | 'malformed' | 'tooLarge' | 'refused' | 'overBudget' | 'leftOut';

/** Reads one file into the index; `remainingMs` is the time the scan has left (a read past it is abandoned). */
export async function indexFile<U>(
  index: AbiIndex,
  file: ScanFile<U>,
  io: ScanIo<U>,
  limits: ScanLimits,
  remainingMs: () => number = () => limits.maxMillis,
): Promise<{ outcome: FileOutcome; badItems: number }> {
  const read = await readScanFile(file, io, limits, remainingMs);
  if (read === 'leftOut') return { outcome: 'leftOut', badItems: 0 };
  if (typeof read === 'string') {
    index.removeFile(file.key);
    return { outcome: read, badItems: 0 };
  }
  const text = new TextDecoder('utf-8').decode(read);
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
  if (!index.setFile(file.key, file.label, parsed.items)) return { outcome: 'overBudget', badItems: parsed.skipped };
  return { outcome: 'indexed', badItems: parsed.skipped };
}

/** The file's bytes within the caps, or what became of it instead. */
export async function readScanFile<U>(
  file: ScanFile<U>,
  io: ScanIo<U>,
  limits: ScanLimits,
  remainingMs: () => number,
): Promise<Uint8Array | 'malformed' | 'tooLarge' | 'refused' | 'leftOut'> {
  let opened;
  try {
    opened = await io.open(file);
  } catch {
    return 'malformed';
  }
  if ('refused' in opened) return 'refused';
  try {
    if (opened.size > limits.maxFileBytes) return 'tooLarge';
    const read = await readCapped(opened.chunks, limits.maxFileBytes, remainingMs);
    if ('bytes' in read) return read.bytes;
    return read.stopped === 'tooLarge' ? 'tooLarge' : 'leftOut';
  } catch {
    return 'malformed';
  } finally {
    void opened.close().catch(() => undefined);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** What a scan found, in one line for the log. */
export function describeReport(report: ScanReport): string {
  return (
    `${report.indexed} files indexed, ${report.noAbi} without an ABI, ${report.malformed} malformed, ${report.tooLarge} too large, ` +
    `${report.refused} refused (not a regular file inside the folder), ${report.overBudget} over the index's memory budget, ` +
    `${report.leftOut} left out, ${report.badItems} invalid entries, in ${report.millis} ms`
  );
}

/**
 * Visits the files `limits.concurrency` at a time, each with the time the scan has left (a read past
 * it is abandoned); a file past the file cap or the time cap is not visited but counted as left out.
 * `now` is injectable for tests of the time cap.
 */
export async function visitWithin<U>(
  files: readonly ScanFile<U>[],
  limits: ScanLimits,
  now: () => number,
  visit: (file: ScanFile<U>, remainingMs: () => number) => Promise<void>,
): Promise<{ leftOut: number; millis: number }> {
  const start = now();
  const remainingMs = () => limits.maxMillis - (now() - start);
  let next = 0;
  let read = 0;
  let leftOut = 0;
  const worker = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      if (read >= limits.maxFiles || remainingMs() < 0) {
        leftOut++;
        continue;
      }
      read++;
      await visit(file, remainingMs);
    }
  };
  const workers = Math.max(1, Math.min(limits.concurrency ?? 1, files.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { leftOut, millis: now() - start };
}

/** Reads the files into the index within the limits (visitWithin); `now` is injectable for tests of the time cap. */
export async function scanIntoIndex<U>(
  index: AbiIndex,
  files: readonly ScanFile<U>[],
  io: ScanIo<U>,
  limits: ScanLimits = DEFAULT_SCAN_LIMITS,
  now: () => number = () => Date.now(),
): Promise<ScanReport> {
  const report: ScanReport = { indexed: 0, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 0, leftOut: 0, badItems: 0, millis: 0 };
  const { leftOut, millis } = await visitWithin(files, limits, now, async (file, remainingMs) => {
    const { outcome, badItems } = await indexFile(index, file, io, limits, remainingMs);
    report[outcome]++;
    report.badItems += badItems;
  });
  report.leftOut += leftOut;
  report.millis = millis;
  return report;
}
