// The replay's pure parts without a node: the fork a header names, the pre-state read, which
// addresses are native, the divergence report, and the step recorder's rebuilt stacks and memory.
import { strict as assert } from 'node:assert';
import type { CallTrace, TraceFrame } from '../../../src/evm/model/callTrace';
import { MAGIC_ADDRESS } from '../../../src/evm/model/iscMagic';
import type { ReplayFrame } from '../../../src/debugger/model/recording';
import { commonOf, forkOfBlock, txOf } from '../../../src/debugger/model/replayChain';
import { parsePrestate, type PrestateAccount, type ReplayBlock } from '../../../src/debugger/model/replayInputs';
import { nativeAddresses, nativeAnswers } from '../../../src/debugger/model/replayNative';
import { replayTransaction } from '../../../src/debugger/model/replay';
import { MEMORY_SNAPSHOT, STACK_CHECKPOINT, StepRecorder } from '../../../src/debugger/model/replayRecorder';
import { fidelity, replayFrame as ours, traceFrame as node } from './traceFrames';
import { A } from './syntheticReplay';

describe('the fork a block header names, by the fields each fork added', () => {
  const base: ReplayBlock = { number: 1n, timestamp: 1n, coinbase: A(0), gasLimit: 30_000_000n, difficulty: 0n };
  const h = `0x${'0'.repeat(64)}`;
  it('reads Prague from requestsHash, Cancun from the beacon root or blob gas, Shanghai from withdrawals', () => {
    assert.equal(forkOfBlock({ ...base, requestsHash: h, parentBeaconBlockRoot: h }), 'prague');
    assert.equal(forkOfBlock({ ...base, parentBeaconBlockRoot: h, withdrawalsRoot: h }), 'cancun');
    assert.equal(forkOfBlock({ ...base, blobGasUsed: 0n }), 'cancun');
    assert.equal(forkOfBlock({ ...base, withdrawalsRoot: h, baseFeePerGas: 7n }), 'shanghai');
  });
  it('reads Paris from a base fee with no difficulty and a mix hash, London from a base fee alone, Berlin from neither', () => {
    assert.equal(forkOfBlock({ ...base, baseFeePerGas: 7n, mixHash: h }), 'paris');
    assert.equal(forkOfBlock({ ...base, baseFeePerGas: 7n, difficulty: 2n, mixHash: h }), 'london');
    assert.equal(forkOfBlock(base), 'berlin');
  });
});

describe('the transaction as the EVM runs it again', () => {
  it('keeps a type-1 transaction’s gas price and access list', () => {
    const key = `0x${'0'.repeat(63)}7`;
    const built = txOf(
      {
        hash: `0x${'1'.repeat(64)}`,
        from: A(1),
        to: A(2),
        input: new Uint8Array(0),
        value: 0n,
        nonce: 3n,
        gas: 50_000n,
        gasPrice: 9n,
        type: 1,
        accessList: [{ address: A(2), storageKeys: [key] }],
        blockNumber: 5n,
      },
      commonOf(1074n, 'cancun'),
    );
    assert.equal(built.type, 1);
    assert.equal((built as unknown as { gasPrice: bigint }).gasPrice, 9n);
    assert.deepEqual(
      (built as unknown as { accessList: Array<[Uint8Array, Uint8Array[]]> }).accessList.map(([a, keys]) => [
        Buffer.from(a).toString('hex'),
        keys.map((k) => Buffer.from(k).toString('hex')),
      ]),
      [[A(2).slice(2), [key.slice(2)]]],
    );
  });
});

describe('the pre-state as the prestateTracer answers it', () => {
  it('reads a nonce sent as a JSON number (Wasp 2, anvil) or as a quantity, and storage by slot', () => {
    const got = parsePrestate({
      [A(5)]: { balance: '0x10', nonce: 3, code: '0x6000', storage: { [`0x${'0'.repeat(63)}1`]: `0x${'0'.repeat(62)}ff` } },
      [A(6)]: { balance: '0x0', nonce: '0x2' },
    });
    assert.ok(got.ok);
    assert.equal(got.prestate.get(A(5))?.nonce, 3n);
    assert.equal(got.prestate.get(A(5))?.storage.get(1n), 255n);
    assert.deepEqual([...(got.prestate.get(A(5))?.code ?? [])], [0x60, 0]);
    assert.equal(got.prestate.get(A(6))?.nonce, 2n);
    assert.equal(got.prestate.get(A(6))?.code.length, 0);
  });
  it('names the field that is wrong', () => {
    assert.deepEqual(parsePrestate({ [A(5)]: { balance: '0x1', nonce: -1 } }), { ok: false, field: `${A(5)}.nonce` });
    assert.deepEqual(parsePrestate({ [A(5)]: { balance: 'x' } }), { ok: false, field: `${A(5)}.balance` });
    assert.deepEqual(parsePrestate([]), { ok: false, field: '' });
  });
});

