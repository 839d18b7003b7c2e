// The frames a watched run opens, over inputs built in the test (a few opcodes of bytecode, the
// node's answers written out), no node: the value and gas each frame was given, a failed frame's
// outcome, a call to an account without code, a creation that reverted, the memory bound, what
// the run does not check (the sender's funds and nonce, the block's gas limit), an error that is
// not a stop, a native call the trace lacks, and the EVM left as it was found: a later call is not watched.
import { strict as assert } from 'node:assert';
import { createVM, runTx } from '@ethereumjs/vm';
import type { CallTrace, TraceFrame } from '../../../src/evm/model/callTrace';
import { MAGIC_ADDRESS } from '../../../src/evm/model/iscMagic';
import { replayTransaction, type ReplayOptions } from '../../../src/debugger/model/replay';
import { blockOf, commonOf, forkOfBlock, stateOf, txOf } from '../../../src/debugger/model/replayChain';
import type { ReplayInputs, ReplayTx } from '../../../src/debugger/model/replayInputs';
import { nativeAnswers } from '../../../src/debugger/model/replayNative';
import { StepRecorder } from '../../../src/debugger/model/replayRecorder';
import { watchedRun } from '../../../src/debugger/model/replayRun';
import { rootTrace } from './traceFrames';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const SENDER = A(1);
const CONTRACT = A(0x100b1);
/** The step recorder's bytes before its first step: 1,024 steps of its typed arrays. */
const EMPTY_RECORDER = 1024 * 31;

const trace = (extra: Partial<TraceFrame> = {}): CallTrace => rootTrace({ from: SENDER, to: CONTRACT, gasUsed: 21_000n, ...extra });

/** A call of 100,000 gas from SENDER (no funds) to CONTRACT holding `code`, in a Cancun block. */
function inputs(code: number[], tx: Partial<ReplayTx> = {}, more: { senderNonce?: bigint; blockGasLimit?: bigint } = {}): ReplayInputs {
  const h = `0x${'0'.repeat(64)}`;
  return {
    chainId: 1074n,
    tx: {
      hash: h,
      from: SENDER,
      to: CONTRACT,
      input: new Uint8Array(0),
      value: 0n,
      nonce: 0n,
      gas: 100_000n,
      gasPrice: 0n,
      type: 0,
      accessList: [],
      blockNumber: 5n,
      ...tx,
    },
    block: {
      number: 5n,
      timestamp: 1_700_000_000n,
      coinbase: A(0),
      gasLimit: more.blockGasLimit ?? 30_000_000n,
      difficulty: 0n,
      baseFeePerGas: 0n,
      mixHash: h,
      withdrawalsRoot: h,
      parentBeaconBlockRoot: h,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
    },
    receipt: { status: 1, gasUsed: 21_000n },
    prestate: new Map([
      [SENDER, { balance: 0n, nonce: more.senderNonce ?? 0n, code: new Uint8Array(0), storage: new Map() }],
      [CONTRACT, { balance: 0n, nonce: 1n, code: Uint8Array.from(code), storage: new Map() }],
    ]),
    trace: trace(),
  };
}
const replay = (i: ReplayInputs, more: Partial<ReplayOptions> = {}) => replayTransaction(i, { maxSteps: 1_000, ...more });
const frameOf = async (i: ReplayInputs) => (await replay(i)).frames[0]!;

