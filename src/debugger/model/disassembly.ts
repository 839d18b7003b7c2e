// EVM code as instructions, for VS Code's disassembly view (the frames no build record maps to a
// source): each instruction's program counter, its mnemonic and its push data. An instruction's
// address in the debug protocol is the frame and the pc in one number, so every frame's code has
// addresses of its own. Pure.

const NAMES: Record<number, string> = {
  0x00: 'STOP',
  0x01: 'ADD',
  0x02: 'MUL',
  0x03: 'SUB',
  0x04: 'DIV',
  0x05: 'SDIV',
  0x06: 'MOD',
  0x07: 'SMOD',
  0x08: 'ADDMOD',
  0x09: 'MULMOD',
  0x0a: 'EXP',
  0x0b: 'SIGNEXTEND',
  0x10: 'LT',
  0x11: 'GT',
  0x12: 'SLT',
  0x13: 'SGT',
  0x14: 'EQ',
  0x15: 'ISZERO',
  0x16: 'AND',
  0x17: 'OR',
  0x18: 'XOR',
  0x19: 'NOT',
  0x1a: 'BYTE',
  0x1b: 'SHL',
  0x1c: 'SHR',
  0x1d: 'SAR',
  0x20: 'KECCAK256',
  0x30: 'ADDRESS',
  0x31: 'BALANCE',
  0x32: 'ORIGIN',
  0x33: 'CALLER',
  0x34: 'CALLVALUE',
  0x35: 'CALLDATALOAD',
  0x36: 'CALLDATASIZE',
  0x37: 'CALLDATACOPY',
  0x38: 'CODESIZE',
  0x39: 'CODECOPY',
  0x3a: 'GASPRICE',
  0x3b: 'EXTCODESIZE',
  0x3c: 'EXTCODECOPY',
  0x3d: 'RETURNDATASIZE',
  0x3e: 'RETURNDATACOPY',
  0x3f: 'EXTCODEHASH',
  0x40: 'BLOCKHASH',
  0x41: 'COINBASE',
  0x42: 'TIMESTAMP',
  0x43: 'NUMBER',
  0x44: 'PREVRANDAO',
  0x45: 'GASLIMIT',
  0x46: 'CHAINID',
  0x47: 'SELFBALANCE',
  0x48: 'BASEFEE',
  0x49: 'BLOBHASH',
  0x4a: 'BLOBBASEFEE',
  0x50: 'POP',
  0x51: 'MLOAD',
  0x52: 'MSTORE',
  0x53: 'MSTORE8',
  0x54: 'SLOAD',
  0x55: 'SSTORE',
  0x56: 'JUMP',
  0x57: 'JUMPI',
  0x58: 'PC',
  0x59: 'MSIZE',
  0x5a: 'GAS',
  0x5b: 'JUMPDEST',
  0x5c: 'TLOAD',
  0x5d: 'TSTORE',
  0x5e: 'MCOPY',
  0x5f: 'PUSH0',
  0xa0: 'LOG0',
  0xa1: 'LOG1',
  0xa2: 'LOG2',
  0xa3: 'LOG3',
  0xa4: 'LOG4',
  0xf0: 'CREATE',
  0xf1: 'CALL',
  0xf2: 'CALLCODE',
  0xf3: 'RETURN',
  0xf4: 'DELEGATECALL',
  0xf5: 'CREATE2',
  0xfa: 'STATICCALL',
  0xfd: 'REVERT',
  0xfe: 'INVALID',
  0xff: 'SELFDESTRUCT',
};

export function opcodeName(op: number): string {
  if (op >= 0x60 && op <= 0x7f) return `PUSH${op - 0x5f}`;
  if (op >= 0x80 && op <= 0x8f) return `DUP${op - 0x7f}`;
  if (op >= 0x90 && op <= 0x9f) return `SWAP${op - 0x8f}`;
  return NAMES[op] ?? `0x${op.toString(16).padStart(2, '0')} (not an opcode)`;
}

export interface Instruction {
  pc: number;
  /** "PUSH2 0x0040", "JUMPDEST". */
  text: string;
  /** The bytes of the instruction, push data included, as hex. */
  bytes: string;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The code's instructions in order; push data past the end of the code is shown as what is there. */
export function disassemble(code: Uint8Array): Instruction[] {
  const out: Instruction[] = [];
  for (let pc = 0; pc < code.length;) {
    const op = code[pc]!;
    const size = op >= 0x60 && op <= 0x7f ? op - 0x5f : 0;
    const data = code.subarray(pc + 1, pc + 1 + size);
    out.push({ pc, text: size ? `${opcodeName(op)} 0x${hex(data)}` : opcodeName(op), bytes: hex(code.subarray(pc, pc + 1 + size)) });
    pc += 1 + size;
  }
  return out;
}

/** The protocol's address of a frame's instruction: `0x` + hex of frame · 2^32 + pc. */
export function instructionAddress(frame: number, pc: number): string {
  return `0x${(BigInt(frame) * 2n ** 32n + BigInt(pc)).toString(16)}`;
}

/** The frame and pc of an address `instructionAddress` made; undefined for anything else. */
export function parseInstructionAddress(ref: string): { frame: number; pc: number } | undefined {
  if (!/^0x[0-9a-f]{1,16}$/i.test(ref)) return undefined;
  const v = BigInt(ref);
  return { frame: Number(v >> 32n), pc: Number(v & 0xffffffffn) };
}