describe('which calls are native: answered from the record, not run', () => {
  const account = (code: number[]): PrestateAccount => ({ balance: 0n, nonce: 0n, code: new Uint8Array(code), storage: new Map() });
  it('takes the magic contract always, and a code-less account only when its frame answered something', () => {
    const trace: CallTrace = {
      frames: [node(0, undefined), node(1, 0, { output: '0x01' }), node(2, 0), node(3, 0, { error: 'execution reverted' }), node(4, 0, { output: '0x02' })],
      cut: 0,
    };
    const prestate = new Map([[A(104), account([0x60])]]);
    assert.deepEqual([...nativeAddresses(trace, prestate)].sort(), [MAGIC_ADDRESS, A(101), A(103)].sort());
  });
  it('a native call the node’s trace does not have is a divergence, named by its call and address', () => {
    const answers = nativeAnswers({ frames: [node(0, undefined)], cut: 0 }, new Map());
    const frame = ours(3, 0, 4, 4, { codeAddress: MAGIC_ADDRESS });
    assert.deepEqual(answers.answer(frame, 0n), {
      divergence: `replay diverged at call 3: the replay calls the native contract ${MAGIC_ADDRESS}, the node’s trace has no such call`,
    });
  });
  it('leaves out an account the transaction created and the precompiles', () => {
    const trace: CallTrace = {
      frames: [
        node(0, undefined),
        node(1, 0, { type: 'CREATE', output: '0x6000' }),
        node(2, 0, { to: A(101), output: '0x01' }),
        node(3, 0, { to: A(4), output: '0x01' }),
      ],
      cut: 0,
    };
    assert.deepEqual([...nativeAddresses(trace, new Map())], [MAGIC_ADDRESS]);
  });
});

describe('the divergence report: the first difference, in the order frames ended', () => {
  it('says nothing when every frame and the receipt agree', () => {
    assert.deepEqual(fidelity([ours(0, undefined, 0, 9), ours(1, 0, 2, 5)], { frames: [node(0, undefined), node(1, 0)], cut: 0 }), {
      divergence: undefined,
      uncompared: 0,
    });
  });
  it('names the inner call that ended first, with its last step, before the root that passed its result on', () => {
    const frames = [ours(0, undefined, 0, 9, { outcome: { status: 'returned', output: '0x', gasUsed: 500n } }), ours(1, 0, 2, 5)];
    const trace = { frames: [node(0, undefined, { error: 'execution reverted' }), node(1, 0, { error: 'execution reverted' })], cut: 0 };
    const got = fidelity(frames, trace);
    assert.deepEqual(got.divergence, { frame: 1, step: 5, message: 'replay diverged at call 1: the node’s trace reverted, the replay returned' });
  });
  it('names a call the node made and the replay did not', () => {
    const got = fidelity([ours(0, undefined, 0, 9)], { frames: [node(0, undefined), node(1, 0)], cut: 0 });
    assert.equal(got.divergence?.message, 'replay diverged at call 1: the node’s trace made a call the replay did not make');
  });
  it('names a call the replay made and the node did not, at its first step', () => {
    const got = fidelity([ours(0, undefined, 0, 9), ours(1, 0, 2, 3), ours(2, 0, 4, 5)], { frames: [node(0, undefined), node(1, 0)], cut: 0 });
    assert.deepEqual(got.divergence, { frame: 2, step: 4, message: 'replay diverged at call 2: the replay made a call the node’s trace does not have' });
  });
});

