// replayTransaction over inputs built in the test (a few opcodes of bytecode, the node's answers
// written out), no node: the result of a revert and of a failure, a replay stopped at its step
// limit, the fork asked for, a native call the node's trace does not have, and a receipt that
// disagrees with the run.
import { strict as assert } from 'node:assert';
import type { CallTrace, TraceFrame } from '../../../src/evm/model/callTrace';
import { MAGIC_ADDRESS } from '../../../src/evm/model/iscMagic';
import { replayTransaction, type ReplayOptions } from '../../../src/debugger/model/replay';
import type { ReplayInputs } from '../../../src/debugger/model/replayInputs';
import { rootTrace } from './traceFrames';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const SENDER = A(1);
const CONTRACT = A(0x100b1);
const WORD_1 = `0x${'0'.repeat(63)}1`;
/** PUSH1 1, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0: one word of memory holding 1, then its offset and size on the stack. */
const WORD_ON_STACK = [0x60, 1, 0x60, 0, 0x52, 0x60, 32, 0x60, 0];
/** What WORD_ON_STACK costs beyond the intrinsic 21,000: four PUSH1 at 3, an MSTORE at 3 and one word of memory at 3. */
const WORD_GAS = 18n;

const root = (extra: Partial<TraceFrame>): CallTrace => rootTrace({ from: SENDER, to: CONTRACT, gasUsed: 21_000n, ...extra });

/** The node's answers for a call of 100,000 gas to CONTRACT holding `code`, in a Cancun block. */
function inputs(code: number[], receipt: ReplayInputs['receipt'], trace: CallTrace): ReplayInputs {
  const h = `0x${'0'.repeat(64)}`;
  return {
    chainId: 1074n,
    tx: {
      hash: `0x${'1'.repeat(64)}`,
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
    },
    block: {
      number: 5n,
      timestamp: 1_700_000_000n,
      coinbase: A(0),
      gasLimit: 30_000_000n,
      difficulty: 0n,
      baseFeePerGas: 0n,
      mixHash: h,
      withdrawalsRoot: h,
      parentBeaconBlockRoot: h,
      blobGasUsed: 0n,
      excessBlobGas: 0n,
    },
    receipt,
    prestate: new Map([
      [SENDER, { balance: 0n, nonce: 0n, code: new Uint8Array(0), storage: new Map() }],
      [CONTRACT, { balance: 0n, nonce: 1n, code: Uint8Array.from(code), storage: new Map() }],
    ]),
    trace,
  };
}
const replay = (i: ReplayInputs, more: Partial<ReplayOptions> = {}) => replayTransaction(i, { maxSteps: 1_000, ...more });

describe('replayTransaction over inputs built in the test: how the run ended', () => {
  it('gives a revert’s data and gas as a reverted result, agreeing with a node that says the same', async () => {
    const gasUsed = 21_000n + WORD_GAS;
    const rec = await replay(inputs([...WORD_ON_STACK, 0xfd], { status: 0, gasUsed }, root({ gasUsed, output: WORD_1, error: 'execution reverted' })));
    assert.equal(rec.divergence, undefined, rec.divergence?.message);
    assert.deepEqual(rec.result, { status: 'reverted', output: WORD_1, gasUsed });
  });

  it('gives a failure as failed with the EVM’s error, no output and all the gas', async () => {
    const rec = await replay(inputs([0xfe], { status: 0, gasUsed: 100_000n }, root({ gasUsed: 100_000n, error: 'invalid opcode' })));
    assert.deepEqual(rec.result, { status: 'failed', output: '0x', gasUsed: 100_000n, error: 'invalid opcode' });
  });

  it('gives a run stopped at its step limit as failed before the end, truncated, its step arrays cut to the steps it took', async () => {
    const gasUsed = 21_000n + WORD_GAS;
    const rec = await replay(inputs([...WORD_ON_STACK, 0xf3], { status: 1, gasUsed }, root({ gasUsed, output: WORD_1 })), { maxSteps: 3 });
    assert.deepEqual(rec.result, { status: 'failed', output: '0x', gasUsed: 0n, error: 'the replay stopped before the transaction ended' });
    assert.equal(rec.truncated, true);
    assert.deepEqual([rec.length, rec.pc.length, rec.op.length, rec.frame.length, rec.gasLeft.length], [3, 3, 3, 3, 3]);
  });

  it('names a receipt whose gas differs from the run’s', async () => {
    const gasUsed = 21_000n + WORD_GAS;
    const rec = await replay(inputs([...WORD_ON_STACK, 0xf3], { status: 1, gasUsed: gasUsed + 1n }, root({ gasUsed, output: WORD_1 })));
    assert.deepEqual(rec.result, { status: 'success', output: WORD_1, gasUsed });
    assert.notEqual(rec.divergence, undefined);
  });
});

describe('replayTransaction over inputs built in the test: the fork and a native call', () => {
  it('runs under the fork asked for over the one the header names, and the header’s when none is asked', async () => {
    const cancun = inputs([0x00], { status: 1, gasUsed: 21_000n }, root({}));
    // A Paris header (a base fee, no difficulty, a mix hash) that Shanghai's rules accept as well.
    const paris = {
      ...cancun,
      block: { number: 5n, timestamp: 1n, coinbase: A(0), gasLimit: 30_000_000n, difficulty: 0n, baseFeePerGas: 0n, mixHash: cancun.block.mixHash },
    };
    assert.deepEqual([(await replay(paris)).hardfork, (await replay(paris, { hardfork: 'shanghai' })).hardfork], ['paris', 'shanghai']);
  });

  it('ends at the step of a native call the node’s trace does not have, with a divergence naming it there', async () => {
    // PUSH1 0 four times (return and argument regions), PUSH1 0 (value), PUSH20 the magic contract, GAS, CALL, STOP.
    const code = [0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x73, ...Buffer.from(MAGIC_ADDRESS.slice(2), 'hex'), 0x5a, 0xf1, 0x00];
    const rec = await replay(inputs(code, { status: 1, gasUsed: 21_000n }, root({})));
    assert.equal(rec.length, 8);
    assert.equal(rec.divergence?.step, 7);
    assert.match(rec.divergence?.message ?? '', /the node’s trace has no such call/);
  });
});
