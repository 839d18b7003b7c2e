// Where each step command stops at the edges the common cases do not reach, over recordings built
// here (./syntheticReplay.ts): internal functions, lines met again, calls that return, the frame a
// session starts in, which revert fails the transaction, and a recording with no frames at all.
import { strict as assert } from 'node:assert';
import { LineIndex } from '../../../src/debugger/model/lineIndex';
import type { FrameOutcome } from '../../../src/debugger/model/recording';
import { Walker } from '../../../src/debugger/model/stepping';
import { preparedOf, recordingOf, type FrameSpec, type StepSpec, type SyntheticOptions, CALLS, callFrames, walkerOf } from './syntheticReplay';

const walk = async (frames: FrameSpec[], steps: StepSpec[], options: SyntheticOptions = {}) => walkerOf(await preparedOf(frames, steps, options));

const calls = (callee: Partial<FrameSpec> = {}, options: SyntheticOptions = {}) => walk(callFrames(callee), CALLS, options);

const reverted: FrameOutcome = { status: 'reverted', output: '0x', gasUsed: 50n };

describe('debugger/model/stepping: step over', () => {
  it('passes the rest of the line it is on, to where the next line starts', async () => {
    assert.deepEqual((await calls()).next({ step: 0 }), { at: { step: 2 }, reason: 'step' });
  });

  it('stops on the transaction’s first line when a loop comes back to it', async () => {
    const w = await walk(
      [{}],
      [
        { f: 0, line: 10 },
        { f: 0, line: 11 },
        { f: 0, line: 10 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.next({ step: 1 }), { at: { step: 2 }, reason: 'step' });
  });

  it('on a callee’s last line returns to the caller’s line', async () => {
    assert.deepEqual((await calls()).next({ step: 7 }), { at: { step: 8 }, reason: 'step' });
  });

  it('passes a native call on the line, to the next line', async () => {
    assert.deepEqual((await calls()).next({ step: 9 }), { at: { step: 12 }, reason: 'step' });
  });

  it('by instruction on the step that calls a native contract goes to the next instruction, not into it', async () => {
    assert.deepEqual((await calls()).next({ step: 10 }, 'instruction'), { at: { step: 11 }, reason: 'step' });
  });

  it('inside an internal function whose last line is the calling line stops where it returned', async () => {
    // Line 20 calls an internal function on line 20 itself (steps 1 to 2), which returns to it at step 3.
    const w = await walk(
      [{}],
      [
        { f: 0, line: 10, jump: 'i' },
        { f: 0, line: 20 },
        { f: 0, line: 20, jump: 'o' },
        { f: 0, line: 20 },
        { f: 0, line: 11 },
      ],
    );
    assert.deepEqual(w.next({ step: 1 }), { at: { step: 3 }, reason: 'step' });
  });
});

describe('debugger/model/stepping: step in', () => {
  it('on the line that calls a callee no build record maps stops on its first instruction', async () => {
    assert.deepEqual((await calls({ mapped: false })).stepIn({ step: 2 }), { at: { step: 4 }, reason: 'step' });
  });
});

/** Line 10 calls an internal function (lines 20 and 21) that calls C1 (frame 1) and a native contract (frame 2), then returns to line 10. */
const INTERNAL: StepSpec[] = [
  { f: 0, line: 10, jump: 'i' },
  { f: 0, line: 20 },
  { f: 1, line: 30 },
  { f: 1, line: 31 },
  { f: 0, line: 21, jump: 'o' },
  { f: 0, line: 10 },
  { f: 0, line: 11 },
];
const internal = () => walk([{}, { parent: 0 }, { parent: 0, nativeAt: 1 }], INTERNAL);

describe('debugger/model/stepping: step out of an internal function', () => {
  it('lands on the calling line in the same frame, passing the calls it makes on the way', async () => {
    const w = await internal();
    assert.deepEqual(w.stepOut({ step: 1 }), { at: { step: 5 }, reason: 'step' });
    assert.deepEqual(w.stepOut({ step: 4 }), { at: { step: 5 }, reason: 'step' });
  });
});

describe('debugger/model/stepping: step back', () => {
  it('from a line reached by a step over goes to where that step over started', async () => {
    assert.deepEqual((await calls()).stepBack({ step: 12 }), { at: { step: 9 }, reason: 'step' });
  });

  it('from the calling line after an internal function returned to it goes to the internal function’s line', async () => {
    const w = await walk(
      [{}],
      [
        { f: 0, line: 10, jump: 'i' },
        { f: 0, line: 20 },
        { f: 0, line: 20, jump: 'o' },
        { f: 0, line: 20 },
        { f: 0, line: 11 },
      ],
    );
    assert.deepEqual(w.stepBack({ step: 3 }), { at: { step: 1 }, reason: 'step' });
  });

  it('from the calling line after a callee returned goes to where the line before the call starts', async () => {
    const w = await walk(
      [{}, { parent: 0 }],
      [
        { f: 0, line: 10 },
        { f: 0, line: 10 },
        { f: 0, line: 11 },
        { f: 1, line: 20 },
        { f: 1, line: 21 },
        { f: 0, line: 11 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.stepBack({ step: 5 }), { at: { step: 0 }, reason: 'step' });
  });

  it('from the calling line after a callee returned passes the lines of an internal function called before it', async () => {
    const w = await walk(
      [{}, { parent: 0 }],
      [
        { f: 0, line: 10, jump: 'i' },
        { f: 0, line: 20 },
        { f: 0, line: 21, jump: 'o' },
        { f: 0, line: 11 },
        { f: 1, line: 30 },
        { f: 0, line: 11 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.stepBack({ step: 5 }), { at: { step: 0 }, reason: 'step' });
  });

  it('from the end of a transaction of one line goes back to its first step, as a step', async () => {
    const w = await walk(
      [{}],
      [
        { f: 0, line: 10 },
        { f: 0, line: 10 },
      ],
    );
    assert.deepEqual(w.stepBack({ step: 1 }), { at: { step: 0 }, reason: 'step' });
  });

  it('from inside a native contract called by an instruction of no line stops on that instruction', async () => {
    const w = await walk([{}, { parent: 0, nativeAt: 2 }], [{ f: 0, line: 10 }, { f: 0, line: 11 }, { f: 0 }, { f: 0, line: 12 }]);
    assert.deepEqual(w.stepBack({ step: 2, native: 1 }), { at: { step: 2 }, reason: 'step' });
  });

  it('from inside a native contract called on the transaction’s first line stops where that line starts', async () => {
    const w = await walk(
      [{}, { parent: 0, nativeAt: 1 }],
      [
        { f: 0, line: 10 },
        { f: 0, line: 10 },
        { f: 0, line: 11 },
      ],
    );
    assert.deepEqual(w.stepBack({ step: 1, native: 1 }), { at: { step: 0 }, reason: 'step' });
  });
});

describe('debugger/model/stepping: where a session starts', () => {
  it('in a callee whose first instruction maps to no line, at its first mapped line, even its last step', async () => {
    const w = await walk([{}, { parent: 0 }], [{ f: 0, line: 10 }, { f: 1 }, { f: 1, line: 20 }, { f: 0, line: 11 }]);
    assert.deepEqual(w.entry(1), { at: { step: 2 }, reason: 'entry' });
  });

  it('in a callee whose mapped line comes after a divergence, at its first step', async () => {
    const w = await walk([{}, { parent: 0 }], [{ f: 0, line: 10 }, { f: 1 }, { f: 1, line: 20 }, { f: 0, line: 11 }], {
      divergence: { frame: 1, step: 1, message: 'replay diverged at call 1' },
    });
    assert.deepEqual(w.entry(1), { at: { step: 1 }, reason: 'entry' });
  });

  it('in a callee no build record maps, at its first step', async () => {
    assert.deepEqual((await calls({ mapped: false })).entry(1), { at: { step: 4 }, reason: 'entry' });
  });
});

describe('debugger/model/stepping: which failures stop the session', () => {
  it('“every revert” passes calls that returned', async () => {
    const w = await calls();
    w.exceptions = { uncaught: false, all: true };
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 13 }, reason: 'end' });
  });

  it('a caught revert in a transaction that succeeds is no stop by default', async () => {
    const w = await walk(
      [{}, { parent: 0, outcome: reverted }],
      [
        { f: 0, line: 10 },
        { f: 0, line: 11 },
        { f: 1, line: 20 },
        { f: 1, line: 21 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 4 }, reason: 'end' });
  });

  it('a root that reverts on its own after a call that returned stops at its own last step', async () => {
    const w = await walk(
      [{ outcome: reverted }, { parent: 0 }],
      [
        { f: 0, line: 10 },
        { f: 1, line: 20 },
        { f: 1, line: 21 },
        { f: 0, line: 11 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 4 }, reason: 'exception' });
  });

  it('a failing callee that ends on the root’s last step is where the failure began', async () => {
    const w = await walk(
      [{ outcome: reverted }, { parent: 0, outcome: reverted, extra: { firstStep: 2, lastStep: 2 } }],
      [
        { f: 0, line: 10 },
        { f: 0, line: 11 },
        { f: 0, line: 12 },
      ],
    );
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 2 }, reason: 'exception' });
  });

  it('a failing callee recorded past the root’s last step is not where the failure began', async () => {
    const w = await walk(
      [{ outcome: reverted }, { parent: 0, outcome: reverted }],
      [
        { f: 0, line: 10 },
        { f: 0, line: 11 },
        { f: 1, line: 20 },
        { f: 1, line: 21 },
      ],
    );
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 1 }, reason: 'exception' });
  });
});

describe('debugger/model/stepping: a recording with no frames', () => {
  it('starts at step 0 and steps by instruction, over, out and back', () => {
    const rec = recordingOf([], [{ f: 0 }, { f: 0 }, { f: 0 }]);
    const w = new Walker(rec, new LineIndex(rec, () => undefined), () => false);
    assert.deepEqual(w.entry(), { at: { step: 0 }, reason: 'entry' });
    assert.deepEqual(w.next({ step: 0 }), { at: { step: 1 }, reason: 'step' });
    assert.deepEqual(w.stepOut({ step: 0 }), { at: { step: 2 }, reason: 'end' });
    assert.deepEqual(w.stepBack({ step: 2 }), { at: { step: 1 }, reason: 'step' });
  });
});