describe('the divergence report: the words for each difference', () => {
  it('names a call to another address, another ending, another output, other gas, in words', () => {
    const trace = (extra: Partial<TraceFrame>) => ({ frames: [node(0, undefined), node(1, 0, extra)], cut: 0 });
    const frames = (outcome: ReplayFrame['outcome']) => [ours(0, undefined, 0, 9), ours(1, 0, 2, 5, { outcome })];
    const returned = { status: 'returned' as const, output: '0x02', gasUsed: 500n };
    const message = (t: CallTrace, f: ReplayFrame[]) => fidelity(f, t).divergence?.message;
    assert.equal(
      message(trace({ to: A(999), output: '0x02' }), frames(returned)),
      `replay diverged at call 1: the node’s trace called ${A(999)}, the replay ${A(101)}`,
    );
    assert.equal(message(trace({ error: 'out of gas' }), frames(returned)), 'replay diverged at call 1: the node’s trace failed, the replay returned');
    assert.equal(
      message(trace({ output: '0x02' }), frames({ ...returned, status: 'failed', error: 'out of gas' })),
      'replay diverged at call 1: the node’s trace returned, the replay failed',
    );
    assert.equal(message(trace({ output: '0x01' }), frames(returned)), 'replay diverged at call 1: the node’s trace returned 0x01, the replay 0x02');
    assert.equal(
      message(trace({ output: '0x02', gasUsed: 700n }), frames({ ...returned, gasUsed: 400n })),
      'replay diverged at call 1: the node’s trace used 700 gas, the replay 400',
    );
  });
  it('names the transaction’s own gas against the root’s, and a receipt whose status differs', () => {
    const result = { status: 'success' as const, output: '0x', gasUsed: 21_500n };
    assert.equal(
      fidelity([ours(0, undefined, 0, 9)], { frames: [node(0, undefined, { gasUsed: 999n })], cut: 0 }, { result }).divergence?.message,
      'replay diverged at call 0: the node’s trace used 999 gas, the replay 21500',
    );
    const root = { frames: [node(0, undefined)], cut: 0 };
    assert.equal(
      fidelity([ours(0, undefined, 0, 9)], root, { receipt: { status: 0, gasUsed: 500n } }).divergence?.message,
      'replay diverged: the node’s receipt says failed, the replay returned',
    );
    const reverted = { status: 'reverted' as const, output: '0x', gasUsed: 500n };
    assert.deepEqual(
      fidelity(
        [ours(0, undefined, 0, 9, { outcome: reverted })],
        { frames: [node(0, undefined, { error: 'execution reverted' })], cut: 0 },
        { result: reverted },
      ).divergence,
      {
        frame: undefined,
        step: 99,
        message: 'replay diverged: the node’s receipt says succeeded, the replay reverted',
      },
    );
  });
  it('counts frames past the trace’s cap as not compared, not as a divergence', () => {
    const got = fidelity([ours(0, undefined, 0, 9), ours(1, 0, 2, 3), ours(2, 0, 4, 5)], { frames: [node(0, undefined), node(1, 0)], cut: 1 });
    assert.deepEqual(got, { divergence: undefined, uncompared: 1 });
  });
  it('accepts a Wasp receipt above the replay’s gas only when a native frame ran (its ISC gas)', () => {
    const trace = { frames: [node(0, undefined, { gasUsed: 500n }), node(1, 0, { gasUsed: 0n, output: '0x01' })], cut: 0 };
    const native = ours(1, 0, 3, 3, { native: true, outcome: { status: 'returned', output: '0x01', gasUsed: 0n } });
    assert.equal(fidelity([ours(0, undefined, 0, 9), native], trace, { receipt: { status: 1, gasUsed: 900n } }).divergence, undefined);
    const plain = ours(1, 0, 3, 3, { outcome: { status: 'returned', output: '0x01', gasUsed: 0n } });
    assert.equal(
      fidelity([ours(0, undefined, 0, 9), plain], trace, { receipt: { status: 1, gasUsed: 900n } }).divergence?.message,
      'replay diverged: the node’s receipt used 900 gas, the replay 500',
    );
  });
  it('accepts a root that counts without the intrinsic gas (a Wasp 1 trace)', () => {
    const trace = { frames: [node(0, undefined, { gasUsed: 400n })], cut: 0 };
    const result = { status: 'success' as const, output: '0x', gasUsed: 21_400n };
    assert.equal(fidelity([ours(0, undefined, 0, 9)], trace, { result, receipt: { status: 1, gasUsed: 21_400n } }).divergence, undefined);
  });
});

describe('the step recorder: stacks and memory rebuilt from deltas, checkpoints and snapshots', () => {
  it('copies a frame’s stack every 1,024 steps and its memory every 256 writes', () => {
    assert.equal(STACK_CHECKPOINT, 1024);
    assert.equal(MEMORY_SNAPSHOT, 256);
  });
  it('reads back the byte an MSTORE8 wrote and the bytes an EXTCODECOPY copied, at the frame’s next step', () => {
    const rec = new StepRecorder();
    const memory = (set: Array<[number, number]>) => {
      const m = new Uint8Array(32);
      for (const [at, v] of set) m[at] = v;
      return m;
    };
    // MSTORE8 at offset 3 (stack: value, offset on top); EXTCODECOPY of 4 bytes to offset 8 (address on top, then destOffset, offset, size).
    rec.step(0, { pc: 0, op: 0x53, gasLeft: 100n, stack: [0xaan, 3n], memory: memory([]) });
    rec.step(0, { pc: 1, op: 0x3c, gasLeft: 90n, stack: [4n, 0n, 8n, 0xabcn], memory: memory([[3, 0xaa]]) });
    rec.step(0, {
      pc: 2,
      op: 0x00,
      gasLeft: 80n,
      stack: [],
      memory: memory([
        [3, 0xaa],
        [8, 1],
        [9, 2],
        [10, 3],
        [11, 4],
        [12, 5],
      ]),
    });
    assert.deepEqual([...rec.memoryAt(1)], [...memory([[3, 0xaa]])]);
    assert.deepEqual(
      [...rec.memoryAt(2)],
      [
        ...memory([
          [3, 0xaa],
          [8, 1],
          [9, 2],
          [10, 3],
          [11, 4],
        ]),
      ],
    );
  });
  it('answers an empty stack and no storage for a step it did not record', () => {
    const rec = new StepRecorder();
    rec.step(0, { pc: 0, op: 0x00, gasLeft: 100n, stack: [1n], memory: new Uint8Array(0) });
    assert.deepEqual(rec.stackAt(-1), []);
    assert.deepEqual(rec.stackAt(1), []);
    assert.deepEqual(rec.storageAt(-1), []);
    assert.deepEqual(rec.storageAt(1), []);
    assert.deepEqual(rec.storageAt(0), []);
  });
});

