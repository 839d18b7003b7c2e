// One run of the transaction in the EVM, watched: every call frame is opened and closed where the
// EVM enters and leaves it (its runCall, which every call and creation goes through, the root's
// included), every step goes to the recorder, and a call into a native address is not run but
// answered from the node's call tree (./replayNative.ts). A step limit, a cancel or a native call
// that does not match the record stops the run where it is. Pure.
import { EVMError, type EVM, type EVMResult, type EVMRunCallOpts, type InterpreterStep } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import { runTx, type VM } from '@ethereumjs/vm';
import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { FrameKind, FrameOutcome, ReplayFrame } from './recording';
import type { StepRecorder } from './replayRecorder';
import type { NativeAnswers } from './replayNative';

/** Why a run stopped before the transaction ended. */
export class ReplayStop extends Error {
  constructor(
    readonly why: 'limit' | 'cancelled' | 'native',
    readonly detail?: { frame: number; message: string },
  ) {
    super(why);
  }
}

export interface RunWatch {
  maxSteps: number;
  /** The recording's retained bytes at most (StepRecorder.retainedBytes). */
  maxBytes?: number;
  signal?: AbortSignal;
  onProgress?: (steps: number) => void;
}

/** Steps between two progress reports, and between two yields to the event loop (a cancel is seen there). */
export const PROGRESS_EVERY = 10_000;

const CALL_KINDS: Record<number, FrameKind> = { 0xf0: 'CREATE', 0xf1: 'CALL', 0xf2: 'CALLCODE', 0xf4: 'DELEGATECALL', 0xf5: 'CREATE2', 0xfa: 'STATICCALL' };
const hex = (b: Uint8Array | undefined): string => (b === undefined ? '0x' : bytesToHex(b));

function outcomeOf(result: EVMResult): FrameOutcome {
  const r = result.execResult;
  const err = r.exceptionError?.error;
  if (err === undefined) return { status: 'returned', output: hex(r.returnValue), gasUsed: r.executionGasUsed };
  if (err === EVMError.errorMessages.REVERT) return { status: 'reverted', output: hex(r.returnValue), gasUsed: r.executionGasUsed };
  return { status: 'failed', output: '0x', gasUsed: r.executionGasUsed, error: err };
}

export interface RunOutcome {
  frames: ReplayFrame[];
  /** The transaction's result; undefined when the run stopped before its end. */
  tx?: { gasUsed: bigint; result: EVMResult };
  stop?: ReplayStop;
}

/** Records each step into the frame open at the top; stops the run at the limit or on a cancel. */
function stepListener(recorder: StepRecorder, open: readonly number[], watch: RunWatch) {
  return (e: InterpreterStep, resolve?: (result?: unknown) => void): void => {
    if (recorder.length >= watch.maxSteps || (watch.maxBytes !== undefined && recorder.retainedBytes > watch.maxBytes)) throw new ReplayStop('limit');
    if (watch.signal?.aborted) throw new ReplayStop('cancelled');
    recorder.step(open[open.length - 1] ?? 0, { pc: e.pc, op: e.opcode.code, gasLeft: e.gasLeft, stack: e.stack, memory: e.memory });
    if (recorder.length % PROGRESS_EVERY === 0) {
      watch.onProgress?.(recorder.length);
      // A macrotask, so that a cancel from the host's event loop is seen while a long run goes on.
      setTimeout(() => resolve?.(), 0);
    } else resolve?.();
  };
}

/** Runs `tx` in `vm`, recording into `recorder`; never throws a ReplayStop (it is returned), rethrows anything else. */
export async function watchedRun(
  vm: VM,
  tx: TypedTransaction,
  block: Block,
  recorder: StepRecorder,
  native: NativeAnswers,
  watch: RunWatch,
): Promise<RunOutcome> {
  const evm = vm.evm as EVM;
  const frames: ReplayFrame[] = [];
  const open: number[] = [];
  const inner = evm.runCall.bind(evm);

  evm.runCall = async (opts: EVMRunCallOpts): Promise<EVMResult> => {
    const m = opts.message;
    const parent = open[open.length - 1];
    const index = frames.length;
    const entry = recorder.length;
    const to = m ? m.to : opts.to;
    const codeAddress = m ? (m._codeAddress ?? m.to) : opts.to;
    const kind: FrameKind = parent === undefined ? (to === undefined ? 'CREATE' : 'CALL') : (CALL_KINDS[recorder.op[entry - 1] as number] ?? 'CALL');
    // A CREATE's init code is a view into the caller's memory, which the EVM reuses once the call
    // ends: copied, or the frame's code reads as whatever is there later.
    const data = (m ? m.data : (opts.data ?? new Uint8Array(0))).slice();
    const code = to === undefined ? data : codeAddress ? await evm.stateManager.getCode(codeAddress) : new Uint8Array(0);
    const address = to?.toString() ?? '';
    const frame: ReplayFrame = {
      index,
      parent,
      depth: open.length,
      kind,
      caller: (m ? m.caller : opts.caller)?.toString() ?? '',
      address,
      codeAddress: codeAddress?.toString() ?? address,
      value: (m ? m.value : opts.value) ?? 0n,
      input: hex(data),
      gas: (m ? m.gasLimit : opts.gasLimit) ?? 0n,
      code,
      native: false,
      firstStep: entry,
      lastStep: entry,
    };
    frames.push(frame);
    const stub = m && parent !== undefined ? native.answer(frame, m.gasRefund) : undefined;
    if (stub) {
      frame.native = true;
      frame.code = new Uint8Array(0);
      frame.firstStep = frame.lastStep = Math.max(0, entry - 1);
      if ('divergence' in stub) throw new ReplayStop('native', { frame: index, message: stub.divergence });
      frame.outcome = outcomeOf(stub.result);
      return stub.result;
    }
    open.push(index);
    try {
      const result = await inner(opts);
      if (result.createdAddress) frame.address = frame.codeAddress = result.createdAddress.toString();
      frame.outcome = outcomeOf(result);
      return result;
    } finally {
      open.pop();
      if (recorder.length > entry) frame.lastStep = recorder.length - 1;
      else frame.firstStep = frame.lastStep = Math.max(0, entry - 1);
    }
  };

  evm.events.on('step', stepListener(recorder, open, watch));

  try {
    const result = await runTx(vm, { tx, block, skipBalance: true, skipNonce: true, skipHardForkValidation: true, skipBlockGasLimitValidation: true });
    return { frames, tx: { gasUsed: result.totalGasSpent, result } };
  } catch (e) {
    if (e instanceof ReplayStop) return { frames, stop: e };
    throw e;
  } finally {
    evm.runCall = inner;
    evm.events.removeAllListeners('step');
  }
}
