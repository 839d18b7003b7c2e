// What a replay of one mined EVM transaction leaves behind (./replay.ts records it; the debug
// session walks it both ways): every EVM step in execution order, compact enough for a million
// steps, the call frames in call order (the callTracer's order, so frame i is the node's call i),
// and what the replay found against the node's own call tree. The stack, memory and storage at a
// step are rebuilt on demand from what was recorded, never copied at every step. Pure.

/** How a frame ended, in the replay. */
export interface FrameOutcome {
  status: 'returned' | 'reverted' | 'failed';
  /** Return or revert data, `0x` + hex. */
  output: string;
  gasUsed: bigint;
  /** The EVM's words for a failure that is not a revert ("out of gas", "invalid opcode"…). */
  error?: string;
}

export type FrameKind = 'CALL' | 'STATICCALL' | 'DELEGATECALL' | 'CALLCODE' | 'CREATE' | 'CREATE2';

export interface ReplayFrame {
  /** Its place in call order, the callTracer's order (the root is 0). */
  index: number;
  /** The caller's index; undefined for the root. */
  parent: number | undefined;
  /** 0 for the root. */
  depth: number;
  kind: FrameKind;
  /** Lower-case `0x` + 40 hex: the caller (msg.sender). */
  caller: string;
  /** The account whose storage the code runs on (the created account for a creation). */
  address: string;
  /** The account whose code runs (differs from `address` under DELEGATECALL and CALLCODE). */
  codeAddress: string;
  value: bigint;
  /** Call data (`0x` + hex); a creation's init code. */
  input: string;
  /** Gas given to the frame. */
  gas: bigint;
  /** The code that ran: runtime code, or the init code of a creation. Empty for a native frame. */
  code: Uint8Array;
  /**
   * Not replayed: its answer came from the node's call tree (the ISC magic contract, or any
   * account whose code is not EVM code). A native frame has no steps.
   */
  native: boolean;
  /** The frame's first step; for a native frame, the step of the call that entered it. */
  firstStep: number;
  /** The frame's last step; for a native frame, equal to `firstStep`. */
  lastStep: number;
  /** Undefined when the replay stopped before the frame ended (a step limit, a divergence). */
  outcome?: FrameOutcome;
}

/** One slot of a storage access, in the frame's storage context. */
export interface StorageAccess {
  step: number;
  slot: bigint;
  value: bigint;
  access: 'read' | 'written';
}

/** Where the replay first disagreed with the node's call tree. */
export interface Divergence {
  /** The frame (call order) whose result differs; undefined when it is the transaction as a whole. */
  frame: number | undefined;
  /** The last step the replay can be trusted up to (inclusive): the user can step up to it. */
  step: number;
  /** "replay diverged at call 3: the node's trace reverted, the replay returned" */
  message: string;
}

export interface ReplayResult {
  status: 'success' | 'reverted' | 'failed';
  output: string;
  /** Gas the transaction used, as a receipt counts it (intrinsic gas and refunds included). */
  gasUsed: bigint;
  error?: string;
}

export interface Recording {
  /** Steps recorded. */
  readonly length: number;
  /** By step: the program counter. */
  readonly pc: Uint32Array;
  /** By step: the opcode about to run. */
  readonly op: Uint8Array;
  /** By step: the frame it runs in (an index into `frames`). */
  readonly frame: Uint32Array;
  /** By step: gas left before the opcode runs (exact: no frame has 2^53 gas). */
  readonly gasLeft: Float64Array;
  readonly frames: readonly ReplayFrame[];
  /** The stack before the step's opcode runs, bottom first. */
  stackAt(step: number): bigint[];
  /** The frame's memory before the step's opcode runs. */
  memoryAt(step: number): Uint8Array;
  /** The storage reads and writes of the step's frame, from its first step up to (not including) `step`. */
  storageAt(step: number): StorageAccess[];
  /** The replay's own result. */
  readonly result: ReplayResult;
  /** Undefined when every frame and the transaction agree with the node. */
  readonly divergence: Divergence | undefined;
  /** True when the step limit stopped the replay before the transaction ended. */
  readonly truncated: boolean;
  /** What the replay hashed with KECCAK256 (capped), by hash: names a mapping's slot by its key. */
  readonly keccakPreimages: ReadonlyMap<bigint, Uint8Array>;
}
