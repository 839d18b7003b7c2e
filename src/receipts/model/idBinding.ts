// The name a hex value is bound to, read in the syntax of its language or format: the variable,
// constant, property, JSON/YAML/TOML key, CLI flag, CSV or Markdown table column, URL route or
// list that owns the value (never a neighbour's name, a comment, or words in prose). The hover
// looks a 64-hex string up by itself only when that name says it is an ID (model/idEvidence.ts).
// Pure; every function reads a bounded window, so a line of any length costs the same.
import { parts, ABOVE_LINES, BEFORE_CHARS, tableHeaderCell, type IdPlace } from './idText';

export type BindingKind = 'assignment' | 'flag' | 'column' | 'list' | 'route' | 'call';

export interface Binding {
  kind: BindingKind;
  /** The owning name cut into lower-case parts (`txHash` → `tx`, `hash`). */
  name: string[];
}

const WINDOW = BEFORE_CHARS;
const LINE_CHARS = 2000;

/** The name that owns the value at this place, if its syntax binds it to one. */
export function bindingOf(place: IdPlace): Binding | undefined {
  const table = tableFormat(place);
  if (table !== undefined) return columnBinding(place, table);
  if (place.line.trimStart().startsWith('|')) return markdownColumn(place);
  const before = place.line.slice(Math.max(0, place.start - WINDOW), place.start);
  return lineBinding(before) ?? listBinding(place);
}

/** Words a name of an ID ends in (`depositTxHash`, `request_id`, `DEPLOY_TX`, `txid`). */
const ID_ENDS = new Set([
  'hash',
  'hashes',
  'txhash',
  'txhashes',
  'id',
  'ids',
  'txid',
  'txids',
  'tx',
  'txs',
  'txn',
  'txns',
  'transaction',
  'transactions',
  'request',
  'requests',
  'receipt',
  'receipts',
]);

/** Words that make a name a secret's or an actor's, wherever they stand in it. */
const SECRET_PARTS = new Set([
  'key',
  'keys',
  'secret',
  'secrets',
  'private',
  'priv',
  'privkey',
  'privatekey',
  'pk',
  'sk',
  'pkey',
  'keypair',
  'mnemonic',
  'seed',
  'seeds',
  'phrase',
  'password',
  'passphrase',
  'pwd',
  'token',
  'auth',
  'credential',
  'credentials',
  'signer',
  'signers',
  'signing',
  'sender',
  'senders',
  'wallet',
  'wallets',
  'operator',
  'operators',
  'producer',
  'producers',
  'deployer',
  'deployers',
  'owner',
  'owners',
  'account',
  'accounts',
  'admin',
  'relayer',
  'validator',
  'validators',
  'miner',
  'submitter',
  'funder',
  'payer',
  'user',
  'from',
  'ecdsa',
  'keystore',
  'ciphertext',
]);

/** A name whose words end in an ID word and hold no secret's: `depositTxHash`, not `TX_SENDER` nor `keyHash`. */
export function namesAnId(name: readonly string[]): boolean {
  let end = name.length;
  while (end > 0 && /^\p{N}+$/u.test(name[end - 1] ?? '')) end--;
  const last = name[end - 1];
  if (last === undefined || !ID_ENDS.has(last)) return false;
  return !name.some((p) => SECRET_PARTS.has(p) || p.includes('secret') || p.includes('privatekey') || p.includes('mnemonic') || p.includes('password'));
}

// ----- on the value's own line -------------------------------------------------------------

