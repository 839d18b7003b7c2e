// What the editor says at a stop on a failure in the cases the common ones do not reach, over
// recordings built here (./syntheticReplay.ts): a revert reason that merely mentions a call, a frame
// the recording has no outcome for, and a recording with no frames at all.
import { strict as assert } from 'node:assert';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { exceptionText, stopDescription } from '../../../src/debugger/model/stopText';
import { preparedOf, recordingOf, type StepSpec } from './syntheticReplay';

const STEPS: StepSpec[] = [
  { f: 0, line: 10 },
  { f: 0, line: 11 },
];
const failureAt = (step: number) => ({ at: { step }, reason: 'exception' as const });

/** Error(string) with `reason`, as solc's require and revert encode it. */
function errorString(reason: string): string {
  const data = Buffer.from(reason, 'utf8');
  const padded = Buffer.concat([data, Buffer.alloc((32 - (data.length % 32)) % 32)]);
  return `0x08c379a0${(32).toString(16).padStart(64, '0')}${data.length.toString(16).padStart(64, '0')}${padded.toString('hex')}`;
}

describe('debugger/model/stopText: a revert reason that mentions a call', () => {
  it('is a revert, not an exception named after the call it mentions', async () => {
    const p = await preparedOf([{ outcome: { status: 'reverted', output: errorString('call to pay(1) failed'), gasUsed: 9n } }], STEPS);
    assert.deepEqual(exceptionText(p, failureAt(1)), { exceptionId: 'revert', description: 'call to pay(1) failed', breakMode: 'unhandled' });
  });

  it('is a revert when the reason starts like a call, as require(ok, "pay(1) failed") writes it', async () => {
    const p = await preparedOf([{ outcome: { status: 'reverted', output: errorString('pay(1) failed'), gasUsed: 9n } }], STEPS);
    assert.deepEqual(exceptionText(p, failureAt(1)), { exceptionId: 'revert', description: 'pay(1) failed', breakMode: 'unhandled' });
  });
});

describe('debugger/model/stopText: a failure with nothing recorded about it', () => {
  it('a stop in a frame the recording has no outcome for has no description', async () => {
    const p = await preparedOf([{ outcome: undefined }], STEPS);
    assert.equal(stopDescription(p, failureAt(1)), undefined);
    assert.deepEqual(exceptionText(p, failureAt(1)), { exceptionId: 'none', description: 'The session is not stopped on a failure.', breakMode: 'never' });
  });

  it('a stop in a recording with no frames has no description', async () => {
    const base = await preparedOf([{}], STEPS);
    const p: PreparedReplay = { ...base, recording: recordingOf([], STEPS) };
    assert.equal(stopDescription(p, failureAt(1)), undefined);
  });
});
