// A small recording built in the test, for the debugger's model without a node: each step names
// its frame and the source line its instruction maps to (its pc is its step number, so one code map
// answers every frame), natives, failures, a divergence and a truncation where a case needs them.
// The anvil suites (session.test.ts) prove the same model on real replays; these pin the edges a
// user meets (a native callee, a caught revert, a divergence, a replay cut short) in milliseconds.
import { keccak_256 } from '@noble/hashes/sha3';
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { Describer } from '../../../src/debugger/model/describe';
import type { CodeMap, SourceLocation } from '../../../src/debugger/model/codeMap';
import { LineIndex } from '../../../src/debugger/model/lineIndex';
import type { PreparedReplay, SourceFile } from '../../../src/debugger/model/prepared';
import type { Divergence, FrameOutcome, Recording, ReplayFrame, ReplayResult, StorageAccess } from '../../../src/debugger/model/recording';
import { ReplaySession } from '../../../src/debugger/model/session';
import { Walker } from '../../../src/debugger/model/stepping';
import { loadAbiCoder } from '../../../src/evm/model/decode';
import { DapClient } from '../helpers/dapClient';

export const JUMP = 0x56;
export const SOURCE = 'src/T.sol';
/** Where the workspace holds SOURCE. */
export const SOURCE_FILE = '/ws/src/T.sol';
export const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
export const word = (n: bigint) => n.toString(16).padStart(64, '0');
export const selector = (signature: string) => Buffer.from(keccak_256(new TextEncoder().encode(signature)).subarray(0, 4)).toString('hex');

/** One step: its frame, its line (none: mapped to no single line) in SOURCE or `path`, solc's jump mark on a JUMP. */
export interface StepSpec {
  f: number;
  line?: number;
  path?: string;
  jump?: 'i' | 'o';
}

/** Steps 0–4: the root (frame 0) on lines 10 and 11, its callee (frame 1) on 20 and 21, the root again on 12. */
export const CALL_THEN_NATIVE: StepSpec[] = [
  { f: 0, line: 10 },
  { f: 0, line: 11 },
  { f: 1, line: 20 },
  { f: 1, line: 21 },
  { f: 0, line: 12 },
];

export interface FrameSpec {
  parent?: number;
  /** A native frame, entered at this step. */
  nativeAt?: number;
  /** False: no build record matches its code. */
  mapped?: boolean;
  outcome?: FrameOutcome;
  contract?: string;
  abi?: unknown[];
  /** The source text its build record holds (then the workspace has no file for it). */
  sourceText?: string;
  /** The texts it holds of sources other than SOURCE. */
  sources?: Record<string, string>;
  extra?: Partial<ReplayFrame>;
}

/**
 * The root (frame 0) calls C1 (frame 1) on line 11 and a native contract (frame 2) on line 12:
 * steps 3 and 11 map to no single line (a CALL, generated code). callFrames() gives its frames.
 */
export const CALLS: StepSpec[] = [
  { f: 0, line: 10 },
  { f: 0, line: 10 },
  { f: 0, line: 11 },
  { f: 0 },
  { f: 1, line: 20 },
  { f: 1, line: 20 },
  { f: 1, line: 21 },
  { f: 1, line: 22 },
  { f: 0, line: 11 },
  { f: 0, line: 12 },
  { f: 0, line: 12 },
  { f: 0 },
  { f: 0, line: 13 },
  { f: 0, line: 13 },
];
export const callFrames = (callee: Partial<FrameSpec> = {}): FrameSpec[] => [{}, { parent: 0, ...callee }, { parent: 0, nativeAt: 10 }];

/** The step walker over a prepared replay, as the session builds it: a frame steps by line when it has a code map and is not native. */
export const walkerOf = (p: PreparedReplay) => new Walker(p.recording, p.lines, (f) => p.codeMapOf(f) !== undefined && !p.recording.frames[f]?.native);

export interface SyntheticOptions {
  result?: ReplayResult;
  divergence?: Divergence;
  truncated?: boolean;
  storage?: StorageAccess[];
  /** Slot names the storage layout gives. */
  slotNames?: Map<bigint, string>;
}

const returned: FrameOutcome = { status: 'returned', output: '0x', gasUsed: 100n };

