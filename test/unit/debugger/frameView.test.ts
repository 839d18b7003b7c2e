// The variables of a stopped frame, over recordings built here (./syntheticReplay.ts): a call's
// arguments with one the ABI leaves unnamed, a DELEGATECALL's code address, a native frame's
// recorded answer and gas, the storage read and written so far by name or by slot.
import { strict as assert } from 'node:assert';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import type { FrameOutcome } from '../../../src/debugger/model/recording';
import { scopesOf, stackAt } from '../../../src/debugger/model/frameView';
import { CALL_THEN_NATIVE, A, preparedOf, selector, word, type FrameSpec, type SyntheticOptions } from './syntheticReplay';

const F_ABI = [
  {
    type: 'function',
    name: 'f',
    stateMutability: 'nonpayable',
    outputs: [],
    inputs: [
      { name: 'amount', type: 'uint256' },
      { name: 'flag', type: 'bool' },
      { name: '', type: 'uint256' },
    ],
  },
];
const F_INPUT = `0x${selector('f(uint256,bool,uint256)')}${word(5000n)}${word(1n)}${word(7n)}`;

/** The steps: the root calls frame 1 (f, by DELEGATECALL) at step 1, then a native contract (frame 2) at step 4. */
const STEPS = CALL_THEN_NATIVE;
const withCallee = (native: FrameOutcome | undefined, options: SyntheticOptions = {}): Promise<PreparedReplay> => {
  const frames: FrameSpec[] = [
    {},
    { parent: 0, abi: F_ABI, extra: { input: F_INPUT, kind: 'DELEGATECALL', codeAddress: A(0xc0de), value: 3n } },
    { parent: 0, nativeAt: 4, outcome: native },
  ];
  return preparedOf(frames, STEPS, options);
};
const vars = async (p: PreparedReplay, at: { step: number; native?: number }, scope: number) =>
  scopesOf(p, stackAt(p, at)[0]!)[scope]!.variables.map((v) => `${v.name}=${v.value}${v.type ? `:${v.type}` : ''}`);

describe('debugger/model/frameView: the call scope', () => {
  it('lists the decoded arguments (one the ABI leaves unnamed too), the caller, and the code a DELEGATECALL runs', async () => {
    const p = await withCallee(undefined);
    assert.deepEqual(await vars(p, { step: 3 }, 0), [
      'amount=5000:uint256',
      'flag=true:bool',
      '(unnamed)=7:uint256',
      `msg.sender=${A(0x100)}:address`,
      'msg.value=3:uint256',
      `address(this)=${A(0x101)}:address`,
      `code address=${A(0xc0de)}:address`,
      'call=DELEGATECALL f',
      `msg.data=${F_INPUT}:bytes`,
    ]);
  });

  it('a native frame shows what the node recorded it returned or reverted with', async () => {
    const returned = await vars(await withCallee({ status: 'returned', output: '0x01', gasUsed: 70n }), { step: 4, native: 2 }, 0);
    assert.equal(returned[returned.length - 1], 'returned (recorded)=0x01:bytes');
    const reverted = await vars(await withCallee({ status: 'reverted', output: '0x02', gasUsed: 70n }), { step: 4, native: 2 }, 0);
    assert.equal(reverted[reverted.length - 1], 'reverted (recorded)=0x02:bytes');
    const unknown = await vars(await withCallee(undefined), { step: 4, native: 2 }, 0);
    assert.deepEqual(unknown.slice(-2), ['call=CALL', 'msg.data=0x:bytes']);
  });
});

describe('debugger/model/frameView: gas, storage, stack and memory', () => {
  it('a native frame shows the gas the node recorded it used, and no stack or memory', async () => {
    const p = await withCallee({ status: 'returned', output: '0x01', gasUsed: 7_000n });
    assert.deepEqual(await vars(p, { step: 4, native: 2 }, 1), ['used (recorded)=7,000']);
    assert.equal(scopesOf(p, stackAt(p, { step: 4, native: 2 })[0]!)[1]?.name, 'Gas');
    assert.deepEqual(await vars(p, { step: 4, native: 2 }, 3), []);
    assert.deepEqual(await vars(await withCallee(undefined), { step: 4, native: 2 }, 1), ['used (recorded)=0']);
    const memory = scopesOf(p, stackAt(p, { step: 4, native: 2 })[0]!)[4]!;
    assert.equal(memory.name, 'Memory (0 bytes)');
  });

  it('the storage read and written so far: by the layout’s name where it has one, else by slot; written once stays written', async () => {
    const p = await withCallee(undefined, {
      storage: [
        { step: 2, slot: 1n, value: 5n, access: 'read' },
        { step: 2, slot: 2n, value: 9n, access: 'written' },
        { step: 2, slot: 2n, value: 9n, access: 'read' },
      ],
      slotNames: new Map([[1n, 'total']]),
    });
    assert.deepEqual(await vars(p, { step: 4 }, 2), []);
    assert.deepEqual(await vars(p, { step: 3 }, 2), ['total=0x5:read', 'slot 0x2=0x9:written']);
  });
});