const QUOTE_END = /\\?["'`]$/;
/** `name = `, `name: `, `"name": `, `name := `, `'name' => `, `name: Type = `, `export NAME=`, `f(name=`. */
const ASSIGNED = /([\p{L}\p{N}_$][\p{L}\p{N}_$.-]*)\\?["'`\]]?\s*(?::\s*[^=:;,()"']{1,60}?\s*)?(?::=|=>|=|:)\s*$/u;
/** `--tx-hash `, `--tx-hash=`, and an argv item after its flag: `"--tx-hash", "`. */
const FLAG = /(?:^|[\s"'`[(,])--([A-Za-z0-9][\w.-]*)(?:=|\s+|["'`]\s*,\s*)$/;
/** A URL route segment: `…/tx/`, `/v1/chain/core/blocklog/requests/`. */
const ROUTE = /(?:[a-z][\w+.-]*:\/\/[^\s"'`<>()]*|(?:^|[\s"'`(=])\/[^\s"'`<>()]*)\/([A-Za-z_-]+)\/$/;
/** Calls whose first parameter is a transaction hash by the API's own signature. */
const HASH_CALLS = new Set([
  'getTransactionReceipt',
  'getTransaction',
  'getTransactionByHash',
  'waitForTransaction',
  'waitForTransactionReceipt',
  'get_transaction_receipt',
  'get_transaction',
  'get_transaction_by_hash',
  'wait_for_transaction_receipt',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
]);
const CALL = /([\p{L}_$][\p{L}\p{N}_$]*)\s*\(\s*$/u;
/** `cast receipt 0x…`, `cast tx 0x…`, `cast run 0x…`: Foundry's commands whose argument is a transaction hash. */
const CAST = /(?:^|[\s;&|(])cast\s+(?:receipt|rc|tx|t|run|r)\s+$/;
/** A conversion that keeps the value (`common.HexToHash(`, `B256::from_str(`, `bytes32(`), not a hash of it. */
const CONVERSION = /([\p{L}_$][\p{L}\p{N}_$]*(?:(?:\.|::)[\p{L}_$][\p{L}\p{N}_$]*)*)\s*\(\s*$/u;
const DIGESTS = ['keccak', 'sha', 'blake', 'ripemd', 'digest', 'encode', 'sign', 'recover', 'derive', 'message', 'solidity', 'id'];

/** The binding written on the value's line, before it. */
function lineBinding(before: string): Binding | undefined {
  let text = before.replace(QUOTE_END, '');
  const flag = FLAG.exec(text);
  if (flag) return { kind: 'flag', name: parts(flag[1] ?? '') };
  if (CAST.test(text)) return { kind: 'call', name: ['tx', 'hash'] };
  const route = ROUTE.exec(text);
  if (route) return { kind: 'route', name: parts(route[1] ?? '') };
  const call = CALL.exec(text);
  if (call) {
    if (HASH_CALLS.has(call[1] ?? '')) return { kind: 'call', name: ['tx', 'hash'] };
    const conversion = CONVERSION.exec(text);
    if (conversion === null || !isConversion(conversion[1] ?? '')) return undefined;
    text = text.slice(0, conversion.index);
  }
  text = sameLineListOpener(text);
  const assigned = ASSIGNED.exec(text.slice(-WINDOW));
  if (assigned) return { kind: 'assignment', name: parts(assigned[1] ?? '') };
  return undefined;
}

function isConversion(callee: string): boolean {
  const name = callee.split(/\.|::/).pop() ?? '';
  const ps = parts(name);
  if (ps.some((p) => DIGESTS.some((d) => p.startsWith(d)))) return false;
  const last = ps[ps.length - 1];
  return ['bytes32', 'b256', 'h256', 'fixedbytes'].includes(name.toLowerCase()) || (last !== undefined && ['hash', 'hex', 'str', 'hexlify'].includes(last));
}

const ITEM = String.raw`\\?["'\`]?0x[0-9a-fA-F]+\\?["'\`]?`;
const LIST_ON_LINE = new RegExp(String.raw`\[\s*(?:${ITEM}\s*,\s*)*$`);

/** `name = ["0x…", "` → `name = `: an item of a list opened on this line is bound to the list's name. */
function sameLineListOpener(text: string): string {
  const m = LIST_ON_LINE.exec(text);
  return m ? text.slice(0, m.index) : text;
}

// ----- a list over several lines ------------------------------------------------------------

const ITEM_LINE = new RegExp(String.raw`^\s*(?:-\s+)?${ITEM}\s*,?\s*(?:(?:#|//).*)?$`);
const YAML_ITEM = /^\s*-\s/;

/**
 * An item alone on its line, in a list opened a few lines up by `name = [`, `"name": [` or, for
 * YAML items (`- 0x…`), `name:`: bound to that name. Any other line between them breaks it.
 */
function listBinding(place: IdPlace): Binding | undefined {
  const line = place.line.slice(0, LINE_CHARS);
  if (!ITEM_LINE.test(line)) return undefined;
  const yaml = YAML_ITEM.test(line);
  for (const raw of (place.above ?? []).slice(0, ABOVE_LINES)) {
    const above = raw.slice(0, LINE_CHARS);
    if (ITEM_LINE.test(above) && YAML_ITEM.test(above) === yaml) continue;
    const opener = above.replace(/\s*(?:(?:#|\/\/).*)?$/, '');
    if (yaml) {
      const m = /^\s*(?:-\s+)?["']?([\p{L}\p{N}_$][\p{L}\p{N}_$.-]*)["']?\s*:$/u.exec(opener);
      return m ? { kind: 'list', name: parts(m[1] ?? '') } : undefined;
    }
    if (!opener.endsWith('[')) return undefined;
    const assigned = ASSIGNED.exec(opener.slice(0, -1).trimEnd().slice(-WINDOW));
    return assigned ? { kind: 'list', name: parts(assigned[1] ?? '') } : undefined;
  }
  return undefined;
}

// ----- tables -------------------------------------------------------------------------------

type TableFormat = ',' | '\t' | ';';

function tableFormat(place: IdPlace): TableFormat | undefined {
  const lang = place.languageId?.toLowerCase();
  const base = (place.path.slice(-200).split(/[/\\]/).pop() ?? '').toLowerCase();
  if (lang === 'tsv' || base.endsWith('.tsv') || base.endsWith('.tab')) return '\t';
  if (lang === 'csv' || lang === 'csv (semicolon)' || base.endsWith('.csv')) {
    const header = place.header ?? '';
    return !header.includes(',') && header.includes(';') ? ';' : ',';
  }
  return undefined;
}

/** A CSV/TSV cell under its header (the file's first line), quotes and doubled quotes honoured. */
function columnBinding(place: IdPlace, sep: TableFormat): Binding | undefined {
  if (place.header === undefined || place.isFirstLine === true) return undefined;
  const column = csvCellIndex(place.line.slice(0, LINE_CHARS), place.start, sep);
  const header = csvCells(place.header.slice(0, LINE_CHARS), sep)[column];
  return header === undefined ? undefined : { kind: 'column', name: parts(header) };
}

/** The cells of one CSV row (RFC 4180 quoting: `"a,b"`, `"say ""hi"""`). */
export function csvCells(row: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/** Which cell of the row the character at `at` is in; a quote still open there holds it in the cell the quote opened. */
function csvCellIndex(row: string, at: number, sep: string): number {
  let index = 0;
  let quoted = false;
  let cellStart = true;
  for (let i = 0; i < at && i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"' && cellStart) quoted = true;
    else if (c === sep) {
      index++;
      cellStart = true;
      continue;
    }
    if (c !== ' ' && c !== '\t') cellStart = false;
  }
  return index;
}

/** In a Markdown table row, the header cell of the value's column (an escaped pipe is text, not a border). */
function markdownColumn(place: IdPlace): Binding | undefined {
  const cell = tableHeaderCell(place);
  return cell === undefined || /^[\s:|-]*$/.test(cell) ? undefined : { kind: 'column', name: parts(cell) };
}
