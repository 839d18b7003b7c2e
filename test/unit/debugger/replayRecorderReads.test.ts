// What the step recorder answers for a step: the storage accesses its frame made before it (not at
// it, not after it), and nothing for a step past the last one recorded, no EVM.
import { strict as assert } from 'node:assert';
import { StepRecorder, type StepEvent } from '../../../src/debugger/model/replayRecorder';

const OP = { ADD: 0x01, SLOAD: 0x54, SSTORE: 0x55 };
const ev = (op: number, stack: bigint[]): StepEvent => ({ pc: 0, op, gasLeft: 0n, stack, memory: new Uint8Array(0) });

/** Frame 0 writes slot 1 at step 0, reads it at step 1 (the value seen at step 2), then adds at steps 2 and 3. */
function recorded(): StepRecorder {
  const rec = new StepRecorder();
  rec.step(0, ev(OP.SSTORE, [11n, 1n]));
  rec.step(0, ev(OP.SLOAD, [1n]));
  rec.step(0, ev(OP.ADD, [11n]));
  rec.step(0, ev(OP.ADD, [11n, 2n]));
  return rec;
}

describe('the step recorder: the storage a step sees', () => {
  it('a step sees the accesses its frame made before it, not the one it makes', () => {
    const rec = recorded();
    const written = { step: 0, slot: 1n, value: 11n, access: 'written' };
    const read = { step: 1, slot: 1n, value: 11n, access: 'read' };
    assert.deepEqual(rec.storageAt(0), []);
    assert.deepEqual(rec.storageAt(1), [written]);
    assert.deepEqual(rec.storageAt(2), [written, read]);
    assert.deepEqual(rec.storageAt(3), [written, read]);
  });

  it('a step past the last recorded, or before the first, sees none', () => {
    const rec = recorded();
    assert.equal(rec.length, 4);
    assert.deepEqual(rec.storageAt(4), []);
    assert.deepEqual(rec.storageAt(5), []);
    assert.deepEqual(rec.storageAt(-1), []);
  });
});
