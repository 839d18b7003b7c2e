// The ABI index: function selectors, error selectors and event topics of every ABI we know (the
// workspace's build outputs and the ones shipped with the extension), each with where it came
// from. Every ABI file is untrusted input (a workspace may be hostile): items are validated
// here and a bad one is skipped, never thrown on. Selectors are keccak256 of the canonical
// signature (Solidity ABI spec), computed with @noble/hashes so that the index needs no ABI
// library: only decoding does (decode.ts, loaded on first use). Pure.
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from '../../core/hex';

/** An ABI parameter as the Solidity JSON ABI writes it, validated. */
export interface AbiParam {
  name: string;
  type: string;
  indexed?: boolean;
  components?: AbiParam[];
}

export type AbiItemKind = 'function' | 'error' | 'event';

export interface AbiItem {
  kind: AbiItemKind;
  name: string;
  inputs: AbiParam[];
  /** Events only. */
  anonymous?: boolean;
  /** Functions only: what a call returns (absent when the ABI's outputs are not well formed). */
  outputs?: AbiParam[];
  /** Canonical signature, e.g. "transfer(address,uint256)". */
  signature: string;
  /** 0x + 8 hex (functions, errors) or 0x + 64 hex (events). */
  selector: string;
}

/** An item with every source (file label) that declares it. */
export interface IndexedItem {
  item: AbiItem;
  sources: string[];
}

/** What reading one ABI file gave. */
export interface ParsedAbi {
  items: AbiItem[];
  /** Entries that were not a valid function, error or event (constructors and fallbacks are not counted). */
  skipped: number;
}

/** The key prefix of the ABIs shipped with the extension: tried after the workspace's. */
export const BUILTIN_KEY = 'builtin:';

/** Bounds on one file's ABI: a hostile file cannot make the index huge or the recursion deep. */
export const MAX_ITEMS_PER_ABI = 2_000;
const MAX_PARAMS = 64;
const MAX_DEPTH = 8;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]{0,127}$/;
// Elementary types with an optional array suffix; `tuple` keeps its components apart.
const ELEMENTARY =
  /^(?:address|bool|string|bytes|function|bytes(?:[1-9]|[12][0-9]|3[0-2])|u?int(?:8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|tuple)((?:\[[0-9]{0,6}\]){0,4})$/;

function parseParam(raw: unknown, depth: number): AbiParam | undefined {
  if (typeof raw !== 'object' || raw === null || depth > MAX_DEPTH) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.type !== 'string') return undefined;
  const m = ELEMENTARY.exec(r.type);
  if (!m) return undefined;
  const name = typeof r.name === 'string' && (r.name === '' || IDENTIFIER.test(r.name)) ? r.name : '';
  const param: AbiParam = { name, type: r.type };
  if (r.indexed === true) param.indexed = true;
  if (r.type.startsWith('tuple')) {
    if (!Array.isArray(r.components) || r.components.length > MAX_PARAMS) return undefined;
    const components: AbiParam[] = [];
    for (const c of r.components) {
      const p = parseParam(c, depth + 1);
      if (!p) return undefined;
      components.push(p);
    }
    param.components = components;
  }
  return param;
}

/** The canonical type of a parameter in a signature: tuples as "(t1,t2)" with their array suffix. */
export function canonicalType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type.replace(/^(u?int)(?=\[|$)/, (t) => `${t}256`);
  return `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`;
}

const selectorCache = new Map<string, string>();

function hashHex(signature: string, bytes: number): string {
  const key = `${bytes}:${signature}`;
  const cached = selectorCache.get(key);
  if (cached !== undefined) return cached;
  const h = keccak_256(new TextEncoder().encode(signature)).subarray(0, bytes);
  const s = bytesToHex(h);
  // Artifacts repeat the same items (OpenZeppelin bases in every contract): hash each signature once.
  if (selectorCache.size > 50_000) selectorCache.clear();
  selectorCache.set(key, s);
  return s;
}