describe('the watched run: what each frame was given', () => {
  it('a frame holds the value sent and the gas it was given, which the sender’s funds do not limit', async () => {
    const f = await frameOf(inputs([0x00], { value: 5n }));
    assert.deepEqual([f.value, f.gas, f.caller, f.address, f.codeAddress], [5n, 79_000n, SENDER, CONTRACT, CONTRACT]);
  });

  it('a failed frame has no output and the EVM’s error', async () => {
    const f = await frameOf(inputs([0xfe]));
    assert.deepEqual(f.outcome, { status: 'failed', output: '0x', gasUsed: 100_000n, error: 'invalid opcode' });
  });

  it('a call to an account without code is one frame standing at step 0', async () => {
    const rec = await replay(inputs([]));
    assert.equal(rec.length, 0);
    assert.deepEqual([rec.frames.length, rec.frames[0]?.firstStep, rec.frames[0]?.lastStep], [1, 0, 0]);
  });

  it('a creation stopped before it ended has neither an address nor a code address yet', async () => {
    const init = Uint8Array.from([0x60, 0, 0x60, 0, 0xfd]);
    const f = (await replay(inputs([], { to: undefined, input: init }), { maxSteps: 2 })).frames[0]!;
    assert.deepEqual([f.kind, f.address, f.codeAddress, f.outcome], ['CREATE', '', '', undefined]);
  });
});

describe('the watched run: where it stops and what it does not check', () => {
  it('the memory bound stops the run only once the recording is above it', async () => {
    const code = [0x60, 1, 0x60, 2, 0x00];
    const at = await replay(inputs(code), { maxMemoryBytes: EMPTY_RECORDER });
    assert.deepEqual([at.length, at.truncated], [2, true]);
    const oneWord = await replay(inputs(code), { maxMemoryBytes: EMPTY_RECORDER + 48 });
    assert.deepEqual([oneWord.length, oneWord.truncated], [3, false]);
  });

  it('neither the sender’s nonce nor a block gas limit below the transaction’s gas stops the replay', async () => {
    assert.equal((await replay(inputs([0x00], {}, { senderNonce: 3n }))).result.status, 'success');
    assert.equal((await replay(inputs([0x00], {}, { blockGasLimit: 50_000n }))).result.status, 'success');
  });

  it('an error of the EVM that is not a stop is passed on', async () => {
    await assert.rejects(replay(inputs([0x00], { gas: 20_000n })));
  });
});

describe('the watched run itself', () => {
  const run = async (code: number[]) => {
    const i = inputs(code);
    const common = commonOf(i.chainId, forkOfBlock(i.block));
    const vm = await createVM({ common, stateManager: await stateOf(i.prestate) });
    const evm = vm.evm as unknown as { events: { listenerCount(e: string): number; on(e: string, f: () => void): void } };
    evm.events.on('afterMessage', () => undefined);
    const recorder = new StepRecorder();
    const outcome = await watchedRun(vm, txOf(i.tx, common), blockOf(i.block, common, 0n), recorder, nativeAnswers(i.trace, i.prestate), { maxSteps: 1_000 });
    const [frames, steps] = [outcome.frames.length, recorder.length];
    await runTx(vm, { tx: txOf({ ...i.tx, nonce: 1n }, common), block: blockOf(i.block, common, 0n), skipBalance: true, skipNonce: true });
    return {
      outcome,
      unwatched: [outcome.frames.length - frames, recorder.length - steps],
      stepListeners: evm.events.listenerCount('step'),
      others: evm.events.listenerCount('afterMessage'),
    };
  };

  it('leaves the EVM as it found it: a later call is neither framed nor recorded, no step listener is left, the caller’s other listeners are', async () => {
    const { outcome, unwatched, stepListeners, others } = await run([0x60, 1, 0x00]);
    assert.equal(outcome.stop, undefined);
    assert.deepEqual([unwatched, stepListeners, others], [[0, 0], 0, 1]);
  });

  it('a native call the trace lacks stops the run as native, naming the frame', async () => {
    // PUSH1 0 five times (return and argument regions, value), PUSH20 the magic contract, GAS, CALL, STOP.
    const code = [0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x73, ...Buffer.from(MAGIC_ADDRESS.slice(2), 'hex'), 0x5a, 0xf1, 0x00];
    const { outcome, unwatched, stepListeners } = await run(code);
    assert.equal(outcome.stop?.why, 'native');
    assert.equal(outcome.stop?.detail?.frame, 1);
    assert.deepEqual([unwatched, stepListeners], [[0, 0], 0]);
  });
});
