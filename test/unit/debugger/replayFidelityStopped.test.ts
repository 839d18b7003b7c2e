// The divergence report of a run that stopped before the transaction ended (no result): the
// calls it did not reach are not a divergence, and the root's gas is not compared without the
// run's own, over frames built in the test (./traceFrames.ts).
import { strict as assert } from 'node:assert';
import { fidelity, replayFrame, traceFrame } from './traceFrames';

describe('debugger/model/replayFidelity: a run stopped before the end', () => {
  it('a call the stopped run did not reach is not a divergence', () => {
    const trace = { frames: [traceFrame(0, undefined), traceFrame(1, 0)], cut: 0 };
    const stopped = replayFrame(0, undefined, 0, 40, { outcome: undefined });
    assert.deepEqual(fidelity([stopped], trace, { result: undefined }), { divergence: undefined, uncompared: 0 });
  });

  it('a root that ended is compared without the run’s gas: its own gas is not held against it', () => {
    const trace = { frames: [traceFrame(0, undefined, { gasUsed: 999n })], cut: 0 };
    const root = replayFrame(0, undefined, 0, 9);
    assert.deepEqual(fidelity([root], trace, { result: undefined }), { divergence: undefined, uncompared: 0 });
    assert.equal(fidelity([root], trace).divergence?.message, 'replay diverged at call 0: the node’s trace used 999 gas, the replay 500');
  });
});
