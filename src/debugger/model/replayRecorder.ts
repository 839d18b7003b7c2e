// The steps of a replay, recorded as the EVM runs them and rebuilt on demand: per step the pc,
// opcode, frame, gas and memory size in typed arrays that grow by doubling; the stack as what each
// step popped and pushed against the previous step of its frame, with a full copy every
// STACK_CHECKPOINT steps of a frame; memory as the bytes each memory-writing opcode (or a call's
// return data) left, read at the frame's next step, with a snapshot every MEMORY_SNAPSHOT writes;
// storage reads and writes per frame; KECCAK256 preimages up to a budget. Pure.
import type { StorageAccess } from './recording';

/** A full stack copy every so many steps of one frame: stackAt replays at most this many deltas. */
export const STACK_CHECKPOINT = 1024;
/** A full memory copy every so many writes of one frame: memoryAt applies at most this many writes. */
export const MEMORY_SNAPSHOT = 256;
/** How often a frame's full stack and memory are copied. */
export interface RecorderIntervals {
  stackCheckpoint: number;
  memorySnapshot: number;
}

/** KECCAK256 preimages kept, in bytes in all. */
export const KECCAK_BUDGET = 64 * 1024;

/** What the EVM tells of a step before its opcode runs. */
export interface StepEvent {
  pc: number;
  op: number;
  gasLeft: bigint;
  /** Bottom first. The recorder keeps it: the caller hands over a fresh array each step. */
  stack: bigint[];
  /** The frame's memory (its current size). */
  memory: Uint8Array;
}

interface MemoryWrite {
  step: number;
  offset: number;
  bytes: Uint8Array;
}

interface FrameLog {
  lastStep: number;
  lastStack: bigint[];
  sinceCheckpoint: number;
  /** What the previous step of the frame left to read at this one. */
  pendingMemory?: { offset: number; size: number };
  pendingSload?: { step: number; slot: bigint };
  pendingKeccak?: Uint8Array;
  writes: MemoryWrite[];
  snapshots: Array<{ step: number; writes: number; memory: Uint8Array }>;
  storage: StorageAccess[];
}

const OP = { KECCAK256: 0x20, CALLDATACOPY: 0x37, CODECOPY: 0x39, EXTCODECOPY: 0x3c, RETURNDATACOPY: 0x3e } as const;
const OP2 = { MSTORE: 0x52, MSTORE8: 0x53, SLOAD: 0x54, SSTORE: 0x55, MCOPY: 0x5e, CALL: 0xf1, CALLCODE: 0xf2, DELEGATECALL: 0xf4, STATICCALL: 0xfa } as const;

/** From the top of the stack: index 0 is the top. */
const top = (stack: bigint[], i: number): bigint => stack[stack.length - 1 - i] ?? 0n;

/** A memory region named by stack words; beyond 2^32 bytes no step can have run it, so it is clipped. */
function region(offset: bigint, size: bigint): { offset: number; size: number } | undefined {
  if (size === 0n || offset > 0xffffffffn || size > 0xffffffffn) return undefined;
  return { offset: Number(offset), size: Number(size) };
}

/** The memory the op at the top of `stack` writes, read back at the frame's next step. */
function memoryWritten(op: number, stack: bigint[]): { offset: number; size: number } | undefined {
  switch (op) {
    case OP2.MSTORE:
      return region(top(stack, 0), 32n);
    case OP2.MSTORE8:
      return region(top(stack, 0), 1n);
    case OP.CALLDATACOPY:
    case OP.CODECOPY:
    case OP.RETURNDATACOPY:
    case OP2.MCOPY:
      return region(top(stack, 0), top(stack, 2));
    case OP.EXTCODECOPY:
      return region(top(stack, 1), top(stack, 3));
    case OP2.CALL:
    case OP2.CALLCODE:
      return region(top(stack, 5), top(stack, 6));
    case OP2.DELEGATECALL:
    case OP2.STATICCALL:
      return region(top(stack, 4), top(stack, 5));
    default:
      return undefined;
  }
}

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

