// The debug session's side of the protocol over recordings built here (./syntheticReplay.ts): what a
// request it cannot serve answers, the launch's progress, cancel and console lines, the exception
// filters, breakpoints replaced and conditioned, threads, sources served by reference. The anvil
// suite (session.test.ts) drives the same session over real replays.
import { strict as assert } from 'node:assert';
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import type { FrameOutcome } from '../../../src/debugger/model/recording';
import { ReplaySession } from '../../../src/debugger/model/session';
import { DapClient } from '../helpers/dapClient';
import { launchOver, preparedOf, SOURCE_FILE, where, type StepSpec } from './syntheticReplay';

/** Line 11 runs twice (a loop), line 12 once, in one frame. */
const LOOP: StepSpec[] = [
  { f: 0, line: 10 },
  { f: 0, line: 10 },
  { f: 0, line: 11 },
  { f: 0, line: 12 },
  { f: 0, line: 11 },
  { f: 0, line: 13 },
  { f: 0, line: 13 },
];
const loop = (options: Parameters<typeof preparedOf>[2] = {}) => preparedOf([{}], LOOP, options);
const reverted: FrameOutcome = { status: 'reverted', output: '0x', gasUsed: 50n };
const outputs = (dap: DapClient) =>
  dap.events.filter((e) => e.event === 'output').map((e) => `${(e.body as P.OutputEvent['body']).category ?? ''}: ${(e.body as P.OutputEvent['body']).output}`);

describe('debugger/model/session: requests it cannot serve', () => {
  it('a command the debugger does not support fails, naming the command', async () => {
    const dap = new DapClient(new ReplaySession(() => loop()));
    const r = await dap.request('setVariable', { variablesReference: 1, name: 'x', value: '1' });
    assert.equal(r.success, false);
    assert.equal(r.message, 'setVariable is not supported by the transaction debugger');
  });

  it('a request before the transaction is replayed fails with words shown to the user', async () => {
    const dap = new DapClient(new ReplaySession(() => loop()));
    const r = await dap.request<{ error: P.Message }>('stackTrace', { threadId: 1 });
    assert.equal(r.success, false);
    assert.equal(r.message, 'The transaction is not replayed yet.');
    assert.deepEqual(r.body.error, { id: 1, format: 'The transaction is not replayed yet.', showUser: true });
  });

  it('terminate says the session ended and drops the replay', async () => {
    const { dap } = await launchOver(await loop());
    await dap.ok('terminate');
    assert.ok(dap.events.some((e) => e.event === 'terminated'));
    assert.equal((await dap.request('stackTrace', { threadId: 1 })).message, 'The transaction is not replayed yet.');
  });
});

