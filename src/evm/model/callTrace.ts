// The call tree of one EVM transaction as a node's callTracer answers it (debug_traceTransaction,
// FACTS §1), checked field by field and flattened into frames in call order. Both generations:
// v2 puts `logs` (with `withLog`) and `revertReason` on a frame and always sends `value`; v1 has
// neither, omits `value` on a STATICCALL and leaves `to` out of a failed CREATE on both. The walk
// keeps its own stack, so a trace nested as deep as the EVM allows (1024) cannot overflow ours; past
// MAX_TRACE_FRAMES the rest is counted, not kept. Everything here is the node's text: the caller
// reveals and escapes it. Pure.
import { HEX40 } from '../../core/idShapes';
import { readShape, record, ShapeError, text, type Raw } from './shape';

/** Frames kept of one trace; the rest are counted. */
export const MAX_TRACE_FRAMES = 20_000;
/** The EVM's own call depth limit: a frame below it is not a frame a node can have run. */
export const MAX_TRACE_DEPTH = 1_024;
/** Characters of an error or revert reason kept (the node's text). */
const MAX_MESSAGE_CHARS = 2_000;
/** Logs of one frame kept (a frame may emit thousands). */
export const MAX_FRAME_LOGS = 200;

const ADDRESS = HEX40;
/** A JSON-RPC quantity: at most 256 bits. */
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HEX_DATA = /^0x[0-9a-fA-F]*$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const CALL_TYPE = /^[A-Z][A-Z0-9]{1,15}$/;

export interface TraceLog {
  address: string;
  topics: string[];
  data: string;
}

export interface TraceFrame {
  /** Its place in call order (the root is 0). */
  index: number;
  /** The caller's index; undefined for the root. */
  parent: number | undefined;
  depth: number;
  /** The opcode: CALL, STATICCALL, DELEGATECALL, CALLCODE, CREATE, CREATE2, SELFDESTRUCT. */
  type: string;
  /** Lower-case. */
  from: string;
  /** Lower-case; absent for a CREATE that failed. */
  to?: string;
  /** Absent when the node sent none (v1 on a STATICCALL). */
  value?: bigint;
  gas: bigint;
  gasUsed: bigint;
  input: string;
  output?: string;
  error?: string;
  /** The node's decoding of an `Error(string)` revert (v2). */
  revertReason?: string;
  /** The frame's own logs in emission order; a failed frame has none (the tracer drops them). */
  logs: TraceLog[];
  /** Logs past MAX_FRAME_LOGS, counted. */
  logsCut: number;
  children: number[];
}

export interface CallTrace {
  frames: TraceFrame[];
  /** Frames past MAX_TRACE_FRAMES or below MAX_TRACE_DEPTH: counted, not kept. */
  cut: number;
}

export type TraceParse = { ok: true; trace: CallTrace } | { ok: false; field: string; expected: string };

function optional<T>(v: unknown, read: (v: unknown) => T): T | undefined {
  return v === undefined || v === null ? undefined : read(v);
}

function quantity(v: unknown, field: string): bigint {
  return BigInt(text(v, field, HEX_QUANTITY, 'a hex quantity (0x…)'));
}

function message(v: unknown, field: string): string {
  if (typeof v !== 'string') throw new ShapeError(field, 'a string');
  return v.length > MAX_MESSAGE_CHARS ? `${v.slice(0, MAX_MESSAGE_CHARS)}… (${v.length} characters)` : v;
}

function logsOf(v: unknown, field: string): { logs: TraceLog[]; cut: number } {
  if (!Array.isArray(v)) throw new ShapeError(field, 'an array of logs');
  const logs = v.slice(0, MAX_FRAME_LOGS).map((raw, i) => {
    const at = `${field}[${i}]`;
    const l = record(raw, at);
    if (!Array.isArray(l.topics) || l.topics.length > 4) throw new ShapeError(`${at}.topics`, 'up to 4 topics');
    return {
      address: text(l.address, `${at}.address`, ADDRESS, 'an address').toLowerCase(),
      topics: l.topics.map((t, j) => text(t, `${at}.topics[${j}]`, TOPIC, 'a 32-byte hex topic').toLowerCase()),
      data: text(l.data, `${at}.data`, HEX_DATA, 'hex data'),
    };
  });
  return { logs, cut: v.length - logs.length };
}

