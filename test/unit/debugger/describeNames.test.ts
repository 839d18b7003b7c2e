// What the debugger names a frame and a revert (src/debugger/model/describe.ts) from the ABI of the
// artifact the code matched, over ABIs built here: a constructor for either kind of creation, the
// function's own name and arguments, a selector for calldata longer than one, and an error the
// artifact declares named by the artifact before the magic contract's interfaces.
import * as assert from 'node:assert/strict';
import { Describer } from '../../../src/debugger/model/describe';
import type { CodeMap } from '../../../src/debugger/model/codeMap';
import type { FrameKind, ReplayFrame } from '../../../src/debugger/model/recording';
import { AbiIndex, abiOfJson } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder, type AbiCoder } from '../../../src/evm/model/decode';
import { selector, word } from './syntheticReplay';

const BANK = `0x${'ba'.repeat(20)}`;
const ABI = [
  { type: 'function', name: 'withdraw', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' },
  { type: 'error', name: 'Overdrawn', inputs: [{ name: 'available', type: 'uint256' }] },
];

function frame(kind: FrameKind, input: string, native = false): ReplayFrame {
  return {
    index: 1,
    parent: 0,
    depth: 1,
    kind,
    caller: `0x${'ca'.repeat(20)}`,
    address: BANK,
    codeAddress: BANK,
    value: 0n,
    input,
    gas: 100_000n,
    code: new Uint8Array(),
    native,
    firstStep: 10,
    lastStep: 10,
  };
}

const bank: CodeMap = {
  contractName: 'Bank',
  artifactPath: 'out/Bank.sol/Bank.json',
  locate: () => undefined,
  jumpAt: () => undefined,
  sourceText: () => undefined,
  abi: ABI,
};

describe('debugger/model/describe: names from the matched artifact', () => {
  let coder: AbiCoder;
  before(async () => {
    coder = await loadAbiCoder();
  });

  it("names a call by the artifact's function, with its arguments, each time it is asked", () => {
    const describer = new Describer(coder, []);
    const input = `0x${selector('withdraw(uint256)')}${word(5000n)}`;
    const expected = { contract: 'Bank', function: 'withdraw', args: [{ name: 'amount', type: 'uint256', value: '5000' }] };
    assert.deepStrictEqual(describer.call(frame('CALL', input), bank), expected);
    assert.deepStrictEqual(describer.call(frame('CALL', input), bank), expected);
    assert.equal(describer.frameName(frame('CALL', input, true), bank), 'Bank.withdraw: native, not replayed');
  });

  it('names either kind of creation the constructor, with no arguments read from its init code', () => {
    const describer = new Describer(coder, []);
    const initCode = `0x${selector('withdraw(uint256)')}${word(1n)}`;
    for (const kind of ['CREATE', 'CREATE2'] as const) {
      assert.deepStrictEqual(describer.call(frame(kind, initCode), bank), { contract: 'Bank', function: 'constructor', args: [] }, kind);
    }
  });

  it('names calldata no ABI reads by its first four bytes, however long it is', () => {
    const describer = new Describer(coder, []);
    assert.equal(describer.frameName(frame('CALL', `0x12345678${word(1n)}`), { ...bank, abi: [] }), 'Bank.0x12345678');
  });

  it("names a revert by the artifact's error before an interface of the magic contract with the same selector", () => {
    const magic = new AbiIndex();
    const declared = abiOfJson([{ type: 'error', name: 'Overdrawn', inputs: [{ name: 'other', type: 'uint256' }] }]);
    magic.setFile('magic/ISCSandbox.json', 'ISCSandbox', declared?.items ?? []);
    const describer = new Describer(coder, [], undefined, [magic]);
    const data = `0x${selector('Overdrawn(uint256)')}${word(1000n)}`;
    assert.equal(describer.revert(data, bank), 'Overdrawn(available: 1000)');
    assert.equal(describer.revert(data, undefined), 'Overdrawn(other: 1000)');
  });
});
