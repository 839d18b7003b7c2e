// Where each step command stops at a frame's edge, over recordings built here (./syntheticReplay.ts):
// into and out of a native callee, back across a call, by instruction, to the previous breakpoint,
// on a caught or an uncaught revert, at a divergence. session.test.ts walks real replays over anvil.
import { strict as assert } from 'node:assert';
import type { FrameOutcome } from '../../../src/debugger/model/recording';
import { preparedOf, SOURCE, type FrameSpec, type StepSpec, type SyntheticOptions, CALLS, callFrames, walkerOf } from './syntheticReplay';

const calls = (callee: Partial<FrameSpec> = {}, options: SyntheticOptions = {}) => preparedOf(callFrames(callee), CALLS, options);

describe('debugger/model/stepping: a native callee, answered from the record', () => {
  it('step in on the line that calls it stops inside the native frame; over, in and out of it stop on the caller’s next mapped line', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepIn({ step: 9 }), { at: { step: 10, native: 2 }, reason: 'step' });
    const inside = { step: 10, native: 2 };
    assert.equal(w.frameAt(inside), 2);
    assert.deepEqual(w.next(inside), { at: { step: 12 }, reason: 'step' });
    assert.deepEqual(w.stepIn(inside), { at: { step: 12 }, reason: 'step' });
    assert.deepEqual(w.stepOut(inside), { at: { step: 12 }, reason: 'step' });
  });

  it('step in by instruction stops on the calling instruction first, then inside the native frame', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepIn({ step: 9 }, 'instruction'), { at: { step: 10 }, reason: 'step' });
    assert.deepEqual(w.stepIn({ step: 10 }, 'instruction'), { at: { step: 10, native: 2 }, reason: 'step' });
  });

  it('step back from inside it returns to the start of the calling line', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepBack({ step: 10, native: 2 }), { at: { step: 9 }, reason: 'step' });
  });

  it('a session that starts in it (“Debug from here”) stands inside it at its call', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.entry(2), { at: { step: 10, native: 2 }, reason: 'entry' });
    assert.deepEqual(w.entry(7), { at: { step: 0 }, reason: 'entry' });
  });
});

describe('debugger/model/stepping: natives and calls passed over', () => {
  it('step over from inside a native callee passes the next native call and a call to another contract, to the caller’s next line', async () => {
    // Natives 1 and 2 are called at steps 1 and 2; C3 (frame 3) runs steps 4 and 5; steps 2 and 3 map to no line.
    const w = walkerOf(
      await preparedOf(
        [{}, { parent: 0, nativeAt: 1 }, { parent: 0, nativeAt: 2 }, { parent: 0 }],
        [{ f: 0, line: 10 }, { f: 0, line: 11 }, { f: 0 }, { f: 0 }, { f: 3, line: 30 }, { f: 3, line: 31 }, { f: 0, line: 12 }],
      ),
    );
    assert.deepEqual(w.next({ step: 1, native: 1 }), { at: { step: 6 }, reason: 'step' });
  });

  it('step out of a callee passes a native call it makes on the way', async () => {
    const w = walkerOf(
      await preparedOf(
        [{}, { parent: 0 }, { parent: 1, nativeAt: 2 }],
        [
          { f: 0, line: 10 },
          { f: 1, line: 20 },
          { f: 1, line: 21 },
          { f: 1, line: 22 },
          { f: 0, line: 11 },
        ],
      ),
    );
    assert.deepEqual(w.stepOut({ step: 1 }), { at: { step: 4 }, reason: 'step' });
  });
});

describe('debugger/model/stepping: across a call between two contracts', () => {
  it('step out of a callee at its top level lands on the caller’s line it returned to', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepOut({ step: 6 }), { at: { step: 8 }, reason: 'step' });
  });

  it('step out of a callee no build record maps lands on the caller’s line too', async () => {
    const w = walkerOf(await calls({ mapped: false }));
    assert.deepEqual(w.stepOut({ step: 5 }), { at: { step: 8 }, reason: 'step' });
  });

  it('step in on a callee’s last line comes back to the caller’s calling line, before its next line', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepIn({ step: 7 }), { at: { step: 8 }, reason: 'step' });
  });

  it('step in on a line whose run goes on stops where the next line starts', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepIn({ step: 4 }), { at: { step: 6 }, reason: 'step' });
  });

  it('step in and step out from a callee come back to the calling line when it is the transaction’s first, past a step mapped to no line', async () => {
    // The root calls on its first line (line 10), runs an instruction mapped to no line, is on line 10 again, then runs line 11.
    const w = walkerOf(
      await preparedOf([{}, { parent: 0 }], [{ f: 0, line: 10 }, { f: 1, line: 20 }, { f: 1, line: 21 }, { f: 0 }, { f: 0, line: 10 }, { f: 0, line: 11 }]),
    );
    assert.deepEqual(w.stepIn({ step: 2 }), { at: { step: 4 }, reason: 'step' });
    assert.deepEqual(w.stepOut({ step: 1 }), { at: { step: 4 }, reason: 'step' });
  });

  it('step back from a callee’s first line (reached by stepping in) stops on the caller’s calling line', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepBack({ step: 4 }), { at: { step: 2 }, reason: 'step' });
  });

  it('step back from the first line of a callee called right after another one stops on the calling line, not in the other callee', async () => {
    // The root calls C1 on line 11, then (step 4, no line) C2, which runs lines 30 and 31.
    const w = walkerOf(
      await preparedOf(
        [{}, { parent: 0 }, { parent: 0 }],
        [{ f: 0, line: 10 }, { f: 0, line: 11 }, { f: 1, line: 20 }, { f: 1, line: 21 }, { f: 0 }, { f: 2, line: 30 }, { f: 2, line: 31 }, { f: 0, line: 12 }],
      ),
    );
    assert.deepEqual(w.stepBack({ step: 5 }), { at: { step: 1 }, reason: 'step' });
  });

  it('step back from the transaction’s first line stays at its entry', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepBack({ step: 0 }), { at: { step: 0 }, reason: 'entry' });
  });

  it('step back by instruction goes one step back, and at the first step is the entry', async () => {
    const w = walkerOf(await calls());
    assert.deepEqual(w.stepBack({ step: 5 }, 'instruction'), { at: { step: 4 }, reason: 'step' });
    assert.deepEqual(w.stepBack({ step: 0 }, 'instruction'), { at: { step: 0 }, reason: 'entry' });
  });

  it('step back in code no build record maps goes one instruction back', async () => {
    const w = walkerOf(await calls({ mapped: false }));
    assert.deepEqual(w.stepBack({ step: 6 }), { at: { step: 5 }, reason: 'step' });
  });
});