/** Bytes of the per-step typed arrays, one step. */
const STEP_BYTES = 4 + 1 + 4 + 8 + 4 + 4 + 2 + 4;
/** A stack word kept: a 256-bit BigInt and the array slot that holds it. */
const WORD_BYTES = 48;
/** An object of the logs (a memory write, a storage access, a preimage) besides its bytes. */
const ENTRY_BYTES = 64;

export class StepRecorder {
  constructor(private readonly every: RecorderIntervals = { stackCheckpoint: STACK_CHECKPOINT, memorySnapshot: MEMORY_SNAPSHOT }) {}

  length = 0;
  pc = new Uint32Array(1024);
  op = new Uint8Array(1024);
  frame = new Uint32Array(1024);
  gasLeft = new Float64Array(1024);
  private memSize = new Uint32Array(1024);
  private prevInFrame = new Int32Array(1024);
  private popCount = new Uint16Array(1024);
  private pushStart = new Uint32Array(1024);
  private pushes: bigint[] = [];
  private checkpoints = new Map<number, bigint[]>();
  private logs: FrameLog[] = [];
  private keccakBytes = 0;
  readonly keccakPreimages = new Map<bigint, Uint8Array>();
  /**
   * What the recording holds, in bytes, as the replay's memory bound counts it: the per-step arrays
   * at their capacity, each stack word kept (a BigInt and its slot), memory written and snapshotted,
   * storage accesses and preimages. An estimate of the heap, not a measure.
   */
  retainedBytes = 1024 * STEP_BYTES;

  /** Records one step of `frame` (frames numbered from 0 in call order, as entered). */
  step(frame: number, e: StepEvent): void {
    const s = this.length;
    this.ensure(s + 1);
    const log = (this.logs[frame] ??= { lastStep: -1, lastStack: [], sinceCheckpoint: 0, writes: [], snapshots: [], storage: [] });
    this.settle(log, s, e);
    this.pc[s] = e.pc;
    this.op[s] = e.op;
    this.frame[s] = frame;
    this.gasLeft[s] = Number(e.gasLeft);
    this.memSize[s] = e.memory.length;
    this.prevInFrame[s] = log.lastStep;
    const before = log.lastStack;
    let k = 0;
    const n = Math.min(before.length, e.stack.length);
    while (k < n && before[k] === e.stack[k]) k++;
    this.popCount[s] = before.length - k;
    this.pushStart[s] = this.pushes.length;
    for (let i = k; i < e.stack.length; i++) this.pushes.push(e.stack[i] as bigint);
    this.retainedBytes += (e.stack.length - k) * WORD_BYTES;
    if (++log.sinceCheckpoint >= this.every.stackCheckpoint) {
      this.checkpoints.set(s, e.stack.slice());
      this.retainedBytes += e.stack.length * WORD_BYTES;
      log.sinceCheckpoint = 0;
    }
    log.lastStep = s;
    log.lastStack = e.stack;
    this.expect(log, s, e);
    this.length = s + 1;
  }

  /** Reads at this step what the frame's previous step left to read: memory written, a value loaded, a hash. */
  private settle(log: FrameLog, s: number, e: StepEvent): void {
    if (log.pendingMemory) {
      const { offset, size } = log.pendingMemory;
      const end = Math.min(offset + size, e.memory.length);
      if (end > offset) {
        log.writes.push({ step: s, offset, bytes: e.memory.slice(offset, end) });
        this.retainedBytes += end - offset + ENTRY_BYTES;
        if (log.writes.length % this.every.memorySnapshot === 0) {
          log.snapshots.push({ step: s, writes: log.writes.length, memory: e.memory.slice() });
          this.retainedBytes += e.memory.length + ENTRY_BYTES;
        }
      }
      log.pendingMemory = undefined;
    }
    if (log.pendingSload) {
      log.storage.push({ step: log.pendingSload.step, slot: log.pendingSload.slot, value: top(e.stack, 0), access: 'read' });
      this.retainedBytes += ENTRY_BYTES + 2 * WORD_BYTES;
      log.pendingSload = undefined;
    }
    if (log.pendingKeccak) {
      const hash = top(e.stack, 0);
      if (!this.keccakPreimages.has(hash)) {
        this.keccakPreimages.set(hash, log.pendingKeccak);
        this.keccakBytes += log.pendingKeccak.length;
        this.retainedBytes += log.pendingKeccak.length + ENTRY_BYTES;
      }
      log.pendingKeccak = undefined;
    }
  }

