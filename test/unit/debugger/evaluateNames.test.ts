// The names of the call itself while stopped (msg.value, this, address(this)), an argument the ABI
// leaves unnamed, and the integer texts a condition takes or refuses: binary or octal prefixes are
// not numbers here, an underscore beside a space is dropped, a non-integer against an integer is
// said, over recordings built here (./syntheticReplay.ts).
import { strict as assert } from 'node:assert';
import { evaluateCondition, valueOf } from '../../../src/debugger/model/evaluate';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { stackAt } from '../../../src/debugger/model/frameView';
import { A, preparedOf, selector, word } from './syntheticReplay';

const ABI = [
  {
    type: 'function',
    name: 'g',
    stateMutability: 'payable',
    outputs: [],
    inputs: [
      { name: 'amount', type: 'uint256' },
      { name: '', type: 'uint256' },
      { name: 'flag', type: 'bool' },
    ],
  },
];
const INPUT = `0x${selector('g(uint256,uint256,bool)')}${word(5000n)}${word(42n)}${word(1n)}`;

/** Frame 0 runs g(5000, 42, true) with 7 wei at A(0x100). */
const prepared = () =>
  preparedOf(
    [{ abi: ABI, extra: { input: INPUT, value: 7n } }],
    [
      { f: 0, line: 10 },
      { f: 0, line: 11 },
    ],
  );
const entry = (p: PreparedReplay) => stackAt(p, { step: 1 })[0]!;

describe('debugger/model/evaluate: the call’s own names', () => {
  it('knows msg.value, address(this) and this', async () => {
    const p = await prepared();
    assert.equal(valueOf(p, entry(p), 'msg.value'), '7');
    assert.equal(valueOf(p, entry(p), 'address(this)'), A(0x100));
    assert.equal(valueOf(p, entry(p), ' this '), A(0x100));
    assert.equal(valueOf(p, entry(p), 'msg.sender'), A(1));
  });

  it('an argument the ABI leaves unnamed is not known by an empty name', async () => {
    const p = await prepared();
    assert.equal(valueOf(p, entry(p), ''), undefined);
    assert.equal(valueOf(p, entry(p), '  '), undefined);
    assert.equal(valueOf(p, entry(p), 'amount'), '5000');
  });
});

describe('debugger/model/evaluate: the integers a condition takes', () => {
  const outcome = async (condition: string) => {
    const p = await prepared();
    const got = evaluateCondition(p, entry(p), condition);
    return got.ok ? got.holds : got.message;
  };

  it('equality of integers is exact, a larger value is not equal', async () => {
    assert.equal(await outcome('amount == 4999'), false);
    assert.equal(await outcome('msg.value == 6'), false);
    assert.equal(await outcome('msg.value == 7'), true);
  });

  it('binary and octal prefixes are not integers here', async () => {
    assert.equal(await outcome('amount == 0b1'), '"0b1" has no known value here');
    assert.equal(await outcome('amount > 0o7'), '"0o7" has no known value here');
    assert.equal(await outcome('0b101 < amount'), '"0b101" has no known value here');
  });

  it('an underscore beside a space is dropped, and the space around it trimmed', async () => {
    assert.equal(await outcome('amount == 5000 _'), true);
    assert.equal(await outcome('amount > _ 4999'), true);
  });

  it('a boolean against an integer is compared for equality only', async () => {
    assert.equal(await outcome('flag < 1'), '"flag < 1" compares values that are not both integers');
    assert.equal(await outcome('1 < flag'), '"1 < flag" compares values that are not both integers');
    assert.equal(await outcome('flag == 1'), false);
  });
});