describe('the step recorder: over thousands of steps', () => {
  it('rebuilds every step’s stack and memory across two interleaved frames of thousands of steps', () => {
    const rec = new StepRecorder();
    const truth: Array<{ stack: bigint[]; memory: Uint8Array }> = [];
    const frames = [
      { stack: [] as bigint[], memory: new Uint8Array(0) },
      { stack: [] as bigint[], memory: new Uint8Array(0) },
    ];
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let s = 0; s < 3 * STACK_CHECKPOINT + 17; s++) {
      const f = s % 500 < 250 ? 0 : 1;
      const state = frames[f] as { stack: bigint[]; memory: Uint8Array };
      // The step before changed this frame's stack and memory as an opcode would: pops, pushes, a word stored.
      const pops = Math.min(state.stack.length, rand(3));
      state.stack = state.stack.slice(0, state.stack.length - pops).concat(Array.from({ length: rand(3) }, () => BigInt(rand(1000))));
      const op = rand(4) === 0 ? 0x52 : 0x01;
      const offset = rand(4) * 32;
      if (op === 0x52 && state.stack.length < 2) state.stack.push(BigInt(rand(9)), BigInt(offset));
      else if (op === 0x52) state.stack[state.stack.length - 1] = BigInt(offset);
      rec.step(f, { pc: s, op, gasLeft: 1_000_000n - BigInt(s), stack: state.stack.slice(), memory: state.memory.slice() });
      truth.push({ stack: state.stack.slice(), memory: state.memory.slice() });
      if (op === 0x52) {
        const grown = new Uint8Array(Math.max(state.memory.length, offset + 32));
        grown.set(state.memory);
        grown.fill(rand(255) + 1, offset, offset + 32);
        state.memory = grown;
      }
    }
    assert.ok(truth.filter((t, i) => i > 0 && t.memory.length > 0).length > MEMORY_SNAPSHOT, 'enough writes for a snapshot');
    truth.forEach((t, s) => {
      assert.deepEqual(rec.stackAt(s), t.stack, `stack at ${s}`);
      assert.deepEqual(rec.memoryAt(s), t.memory, `memory at ${s}`);
    });
  });
});

describe('a transaction the node ran below the block’s base fee', () => {
  it('replays a zero-price transaction in a block with a base fee (a Wasp chain’s EVM runs at gas price 0)', async () => {
    const contract = A(0x100b1);
    const word = `0x${'0'.repeat(63)}1`;
    const rec = await replayTransaction(
      {
        chainId: 1074n,
        tx: {
          hash: `0x${'1'.repeat(64)}`,
          from: A(1),
          to: contract,
          input: new Uint8Array(0),
          value: 0n,
          nonce: 0n,
          gas: 100_000n,
          gasPrice: 0n,
          type: 0,
          accessList: [],
          blockNumber: 5n,
        },
        block: {
          number: 5n,
          timestamp: 1_700_000_000n,
          coinbase: A(0),
          gasLimit: 30_000_000n,
          difficulty: 0n,
          baseFeePerGas: 7_000_000_000n,
          mixHash: `0x${'0'.repeat(64)}`,
        },
        receipt: { status: 1, gasUsed: 21_018n },
        // PUSH1 1, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN
        prestate: new Map([
          [A(1), { balance: 0n, nonce: 0n, code: new Uint8Array(0), storage: new Map() }],
          [contract, { balance: 0n, nonce: 1n, code: Uint8Array.from([0x60, 1, 0x60, 0, 0x52, 0x60, 32, 0x60, 0, 0xf3]), storage: new Map() }],
        ]),
        trace: { frames: [node(0, undefined, { to: contract, gasUsed: 21_018n, output: word })], cut: 0 },
      },
      { maxSteps: 1_000 },
    );
    assert.equal(rec.divergence, undefined, rec.divergence?.message);
    assert.deepEqual(rec.result, { status: 'success', output: word, gasUsed: 21_018n });
  });
});