describe('debugger/model/session: the launch', () => {
  it('reports the replay’s progress every 10,000 steps to a client that shows progress, and to no other', async () => {
    const run = async (supportsProgressReporting: boolean) => {
      const p = await loop();
      const dap = new DapClient(
        new ReplaySession(async (_args, progress) => {
          for (const steps of [4_000, 10_000, 15_000, 20_500]) progress.report(steps);
          return p;
        }),
      );
      await dap.ok('initialize', { adapterID: 'wasp-evm', supportsProgressReporting });
      await dap.ok('launch', {});
      return dap.events
        .filter((e) => e.event.startsWith('progress'))
        .map((e) => `${e.event}:${(e.body as { progressId: string }).progressId}:${(e.body as { message?: string }).message ?? ''}`);
    };
    assert.deepEqual(await run(true), [
      'progressStart:replay:reading the transaction, its block, pre-state and call tree',
      'progressUpdate:replay:10,000 EVM steps replayed',
      'progressUpdate:replay:20,500 EVM steps replayed',
      'progressEnd:replay:',
    ]);
    assert.deepEqual(await run(false), []);
  });

  it('cancelling the replay’s progress aborts the replay; cancelling anything else does not', async () => {
    let signal: AbortSignal | undefined;
    const dap = new DapClient(
      new ReplaySession(
        (_args, progress) =>
          new Promise((_resolve, reject) => {
            signal = progress.signal;
            signal.addEventListener('abort', () => reject(new Error('The replay was cancelled.')));
          }),
      ),
    );
    await dap.ok('initialize', { adapterID: 'wasp-evm', supportsProgressReporting: true });
    const launched = dap.request('launch', {});
    await dap.ok('cancel', { progressId: 'other' });
    assert.equal(signal?.aborted, false);
    await dap.ok('cancel', { progressId: 'replay' });
    const r = await launched;
    assert.equal(r.success, false);
    assert.equal(r.message, 'The replay was cancelled.');
  });

  it('says a divergence and a replay cut short at its limit in the debug console', async () => {
    const { dap } = await launchOver(
      await loop({ divergence: { frame: undefined, step: 3, message: 'replay diverged: the node’s receipt used 900 gas, the replay 500' }, truncated: true }),
    );
    const important = dap.events.filter((e) => e.event === 'output' && (e.body as P.OutputEvent['body']).category === 'important');
    assert.deepEqual(
      important.map((e) => (e.body as P.OutputEvent['body']).output),
      [
        'replay diverged: the node’s receipt used 900 gas, the replay 500\n',
        'The replay stopped at its limit (settings waspChain.debug.maxSteps and waspChain.debug.maxMemoryMB): the session ends where it stopped.\n',
      ],
    );
  });

  it('names its one thread after the transaction, or “Transaction” before the replay is ready', async () => {
    const waiting = new DapClient(new ReplaySession(() => loop()));
    assert.deepEqual(await waiting.ok('threads'), { threads: [{ id: 1, name: 'Transaction' }] });
    const { dap } = await launchOver(await loop());
    assert.deepEqual(await dap.ok('threads'), { threads: [{ id: 1, name: 'a synthetic transaction' }] });
  });

  it('serves a source only a build record holds by its reference, as the source or the request names it', async () => {
    const { dap } = await launchOver(await preparedOf([{ sourceText: 'contract T {}' }], LOOP));
    const [frame] = await dap.stack();
    const ref = frame?.source?.sourceReference;
    assert.equal(ref, 1);
    const text = { content: 'contract T {}', mimeType: 'text/x-solidity' };
    assert.deepEqual(await dap.ok('source', { source: { sourceReference: ref }, sourceReference: ref }), text);
    assert.deepEqual(await dap.ok('source', { sourceReference: ref }), text);
    const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { sourceReference: ref }, breakpoints: [{ line: 12 }] });
    assert.deepEqual(set.breakpoints, [{ verified: true, line: 12 }]);
  });
});

