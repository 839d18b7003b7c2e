// Receipt errors: core error templates, "<value>:<go type>" params, and EVM revert data
// (ABI `Error(string)` / `Panic(uint256)`) found in the message. Everything here reads remote
// data, so malformed input yields undefined, never an exception.
import { hexToBytes } from '../../core/hex';

const SELECTOR_ERROR = '08c379a0'; // bytes4(keccak256("Error(string)"))
const SELECTOR_PANIC = '4e487b71'; // bytes4(keccak256("Panic(uint256)"))
const WORD = 32;

/** Solidity panic codes (docs: "Panic via assert and Error via require"). */
const PANIC_REASONS: ReadonlyMap<bigint, string> = new Map([
  [0x00n, 'generic compiler panic'],
  [0x01n, 'assertion failed'],
  [0x11n, 'arithmetic overflow or underflow'],
  [0x12n, 'division or modulo by zero'],
  [0x21n, 'invalid enum value'],
  [0x22n, 'incorrectly encoded storage byte array'],
  [0x31n, 'pop() on an empty array'],
  [0x32n, 'array index out of bounds'],
  [0x41n, 'out of memory (too large allocation)'],
  [0x51n, 'call to an uninitialised internal function'],
]);

/** Reads a big-endian 32-byte word as bigint, or undefined past the end. */
function readWord(bytes: Uint8Array, offset: number): bigint | undefined {
  if (offset < 0 || offset + WORD > bytes.length) return undefined;
  let v = 0n;
  for (let i = offset; i < offset + WORD; i++) v = (v << 8n) | BigInt(bytes[i] ?? 0);
  return v;
}

/**
 * Decodes EVM revert data: `Error(string)` -> the reason string, `Panic(uint256)` ->
 * e.g. "panic 0x11: arithmetic overflow or underflow". Returns undefined for anything else
 * (empty data, custom errors, garbage, odd length, offsets/lengths past the end).
 * The reason is remote text: display it through `revealInvisible`.
 */
export function decodeRevertData(hex: string): string | undefined {
  const bytes = hexToBytes(hex.trim());
  if (!bytes || bytes.length < 4) return undefined;
  const selector = ((bytes[0] ?? 0) * 0x1000000 + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0)).toString(16).padStart(8, '0');
  const args = bytes.subarray(4);
  if (selector === SELECTOR_PANIC) {
    const code = readWord(args, 0);
    if (code === undefined) return undefined;
    const reason = PANIC_REASONS.get(code) ?? 'unknown panic code';
    return `panic 0x${code.toString(16).padStart(2, '0')}: ${reason}`;
  }
  if (selector !== SELECTOR_ERROR) return undefined;
  // Compare as bigint before converting: a hostile 2^255 offset must not become a float.
  const offset = readWord(args, 0);
  if (offset === undefined || offset > BigInt(args.length)) return undefined;
  const length = readWord(args, Number(offset));
  if (length === undefined) return undefined;
  const start = Number(offset) + WORD;
  if (length > BigInt(args.length - start)) return undefined;
  const data = args.subarray(start, start + Number(length));
  // Non-fatal: a reason with invalid UTF-8 is still worth showing (with U+FFFD).
  return new TextDecoder('utf-8').decode(data);
}

/** Templates of well-known core errors by `rawError.code`. */
const CORE_ERROR_TEMPLATES: ReadonlyMap<string, string> = new Map([
  ['a774', 'execution reverted: %s'],
  ['714a', 'gas budget exceeded'],
  ['ee24', 'not enough funds left to pay for gas'],
  ['d9b6', 'not enough funds for allowance'],
  // Codes hash the message format, so these are the same on Stardust and Rebased (packages/vm/errors.go).
  ['ffb5', 'invalid allowance'],
  ['151e', 'not enough funds'],
  ['c674', 'contract with hname %08x not found'],
  ['690d', 'entry point not found'],
  ['0fc8', '%s'],
]);

/** The message template of a known core error code (e.g. "a774"), or undefined. */
export function coreErrorTemplate(code: string): string | undefined {
  return CORE_ERROR_TEMPLATES.get(code.trim().toLowerCase());
}

export type ErrorParam = { value: string; type: string };

/** Splits "<value>:<go type>" at the last colon (the value may contain colons). */
export function parseErrorParam(param: string): ErrorParam {
  const i = param.lastIndexOf(':');
  return i < 0 ? { value: param, type: '' } : { value: param.slice(0, i), type: param.slice(i + 1) };
}

/** Fills Go-style verbs (%s, %d, %v, %x, %q, …) in order; %% is a literal percent. */
function fillTemplate(template: string, params: readonly ErrorParam[]): string {
  let next = 0;
  return template.replace(/%(%|0?[0-9]*[a-zA-Z])/g, (whole: string, verb: string) => {
    if (verb === '%') return '%';
    const p = params[next++];
    if (p === undefined) return whole;
    // "%08x" of a uint32 param (e.g. c674's hname): hex, zero-padded, as Go prints it.
    const hex = /^0?([0-9]*)x$/.exec(verb);
    if (hex && /^[0-9]{1,20}$/.test(p.value))
      return BigInt(p.value)
        .toString(16)
        .padStart(Number(hex[1] || 0), '0');
    return p.value;
  });
}

