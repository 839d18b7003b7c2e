// The name of a storage slot in the compiler's storage layout: `ledger` for a plain variable,
// `credits[0xf39f…]` for a mapping's value (its slot is keccak256(key . baseSlot)), `sink[3]` for a
// dynamic array's element (keccak256(baseSlot) + index), struct members and fixed arrays inside
// them. Hashes are undone only with what the replay saw hashed (the preimages), never guessed. Pure.
import type { StorageLayout, StorageType, StorageVariable } from './codeMap';

const WORD = 2n ** 256n;
/** A dynamic array's element or a struct's member lies at most this far past the hash it hangs off. */
const MAX_HASH_OFFSET = 2n ** 40n;
/** Mappings of mappings of arrays… deeper than this are not named. */
const MAX_DEPTH = 8;

/** A place in storage: the name so far and the type that starts `offset` slots before the slot asked about. */
interface Place {
  name: string;
  type: string;
  offset: bigint;
}

function slotsOf(type: StorageType | undefined): bigint {
  if (!type || type.encoding !== 'inplace') return 1n;
  return BigInt(Math.max(1, Math.ceil(type.numberOfBytes / 32)));
}

function wordOf(bytes: Uint8Array, from: number): bigint {
  let v = 0n;
  for (let i = from; i < from + 32; i++) v = (v << 8n) | BigInt(bytes[i] ?? 0);
  return v;
}

function hex(bytes: Uint8Array): string {
  let s = '0x';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** A mapping key as Solidity writes it, by the key's type id. */
export function formatKey(type: string, key: Uint8Array): string {
  if (type.startsWith('t_string')) {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(key);
    return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
  }
  if (key.length !== 32 || type.startsWith('t_bytes_')) return hex(key);
  const value = wordOf(key, 0);
  if (type === 't_address' || type === 't_address_payable' || type.startsWith('t_contract')) return hex(key.subarray(12));
  if (type === 't_bool') return value === 0n ? 'false' : 'true';
  const bits = /^t_int(\d+)$/.exec(type);
  if (bits) return String(value >= WORD / 2n ? value - WORD : value);
  if (/^t_(?:uint\d+|enum)/.test(type)) return String(value);
  const fixed = /^t_bytes(\d+)$/.exec(type);
  if (fixed) return hex(key.subarray(0, Number(fixed[1])));
  return hex(key);
}

/** Descends from a place `offset` slots into its type: struct members and fixed-size arrays. */
function within(layout: StorageLayout, place: Place): Place {
  let cur = place;
  for (let depth = 0; depth < MAX_DEPTH && cur.offset > 0n; depth++) {
    const type = layout.types[cur.type];
    if (!type || type.encoding !== 'inplace') return cur;
    if (type.members) {
      const member = type.members.find((m) => m.slot <= cur.offset && cur.offset < m.slot + slotsOf(layout.types[m.type]));
      if (!member) return cur;
      cur = { name: `${cur.name}.${member.label}`, type: member.type, offset: cur.offset - member.slot };
    } else if (type.base) {
      const per = slotsOf(layout.types[type.base]);
      cur = { name: `${cur.name}[${cur.offset / per}]`, type: type.base, offset: cur.offset % per };
    } else return cur;
  }
  if (cur.offset === 0n) {
    // The first member of a struct shares its slot: name the member, as a reader of the slot sees it.
    const type = layout.types[cur.type];
    const first = type?.encoding === 'inplace' ? type.members?.find((m) => m.slot === 0n && m.offset === 0) : undefined;
    if (first) return within(layout, { name: `${cur.name}.${first.label}`, type: first.type, offset: 0n });
  }
  return cur;
}

function topLevel(layout: StorageLayout, slot: bigint): Place | undefined {
  const vars = layout.storage.filter((v: StorageVariable) => v.slot <= slot && slot < v.slot + slotsOf(layout.types[v.type]));
  const first = vars[0];
  if (!first) return undefined;
  if (vars.length > 1 && slot === first.slot) return { name: vars.map((v) => v.label).join(', '), type: first.type, offset: 0n };
  return within(layout, { name: first.label, type: first.type, offset: slot - first.slot });
}

type Preimages = ReadonlyMap<bigint, Uint8Array>;

function resolve(layout: StorageLayout, slot: bigint, preimages: Preimages, depth: number, seen: Map<bigint, Place | undefined>): Place | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (seen.has(slot)) return seen.get(slot);
  // Marked before the search: a hash whose preimage names its own slot ends here.
  seen.set(slot, undefined);
  const found = search(layout, slot, preimages, depth, seen);
  seen.set(slot, found);
  return found;
}

function search(layout: StorageLayout, slot: bigint, preimages: Preimages, depth: number, seen: Map<bigint, Place | undefined>): Place | undefined {
  const direct = topLevel(layout, slot);
  if (direct) return direct;
  for (const [hash, preimage] of preimages) {
    const offset = (slot - hash + WORD) % WORD;
    if (offset >= MAX_HASH_OFFSET || preimage.length < 32) continue;
    const base = wordOf(preimage, preimage.length - 32);
    const owner = resolve(layout, base, preimages, depth + 1, seen);
    const type = owner && owner.offset === 0n ? layout.types[owner.type] : undefined;
    if (!owner || !type) continue;
    if (type.encoding === 'mapping' && type.key !== undefined && type.value !== undefined) {
      const key = preimage.subarray(0, preimage.length - 32);
      return within(layout, { name: `${owner.name}[${formatKey(type.key, key)}]`, type: type.value, offset });
    }
    if (type.encoding === 'dynamic_array' && type.base !== undefined && preimage.length === 32) {
      const baseType = layout.types[type.base];
      const per = slotsOf(baseType);
      // Elements of 16 bytes or less share a slot: name the first the slot holds.
      const perSlot = baseType && baseType.encoding === 'inplace' && baseType.numberOfBytes <= 16 ? BigInt(Math.floor(32 / baseType.numberOfBytes)) : 1n;
      return within(layout, { name: `${owner.name}[${(offset / per) * perSlot}]`, type: type.base, offset: offset % per });
    }
    if (type.encoding === 'bytes' && preimage.length === 32) return { name: `${owner.name} (data)`, type: owner.type, offset: 0n };
  }
  return undefined;
}

/**
 * The name of `slot` in `layout`, undone through the hashes the replay saw (`preimages`: keccak256
 * hash → the bytes hashed); undefined when no variable, mapping value or array element holds it.
 */
export function nameSlot(layout: StorageLayout, slot: bigint, preimages: ReadonlyMap<bigint, Uint8Array>): string | undefined {
  if (slot < 0n || slot >= WORD) return undefined;
  return resolve(layout, slot, preimages, 0, new Map())?.name;
}
