// What the session shows while stopped, over recordings built here (./syntheticReplay.ts): a source
// only a build record holds, served by reference; a native frame in the call stack; a page of the
// stack; references that no longer hold; a name with no value; the disassembly past the code's end.
import { strict as assert } from 'node:assert';
import { englishL10n } from '../../../src/core/l10n';
import { StoppedView } from '../../../src/debugger/model/stoppedView';
import { CALL_THEN_NATIVE, preparedOf, SOURCE, type FrameSpec } from './syntheticReplay';

/** The steps: the root calls frame 1 at step 1, then a native contract (frame 2) at step 4. Code: PUSH2 0xaabb, STOP. */
const STEPS = CALL_THEN_NATIVE;
const CODE = Uint8Array.from([0x61, 0xaa, 0xbb, 0x00]);
const frames = (text?: string): FrameSpec[] => [
  { sourceText: text, extra: { code: CODE } },
  { parent: 0, sourceText: text },
  { parent: 0, nativeAt: 4 },
];
const view = () => new StoppedView(englishL10n);
const thread = { threadId: 1 };

describe('debugger/model/stoppedView: a source only a build record holds', () => {
  it('is served by one reference for every frame in it, with its text; any other reference is refused', async () => {
    const p = await preparedOf(frames('contract T {}'), STEPS);
    const v = view();
    const { stackFrames } = v.stackTrace(p, { step: 3 }, thread);
    const source = { name: 'T.sol', sourceReference: 1, presentationHint: 'deemphasize', origin: 'build record' };
    assert.deepEqual(
      stackFrames.map((f) => f.source),
      [source, source],
    );
    assert.equal(v.pathOfReference(1), SOURCE);
    assert.equal(v.pathOfReference(undefined), undefined);
    assert.deepEqual(v.source(p, 1), { content: 'contract T {}', mimeType: 'text/x-solidity' });
    assert.throws(() => v.source(p, 2), { message: 'That source is not held by any build record of this transaction.' });
    assert.throws(() => v.source(p, undefined), { message: 'That source is not held by any build record of this transaction.' });
  });
});

describe('debugger/model/stoppedView: two sources only build records hold', () => {
  it('each gets a reference of its own, served past frames no build record maps', async () => {
    const p = await preparedOf(
      [{ mapped: false }, { parent: 0, sourceText: 'contract T {}', sources: { 'src/Lib.sol': 'library L {}' } }],
      [{ f: 0 }, { f: 1, line: 20 }, { f: 1, line: 3, path: 'src/Lib.sol' }, { f: 0 }],
    );
    const v = view();
    const first = v.stackTrace(p, { step: 1 }, thread).stackFrames[0]?.source?.sourceReference;
    const second = v.stackTrace(p, { step: 2 }, thread).stackFrames[0]?.source?.sourceReference;
    assert.deepEqual([first, second], [1, 2]);
    assert.equal(v.source(p, 1).content, 'contract T {}');
    assert.equal(v.source(p, 2).content, 'library L {}');
  });
});

describe('debugger/model/stoppedView: the call stack', () => {
  it('shows a native frame as a label with no instruction, its caller at the call', async () => {
    const p = await preparedOf(frames(), STEPS);
    const { stackFrames } = view().stackTrace(p, { step: 4, native: 2 }, thread);
    assert.equal(stackFrames.length, 2);
    assert.equal(stackFrames[0]?.presentationHint, 'label');
    assert.equal(stackFrames[0]?.instructionPointerReference, undefined);
    assert.equal(stackFrames[0]?.source, undefined);
    assert.equal(stackFrames[1]?.name, 'C0.receive');
    assert.equal(stackFrames[1]?.line, 12);
    assert.equal(stackFrames[1]?.source?.path, `/ws/${SOURCE}`);
  });

  it('pages the stack as the editor asks: from a start frame, so many levels, with the total', async () => {
    const p = await preparedOf(frames(), STEPS);
    const page = view().stackTrace(p, { step: 3 }, { threadId: 1, startFrame: 1, levels: 1 });
    assert.deepEqual(
      page.stackFrames.map((f) => `${f.name}:${f.line}`),
      ['C0.receive:11'],
    );
    assert.equal(page.totalFrames, 2);
  });

  it('answers no scopes and no variables for references of no frame or scope of this stop', async () => {
    const p = await preparedOf(frames(), STEPS);
    const v = view();
    v.stackTrace(p, { step: 3 }, thread);
    assert.deepEqual(v.scopes(p, { frameId: 9 }), { scopes: [] });
    assert.deepEqual(v.variables({ variablesReference: 99 }), { variables: [] });
  });

  it('a name with no known value is an error that says which names are known', async () => {
    const p = await preparedOf(frames(), STEPS);
    assert.throws(() => view().evaluate(p, { step: 3 }, { expression: 'nosuch', frameId: 1 }), {
      message:
        '"nosuch" has no known value here (the call\'s arguments, msg.sender, msg.value, gasleft() and the storage this frame has read or written are known).',
    });
  });
});

describe('debugger/model/stoppedView: the disassembly', () => {
  it('past either end of the code answers invalid instructions at addresses of their own', async () => {
    const p = await preparedOf(frames(), STEPS);
    const v = view();
    const after = v.disassemble(p, { memoryReference: '0x0', instructionOffset: 0, instructionCount: 4 });
    assert.deepEqual(after?.instructions, [
      { address: '0x0', instruction: 'PUSH2 0xaabb', instructionBytes: '61aabb' },
      { address: '0x3', instruction: 'STOP', instructionBytes: '00' },
      { address: '0x4', instruction: '', presentationHint: 'invalid' },
      { address: '0x5', instruction: '', presentationHint: 'invalid' },
    ]);
    const before = v.disassemble(p, { memoryReference: '0x3', instructionOffset: -2, instructionCount: 2 });
    assert.deepEqual(before?.instructions, [
      { address: '0x0', instruction: '', presentationHint: 'invalid' },
      { address: '0x0', instruction: 'PUSH2 0xaabb', instructionBytes: '61aabb' },
    ]);
  });

  it('answers nothing for a reference that names no instruction of the transaction', async () => {
    const p = await preparedOf(frames(), STEPS);
    assert.deepEqual(view().disassemble(p, { memoryReference: 'main', instructionCount: 4 }), { instructions: [] });
    assert.deepEqual(view().disassemble(p, { memoryReference: '0x900000000', instructionCount: 4 }), { instructions: [] });
  });
});