/** Validates one JSON ABI entry; undefined for anything that is not a well-formed function, error or event. */
export function parseAbiItem(raw: unknown): AbiItem | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  // The JSON ABI spec: `type` may be omitted for a function.
  const kind = r.type === undefined ? 'function' : r.type;
  if (kind !== 'function' && kind !== 'error' && kind !== 'event') return undefined;
  if (typeof r.name !== 'string' || !IDENTIFIER.test(r.name)) return undefined;
  const inputs = parseParams(r.inputs === undefined ? [] : r.inputs, kind === 'event');
  if (!inputs) return undefined;
  const signature = `${r.name}(${inputs.map(canonicalType).join(',')})`;
  const item: AbiItem = { kind, name: r.name, inputs, signature, selector: hashHex(signature, kind === 'event' ? 32 : 4) };
  if (kind === 'event' && r.anonymous === true) item.anonymous = true;
  const outputs = kind === 'function' && r.outputs !== undefined ? parseParams(r.outputs, false) : undefined;
  if (outputs) item.outputs = outputs;
  return item;
}

/** A parameter list, each checked; undefined when one is not well formed. Only event parameters are indexed. */
function parseParams(raw: unknown, indexable: boolean): AbiParam[] | undefined {
  if (!Array.isArray(raw) || raw.length > MAX_PARAMS) return undefined;
  const params: AbiParam[] = [];
  for (const i of raw) {
    const p = parseParam(i, 0);
    if (!p) return undefined;
    if (!indexable) delete p.indexed;
    params.push(p);
  }
  return params;
}

/**
 * Reads the ABI out of a parsed JSON file: a plain ABI array (`*.abi.json`), or an object with an
 * `abi` array (Hardhat and Truffle artifacts, Foundry out files). Undefined when there is none.
 */
export function abiOfJson(json: unknown): ParsedAbi | undefined {
  const abi = Array.isArray(json) ? json : typeof json === 'object' && json !== null ? (json as { abi?: unknown }).abi : undefined;
  if (!Array.isArray(abi)) return undefined;
  const items: AbiItem[] = [];
  let skipped = 0;
  for (const raw of abi.slice(0, MAX_ITEMS_PER_ABI)) {
    const item = parseAbiItem(raw);
    if (item) items.push(item);
    else if (!isIgnoredEntry(raw)) skipped++;
  }
  skipped += Math.max(0, abi.length - MAX_ITEMS_PER_ABI);
  return { items, skipped };
}

function isIgnoredEntry(raw: unknown): boolean {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  return type === 'constructor' || type === 'fallback' || type === 'receive';
}

/** Parses the text of an ABI file; undefined when it is not JSON or holds no ABI. */
export function parseAbiText(text: string): ParsedAbi | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return abiOfJson(json);
}

/**
 * What the index keeps for one item, in bytes: an estimate on the high side of V8's heap (an
 * object's header and slots, a string's header and characters counted at two bytes each) of the
 * item, its parameters, and its share of the lookup (the entry, its key and its sources).
 * Bounds the index by what it holds, not by how many files it read.
 */
export function retainedBytes(item: AbiItem): number {
  const text = item.name.length + item.signature.length * 2 + item.selector.length;
  return 480 + 2 * text + [...item.inputs, ...(item.outputs ?? [])].reduce((n, p) => n + paramBytes(p), 0);
}

function paramBytes(p: AbiParam): number {
  return 160 + 2 * (p.name.length * 2 + p.type.length) + (p.components ?? []).reduce((n, c) => n + paramBytes(c), 0);
}

/** The index's memory budget (retainedBytes summed): a hostile workspace cannot fill the heap with ABIs. */
export const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/**
 * Items by selector, from many files. Files come and go (the watcher): lookups are rebuilt
 * lazily after a change. An item declared by several files (the same signature) is one entry
 * with all its sources; different signatures under one selector (a collision, or an event
 * with other indexed parameters) are all kept, to be tried in turn.
 */
