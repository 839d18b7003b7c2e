// A replayed frame's scopes as the editor lists them, over recordings built here
// (./syntheticReplay.ts): a plain call without a code address row, its gas left and used, the EVM
// stack top first, memory in 32-byte rows paged, a native frame without its caller's storage, and
// the caller of a one-step callee shown at its call.
import { strict as assert } from 'node:assert';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { scopesOf, stackAt, type Scope } from '../../../src/debugger/model/frameView';
import { A, preparedOf } from './syntheticReplay';

/** Steps 0–3: the root on 10 and 11, a one-step callee (frame 1) on 20, the root again on 12; a native callee (frame 2) at step 3. */
const prepared = (): Promise<PreparedReplay> =>
  preparedOf(
    [{}, { parent: 0 }, { parent: 0, nativeAt: 3 }],
    [
      { f: 0, line: 10 },
      { f: 0, line: 11 },
      { f: 1, line: 20 },
      { f: 0, line: 12 },
    ],
    { storage: [{ step: 0, slot: 1n, value: 5n, access: 'written' }] },
  );
const scopes = (p: PreparedReplay, at: { step: number; native?: number }): Scope[] => scopesOf(p, stackAt(p, at)[0]!);
const rows = (s: Scope | undefined) => (s?.variables ?? []).map((v) => `${v.name}=${v.value}${v.type ? `:${v.type}` : ''}`);

describe('debugger/model/frameView: a replayed frame’s scopes', () => {
  it('a plain call lists no code address', async () => {
    const p = await prepared();
    assert.deepEqual(rows(scopes(p, { step: 1 })[0]), [
      `msg.sender=${A(1)}:address`,
      'msg.value=0:uint256',
      `address(this)=${A(0x100)}:address`,
      'call=CALL',
      'msg.data=0x:bytes',
    ]);
  });

  it('gas: what is left at the step, what the frame used of what it was given', async () => {
    const p = await prepared();
    const gas = scopes(p, { step: 3 })[1]!;
    assert.equal(gas.name, 'Gas');
    assert.deepEqual(rows(gas), ['left=899,991', 'used by this frame=100,009', 'given to this frame=1,000,000']);
  });

  it('the EVM stack is listed top first, the top marked', async () => {
    const p = await prepared();
    const stack = scopes(p, { step: 3 })[3]!;
    assert.equal(stack.name, 'EVM stack');
    assert.deepEqual(rows(stack), ['0 (top)=0xff:uint256', '1=0x3:uint256']);
  });

  it('memory is paged in rows of 32 bytes, named by offset; a page stops at the last row', async () => {
    const p = await prepared();
    const memory = scopes(p, { step: 1 })[4]!;
    assert.equal(memory.name, 'Memory (40 bytes)');
    assert.deepEqual(memory.variables, []);
    assert.equal(memory.expensive, true);
    assert.equal(memory.indexed?.count, 2);
    const hex = (from: number, n: number) => Array.from({ length: n }, (_v, i) => ((from + i) % 256).toString(16).padStart(2, '0')).join('');
    assert.deepEqual(memory.indexed?.page(0, 1), [{ name: '0x0000', value: hex(1, 32) }]);
    assert.deepEqual(memory.indexed?.page(1, 5), [{ name: '0x0020', value: hex(33, 8) }]);
    assert.deepEqual(memory.indexed?.page(0, 5).length, 2);
  });

  it('a native frame shows none of its caller’s storage', async () => {
    const p = await prepared();
    assert.deepEqual(rows(scopes(p, { step: 3 })[2]), ['slot 0x1=0x5:written']);
    assert.deepEqual(rows(scopes(p, { step: 3, native: 2 })[2]), []);
  });

  it('the caller of a one-step callee stands at its call, not after it', async () => {
    const p = await prepared();
    assert.deepEqual(
      stackAt(p, { step: 2 }).map((e) => `${e.frame.index}@${e.step}:${e.location?.line}`),
      ['1@2:20', '0@1:11'],
    );
  });
});
