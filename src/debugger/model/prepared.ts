// What a debug session stands on once its transaction is replayed: the recording, the build
// records matched to each frame's code, the names, and the workspace's files for the sources. The
// host prepares it (the JSON-RPC, the workspace's artifacts); the session (./session.ts) only reads
// it. Pure.
import type { CodeMap } from './codeMap';
import type { Describer } from './describe';
import type { LineIndex } from './lineIndex';
import type { Recording } from './recording';

/** A source as the editor opens it: a workspace file, or the build record's copy of the text. */
export interface SourceFile {
  name: string;
  /** A file path or URI string the editor opens. */
  path?: string;
  /** The text, when no workspace file has it (served by the session as a read-only source). */
  content?: string;
}

export interface PreparedReplay {
  readonly recording: Recording;
  codeMapOf(frame: number): CodeMap | undefined;
  /** The recording's source lines under those code maps (read once: the session steps by it, the host finds the sources by it). */
  readonly lines: LineIndex;
  readonly describer: Describer;
  /** Where the editor finds a compiler path's source. */
  sourceOf(path: string, map: CodeMap): SourceFile;
  /** The compiler path of a file the editor holds (a breakpoint's source), when a matched build record names it. */
  compilerPathOf(sourcePath: string): string | undefined;
  /** A storage slot's name in the frame's contract ("credits[0xf39f…]"), when its layout says. */
  slotName(map: CodeMap | undefined, slot: bigint): string | undefined;
  /** The thread's name: the transaction and its chain. */
  readonly title: string;
}

export interface ReplayProgress {
  /** Steps replayed so far. */
  report(steps: number): void;
  readonly signal: AbortSignal;
}

/** Replays the transaction a launch request names; throws an Error whose message the user reads. */
export type Prepare = (args: Readonly<Record<string, unknown>>, progress: ReplayProgress) => Promise<PreparedReplay>;
