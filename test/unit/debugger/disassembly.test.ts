// EVM code as the disassembly view shows it (src/debugger/model/disassembly.ts): each opcode's name
// at the edges of the PUSH, DUP and SWAP ranges, push data cut short by the end of the code, and the
// debug protocol's instruction addresses, which pack a frame and a pc into one number.
import { strict as assert } from 'node:assert';
import { disassemble, instructionAddress, opcodeName, parseInstructionAddress } from '../../../src/debugger/model/disassembly';

describe('debugger/model/disassembly: opcodes, instructions and addresses', () => {
  it('names each opcode, the numbered ranges by their count, a byte that is no opcode by its hex', () => {
    const ops = [0x00, 0x0c, 0x56, 0x5f, 0x60, 0x61, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x91, 0x9f, 0xa0, 0xef, 0xff];
    assert.deepStrictEqual(ops.map(opcodeName), [
      'STOP',
      '0x0c (not an opcode)',
      'JUMP',
      'PUSH0',
      'PUSH1',
      'PUSH2',
      'PUSH32',
      'DUP1',
      'DUP2',
      'DUP16',
      'SWAP1',
      'SWAP2',
      'SWAP16',
      'LOG0',
      '0xef (not an opcode)',
      'SELFDESTRUCT',
    ]);
  });

  it('lists each instruction with its pc, its text and its bytes, push data included and cut at the end of the code', () => {
    const code = Uint8Array.from([0x60, 0x05, 0x61, 0x00, 0x40, 0x80, 0x5b, 0x7f, 0x0a, 0x0b]);
    assert.deepStrictEqual(disassemble(code), [
      { pc: 0, text: 'PUSH1 0x05', bytes: '6005' },
      { pc: 2, text: 'PUSH2 0x0040', bytes: '610040' },
      { pc: 5, text: 'DUP1', bytes: '80' },
      { pc: 6, text: 'JUMPDEST', bytes: '5b' },
      { pc: 7, text: 'PUSH32 0x0a0b', bytes: '7f0a0b' },
    ]);
    assert.deepStrictEqual(disassemble(new Uint8Array(0)), []);
  });

  it('packs a frame and a pc into an address and reads them back, refusing anything else', () => {
    assert.equal(instructionAddress(0, 0x1f), '0x1f');
    assert.equal(instructionAddress(3, 0x1234), '0x300001234');
    assert.deepStrictEqual(parseInstructionAddress('0x300001234'), { frame: 3, pc: 0x1234 });
    assert.deepStrictEqual(parseInstructionAddress('0X1F'), { frame: 0, pc: 0x1f });
    assert.deepStrictEqual(parseInstructionAddress('0xffffffffffffffff'), { frame: 0xffffffff, pc: 0xffffffff });
    for (const ref of ['', '0x', '12', 'x0x12', '0x12zz', '0x1 ', ' 0x1', '0x10000000000000000', 'main']) {
      assert.equal(parseInstructionAddress(ref), undefined, ref);
    }
  });
});