export class AbiIndex {
  private readonly files = new Map<string, { label: string; items: AbiItem[]; bytes: number }>();
  private lookup: Map<string, Map<string, IndexedItem>> | undefined;
  /** Bumped on every change: a decoded result can say which index state it came from. */
  version = 0;
  /** What the index holds now, by retainedBytes. */
  bytes = 0;

  /** `maxBytes`: the memory budget; a file that would pass it is not added. */
  constructor(readonly maxBytes = MAX_INDEX_BYTES) {}

  /**
   * Sets (or replaces) the items of one file; `key` is its URI, `label` what the UI shows. False
   * when they do not fit in the budget: then the file is not in the index (its old items leave).
   */
  setFile(key: string, label: string, items: AbiItem[]): boolean {
    let bytes = 2 * (key.length + label.length);
    for (const item of items) bytes += retainedBytes(item);
    const old = this.files.get(key)?.bytes ?? 0;
    if (this.bytes - old + bytes > this.maxBytes) {
      this.removeFile(key);
      return false;
    }
    this.files.set(key, { label, items, bytes });
    this.bytes += bytes - old;
    this.changed();
    return true;
  }

  removeFile(key: string): boolean {
    const had = this.files.get(key);
    if (!had) return false;
    this.files.delete(key);
    this.bytes -= had.bytes;
    this.changed();
    return true;
  }

  /** Removes every file whose key the predicate accepts (a workspace folder removed). */
  removeWhere(predicate: (key: string) => boolean): number {
    let n = 0;
    for (const key of [...this.files.keys()]) if (predicate(key) && this.removeFile(key)) n++;
    return n;
  }

  has(key: string): boolean {
    return this.files.has(key);
  }

  get fileCount(): number {
    return this.files.size;
  }

  /** Functions whose selector is `selector` (0x + 8 hex, any case). */
  functions(selector: string): IndexedItem[] {
    return this.find('function', selector);
  }

  errors(selector: string): IndexedItem[] {
    return this.find('error', selector);
  }

  /** Events whose topic0 is `topic` (0x + 64 hex). */
  events(topic: string): IndexedItem[] {
    return this.find('event', topic);
  }

  private find(kind: AbiItemKind, selector: string): IndexedItem[] {
    const bucket = this.build().get(`${kind}:${selector.toLowerCase()}`);
    return bucket ? [...bucket.values()] : [];
  }

  private changed(): void {
    this.lookup = undefined;
    this.version++;
  }

  private build(): Map<string, Map<string, IndexedItem>> {
    if (this.lookup) return this.lookup;
    const lookup = new Map<string, Map<string, IndexedItem>>();
    // The workspace's own ABIs first: its `transfer(address to, uint256 amount)` names the
    // arguments as its author did, where the shipped ERC-20 ABI would say `value`.
    const files = [...this.files.entries()].sort(([a], [b]) => Number(a.startsWith(BUILTIN_KEY)) - Number(b.startsWith(BUILTIN_KEY)));
    for (const [, { label, items }] of files) {
      for (const item of items) {
        const key = `${item.kind}:${item.selector}`;
        let bucket = lookup.get(key);
        if (!bucket) lookup.set(key, (bucket = new Map()));
        // Same signature but other names or indexed flags are different decodings: keep them apart.
        const id = `${item.signature}|${item.inputs.map(paramKey).join(',')}`;
        const found = bucket.get(id);
        if (found) {
          if (!found.sources.includes(label)) found.sources.push(label);
        } else bucket.set(id, { item, sources: [label] });
      }
    }
    this.lookup = lookup;
    return lookup;
  }
}

function paramKey(p: AbiParam): string {
  const inner = p.components ? `(${p.components.map(paramKey).join(',')})` : '';
  return `${p.name}${p.indexed ? '!' : ''}${inner}`;
}
