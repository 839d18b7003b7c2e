// Frames built in a test for the replay's model: the node's call tree (callTracer's frames) and the
// replay's own frames, each a plain call from A(1) to A(100 + index) unless the test says otherwise,
// and the divergence report over them with a receipt that agrees.
import type { CallTrace, TraceFrame } from '../../../src/evm/model/callTrace';
import type { ReplayFrame } from '../../../src/debugger/model/recording';
import { checkFidelity, type FidelityInput } from '../../../src/debugger/model/replayFidelity';
import { A } from './syntheticReplay';

/** A frame of the node's call tree. */
export function traceFrame(index: number, parent: number | undefined, extra: Partial<TraceFrame> = {}): TraceFrame {
  return {
    index,
    parent,
    depth: parent === undefined ? 0 : 1,
    type: 'CALL',
    from: A(1),
    to: A(100 + index),
    gas: 100_000n,
    gasUsed: 500n,
    input: '0x',
    logs: [],
    logsCut: 0,
    children: [],
    ...extra,
  };
}

/** The node's call tree of a call with no inner calls: its one frame. */
export const rootTrace = (extra: Partial<TraceFrame> = {}): CallTrace => ({ frames: [traceFrame(0, undefined, extra)], cut: 0 });

/** A frame of the replay, run from `firstStep` to `lastStep`, that returned. */
export function replayFrame(index: number, parent: number | undefined, firstStep: number, lastStep: number, extra: Partial<ReplayFrame> = {}): ReplayFrame {
  return {
    index,
    parent,
    depth: parent === undefined ? 0 : 1,
    kind: 'CALL',
    caller: A(1),
    address: A(100 + index),
    codeAddress: A(100 + index),
    value: 0n,
    input: '0x',
    gas: 100_000n,
    code: new Uint8Array(0),
    native: false,
    firstStep,
    lastStep,
    outcome: { status: 'returned', output: '0x', gasUsed: 500n },
    ...extra,
  };
}

/** The divergence report of `frames` against `trace`, the run and the receipt agreeing unless `more` says otherwise. */
export const fidelity = (frames: ReplayFrame[], trace: CallTrace, more: Partial<FidelityInput> = {}) =>
  checkFidelity({
    frames,
    trace,
    result: { status: 'success', output: '0x', gasUsed: 500n },
    receipt: { status: 1, gasUsed: 500n },
    intrinsicGas: 21_000n,
    steps: 100,
    ...more,
  });