  /** Notes what the op about to run leaves for the frame's next step. */
  private expect(log: FrameLog, s: number, e: StepEvent): void {
    const op = e.op;
    const written = memoryWritten(op, e.stack);
    if (written) log.pendingMemory = written;
    if (op === OP2.SLOAD) log.pendingSload = { step: s, slot: top(e.stack, 0) };
    else if (op === OP2.SSTORE) {
      log.storage.push({ step: s, slot: top(e.stack, 0), value: top(e.stack, 1), access: 'written' });
      this.retainedBytes += ENTRY_BYTES + 2 * WORD_BYTES;
    } else if (op === OP.KECCAK256) {
      const r = region(top(e.stack, 0), top(e.stack, 1));
      if (r && this.keccakBytes + r.size <= KECCAK_BUDGET) {
        const bytes = new Uint8Array(r.size);
        bytes.set(e.memory.subarray(r.offset, r.offset + r.size));
        log.pendingKeccak = bytes;
      }
    }
  }

  private ensure(n: number): void {
    if (n <= this.pc.length) return;
    const before = this.pc.length;
    this.pc = grow(this.pc, n);
    this.op = grow(this.op, n);
    this.frame = grow(this.frame, n);
    this.gasLeft = grow(this.gasLeft, n);
    this.memSize = grow(this.memSize, n);
    this.prevInFrame = grow(this.prevInFrame, n);
    this.popCount = grow(this.popCount, n);
    this.pushStart = grow(this.pushStart, n);
    this.retainedBytes += (this.pc.length - before) * STEP_BYTES;
  }

  private pushEnd(s: number): number {
    return s + 1 < this.length ? (this.pushStart[s + 1] as number) : this.pushes.length;
  }

  /** The stack before step `s` runs, bottom first. */
  stackAt(s: number): bigint[] {
    if (!(s >= 0 && s < this.length)) return [];
    const chain: number[] = [];
    let t = s;
    let base: bigint[] | undefined;
    for (;;) {
      base = this.checkpoints.get(t);
      if (base) break;
      chain.push(t);
      const prev = this.prevInFrame[t] as number;
      if (prev < 0) break;
      t = prev;
    }
    const stack = base ? base.slice() : [];
    for (let i = chain.length - 1; i >= 0; i--) {
      const u = chain[i] as number;
      stack.length -= this.popCount[u] as number;
      for (let j = this.pushStart[u] as number, end = this.pushEnd(u); j < end; j++) stack.push(this.pushes[j] as bigint);
    }
    return stack;
  }

  /** The memory of step `s`'s frame before it runs. */
  memoryAt(s: number): Uint8Array {
    if (!(s >= 0 && s < this.length)) return new Uint8Array(0);
    const log = this.logs[this.frame[s] as number];
    const memory = new Uint8Array(this.memSize[s] as number);
    if (!log) return memory;
    const snapshots = log.snapshots;
    let lo = 0;
    let hi = snapshots.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((snapshots[mid] as { step: number }).step <= s) lo = mid + 1;
      else hi = mid;
    }
    const snap = lo > 0 ? snapshots[lo - 1] : undefined;
    if (snap) memory.set(snap.memory.subarray(0, memory.length));
    for (let i = snap ? snap.writes : 0; i < log.writes.length; i++) {
      const w = log.writes[i] as MemoryWrite;
      if (w.step > s) break;
      if (w.offset < memory.length) memory.set(w.bytes.subarray(0, memory.length - w.offset), w.offset);
    }
    return memory;
  }

  /** The storage reads and writes of step `s`'s frame before it runs. */
  storageAt(s: number): StorageAccess[] {
    if (!(s >= 0 && s < this.length)) return [];
    const log = this.logs[this.frame[s] as number];
    return log ? log.storage.filter((a) => a.step < s) : [];
  }

  /** The typed arrays cut to the steps recorded. */
  trim(): void {
    const n = this.length;
    this.pc = this.pc.slice(0, n);
    this.op = this.op.slice(0, n);
    this.frame = this.frame.slice(0, n);
    this.gasLeft = this.gasLeft.slice(0, n);
  }
}