const HEX_RUN = /(?:0x)?[0-9a-fA-F]{8,}/g;

/** Finds the first hex run in the texts that decodes as revert data: the reason, and the data as 0x + lowercase hex. */
function findRevert(texts: readonly string[]): { decoded: string; data: string } | undefined {
  for (const text of texts) {
    for (const m of text.matchAll(HEX_RUN)) {
      const lower = m[0].replace(/^0x/i, '').toLowerCase();
      const decoded = decodeRevertData(lower);
      if (decoded !== undefined) return { decoded, data: `0x${lower}` };
      // The data may be glued to other hex (e.g. a prefix without 0x): retry at a selector.
      for (const selector of [SELECTOR_ERROR, SELECTOR_PANIC]) {
        const at = lower.indexOf(selector, 1);
        const inner = at > 0 ? decodeRevertData(lower.slice(at)) : undefined;
        if (inner !== undefined) return { decoded: inner, data: `0x${lower.slice(at)}` };
      }
    }
  }
  return undefined;
}

/**
 * The first hex run in the texts that looks like custom-error revert data: a 4-byte selector that
 * is not Error/Panic, then whole 32-byte words. Decoding it needs an ABI (src/evm), so here it is
 * only found, as 0x + lowercase hex.
 */
function findCustomRevert(texts: readonly string[]): string | undefined {
  for (const text of texts) {
    for (const m of text.matchAll(HEX_RUN)) {
      const hex = m[0].replace(/^0x/i, '').toLowerCase();
      if (hex.length < 8 || (hex.length - 8) % 64 !== 0) continue;
      const selector = hex.slice(0, 8);
      if (selector === SELECTOR_ERROR || selector === SELECTOR_PANIC) continue;
      return `0x${hex}`;
    }
  }
  return undefined;
}

export type ContractErrorRef = { contractHname: string; errorId: number };

export type ReceiptErrorDescription = {
  failed: boolean;
  /** errorMessage when present, else the core template filled with the params. */
  message: string | undefined;
  /** Decoded `Error(string)`/`Panic(uint256)` of an EVM revert (code a774). */
  decodedRevert?: string;
  /** Revert data of a custom error (selector + arguments, 0x-hex), left for the ABI index to decode. */
  revertData?: string;
  /** The revert data as 0x + lowercase hex, decoded or not: the bytes the message and a parameter both carry. */
  rawData?: string;
  /** rawError.code when non-empty: 4 hex digits (core) or "<hname>:<id>" (contract; "0x<hname>:<id>" on Rebased). */
  code?: string;
  /** For "<hname>:<id>" codes: which contract registered the error, and its id. */
  contractError?: ContractErrorRef;
  params: ErrorParam[];
};

/**
 * Describes a receipt's error. A receipt failed when `errorMessage` is non-empty or
 * `rawError.code` is non-empty: `rawError` itself is present on success too.
 */
export function describeReceiptError(errorMessage?: string | null, rawError?: { code: string; params: readonly string[] } | null): ReceiptErrorDescription {
  const code = typeof rawError?.code === 'string' && rawError.code.trim() !== '' ? rawError.code.trim() : undefined;
  const rawParams = Array.isArray(rawError?.params) ? rawError.params.filter((p): p is string => typeof p === 'string') : [];
  const params = rawParams.map(parseErrorParam);
  const hasMessage = typeof errorMessage === 'string' && errorMessage !== '';
  const failed = hasMessage || code !== undefined;
  const template = code === undefined ? undefined : coreErrorTemplate(code);
  const message = hasMessage ? errorMessage : template !== undefined ? fillTemplate(template, params) : undefined;

  const result: ReceiptErrorDescription = { failed, message, params };
  if (code !== undefined) result.code = code;
  // `<hname>:<id>`, the ID a uint16 written as Go's %04x (isc/vmerror.go, v1 and v2 alike).
  const contractRef = code === undefined ? undefined : /^(?:0x)?([0-9a-fA-F]{8}):([0-9a-fA-F]{1,4})$/.exec(code);
  if (contractRef?.[1] !== undefined && contractRef[2] !== undefined) {
    result.contractError = { contractHname: contractRef[1].toLowerCase(), errorId: parseInt(contractRef[2], 16) };
  }
  const isRevert = code?.toLowerCase() === 'a774' || (hasMessage && errorMessage.includes('execution reverted'));
  if (failed && isRevert) {
    const found = findRevert([...(hasMessage ? [errorMessage] : []), ...params.map((p) => p.value)]);
    if (found !== undefined) {
      result.decodedRevert = found.decoded;
      result.rawData = found.data;
    } else {
      const data = findCustomRevert([...params.map((p) => p.value), ...(hasMessage ? [errorMessage] : [])]);
      if (data !== undefined) {
        result.revertData = data;
        result.rawData = data;
      }
    }
  }
  return result;
}
