// What the session shows while stopped: the call stack (each frame at the step it stands on: the
// top one where the session stopped, each caller at its call), and each frame's variables (the
// call, gas, storage, the EVM stack and memory, paged). Values are exact: integers as BigInt text,
// words and bytes as hex. Pure.
import { formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import type { CodeMap, SourceLocation } from './codeMap';
import type { PreparedReplay } from './prepared';
import type { ReplayFrame, StorageAccess } from './recording';
import type { Position } from './stepping';

/** One frame of the call stack while stopped. */
export interface StackEntry {
  frame: ReplayFrame;
  /** The step it stands on (a native frame: the step of its call). */
  step: number;
  map: CodeMap | undefined;
  location: SourceLocation | undefined;
}

/** The stack at a position, innermost first. */
export function stackAt(prepared: PreparedReplay, at: Position): StackEntry[] {
  const rec = prepared.recording;
  const out: StackEntry[] = [];
  let frame = rec.frames[at.native ?? rec.frame[at.step] ?? 0];
  let step = at.step;
  while (frame) {
    const map = frame.native ? undefined : prepared.codeMapOf(frame.index);
    out.push({ frame, step, map, location: frame.native ? undefined : map?.locate(rec.pc[step] ?? 0) });
    const parent = frame.parent === undefined ? undefined : rec.frames[frame.parent];
    if (!parent) break;
    let call = frame.native ? frame.firstStep : frame.firstStep - 1;
    while (call > 0 && rec.frame[call] !== parent.index) call--;
    step = call;
    frame = parent;
  }
  return out;
}

export interface Variable {
  name: string;
  value: string;
  type?: string;
  /** Children: a paged list (memory) or named ones. */
  children?: { named?: Variable[]; indexed?: number; page?: (start: number, count: number) => Variable[] };
}

export interface Scope {
  name: string;
  variables: Variable[];
  /** A large scope the editor pages (memory). */
  indexed?: { count: number; page: (start: number, count: number) => Variable[] };
  expensive?: boolean;
}

const word = (v: bigint) => `0x${v.toString(16)}`;

function callScope(prepared: PreparedReplay, e: StackEntry, l10n: L10n): Scope {
  const f = e.frame;
  const d = prepared.describer.call(f, e.map);
  const vars: Variable[] = d.args.map((a) => ({ name: a.name || l10n.t('(unnamed)'), value: a.value, type: a.type }));
  vars.push(
    { name: 'msg.sender', value: f.caller, type: 'address' },
    { name: 'msg.value', value: formatBigInt(f.value), type: 'uint256' },
    { name: 'address(this)', value: f.address, type: 'address' },
  );
  if (f.codeAddress !== f.address) vars.push({ name: l10n.t('code address'), value: f.codeAddress, type: 'address' });
  vars.push({ name: l10n.t('call'), value: `${f.kind}${d.function ? ` ${d.function}` : ''}` }, { name: 'msg.data', value: f.input, type: 'bytes' });
  if (f.native && f.outcome)
    vars.push({
      name: f.outcome.status === 'returned' ? l10n.t('returned (recorded)') : l10n.t('reverted (recorded)'),
      value: f.outcome.output,
      type: 'bytes',
    });
  return { name: l10n.t('Call'), variables: vars };
}

function gasScope(prepared: PreparedReplay, e: StackEntry, l10n: L10n): Scope {
  const f = e.frame;
  if (f.native) return { name: l10n.t('Gas'), variables: [{ name: l10n.t('used (recorded)'), value: formatBigInt(f.outcome?.gasUsed ?? 0n) }] };
  const left = BigInt(prepared.recording.gasLeft[e.step] ?? 0);
  return {
    name: l10n.t('Gas'),
    variables: [
      { name: l10n.t('left'), value: formatBigInt(left) },
      { name: l10n.t('used by this frame'), value: formatBigInt(f.gas - left) },
      { name: l10n.t('given to this frame'), value: formatBigInt(f.gas) },
    ],
  };
}

/** The frame's storage as it has read and written it so far: the last value of each slot. */
export function storageOf(prepared: PreparedReplay, e: StackEntry): Map<bigint, StorageAccess & { written: boolean }> {
  const slots = new Map<bigint, StorageAccess & { written: boolean }>();
  if (e.frame.native) return slots;
  for (const a of prepared.recording.storageAt(e.step)) {
    const was = slots.get(a.slot);
    slots.set(a.slot, { ...a, written: a.access === 'written' || (was?.written ?? false) });
  }
  return slots;
}

function storageScope(prepared: PreparedReplay, e: StackEntry, l10n: L10n): Scope {
  const vars = [...storageOf(prepared, e).values()].map((a) => ({
    name: prepared.slotName(e.map, a.slot) ?? l10n.t('slot {0}', word(a.slot)),
    value: word(a.value),
    type: a.written ? l10n.t('written') : l10n.t('read'),
  }));
  return { name: l10n.t('Storage (read and written so far)'), variables: vars };
}

function stackScope(prepared: PreparedReplay, e: StackEntry, l10n: L10n): Scope {
  const stack = e.frame.native ? [] : prepared.recording.stackAt(e.step);
  const variables = [...stack].reverse().map((v, i) => ({ name: i === 0 ? l10n.t('0 (top)') : String(i), value: word(v), type: 'uint256' }));
  return { name: l10n.t('EVM stack'), variables };
}

const ROW = 32;

function memoryScope(prepared: PreparedReplay, e: StackEntry, l10n: L10n): Scope {
  const memory = e.frame.native ? new Uint8Array(0) : prepared.recording.memoryAt(e.step);
  const rows = Math.ceil(memory.length / ROW);
  const page = (start: number, count: number) => {
    const out: Variable[] = [];
    for (let r = start; r < Math.min(rows, start + count); r++) {
      const bytes = memory.subarray(r * ROW, r * ROW + ROW);
      out.push({ name: `0x${(r * ROW).toString(16).padStart(4, '0')}`, value: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') });
    }
    return out;
  };
  return { name: l10n.t('Memory ({0} bytes)', formatBigInt(BigInt(memory.length))), variables: [], indexed: { count: rows, page }, expensive: true };
}

/** The scopes of one stack entry, in the order the editor lists them. */
export function scopesOf(prepared: PreparedReplay, e: StackEntry, l10n: L10n = englishL10n): Scope[] {
  return [
    callScope(prepared, e, l10n),
    gasScope(prepared, e, l10n),
    storageScope(prepared, e, l10n),
    stackScope(prepared, e, l10n),
    memoryScope(prepared, e, l10n),
  ];
}
