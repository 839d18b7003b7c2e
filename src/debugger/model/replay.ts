// A mined EVM transaction replayed: run once in the EVM over the node's pre-state (./replayChain.ts),
// every step recorded (./replayRecorder.ts) through a watched run (./replayRun.ts) that answers
// native calls from the record (./replayNative.ts), then checked against the node's call tree and
// receipt (./replayFidelity.ts). The result is a Recording (./recording.ts) the debug session walks
// both ways. Pure.
import { createVM } from '@ethereumjs/vm';
import type { Hardfork } from '@ethereumjs/common';
import { bytesToHex } from '@ethereumjs/util';
import { englishL10n, type L10n } from '../../core/l10n';
import type { Divergence, Recording, ReplayFrame, ReplayResult, StorageAccess } from './recording';
import { blockOf, commonOf, forkOfBlock, stateOf, txOf } from './replayChain';
import { checkFidelity } from './replayFidelity';
import type { ReplayInputs } from './replayInputs';
import { nativeAnswers } from './replayNative';
import { StepRecorder, type RecorderIntervals } from './replayRecorder';
import { watchedRun, type RunOutcome } from './replayRun';

export interface ReplayOptions {
  /** Steps recorded at most: the run stops there (`truncated`). */
  maxSteps: number;
  /** The recording's size at most, in bytes (an estimate: StepRecorder.retainedBytes): the run stops there too. */
  maxMemoryBytes?: number;
  signal?: AbortSignal;
  /** Called every PROGRESS_EVERY steps with the steps done. */
  onProgress?: (steps: number) => void;
  /** The fork to run under, when the block header does not tell it (a node may send fewer fields). */
  hardfork?: `${Hardfork}`;
  l10n?: L10n;
  /** How often the recording copies a frame's stack and memory (STACK_CHECKPOINT, MEMORY_SNAPSHOT). */
  intervals?: RecorderIntervals;
}

export interface ReplayRecording extends Recording {
  /** Frames the node's trace did not keep (past its MAX_TRACE_FRAMES): not compared, so not known to agree. */
  readonly uncomparedFrames: number;
  /** The fork the replay ran under. */
  readonly hardfork: string;
}

function resultOf(run: RunOutcome, l10n: L10n): ReplayResult {
  if (run.tx === undefined) return { status: 'failed', output: '0x', gasUsed: 0n, error: l10n.t('the replay stopped before the transaction ended') };
  const r = run.tx.result.execResult;
  const output = bytesToHex(r.returnValue);
  const error = r.exceptionError?.error;
  if (error === undefined) return { status: 'success', output, gasUsed: run.tx.gasUsed };
  if (error === 'revert') return { status: 'reverted', output, gasUsed: run.tx.gasUsed };
  return { status: 'failed', output: '0x', gasUsed: run.tx.gasUsed, error };
}

class RecordedReplay implements ReplayRecording {
  constructor(
    private readonly steps: StepRecorder,
    readonly frames: readonly ReplayFrame[],
    readonly result: ReplayResult,
    readonly divergence: Divergence | undefined,
    readonly truncated: boolean,
    readonly uncomparedFrames: number,
    readonly hardfork: string,
  ) {}
  get length() {
    return this.steps.length;
  }
  get pc() {
    return this.steps.pc;
  }
  get op() {
    return this.steps.op;
  }
  get frame() {
    return this.steps.frame;
  }
  get gasLeft() {
    return this.steps.gasLeft;
  }
  get keccakPreimages() {
    return this.steps.keccakPreimages;
  }
  stackAt(step: number): bigint[] {
    return this.steps.stackAt(step);
  }
  memoryAt(step: number): Uint8Array {
    return this.steps.memoryAt(step);
  }
  storageAt(step: number): StorageAccess[] {
    return this.steps.storageAt(step);
  }
}

/**
 * Replays the transaction of `inputs`. Rejects with the signal's reason when cancelled; a step limit
 * gives a truncated recording; a native call that does not match the record ends it with a divergence.
 */
export async function replayTransaction(inputs: ReplayInputs, options: ReplayOptions): Promise<ReplayRecording> {
  const l10n = options.l10n ?? englishL10n;
  options.signal?.throwIfAborted();
  const fork = (options.hardfork as Hardfork | undefined) ?? forkOfBlock(inputs.block);
  const common = commonOf(inputs.chainId, fork);
  const vm = await createVM({ common, stateManager: await stateOf(inputs.prestate) });
  const tx = txOf(inputs.tx, common);
  const recorder = new StepRecorder(options.intervals);
  const run = await watchedRun(
    vm,
    tx,
    blockOf(inputs.block, common, inputs.tx.maxFeePerGas ?? inputs.tx.gasPrice),
    recorder,
    nativeAnswers(inputs.trace, inputs.prestate, l10n),
    {
      maxSteps: options.maxSteps,
      ...(options.maxMemoryBytes === undefined ? {} : { maxBytes: options.maxMemoryBytes }),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    },
  );
  if (run.stop?.why === 'cancelled') throw options.signal?.reason ?? new Error('cancelled');
  recorder.trim();
  const result = resultOf(run, l10n);
  const frames = run.frames;
  const root = frames[0];
  if (root?.outcome && run.tx) root.outcome = { ...root.outcome, gasUsed: run.tx.gasUsed };
  const fidelity = checkFidelity(
    {
      frames,
      trace: inputs.trace,
      ...(run.tx ? { result } : {}),
      receipt: inputs.receipt,
      intrinsicGas: tx.getIntrinsicGas(),
      steps: recorder.length,
    },
    l10n,
  );
  const stopped = run.stop?.detail;
  const divergence = stopped ? { frame: stopped.frame, step: Math.max(0, recorder.length - 1), message: stopped.message } : fidelity.divergence;
  return new RecordedReplay(recorder, frames, result, divergence, run.stop?.why === 'limit', fidelity.uncompared, fork);
}
