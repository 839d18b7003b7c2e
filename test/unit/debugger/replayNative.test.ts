// Which calls the replay answers from the node's record rather than runs (src/debugger/model/
// replayNative.ts), over call trees and pre-states built here: the code-less accounts that answered,
// never the root, an account the transaction created, a precompile; and a native call whose target
// or input differs from the record is a divergence.
import { strict as assert } from 'node:assert';
import type { CallTrace, TraceFrame } from '../../../src/evm/model/callTrace';
import { MAGIC_ADDRESS } from '../../../src/evm/model/iscMagic';
import type { ReplayFrame } from '../../../src/debugger/model/recording';
import type { PrestateAccount } from '../../../src/debugger/model/replayInputs';
import { nativeAddresses, nativeAnswers } from '../../../src/debugger/model/replayNative';
import { A } from './syntheticReplay';
import { traceFrame } from './traceFrames';

const node = (index: number, to: string | undefined, extra: Partial<TraceFrame> = {}) =>
  traceFrame(index, index === 0 ? undefined : 0, { to, gasUsed: 0n, ...extra });

const account = (code: number[]): PrestateAccount => ({ balance: 0n, nonce: 0n, code: new Uint8Array(code), storage: new Map() });
const natives = (frames: TraceFrame[], prestate = new Map<string, PrestateAccount>()) => [...nativeAddresses({ frames, cut: 0 }, prestate)];

describe('debugger/model/replayNative: which calls are answered from the record', () => {
  it('takes a code-less account that answered with output or an error, not one whose call returned nothing', () => {
    const frames = [
      node(0, A(0x500), { output: '0x01' }),
      node(1, A(0x501), { output: '0x' }),
      node(2, A(0x502), { output: '0x02' }),
      node(3, A(0x503), { error: 'execution reverted' }),
      node(4, A(0x504)),
      node(5, A(0x505), { output: '0x03' }),
    ];
    const prestate = new Map([
      [A(0x502), account([])],
      [A(0x505), account([0x00])],
    ]);
    assert.deepStrictEqual(natives(frames, prestate), [MAGIC_ADDRESS, A(0x502), A(0x503)]);
  });

  it('leaves out the precompiles 0x01 to 0x11 and 0x100, and keeps the addresses just outside them', () => {
    const frames = [node(0, A(0x500)), ...[0x00, 0x01, 0x11, 0x12, 0xff, 0x100, 0x101].map((n, i) => node(i + 1, A(n), { output: '0x01' }))];
    assert.deepStrictEqual(natives(frames), [MAGIC_ADDRESS, A(0x00), A(0x12), A(0xff), A(0x101)]);
  });

  it('leaves out what a CREATE or CREATE2 made, and a frame the node traced without a target', () => {
    const frames = [
      node(0, A(0x500)),
      node(1, A(0x601), { type: 'CREATE2', output: '0x6000' }),
      node(2, A(0x601), { output: '0x01' }),
      node(3, undefined, { error: 'out of gas' }),
      node(4, undefined, { type: 'CREATE', error: 'out of gas' }),
    ];
    assert.deepStrictEqual(natives(frames), [MAGIC_ADDRESS]);
  });
});

describe('debugger/model/replayNative: the recorded answer', () => {
  const frame = (index: number, codeAddress: string, input: string): ReplayFrame => ({
    index,
    parent: 0,
    depth: 1,
    kind: 'CALL',
    caller: A(0x500),
    address: codeAddress,
    codeAddress,
    value: 0n,
    input,
    gas: 100_000n,
    code: new Uint8Array(0),
    native: true,
    firstStep: 3,
    lastStep: 3,
  });
  const trace: CallTrace = {
    frames: [node(0, A(0x500)), node(1, MAGIC_ADDRESS, { input: '0xABCD', output: '0x2a' }), node(2, A(0x700), { output: '0x01' })],
    cut: 0,
  };
  let answers: ReturnType<typeof nativeAnswers>;
  beforeEach(() => {
    answers = nativeAnswers(trace, new Map());
  });

  it('answers a native call with the same target and input (in any case) from the record', () => {
    const got = answers.answer(frame(1, MAGIC_ADDRESS, '0xabcd'), 7n);
    assert.ok(got && 'result' in got);
    assert.deepStrictEqual([...got.result.execResult.returnValue], [0x2a]);
    assert.equal(got.result.execResult.gasRefund, 7n);
    assert.equal(answers.answer(frame(1, A(0x800), '0xabcd'), 0n), undefined);
  });

  it('calls another input, another target or a call the trace lacks a divergence, named by its call and address', () => {
    const other = 'replay diverged at call {0}: the replay calls the native contract {1} with other input than the node’s trace recorded';
    const words = (index: number, address: string) => other.replace('{0}', String(index)).replace('{1}', address);
    assert.deepStrictEqual(answers.answer(frame(1, MAGIC_ADDRESS, '0xabce'), 0n), { divergence: words(1, MAGIC_ADDRESS) });
    assert.deepStrictEqual(answers.answer(frame(2, MAGIC_ADDRESS, '0x'), 0n), { divergence: words(2, MAGIC_ADDRESS) });
    assert.deepStrictEqual(answers.answer(frame(3, MAGIC_ADDRESS, '0x'), 0n), {
      divergence: `replay diverged at call 3: the replay calls the native contract ${MAGIC_ADDRESS}, the node’s trace has no such call`,
    });
  });
});
