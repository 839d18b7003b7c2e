// What one EVM transaction changed in the EVM state, as a Wasp 2 node's prestateTracer answers in
// diff mode (debug_traceTransaction, FACTS §1): `{post, pre}`, modified accounts only. go-ethereum's
// rules for that answer: `pre` holds each modified account's balance (always), nonce and code (when
// not zero or empty) and the slots that changed from a non-zero value; `post` holds only the fields
// that changed and the slots whose new value is not zero. So a slot missing on one side is zero
// there, and an account in `pre` but not in `post` was deleted (self-destructed). Checked field by
// field, bounded, sorted by address; the node's text is the caller's to reveal and escape. Pure.
import { HEX40 } from '../../core/idShapes';
import { readShape, record, ShapeError, text, type Raw } from './shape';

/** Accounts kept of one answer; the rest are counted. */
export const MAX_STATE_ACCOUNTS = 1_000;
/** Storage slots kept over all accounts; the rest are counted. */
export const MAX_STATE_SLOTS = 10_000;

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const HEX_DATA = /^0x(?:[0-9a-fA-F]{2})*$/;
const WORD = /^0x[0-9a-fA-F]{1,64}$/;

export interface Change<T> {
  pre: T;
  post: T;
}

export interface SlotChange {
  /** 0x + 64 lower-case hex. */
  slot: string;
  pre: bigint;
  post: bigint;
}

export interface AccountChange {
  /** Lower-case. */
  address: string;
  /** In `pre` and not in `post`: self-destructed. */
  deleted: boolean;
  balance?: Change<bigint>;
  nonce?: Change<bigint>;
  /** Code sizes in bytes (the code itself is not kept). */
  code?: Change<number>;
  storage: SlotChange[];
}

export interface StateDiff {
  accounts: AccountChange[];
  /** Accounts and slots past the bounds, counted. */
  cutAccounts: number;
  cutSlots: number;
}

export type StateDiffParse = { ok: true; diff: StateDiff } | { ok: false; field: string; expected: string };

/** A nonce: a JSON number on Wasp 2 (go-ethereum's prestate account), a hex quantity elsewhere. */
function nonceOf(v: unknown, field: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && HEX_QUANTITY.test(v)) return BigInt(v);
  throw new ShapeError(field, 'a nonce (a whole number)');
}

interface Side {
  balance?: bigint;
  nonce?: bigint;
  codeBytes?: number;
  storage: Map<string, bigint>;
}

function sideOf(v: unknown, field: string, slotsLeft: number): { side: Side; cut: number } {
  const r = record(v, field);
  const side: Side = { storage: new Map() };
  if (r.balance !== undefined) side.balance = BigInt(text(r.balance, `${field}.balance`, HEX_QUANTITY, 'a hex quantity (0x…)'));
  if (r.nonce !== undefined) side.nonce = nonceOf(r.nonce, `${field}.nonce`);
  if (r.code !== undefined) side.codeBytes = (text(r.code, `${field}.code`, HEX_DATA, 'hex code').length - 2) / 2;
  let cut = 0;
  if (r.storage !== undefined) {
    const storage = record(r.storage, `${field}.storage`);
    for (const [slot, value] of Object.entries(storage)) {
      const at = `${field}.storage.${slot.slice(0, 80)}`;
      const key = text(slot, at, WORD, 'a 32-byte slot key').toLowerCase();
      const word = BigInt(text(value, at, WORD, 'a 32-byte value'));
      if (side.storage.size >= slotsLeft) cut++;
      else side.storage.set(`0x${key.slice(2).padStart(64, '0')}`, word);
    }
  }
  return { side, cut };
}

function changeOf<T>(pre: T | undefined, post: T | undefined, zero: T): Change<T> | undefined {
  return post === undefined ? undefined : { pre: pre ?? zero, post };
}

/** Checks a prestateTracer diff-mode result; a field that is not what a node sends is named. */
export function parseStateDiff(result: unknown): StateDiffParse {
  const read = readShape(() => diffOf(result));
  return read.ok ? { ok: true, diff: read.value } : read;
}

function diffOf(result: unknown): StateDiff {
  const r = record(result, 'result');
  const pre = record(r.pre, 'result.pre');
  const post = record(r.post, 'result.post');
  const addresses = [...new Set([...Object.keys(pre), ...Object.keys(post)])];
  for (const a of addresses) text(a, `result.${a.slice(0, 80)}`, HEX40, 'an address');
  const sorted = [...new Set(addresses.map((a) => a.toLowerCase()))].sort();
  const byLower = (o: Raw) => new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));
  const preOf = byLower(pre);
  const postOf = byLower(post);
  const accounts: AccountChange[] = [];
  let slotsLeft = MAX_STATE_SLOTS;
  let cutSlots = 0;
  for (const address of sorted.slice(0, MAX_STATE_ACCOUNTS)) {
    const before = preOf.has(address) ? sideOf(preOf.get(address), `result.pre.${address}`, slotsLeft) : { side: { storage: new Map() } as Side, cut: 0 };
    slotsLeft -= before.side.storage.size;
    const deleted = preOf.has(address) && !postOf.has(address);
    const after = postOf.has(address) ? sideOf(postOf.get(address), `result.post.${address}`, slotsLeft) : { side: { storage: new Map() } as Side, cut: 0 };
    slotsLeft -= after.side.storage.size;
    cutSlots += before.cut + after.cut;
    const account: AccountChange = { address, deleted, storage: [] };
    const balance = changeOf(before.side.balance, after.side.balance, 0n);
    const nonce = changeOf(before.side.nonce, after.side.nonce, 0n);
    const code = changeOf(before.side.codeBytes, after.side.codeBytes, 0);
    if (balance) account.balance = balance;
    if (nonce) account.nonce = nonce;
    if (code) account.code = code;
    // A deleted account's slots are gone with it; otherwise a slot missing on one side is zero there.
    if (!deleted) {
      const slots = [...new Set([...before.side.storage.keys(), ...after.side.storage.keys()])].sort();
      for (const slot of slots) {
        const p = before.side.storage.get(slot) ?? 0n;
        const q = after.side.storage.get(slot) ?? 0n;
        if (p !== q) account.storage.push({ slot, pre: p, post: q });
      }
    }
    accounts.push(account);
  }
  return { accounts, cutAccounts: Math.max(0, sorted.length - MAX_STATE_ACCOUNTS), cutSlots };
}