describe('debugger/model/session: exception filters, breakpoints and conditions', () => {
  const reverts = () =>
    preparedOf(
      [{ outcome: reverted }, { parent: 0, outcome: reverted }],
      [
        { f: 0, line: 10 },
        { f: 1, line: 20 },
        { f: 1, line: 21 },
        { f: 0, line: 11 },
        { f: 0, line: 12 },
      ],
    );

  it('“every revert” stops at a caught revert, the failing one at the revert the root passes on; no filter runs to the end', async () => {
    const all = await launchOver(await reverts(), { stopOnEntry: false, exceptions: ['all'] });
    assert.equal(all.first.reason, 'exception');
    assert.equal(await where(all.dap), 'C1.receive:21 < C0.receive:10');
    const uncaught = await launchOver(await reverts(), { stopOnEntry: false, exceptions: ['uncaught'] });
    assert.equal(uncaught.first.reason, 'exception');
    const none = await launchOver(await reverts(), { stopOnEntry: false, exceptions: [] });
    assert.equal(none.first.reason, 'step');
    assert.match(none.first.description ?? '', /^End of the transaction/);
  });

  it('setting a source’s breakpoints replaces the ones set before in it', async () => {
    const { dap } = await launchOver(await loop(), { breakpoints: [{ line: 12 }] });
    const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { path: SOURCE_FILE }, lines: [13] });
    assert.deepEqual(set.breakpoints, [{ verified: true, line: 13 }]);
    assert.equal((await dap.move('continue')).reason, 'breakpoint');
    assert.equal((await dap.stack())[0]?.line, 13);
  });

  it('a request with no breakpoints clears the source’s', async () => {
    const { dap } = await launchOver(await loop(), { breakpoints: [{ line: 12 }] });
    const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { path: SOURCE_FILE } });
    assert.deepEqual(set.breakpoints, []);
    assert.match((await dap.move('continue')).description ?? '', /^End of the transaction/);
  });

  it('setting one source’s breakpoints keeps another source’s', async () => {
    const p = await preparedOf(
      [{}],
      [
        { f: 0, line: 10 },
        { f: 0, line: 3, path: 'src/Lib.sol' },
        { f: 0, line: 12 },
      ],
    );
    const { dap } = await launchOver(p, { breakpoints: [{ line: 12 }] });
    await dap.ok('setBreakpoints', { source: { path: '/ws/src/Lib.sol' }, breakpoints: [{ line: 3 }] });
    await dap.ok('setBreakpoints', { source: { path: '/ws/src/Lib.sol' }, breakpoints: [{ line: 3 }] });
    assert.equal((await dap.move('continue')).reason, 'breakpoint');
    assert.equal((await dap.stack())[0]?.line, 3);
    assert.equal((await dap.move('continue')).reason, 'breakpoint');
    assert.equal((await dap.stack())[0]?.line, 12);
  });
});

describe('debugger/model/session: breakpoints by line, in reverse, with conditions, and instruction steps', () => {
  it('a client counting lines from 0 sets the breakpoint on the line it means', async () => {
    const { first, dap } = await launchOver(await loop(), { stopOnEntry: false, linesStartAt1: false, breakpoints: [{ line: 11 }] });
    assert.equal(first.reason, 'breakpoint');
    assert.equal((await dap.stack())[0]?.line, 11);
  });

  it('a breakpoint in a file no build record names is not verified, and says why', async () => {
    const { dap } = await launchOver(await loop());
    const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { path: '/ws/src/Other.sol' }, breakpoints: [{ line: 3 }] });
    assert.deepEqual(set.breakpoints, [{ verified: false, line: 3, message: 'No build record of the code this transaction ran holds this file.' }]);
  });

  it('reverse continue stops at the previous breakpoint', async () => {
    const { dap } = await launchOver(await loop(), { stopOnEntry: false, breakpoints: [{ line: 12 }, { line: 13 }] });
    assert.equal((await dap.stack())[0]?.line, 12);
    await dap.move('continue');
    assert.equal((await dap.stack())[0]?.line, 13);
    const back = await dap.move('reverseContinue');
    assert.equal(back.reason, 'breakpoint');
    assert.equal((await dap.stack())[0]?.line, 12);
  });

  it('a condition on a name the session does not know never holds, and says so once in the console', async () => {
    const { first, dap } = await launchOver(await loop(), { stopOnEntry: false, breakpoints: [{ line: 11, condition: 'nosuch > 1' }] });
    assert.match(first.description ?? '', /^End of the transaction/);
    assert.deepEqual(outputs(dap), ['console: Breakpoint condition: "nosuch" has no known value here\n']);
  });

  it('a condition on gasleft() stops only where it holds', async () => {
    // gasleft() is 900,000 − 3·step here: line 11 runs at steps 2 and 4.
    const { first, dap } = await launchOver(await loop(), { stopOnEntry: false, breakpoints: [{ line: 11, condition: 'gasleft() < 899990' }] });
    assert.equal(first.reason, 'breakpoint');
    const [frame] = await dap.stack();
    assert.equal(frame?.instructionPointerReference, '0x4');
  });

  it('a step by instruction moves one instruction, on the same line', async () => {
    const { dap } = await launchOver(await loop());
    await dap.move('next', { granularity: 'instruction' });
    const [after] = await dap.stack();
    assert.equal(after?.instructionPointerReference, '0x1');
    assert.equal(after?.line, 10);
  });
});
