// What the session shows while stopped, frame by frame, over recordings built here
// (./syntheticReplay.ts): each stack frame's place in lines and columns as the client counts them,
// the scopes and their variables with the references that name them, a hover's value in the frame
// it is asked of, and how long the stack a stop read holds.
import { strict as assert } from 'node:assert';
import { englishL10n } from '../../../src/core/l10n';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { StoppedView } from '../../../src/debugger/model/stoppedView';
import { CALL_THEN_NATIVE, preparedOf } from './syntheticReplay';

/** The root (C0) calls C1 (frame 1) at step 1 and a native contract (frame 2) at step 4. Code: PUSH2 0xaabb, STOP. */
const CODE = Uint8Array.from([0x61, 0xaa, 0xbb, 0x00]);
const prepared = () => preparedOf([{ extra: { code: CODE } }, { parent: 0 }, { parent: 0, nativeAt: 4 }], CALL_THEN_NATIVE);
const view = () => new StoppedView(englishL10n);
const thread = { threadId: 1 };
const source = { name: 'T.sol', path: '/ws/src/T.sol' };

describe('debugger/model/stoppedView: each frame’s place', () => {
  it('counts lines and columns from 1 by default, numbering the frames from 1', async () => {
    const { stackFrames } = view().stackTrace(await prepared(), { step: 2 }, thread);
    assert.deepEqual(stackFrames, [
      { id: 1, name: 'C1.receive', line: 20, column: 5, source, instructionPointerReference: '0x100000002', endLine: 20, endColumn: 9 },
      { id: 2, name: 'C0.receive', line: 11, column: 5, source, instructionPointerReference: '0x1', endLine: 11, endColumn: 9 },
    ]);
  });

  it('counts lines and columns from 0 for a client that says so', async () => {
    const v = view();
    v.linesStartAt1 = false;
    v.columnsStartAt1 = false;
    const [top] = v.stackTrace(await prepared(), { step: 2 }, thread).stackFrames;
    assert.deepEqual(top, { id: 1, name: 'C1.receive', line: 19, column: 4, source, instructionPointerReference: '0x100000002', endLine: 19, endColumn: 8 });
  });
});

describe('debugger/model/stoppedView: scopes and variables', () => {
  it('each scope has a reference of its own from 1, says which are expensive, and how many variables it holds', async () => {
    const p = await prepared();
    const v = view();
    v.stackTrace(p, { step: 2 }, thread);
    assert.deepEqual(v.scopes(p, { frameId: 1 }), {
      scopes: [
        { name: 'Call', variablesReference: 1, expensive: false, namedVariables: 5 },
        { name: 'Gas', variablesReference: 2, expensive: false, namedVariables: 3 },
        { name: 'Storage (read and written so far)', variablesReference: 3, expensive: false, namedVariables: 0 },
        { name: 'EVM stack', variablesReference: 4, expensive: false, namedVariables: 2 },
        { name: 'Memory (40 bytes)', variablesReference: 5, expensive: true, indexedVariables: 2 },
      ],
    });
  });

  it('a scope’s variables carry their types; a paged scope asked with no count answers all its pages', async () => {
    const p = await prepared();
    const v = view();
    v.stackTrace(p, { step: 2 }, thread);
    v.scopes(p, { frameId: 1 });
    assert.deepEqual(v.variables({ variablesReference: 4 }), {
      variables: [
        { name: '0 (top)', value: '0xff', type: 'uint256', variablesReference: 0 },
        { name: '1', value: '0x2', type: 'uint256', variablesReference: 0 },
      ],
    });
    assert.deepEqual(v.variables({ variablesReference: 5 }), {
      variables: [
        { name: '0x0000', value: '02030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f2021', variablesReference: 0 },
        { name: '0x0020', value: '2223242526272829', variablesReference: 0 },
      ],
    });
  });
});

describe('debugger/model/stoppedView: a hover’s value', () => {
  const gas = (v: StoppedView, p: PreparedReplay, step: number, frameId?: number) => v.evaluate(p, { step }, { expression: 'gasleft()', frameId }).result;

  it('is read in the frame it is asked of, the innermost when none is named', async () => {
    const p = await prepared();
    const v = view();
    v.stackTrace(p, { step: 2 }, thread);
    assert.deepEqual([gas(v, p, 2, 1), gas(v, p, 2, 2), gas(v, p, 2)], ['899994', '899997', '899994']);
  });

  it('is read from the stack the last stack trace showed, until the next stop; with none shown, at the place asked', async () => {
    const p = await prepared();
    const v = view();
    assert.equal(gas(v, p, 1), '899997');
    v.reset();
    v.stackTrace(p, { step: 2 }, thread);
    assert.equal(gas(v, p, 3), '899994');
    v.reset();
    assert.equal(gas(v, p, 3), '899991');
  });

  it('after the next stop, the scopes of the last one are gone', async () => {
    const p = await prepared();
    const v = view();
    v.stackTrace(p, { step: 2 }, thread);
    v.scopes(p, { frameId: 1 });
    v.reset();
    assert.deepEqual(v.scopes(p, { frameId: 1 }), { scopes: [] });
    assert.deepEqual(v.variables({ variablesReference: 1 }), { variables: [] });
  });
});

describe('debugger/model/stoppedView: the disassembly from past the code’s end', () => {
  it('answers only invalid instructions, at the addresses after the code', async () => {
    const p = await prepared();
    assert.deepEqual(view().disassemble(p, { memoryReference: '0x9', instructionCount: 2 }), {
      instructions: [
        { address: '0x4', instruction: '', presentationHint: 'invalid' },
        { address: '0x5', instruction: '', presentationHint: 'invalid' },
      ],
    });
  });
});
