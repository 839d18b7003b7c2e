// Names the session knows the value of while stopped (an editor hover over a Solidity name, the
// watch view, a conditional breakpoint): the call's decoded arguments by their ABI names,
// `msg.sender`, `msg.value`, `gasleft()`, and a state variable the frame has read or written so far.
// A condition is one comparison of such a name with a number, an address, a boolean or another
// name: `amount > 1000`, `who == 0xf39f…`. Nothing else is evaluated. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { storageOf, type StackEntry } from './frameView';
import type { PreparedReplay } from './prepared';

/** A value as the session knows it; `undefined` when the name is not one it knows here. */
export function valueOf(prepared: PreparedReplay, e: StackEntry, name: string): string | undefined {
  const n = name.trim();
  const f = e.frame;
  if (n === 'msg.sender') return f.caller;
  if (n === 'msg.value') return f.value.toString();
  if (n === 'address(this)' || n === 'this') return f.address;
  if ((n === 'gasleft()' || n === 'gasleft') && !f.native) return String(prepared.recording.gasLeft[e.step] ?? 0);
  const arg = prepared.describer.call(f, e.map).args.find((a) => a.name !== '' && a.name === n);
  if (arg) return arg.value;
  for (const a of storageOf(prepared, e).values()) {
    if (prepared.slotName(e.map, a.slot) === n) return a.value.toString();
  }
  return undefined;
}

const COMPARISON = /^\s*(.+?)\s*(==|!=|<=|>=|<|>)\s*(.+?)\s*$/;

function asInteger(v: string): bigint | undefined {
  const t = v.replace(/_/g, '').trim();
  if (/^-?[0-9]+$/.test(t) || /^0x[0-9a-fA-F]+$/.test(t)) {
    try {
      return BigInt(t);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export type ConditionOutcome = { ok: true; holds: boolean } | { ok: false; message: string };

/** Evaluates a breakpoint condition at a stop; a name the session does not know is said, not guessed. */
export function evaluateCondition(prepared: PreparedReplay, e: StackEntry, condition: string, l10n: L10n = englishL10n): ConditionOutcome {
  const m = COMPARISON.exec(condition);
  if (!m) return { ok: false, message: l10n.t('"{0}" is not a comparison (name == value, <, <=, >, >=, !=)', condition) };
  const [, l = '', op = '', r = ''] = m;
  const side = (s: string) => valueOf(prepared, e, s) ?? (asInteger(s) !== undefined || /^(true|false)$/.test(s) ? s : undefined);
  const left = side(l);
  const right = side(r);
  if (left === undefined) return { ok: false, message: l10n.t('"{0}" has no known value here', l) };
  if (right === undefined) return { ok: false, message: l10n.t('"{0}" has no known value here', r) };
  const a = asInteger(left.replace(/,/g, ''));
  const b = asInteger(right.replace(/,/g, ''));
  if (a !== undefined && b !== undefined) {
    const holds = op === '==' ? a === b : op === '!=' ? a !== b : op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
    return { ok: true, holds };
  }
  if (op === '==' || op === '!=') return { ok: true, holds: (left.toLowerCase() === right.toLowerCase()) === (op === '==') };
  return { ok: false, message: l10n.t('"{0}" compares values that are not both integers', condition) };
}
