// The step recorder fed step by step in the test, no EVM: the bytes it counts against the replay's
// memory bound, the stacks rebuilt from checkpoints, the memory each writing opcode left (a call's
// return data included), storage accesses and KECCAK256 preimages up to their budget.
import { strict as assert } from 'node:assert';
import { KECCAK_BUDGET, StepRecorder, type StepEvent } from '../../../src/debugger/model/replayRecorder';

/** The recorder's sizes: one step in its typed arrays, one stack word kept, one log entry besides its bytes. */
const STEP = 4 + 1 + 4 + 8 + 4 + 4 + 2 + 4;
const WORD = 48;
const ENTRY = 64;
const OP = { ADD: 0x01, KECCAK256: 0x20, SLOAD: 0x54, SSTORE: 0x55, MSTORE: 0x52, MSTORE8: 0x53, MCOPY: 0x5e, PUSH1: 0x60 };
const CALLS = { CALL: 0xf1, CALLCODE: 0xf2, DELEGATECALL: 0xf4, STATICCALL: 0xfa };

const ev = (op: number, stack: bigint[], memory: Uint8Array = new Uint8Array(0)): StepEvent => ({ pc: 0, op, gasLeft: 0n, stack, memory });
const bytes = (size: number, set: Record<number, number> = {}): Uint8Array => {
  const m = new Uint8Array(size);
  for (const [at, v] of Object.entries(set)) m[Number(at)] = v;
  return m;
};

/** Records the steps of frame 0 and answers what each added to retainedBytes. */
function growth(rec: StepRecorder, steps: StepEvent[]): number[] {
  return steps.map((e) => {
    const before = rec.retainedBytes;
    rec.step(0, e);
    return rec.retainedBytes - before;
  });
}

/** A KECCAK256 of memory[offset, offset + size) and the step after it, whose stack top is the hash. */
function hashed(rec: StepRecorder, offset: bigint, size: bigint, hash: bigint, memory: Uint8Array): void {
  rec.step(0, ev(OP.KECCAK256, [size, offset], memory));
  rec.step(0, ev(OP.PUSH1, [hash], memory));
}

