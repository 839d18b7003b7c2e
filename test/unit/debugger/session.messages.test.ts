// The debug session's messages over recordings built here (./syntheticReplay.ts): what it says it can
// do, what its responses and stop events carry, which messages it ignores, how a launch chooses its
// first stop, and how a step back undoes the step before it. Fast: no node, no compiler.
import { strict as assert } from 'node:assert';
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { ReplaySession } from '../../../src/debugger/model/session';
import { DapClient } from '../helpers/dapClient';
import { launchOver, preparedOf, recordingOf, SOURCE_FILE, where, CALLS } from './syntheticReplay';

/** The root (C0) on lines 10 and 11, its callee (C1) on lines 20 to 22, the root again on lines 11 and 12. */
const calls = () => preparedOf([{}, { parent: 0 }], CALLS.slice(0, 10));

/** The innermost frame, as name:line. */
const top = async (dap: DapClient) => (await where(dap)).split(' < ')[0];

/** A session initialized and launched over `p`, its configuration not yet done. */
async function launched(p: PreparedReplay, init: Partial<P.InitializeRequestArguments> = {}, launch: Record<string, unknown> = {}): Promise<DapClient> {
  const dap = new DapClient(new ReplaySession(async () => p));
  await dap.ok('initialize', { adapterID: 'wasp-evm', ...init });
  await dap.ok('launch', { transaction: '0x', ...launch });
  return dap;
}

/** Ends the configuration and answers the first stop. */
async function firstStop(dap: DapClient): Promise<P.StoppedEvent['body']> {
  const before = dap.events.length;
  await dap.ok('configurationDone');
  return (await dap.event<P.StoppedEvent['body']>('stopped', before)).body;
}

describe('debugger/model/session: what it says it can do', () => {
  it('initialize answers every capability and the two exception filters', async () => {
    const dap = new DapClient(new ReplaySession(() => calls()));
    assert.deepEqual(await dap.ok('initialize', { adapterID: 'wasp-evm' }), {
      supportsConfigurationDoneRequest: true,
      supportsStepBack: true,
      supportsConditionalBreakpoints: true,
      supportsEvaluateForHovers: true,
      supportsExceptionInfoRequest: true,
      supportsDisassembleRequest: true,
      supportsSteppingGranularity: true,
      supportsInstructionBreakpoints: false,
      supportsCancelRequest: true,
      supportsTerminateRequest: true,
      exceptionBreakpointFilters: [
        {
          filter: 'uncaught',
          label: 'Revert that fails the transaction',
          default: true,
          description: 'Stops where the failure the transaction ends with began.',
        },
        { filter: 'all', label: 'Every revert', default: false, description: 'Stops at every call that reverts or fails, caught or not.' },
      ],
    });
  });

  it('the replay’s progress starts with its title and can be cancelled', async () => {
    const dap = await launched(await calls(), { supportsProgressReporting: true });
    const start = dap.events.find((e) => e.event === 'progressStart');
    assert.deepEqual(start?.body, {
      progressId: 'replay',
      title: 'Replaying the transaction',
      cancellable: true,
      message: 'reading the transaction, its block, pre-state and call tree',
    });
  });
});

describe('debugger/model/session: its responses and events', () => {
  it('a response with nothing to answer carries no body', async () => {
    const dap = await launched(await calls());
    const r = await dap.request('pause', { threadId: 1 });
    assert.equal(r.success, true);
    assert.equal(Object.hasOwn(r, 'body'), false);
  });

  it('continue says all threads continued', async () => {
    const dap = await launched(await calls());
    await firstStop(dap);
    assert.deepEqual(await dap.ok('continue', { threadId: 1 }), { allThreadsContinued: true });
  });

  it('a stop on a step says all threads stopped and carries no exception text', async () => {
    const dap = await launched(await calls());
    const first = await firstStop(dap);
    assert.deepEqual(Object.keys(first).sort(), ['allThreadsStopped', 'description', 'reason', 'threadId']);
    assert.equal(first.reason, 'entry');
    assert.equal(first.allThreadsStopped, true);
    assert.equal(first.threadId, 1);
  });

  it('a stop on a failure carries its description as the exception text', async () => {
    const reverted = { status: 'reverted' as const, output: '0x', gasUsed: 50n };
    const { first } = await launchOver(
      await preparedOf(
        [{ outcome: reverted }],
        [
          { f: 0, line: 10 },
          { f: 0, line: 11 },
        ],
      ),
      { stopOnEntry: false },
    );
    assert.equal(first.reason, 'exception');
    assert.equal(first.allThreadsStopped, true);
    assert.equal(typeof first.description, 'string');
    assert.equal(first.text, first.description);
  });

  it('a message that is not a request gets no answer', async () => {
    const session = new ReplaySession(() => calls());
    const sent: P.ProtocolMessage[] = [];
    session.onDidSendMessage((m) => sent.push(m));
    session.handleMessage({ seq: 1, type: 'event', event: 'stopped' } as P.Event);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(sent, []);
  });

  it('a listener that is disposed hears no more messages', async () => {
    const session = new ReplaySession(() => calls());
    const sent: P.ProtocolMessage[] = [];
    session.onDidSendMessage((m) => sent.push(m)).dispose();
    const dap = new DapClient(session);
    await dap.ok('threads');
    assert.deepEqual(sent, []);
  });

  it('after disconnect the replay is dropped', async () => {
    const dap = await launched(await calls());
    await firstStop(dap);
    await dap.ok('disconnect');
    assert.equal((await dap.request('stackTrace', { threadId: 1 })).message, 'The transaction is not replayed yet.');
  });
});