/** One frame's own fields (not its calls), checked. */
function frameOf(r: Raw, field: string, index: number, parent: number | undefined, depth: number): TraceFrame {
  const logs = optional(r.logs, (v) => logsOf(v, `${field}.logs`)) ?? { logs: [], cut: 0 };
  const frame: TraceFrame = {
    index,
    parent,
    depth,
    type: text(r.type, `${field}.type`, CALL_TYPE, 'a call type (CALL, CREATE, …)'),
    from: text(r.from, `${field}.from`, ADDRESS, 'an address').toLowerCase(),
    gas: quantity(r.gas, `${field}.gas`),
    gasUsed: quantity(r.gasUsed, `${field}.gasUsed`),
    input: text(r.input, `${field}.input`, HEX_DATA, 'hex data'),
    logs: logs.logs,
    logsCut: logs.cut,
    children: [],
  };
  const to = optional(r.to, (v) => text(v, `${field}.to`, ADDRESS, 'an address').toLowerCase());
  const value = optional(r.value, (v) => quantity(v, `${field}.value`));
  const output = optional(r.output, (v) => text(v, `${field}.output`, HEX_DATA, 'hex data'));
  const error = optional(r.error, (v) => message(v, `${field}.error`));
  const revertReason = optional(r.revertReason, (v) => message(v, `${field}.revertReason`));
  if (to !== undefined) frame.to = to;
  if (value !== undefined) frame.value = value;
  if (output !== undefined) frame.output = output;
  if (error !== undefined) frame.error = error;
  if (revertReason !== undefined) frame.revertReason = revertReason;
  return frame;
}

/** Checks and flattens a callTracer result; a field that is not what a node sends is named. */
export function parseCallTrace(result: unknown): TraceParse {
  const frames: TraceFrame[] = [];
  let cut = 0;
  const stack: Array<{ raw: unknown; field: string; parent: number | undefined; depth: number }> = [
    { raw: result, field: 'result', parent: undefined, depth: 0 },
  ];
  const read = readShape(() => {
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      const r = record(next.raw, next.field);
      const calls = optional(r.calls, (v) => {
        if (!Array.isArray(v)) throw new ShapeError(`${next.field}.calls`, 'an array of calls');
        return v as unknown[];
      });
      if (frames.length >= MAX_TRACE_FRAMES || next.depth > MAX_TRACE_DEPTH) {
        cut += 1 + countFrames(calls ?? []);
        continue;
      }
      const frame = frameOf(r, next.field, frames.length, next.parent, next.depth);
      if (next.parent !== undefined) frames[next.parent]?.children.push(frame.index);
      frames.push(frame);
      for (let i = (calls?.length ?? 0) - 1; i >= 0; i--) {
        stack.push({ raw: calls?.[i], field: `${next.field}.calls[${i}]`, parent: frame.index, depth: next.depth + 1 });
      }
    }
  });
  return read.ok ? { ok: true, trace: { frames, cut } } : read;
}

/** Frames under `calls`, counted without checking them (they are not kept). */
function countFrames(calls: unknown[]): number {
  let n = 0;
  const stack = [...calls];
  for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
    n++;
    const inner = typeof c === 'object' && c !== null ? (c as Raw).calls : undefined;
    if (Array.isArray(inner)) for (const x of inner) stack.push(x);
  }
  return n;
}

/** The frames from the root down to `index`, root first. */
export function pathTo(trace: CallTrace, index: number): number[] {
  const path: number[] = [];
  for (let at: number | undefined = index; at !== undefined; at = trace.frames[at]?.parent) path.unshift(at);
  return path;
}

/**
 * Where a failed transaction's revert began: from the root, down into the last failed call of each
 * failed frame, as long as there is one. The frame reached failed on its own account (its error is
 * its own, not a callee's it passed on). Undefined when the root did not fail.
 */
export function revertOrigin(trace: CallTrace): number | undefined {
  let at = trace.frames[0];
  if (at?.error === undefined) return undefined;
  for (;;) {
    const failedChild: TraceFrame | undefined = at.children
      .map((i) => trace.frames[i])
      .filter((f): f is TraceFrame => f?.error !== undefined)
      .pop();
    if (failedChild === undefined) return at.index;
    at = failedChild;
  }
}
