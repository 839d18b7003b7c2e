// What the editor says where the session stopped, over recordings built here (./syntheticReplay.ts):
// a revert decoded by the callee's ABI, without data, with data no ABI names, a failure, a divergence,
// and the end of a transaction that reverted, failed or was cut short.
import { strict as assert } from 'node:assert';
import type { FrameOutcome, ReplayResult } from '../../../src/debugger/model/recording';
import { exceptionText, stopDescription } from '../../../src/debugger/model/stopText';
import { preparedOf, selector, word, type SyntheticOptions } from './syntheticReplay';

const OVERDRAWN_ABI = [
  {
    type: 'error',
    name: 'Overdrawn',
    inputs: [
      { name: 'available', type: 'uint256' },
      { name: 'required', type: 'uint256' },
    ],
  },
];
const OVERDRAWN = `0x${selector('Overdrawn(uint256,uint256)')}${word(1000n)}${word(5000n)}`;

/** The root calls frame 1, which ends at step 2 as `callee` says; the root ends at step 3. */
const ended = (callee: FrameOutcome, options: SyntheticOptions = {}) =>
  preparedOf(
    [
      { abi: OVERDRAWN_ABI, outcome: { status: 'reverted', output: '0x', gasUsed: 9n } },
      { parent: 0, abi: OVERDRAWN_ABI, outcome: callee },
    ],
    [
      { f: 0, line: 10 },
      { f: 1, line: 20 },
      { f: 1, line: 21 },
      { f: 0, line: 11 },
    ],
    options,
  );
const at = (step: number) => ({ at: { step }, reason: 'exception' as const });
const end = { at: { step: 3 }, reason: 'end' as const };

describe('debugger/model/stopText: the exception a stop on a failure shows', () => {
  it('a custom error of the callee’s ABI names the exception, with its arguments', async () => {
    const p = await ended({ status: 'reverted', output: OVERDRAWN, gasUsed: 9n });
    assert.equal(stopDescription(p, at(2)), 'Overdrawn(available: 1000, required: 5000)');
    assert.deepEqual(exceptionText(p, at(2)), { exceptionId: 'Overdrawn', description: 'Overdrawn(available: 1000, required: 5000)', breakMode: 'unhandled' });
  });

  it('a revert without data says so; data no ABI names is shown as it is', async () => {
    assert.deepEqual(exceptionText(await ended({ status: 'reverted', output: '0x', gasUsed: 9n }), at(2)), {
      exceptionId: 'revert',
      description: 'reverted without data',
      breakMode: 'unhandled',
    });
    assert.equal(stopDescription(await ended({ status: 'reverted', output: '0x1234', gasUsed: 9n }), at(2)), 'reverted with 0x1234');
  });

  it('a failure that is not a revert says the EVM’s words', async () => {
    assert.deepEqual(exceptionText(await ended({ status: 'failed', output: '0x', gasUsed: 9n, error: 'out of gas' }), at(2)), {
      exceptionId: 'failure',
      description: 'out of gas',
      breakMode: 'unhandled',
    });
  });

  it('a divergence is the exception at its last trusted step, always shown; one named past the end is shown at the last step', async () => {
    const returned: FrameOutcome = { status: 'returned', output: '0x', gasUsed: 9n };
    const p = await ended(returned, {
      divergence: { frame: 1, step: 1, message: 'replay diverged at call 1: the node’s trace reverted, the replay returned' },
    });
    assert.deepEqual(exceptionText(p, at(1)), {
      exceptionId: 'divergence',
      description: 'replay diverged at call 1: the node’s trace reverted, the replay returned',
      breakMode: 'always',
    });
    const late = await ended(returned, { divergence: { frame: undefined, step: 40, message: 'replay diverged' } });
    assert.equal(stopDescription(late, at(3)), 'replay diverged');
    assert.equal(stopDescription(late, at(2)), undefined);
  });

  it('where no failure ends the frame, or no stop is known, the session says it is not stopped on one', async () => {
    const p = await ended({ status: 'reverted', output: OVERDRAWN, gasUsed: 9n });
    const none = { exceptionId: 'none', description: 'The session is not stopped on a failure.', breakMode: 'never' };
    assert.deepEqual(exceptionText(p, at(1)), none);
    assert.deepEqual(exceptionText(p, undefined), none);
    assert.equal(stopDescription(p, { at: { step: 1 }, reason: 'step' }), undefined);
  });
});

describe('debugger/model/stopText: the end of the transaction', () => {
  const endOf = async (result: ReplayResult, truncated = false) =>
    stopDescription(await ended({ status: 'returned', output: '0x', gasUsed: 9n }, { result, truncated }), end);

  it('a transaction that reverted names its error by the root’s ABI, or shows its data', async () => {
    assert.equal(
      await endOf({ status: 'reverted', output: OVERDRAWN, gasUsed: 21_500n }),
      'End of the transaction (reverted: Overdrawn(available: 1000, required: 5000), 21,500 gas used)',
    );
    assert.equal(await endOf({ status: 'reverted', output: '0xdead', gasUsed: 21_500n }), 'End of the transaction (reverted: 0xdead, 21,500 gas used)');
  });

  it('a transaction that failed says the EVM’s words', async () => {
    assert.equal(
      await endOf({ status: 'failed', output: '0x', gasUsed: 30_000n, error: 'out of gas' }),
      'End of the transaction (failed: out of gas, 30,000 gas used)',
    );
  });

  it('a replay cut short at its limit says so instead of an end it never reached', async () => {
    assert.equal(
      await endOf({ status: 'success', output: '0x', gasUsed: 21_500n }, true),
      'The replay stopped at its limit here (waspChain.debug.maxSteps, waspChain.debug.maxMemoryMB)',
    );
  });
});