describe('debugger/model/stepping: breakpoints, forward and in reverse', () => {
  it('continue stops at a breakpoint with no condition; reverse continue stops at the previous one, then at the entry, or at a breakpoint on it', async () => {
    const p = await calls();
    const w = walkerOf(p);
    w.breakpoints = new Set([p.lines.keyOf(SOURCE, 12), p.lines.keyOf(SOURCE, 13)]);
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 9 }, reason: 'breakpoint' });
    assert.deepEqual(w.reverseContinue({ step: 13 }), { at: { step: 9 }, reason: 'breakpoint' });
    assert.deepEqual(w.reverseContinue({ step: 9 }), { at: { step: 0 }, reason: 'entry' });
    w.breakpoints.add(p.lines.keyOf(SOURCE, 10));
    assert.deepEqual(w.reverseContinue({ step: 9 }), { at: { step: 0 }, reason: 'breakpoint' });
  });
});

/** The root calls frame 1, which reverts and is caught, then frame 2, whose revert the root passes on. */
const REVERTS: StepSpec[] = [
  { f: 0, line: 10 },
  { f: 0, line: 11 },
  { f: 1, line: 20 },
  { f: 1, line: 21 },
  { f: 0, line: 12 },
  { f: 2, line: 30 },
  { f: 2, line: 31 },
  { f: 0, line: 13 },
];
const reverted: FrameOutcome = { status: 'reverted', output: '0x', gasUsed: 50n };
const reverts = () => preparedOf([{ outcome: reverted }, { parent: 0, outcome: reverted }, { parent: 0, outcome: reverted }], REVERTS);

describe('debugger/model/stepping: reverts and the revert that fails the transaction', () => {
  it('by default stops only where the failure the transaction ends with began: the last call that reverted, not the caught one', async () => {
    const w = walkerOf(await reverts());
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 6 }, reason: 'exception' });
  });

  it('“every revert” stops at the caught revert first, then the uncaught one, then the root’s', async () => {
    const w = walkerOf(await reverts());
    w.exceptions = { uncaught: false, all: true };
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 3 }, reason: 'exception' });
    assert.deepEqual(w.continue({ step: 3 }), { at: { step: 6 }, reason: 'exception' });
    assert.deepEqual(w.continue({ step: 6 }), { at: { step: 7 }, reason: 'exception' });
  });

  it('with no exception filter, continue runs to the end; by default the root passing the revert on is no stop of its own', async () => {
    assert.deepEqual(walkerOf(await reverts()).continue({ step: 6 }), { at: { step: 7 }, reason: 'end' });
    const w = walkerOf(await reverts());
    w.exceptions = { uncaught: false, all: false };
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 7 }, reason: 'end' });
  });
});

describe('debugger/model/stepping: a replay that diverged from the node', () => {
  it('ends at the last step it can be trusted up to, stopping there as on a failure', async () => {
    const w = walkerOf(await calls({}, { divergence: { frame: 1, step: 5, message: 'replay diverged at call 1' } }));
    assert.equal(w.last, 5);
    assert.deepEqual(w.continue({ step: 0 }), { at: { step: 5 }, reason: 'exception' });
  });

  it('a divergence named past the last step ends the session at the last step, a divergence before the first at the first', async () => {
    const late = walkerOf(await calls({}, { divergence: { frame: undefined, step: 99, message: 'replay diverged' } }));
    assert.equal(late.last, 13);
    assert.deepEqual(late.continue({ step: 0 }), { at: { step: 13 }, reason: 'exception' });
    const early = walkerOf(await calls({}, { divergence: { frame: undefined, step: -1, message: 'replay diverged' } }));
    assert.equal(early.last, 0);
  });

  it('a divergence on the step where a call reverted stops there even with no exception filter, and only there', async () => {
    const diverged = walkerOf(
      await preparedOf([{ outcome: reverted }, { parent: 0, outcome: reverted }, { parent: 0, outcome: reverted }], REVERTS, {
        divergence: { frame: 2, step: 6, message: 'replay diverged at call 2' },
      }),
    );
    diverged.exceptions = { uncaught: false, all: false };
    assert.deepEqual(diverged.continue({ step: 0 }), { at: { step: 6 }, reason: 'exception' });
  });
});