describe('the step recorder: the bytes it counts against the memory bound', () => {
  it('counts each stack word a step pushed, and each word of a frame’s stack copy at the checkpoint', () => {
    const rec = new StepRecorder({ stackCheckpoint: 3, memorySnapshot: 256 });
    const stacks = [[1n], [1n, 2n], [1n, 2n, 3n], [1n, 5n], [1n, 5n], [9n], [9n, 8n, 7n, 6n]];
    assert.equal(rec.retainedBytes, 1024 * STEP);
    // Steps 2 and 5 are the frame's third and sixth: a copy of 3 words, then of 1.
    assert.deepEqual(
      growth(
        rec,
        stacks.map((s) => ev(OP.ADD, s.slice())),
      ),
      [WORD, WORD, WORD + 3 * WORD, WORD, 0, WORD + WORD, 3 * WORD],
    );
    assert.deepEqual(
      stacks.map((_, s) => rec.stackAt(s)),
      stacks,
    );
  });

  it('counts each memory write’s bytes and each snapshot of the frame’s memory, none for a write past its memory', () => {
    const rec = new StepRecorder({ stackCheckpoint: 1024, memorySnapshot: 2 });
    const after = [bytes(0), bytes(32, { 31: 7 }), bytes(64, { 31: 7, 63: 8 }), bytes(128, { 31: 7, 63: 8, 100: 0xaa })];
    const steps = [
      ev(OP.MSTORE, [7n, 0n], after[0]),
      ev(OP.MSTORE, [8n, 32n], after[1]),
      ev(OP.MSTORE8, [0xaan, 100n], after[2]),
      ev(OP.ADD, [], after[3]),
      // An MSTORE whose next step shows no more memory than before it: nothing to read back.
      ev(OP.MSTORE, [1n, 128n], after[3]),
      ev(OP.ADD, [], after[3]),
    ];
    assert.deepEqual(growth(rec, steps), [
      2 * WORD,
      32 + ENTRY + 2 * WORD,
      // The second write: its 32 bytes, then a snapshot of the 64 the frame holds.
      32 + ENTRY + (64 + ENTRY) + 2 * WORD,
      1 + ENTRY,
      2 * WORD,
      0,
    ]);
    assert.deepEqual(
      steps.map((_, s) => [...rec.memoryAt(s)]),
      [after[0], after[1], after[2], after[3], after[3], after[3]].map((m) => [...(m as Uint8Array)]),
    );
  });

  it('counts a storage write, a storage read and a preimage once each, a hash seen again not at all', () => {
    const rec = new StepRecorder();
    const memory = new Uint8Array(32).fill(0xab);
    assert.deepEqual(
      growth(rec, [
        ev(OP.SSTORE, [11n, 1n]),
        ev(OP.SLOAD, [1n]),
        ev(OP.ADD, [11n]),
        ev(OP.KECCAK256, [32n, 0n], memory),
        ev(OP.PUSH1, [0x1234n], memory),
        ev(OP.KECCAK256, [32n, 0n], memory),
        ev(OP.PUSH1, [0x1234n], memory),
      ]),
      [2 * WORD + (ENTRY + 2 * WORD), WORD, ENTRY + 2 * WORD + WORD, 2 * WORD, 32 + ENTRY + WORD, 2 * WORD, WORD],
    );
    assert.deepEqual(rec.storageAt(6), [
      { step: 0, slot: 1n, value: 11n, access: 'written' },
      { step: 1, slot: 1n, value: 11n, access: 'read' },
    ]);
    assert.deepEqual([...rec.keccakPreimages], [[0x1234n, memory]]);
  });

  it('grows its step arrays by doubling and, by default, copies a frame’s stack at its 1,024th step', () => {
    const rec = new StepRecorder();
    for (let s = 0; s < 1024; s++) rec.step(0, ev(OP.ADD, [1n]));
    assert.equal(rec.retainedBytes, 1024 * STEP + WORD + WORD);
    rec.step(0, ev(OP.ADD, [1n]));
    assert.equal(rec.retainedBytes, 2048 * STEP + WORD + WORD);
    assert.deepEqual(rec.stackAt(1024), [1n]);
  });
});

describe('the step recorder: KECCAK256 preimages', () => {
  it('keeps preimages until their bytes reach the budget exactly, then none, and none of an empty input', () => {
    const rec = new StepRecorder();
    const half = KECCAK_BUDGET / 2;
    const memory = new Uint8Array(half).fill(1);
    hashed(rec, 0n, BigInt(half), 1n, memory);
    hashed(rec, 0n, BigInt(half), 2n, memory);
    hashed(rec, 0n, 1n, 3n, memory);
    hashed(rec, 0n, 0n, 4n, memory);
    assert.deepEqual([...rec.keccakPreimages.keys()], [1n, 2n]);
  });

  it('keeps an empty input’s preimage out even with the budget untouched', () => {
    const rec = new StepRecorder();
    hashed(rec, 0n, 0n, 4n, new Uint8Array(32));
    assert.equal(rec.keccakPreimages.size, 0);
  });

  it('reads zeros for the bytes of a hash past the frame’s memory, and keeps nothing for an offset past 2^32', () => {
    const rec = new StepRecorder();
    hashed(rec, 0xffffffffn, 2n, 1n, new Uint8Array(32));
    hashed(rec, 0x100000000n, 2n, 2n, new Uint8Array(32));
    assert.deepEqual([...rec.keccakPreimages], [[1n, new Uint8Array(2)]]);
  });

  it('keeps a preimage for KECCAK256 only, not for another opcode with the same stack', () => {
    const rec = new StepRecorder();
    rec.step(0, ev(OP.ADD, [32n, 0n], new Uint8Array(32).fill(3)));
    rec.step(0, ev(OP.PUSH1, [5n], new Uint8Array(32).fill(3)));
    assert.equal(rec.keccakPreimages.size, 0);
  });
});