describe('debugger/model/session: columns and the place before the first stop', () => {
  it('columns count from 1 unless the client says they count from 0', async () => {
    const column = async (columnsStartAt1?: boolean) => {
      const dap = await launched(await calls(), columnsStartAt1 === undefined ? {} : { columnsStartAt1 });
      await firstStop(dap);
      return (await dap.stack())[0]?.column;
    };
    assert.equal(await column(), 5);
    assert.equal(await column(true), 5);
    assert.equal(await column(false), 4);
  });

  it('a stack or an expression asked for before the first stop reads the transaction’s first step', async () => {
    const dap = await launched(await calls());
    assert.equal(await where(dap), 'C0.receive:10');
    assert.deepEqual(await dap.ok('evaluate', { expression: 'gasleft()', frameId: 1 }), { result: '900000', variablesReference: 0 });
  });
});

describe('debugger/model/session: the first stop', () => {
  it('with no stop on entry, a breakpoint on the first line stops there', async () => {
    const dap = await launched(await calls(), {}, { stopOnEntry: false });
    await dap.ok('setBreakpoints', { source: { path: SOURCE_FILE }, breakpoints: [{ line: 10 }] });
    const first = await firstStop(dap);
    assert.equal(first.reason, 'breakpoint');
    assert.equal(await where(dap), 'C0.receive:10');
  });

  it('with a frame to start in, stops at its entry even with no stop on entry', async () => {
    const dap = await launched(await calls(), {}, { stopOnEntry: false, frame: 1 });
    assert.equal((await firstStop(dap)).reason, 'entry');
    assert.equal(await top(dap), 'C1.receive:20');
  });

  it('a frame given as text is not a frame to start in', async () => {
    const dap = await launched(await calls(), {}, { stopOnEntry: false, frame: '1' });
    await firstStop(dap);
    assert.equal(await where(dap), 'C0.receive:12');
  });

  it('a breakpoint with an empty condition stops as one with none', async () => {
    const dap = await launched(await calls(), {}, { stopOnEntry: false });
    await dap.ok('setBreakpoints', { source: { path: SOURCE_FILE }, breakpoints: [{ line: 11, condition: '' }] });
    assert.equal((await firstStop(dap)).reason, 'breakpoint');
    assert.equal(await where(dap), 'C0.receive:11');
  });
});

describe('debugger/model/session: a step back undoes the step before it', () => {
  it('after a step in by instruction, returns to where it started, as a step', async () => {
    const dap = await launched(await calls());
    await firstStop(dap);
    await dap.move('stepIn', { granularity: 'instruction' });
    const back = await dap.move('stepBack');
    assert.equal(back.reason, 'step');
    assert.equal((await dap.stack())[0]?.instructionPointerReference, '0x0');
  });

  it('after a step out, returns into the callee it left', async () => {
    const dap = await launched(await calls());
    await firstStop(dap);
    await dap.move('next');
    await dap.move('stepIn');
    assert.equal(await top(dap), 'C1.receive:20');
    await dap.move('stepOut');
    assert.equal(await where(dap), 'C0.receive:11');
    await dap.move('stepBack');
    assert.equal(await top(dap), 'C1.receive:20');
  });
});

describe('debugger/model/session: a replay it cannot walk, or walks with no frames', () => {
  it('a launch whose recording cannot be read fails, and the session stays not replayed', async () => {
    const base = await calls();
    const dap = new DapClient(new ReplaySession(async () => ({ ...base, recording: { ...base.recording, frames: null as never } })));
    await dap.ok('initialize', { adapterID: 'wasp-evm' });
    assert.equal((await dap.request('launch', {})).success, false);
    assert.equal((await dap.request('stackTrace', { threadId: 1 })).message, 'The transaction is not replayed yet.');
  });

  it('a recording with no frames is stepped over like code no build record maps', async () => {
    const base = await calls();
    const dap = await launched({ ...base, recording: recordingOf([], CALLS) });
    await firstStop(dap);
    assert.equal((await dap.move('next')).reason, 'step');
  });
});

describe('debugger/model/session: a second launch starts afresh', () => {
  it('a step back after it does not undo a step of the first launch', async () => {
    const dap = await launched(await calls());
    await firstStop(dap);
    await dap.move('next');
    await dap.ok('launch', { transaction: '0x' });
    await firstStop(dap);
    assert.equal((await dap.move('stepBack')).reason, 'entry');
  });

  it('nor a step of the first launch that a breakpoint cut short where the second one stops', async () => {
    const breakAt21 = { source: { path: SOURCE_FILE }, breakpoints: [{ line: 21 }] };
    const dap = await launched(await calls());
    await dap.ok('setBreakpoints', breakAt21);
    await firstStop(dap);
    await dap.move('next');
    await dap.move('next');
    assert.equal(await top(dap), 'C1.receive:21', 'the step over the call stopped at the breakpoint');
    await dap.ok('launch', { transaction: '0x', stopOnEntry: false });
    await dap.ok('setBreakpoints', breakAt21);
    await firstStop(dap);
    assert.equal(await top(dap), 'C1.receive:21');
    await dap.move('stepBack');
    assert.equal(await top(dap), 'C1.receive:20', 'a line back in the callee, not back to where the first launch stepped from');
  });

  it('nor a step in of the first launch into a native contract called on the first step', async () => {
    const dap = await launched(
      await preparedOf(
        [{}, { parent: 0, nativeAt: 0 }],
        [
          { f: 0, line: 10 },
          { f: 0, line: 11 },
        ],
      ),
    );
    await firstStop(dap);
    assert.equal(await top(dap), 'C0.receive:10');
    await dap.move('stepIn');
    await dap.ok('launch', { transaction: '0x' });
    await firstStop(dap);
    assert.equal((await dap.move('stepBack')).reason, 'entry');
  });
});
