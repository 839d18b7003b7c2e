// The names the session knows while stopped and the breakpoint conditions over them, over recordings
// built here (./syntheticReplay.ts): decoded arguments, gasleft(), a state variable read so far by
// its layout name, and each comparison with the answers a bad condition gets.
import { strict as assert } from 'node:assert';
import { evaluateCondition, valueOf } from '../../../src/debugger/model/evaluate';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { stackAt } from '../../../src/debugger/model/frameView';
import { A, preparedOf, selector, word } from './syntheticReplay';

const ABI = [
  {
    type: 'function',
    name: 'f',
    stateMutability: 'nonpayable',
    outputs: [],
    inputs: [
      { name: 'amount', type: 'uint256' },
      { name: 'flag', type: 'bool' },
      { name: 'who', type: 'address' },
      { name: 'note', type: 'string' },
      { name: 'label', type: 'string' },
    ],
  },
];
const str = (s: string) => `${word(BigInt(s.length))}${Buffer.from(s).toString('hex').padEnd(64, '0')}`;
const INPUT = `0x${selector('f(uint256,bool,address,string,string)')}${word(5000n)}${word(1n)}${word(0xabcn)}${word(0xa0n)}${word(0xe0n)}${str('Ab')}${str('aB')}`;

/** Frame 0 runs f(5000, true, 0x…0abc, "Ab", "aB") and reads slot 1 (`total`, 5) at step 0; a native call at step 2. */
const prepared = () =>
  preparedOf(
    [
      { abi: ABI, extra: { input: INPUT } },
      { parent: 0, nativeAt: 2 },
    ],
    [
      { f: 0, line: 10 },
      { f: 0, line: 11 },
      { f: 0, line: 12 },
    ],
    { storage: [{ step: 0, slot: 1n, value: 5n, access: 'read' }], slotNames: new Map([[1n, 'total']]) },
  );
const entry = (p: PreparedReplay, native?: number) => stackAt(p, { step: 2, native })[0]!;

describe('debugger/model/evaluate: a name’s value while stopped', () => {
  it('knows gasleft() (or gasleft) in replayed code, never in a native frame', async () => {
    const p = await prepared();
    assert.equal(valueOf(p, entry(p), 'gasleft()'), '899994');
    assert.equal(valueOf(p, entry(p), ' gasleft '), '899994');
    assert.equal(valueOf(p, entry(p, 1), 'gasleft()'), undefined);
  });

  it('knows a state variable the frame has read, by its layout name; not a name it has not', async () => {
    const p = await prepared();
    assert.equal(valueOf(p, entry(p), 'total'), '5');
    assert.equal(valueOf(p, entry(p), 'supply'), undefined);
  });
});

describe('debugger/model/evaluate: a breakpoint condition', () => {
  const holds = async (condition: string) => {
    const p = await prepared();
    const got = evaluateCondition(p, entry(p), condition);
    return got.ok ? got.holds : got.message;
  };

  it('compares integers with each operator, in decimal, hex or with underscores', async () => {
    const table: Array<[string, boolean]> = [
      ['amount == 5000', true],
      ['amount == 0x1388', true],
      ['amount != 5_000', false],
      ['amount != 4999', true],
      ['amount < 5001', true],
      ['amount < 5000', false],
      ['amount <= 5000', true],
      ['amount <= 4999', false],
      ['amount > 4999', true],
      ['amount > 5000', false],
      ['amount >= 5000', true],
      ['amount >= 5001', false],
      ['-1 < amount', true],
      ['total == 5', true],
      [`who == ${A(0xabc)}`, true],
      [`msg.sender == 0x${'0'.repeat(37)}ABD`, false],
    ];
    for (const [condition, expected] of table) assert.equal(await holds(condition), expected, condition);
  });

  it('compares other values for equality only, ignoring case', async () => {
    assert.equal(await holds('flag == true'), true);
    assert.equal(await holds('flag != true'), false);
    assert.equal(await holds('flag == false'), false);
    assert.equal(await holds('note == label'), true);
    assert.equal(await holds('note != label'), false);
    assert.equal(await holds('flag < true'), '"flag < true" compares values that are not both integers');
  });

  it('says what is wrong with a condition it cannot evaluate', async () => {
    assert.equal(await holds('amount'), '"amount" is not a comparison (name == value, <, <=, >, >=, !=)');
    assert.equal(await holds('nosuch == 1'), '"nosuch" has no known value here');
    assert.equal(await holds('amount == nosuch'), '"nosuch" has no known value here');
    assert.equal(await holds('flag == truex'), '"truex" has no known value here');
    assert.equal(await holds('flag == xfalse'), '"xfalse" has no known value here');
    assert.equal(await holds('amount == 12abc'), '"12abc" has no known value here');
    assert.equal(await holds('amount == 0xg1'), '"0xg1" has no known value here');
  });
});
