// The divergence report's edges (src/debugger/model/replayFidelity.ts) over frames and call trees
// built here: what is not a difference (a failed CREATE's missing target, a failed frame's output,
// a receipt without a status), which frame a tie in ending order names, and the frames counted as
// not compared. The plain cases are in replayModel.test.ts.
import { strict as assert } from 'node:assert';
import type { ReplayFrame } from '../../../src/debugger/model/recording';
import { fidelity, replayFrame, traceFrame as node } from './traceFrames';

const ours = (index: number, lastStep: number, extra: Partial<ReplayFrame> = {}) => replayFrame(index, index === 0 ? undefined : 0, lastStep, lastStep, extra);

const failed = { status: 'failed' as const, output: '0x', gasUsed: 500n, error: 'out of gas' };

describe('debugger/model/replayFidelity: what is not a divergence', () => {
  it('takes a failed CREATE the node traced with no target as agreeing with the replay', () => {
    const frames = [ours(0, 9), ours(1, 5, { kind: 'CREATE', outcome: failed })];
    const trace = { frames: [node(0, undefined), node(1, 0, { type: 'CREATE', to: undefined, error: 'out of gas' })], cut: 0 };
    assert.deepStrictEqual(fidelity(frames, trace), { divergence: undefined, uncompared: 0 });
  });

  it('does not compare the output of a frame both sides saw fail', () => {
    const frames = [ours(0, 9), ours(1, 5, { outcome: { ...failed, output: '0xdead' } })];
    const trace = { frames: [node(0, undefined), node(1, 0, { error: 'invalid opcode', output: '0xbeef' })], cut: 0 };
    assert.deepStrictEqual(fidelity(frames, trace), { divergence: undefined, uncompared: 0 });
  });

  it('compares only the gas of a receipt that carries no status', () => {
    const frames = [ours(0, 9)];
    const trace = { frames: [node(0, undefined)], cut: 0 };
    assert.deepStrictEqual(fidelity(frames, trace, { receipt: { gasUsed: 500n } }), { divergence: undefined, uncompared: 0 });
    assert.deepStrictEqual(fidelity(frames, trace, { receipt: { gasUsed: 400n } }).divergence, {
      frame: undefined,
      step: 99,
      message: 'replay diverged: the node’s receipt used 400 gas, the replay 500',
    });
  });

  it('takes a receipt below the replay’s gas as a divergence even when a native frame ran', () => {
    const frames = [ours(0, 9), ours(1, 3, { native: true })];
    const trace = { frames: [node(0, undefined), node(1, 0)], cut: 0 };
    assert.deepStrictEqual(fidelity(frames, trace, { receipt: { status: 1, gasUsed: 450n } }).divergence, {
      frame: undefined,
      step: 99,
      message: 'replay diverged: the node’s receipt used 450 gas, the replay 500',
    });
  });

  it('counts no frame as not compared when the trace kept them all, even when the replay made more', () => {
    const got = fidelity([ours(0, 9), ours(1, 3), ours(2, 5)], { frames: [node(0, undefined), node(1, 0)], cut: 0 });
    assert.deepStrictEqual(got, {
      divergence: { frame: 2, step: 5, message: 'replay diverged at call 2: the replay made a call the node’s trace does not have' },
      uncompared: 0,
    });
  });
});

describe('debugger/model/replayFidelity: which difference comes first', () => {
  it('names the frame that ended first, however deep, before a deeper one that ended later', () => {
    const frames = [ours(0, 20), ours(1, 5), ours(2, 15), ours(3, 12, { parent: 2, depth: 2 })];
    const trace = {
      frames: [node(0, undefined), node(1, 0, { output: '0x01' }), node(2, 0), node(3, 2, { depth: 2, output: '0x03' })],
      cut: 0,
    };
    assert.deepStrictEqual(fidelity(frames, trace).divergence, {
      frame: 1,
      step: 5,
      message: 'replay diverged at call 1: the node’s trace returned 0x01, the replay 0x',
    });
  });

  it('names the deeper of two frames that ended at the same step (a replay cut short in a native call)', () => {
    const frames = [ours(0, 5, { outcome: { status: 'returned', output: '0x', gasUsed: 500n } }), ours(1, 5, { native: true })];
    const trace = { frames: [node(0, undefined, { output: '0x0a' }), node(1, 0, { output: '0x0b' })], cut: 0 };
    assert.deepStrictEqual(fidelity(frames, trace).divergence, {
      frame: 1,
      step: 5,
      message: 'replay diverged at call 1: the node’s trace returned 0x0b, the replay 0x',
    });
  });
});