describe('the step recorder: the memory an opcode wrote, read back at the frame’s next step', () => {
  it('reads a call’s return data at its return offset and size, for each kind of call', () => {
    const rec = new StepRecorder();
    // Each call's stack bottom first: retSize, retOffset, argsSize, argsOffset, [value,] address, gas.
    const m0 = bytes(32);
    const m1 = bytes(32, { 8: 1, 9: 2, 10: 3, 11: 4 });
    const m2 = bytes(32, { 8: 1, 9: 2, 10: 3, 11: 4, 16: 5, 17: 6, 18: 7, 19: 8 });
    const m3 = bytes(32, { 8: 1, 9: 2, 10: 3, 11: 4, 16: 5, 17: 6, 18: 7, 19: 8, 24: 9, 25: 10, 26: 11, 27: 12 });
    const m4 = bytes(32, { 8: 1, 9: 2, 10: 3, 11: 4, 16: 5, 17: 6, 18: 7, 19: 8, 24: 9, 25: 10, 26: 11, 27: 12, 28: 13, 29: 14, 30: 15, 31: 16 });
    const callee = (frame: number) => rec.step(frame, ev(0x00, []));
    rec.step(0, ev(CALLS.CALL, [4n, 8n, 0n, 0n, 0n, 0xcn, 1000n], m0));
    callee(1);
    rec.step(0, ev(CALLS.CALLCODE, [4n, 16n, 0n, 0n, 0n, 0xcn, 1000n], m1));
    callee(2);
    rec.step(0, ev(CALLS.DELEGATECALL, [4n, 24n, 0n, 0n, 0xcn, 1000n], m2));
    callee(3);
    rec.step(0, ev(CALLS.STATICCALL, [4n, 28n, 0n, 0n, 0xcn, 1000n], m3));
    callee(4);
    rec.step(0, ev(0x00, [1n], m4));
    assert.deepEqual(
      [0, 2, 4, 6, 8].map((s) => [...rec.memoryAt(s)]),
      [m0, m1, m2, m3, m4].map((m) => [...m]),
    );
  });

  it('reads an MCOPY of 2^32 - 1 bytes as far as the memory goes, and none of 2^32 bytes', () => {
    const rec = new StepRecorder();
    const before = new Uint8Array(32);
    const copied = new Uint8Array(32).fill(9);
    // MCOPY's stack bottom first: size, source offset, destination offset.
    rec.step(0, ev(OP.MCOPY, [0xffffffffn, 0n, 0n], before));
    rec.step(0, ev(OP.MCOPY, [0x100000000n, 0n, 0n], copied));
    rec.step(0, ev(0x00, [], new Uint8Array(32).fill(7)));
    assert.deepEqual([...rec.memoryAt(1)], [...copied]);
    assert.deepEqual([...rec.memoryAt(2)], [...copied]);
  });

  it('keeps the memory of each step when the EVM hands a view of its live memory, snapshots included', () => {
    const rec = new StepRecorder({ stackCheckpoint: 1024, memorySnapshot: 1 });
    const live = new Uint8Array(32);
    rec.step(0, ev(OP.MSTORE8, [0x11n, 0n], live));
    live[0] = 0x11;
    rec.step(0, ev(OP.MSTORE8, [0x22n, 0n], live));
    live[0] = 0x22;
    rec.step(0, ev(0x00, [], live));
    live[0] = 0x33;
    assert.deepEqual(
      [0, 1, 2].map((s) => rec.memoryAt(s)[0]),
      [0, 0x11, 0x22],
    );
  });

  it('reads each stack from its own copy when every step is a checkpoint', () => {
    const rec = new StepRecorder({ stackCheckpoint: 1, memorySnapshot: 256 });
    const stacks = [[1n], [1n, 2n], [3n]];
    for (const s of stacks) rec.step(0, ev(OP.ADD, s.slice()));
    assert.deepEqual(
      stacks.map((_, s) => rec.stackAt(s)),
      stacks,
    );
  });
});