export function recordingOf(frames: FrameSpec[], steps: StepSpec[], options: SyntheticOptions = {}): Recording {
  const n = steps.length;
  const built: ReplayFrame[] = [];
  frames.forEach((spec, index) => {
    const own = steps.flatMap((s, i) => (s.f === index ? [i] : []));
    const parent = spec.parent;
    built.push({
      index,
      parent,
      depth: parent === undefined ? 0 : (built[parent]?.depth ?? 0) + 1,
      kind: 'CALL',
      caller: A(parent === undefined ? 1 : 0x100 + parent),
      address: A(0x100 + index),
      codeAddress: A(0x100 + index),
      value: 0n,
      input: '0x',
      gas: 1_000_000n,
      code: new Uint8Array(0),
      native: spec.nativeAt !== undefined,
      firstStep: spec.nativeAt ?? own[0] ?? 0,
      lastStep: spec.nativeAt ?? own[own.length - 1] ?? 0,
      ...('outcome' in spec ? (spec.outcome ? { outcome: spec.outcome } : {}) : { outcome: returned }),
      ...spec.extra,
    });
  });
  const storage = options.storage ?? [];
  const frame = Uint32Array.from(steps, (s) => s.f);
  return {
    length: n,
    pc: Uint32Array.from(steps, (_s, i) => i),
    op: Uint8Array.from(steps, (s) => (s.jump ? JUMP : 0x5b)),
    frame,
    gasLeft: Float64Array.from(steps, (_s, i) => 900_000 - 3 * i),
    frames: built,
    stackAt: (step) => [BigInt(step), 0xffn],
    memoryAt: (step) => Uint8Array.from({ length: 40 }, (_v, i) => (i + step) % 256),
    storageAt: (step) => storage.filter((a) => a.step < step && frame[a.step] === frame[step]),
    result: options.result ?? { status: 'success', output: '0x', gasUsed: 21_500n },
    divergence: options.divergence,
    truncated: options.truncated ?? false,
    keccakPreimages: new Map(),
  };
}

function codeMapOf(spec: FrameSpec, index: number, steps: StepSpec[]): CodeMap {
  const locate = (pc: number): SourceLocation | undefined => {
    const line = steps[pc]?.line;
    return line === undefined
      ? undefined
      : { path: steps[pc]?.path ?? SOURCE, start: 0, length: 1, line, column: 5, endLine: line, endColumn: 9, jump: steps[pc]?.jump ?? '-' };
  };
  return {
    contractName: spec.contract ?? `C${index}`,
    artifactPath: `out/T.sol/C${index}.json`,
    locate,
    jumpAt: (pc) => steps[pc]?.jump ?? '-',
    sourceText: (path) => (path === SOURCE ? spec.sourceText : spec.sources?.[path]),
    abi: spec.abi ?? [],
  };
}

/** The recording with its code maps, lines and names, as the host prepares a session. */
export async function preparedOf(frames: FrameSpec[], steps: StepSpec[], options: SyntheticOptions = {}): Promise<PreparedReplay> {
  const recording = recordingOf(frames, steps, options);
  const maps = frames.map((spec, i) => (spec.mapped === false || spec.nativeAt !== undefined ? undefined : codeMapOf(spec, i, steps)));
  const byReference = frames.some((f) => f.sourceText !== undefined || f.sources !== undefined);
  const paths = new Set([SOURCE, ...steps.flatMap((s) => (s.path ? [s.path] : []))]);
  return {
    recording,
    codeMapOf: (f) => maps[f],
    lines: new LineIndex(recording, (f) => maps[f]),
    describer: new Describer(await loadAbiCoder(), []),
    sourceOf: (path): SourceFile => (byReference ? { name: 'T.sol' } : { name: 'T.sol', path: `/ws/${path}` }),
    compilerPathOf: (p) => (p.startsWith('/ws/') && paths.has(p.slice(4)) ? p.slice(4) : undefined),
    slotName: (map, slot) => (map ? options.slotNames?.get(slot) : undefined),
    title: 'a synthetic transaction',
  };
}

export interface Launched {
  dap: DapClient;
  first: P.StoppedEvent['body'];
  set: P.Breakpoint[];
}

/** A session over `p`, initialized, launched and configured as VS Code does, at its first stop. */
export async function launchOver(
  p: PreparedReplay,
  options: { stopOnEntry?: boolean; frame?: number; breakpoints?: P.SourceBreakpoint[]; exceptions?: string[]; linesStartAt1?: boolean } = {},
): Promise<Launched> {
  const dap = new DapClient(new ReplaySession(async () => p));
  await dap.ok('initialize', { adapterID: 'wasp-evm', linesStartAt1: options.linesStartAt1 ?? true, columnsStartAt1: true });
  await dap.ok('launch', { transaction: '0x', stopOnEntry: options.stopOnEntry ?? true, ...(options.frame === undefined ? {} : { frame: options.frame }) });
  await dap.event('initialized');
  const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { path: SOURCE_FILE }, breakpoints: options.breakpoints ?? [] });
  if (options.exceptions) await dap.ok('setExceptionBreakpoints', { filters: options.exceptions });
  const before = dap.events.length;
  await dap.ok('configurationDone');
  const first = (await dap.event<P.StoppedEvent['body']>('stopped', before)).body;
  return { dap, first, set: set.breakpoints };
}

/** Where the session stands: each frame as name:line, innermost first. */
export async function where(dap: DapClient): Promise<string> {
  return (await dap.stack()).map((f) => `${f.name}:${f.line}`).join(' < ');
}
