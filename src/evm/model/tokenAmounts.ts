// Token amounts in their units: a uint256 that an ABI types as an amount of an ERC-20 token is shown
// as "5,000 TKN (5000000000000000000000)" once the token's decimals() is known. The rule for "an
// amount of a token": the argument is a uint256 of a decoded function named transfer, transferFrom,
// approve, mint or burn, called on the token (the transaction's `to`), or a non-indexed uint256 of a
// decoded event named Transfer or Approval emitted by the token (the log's address); and the token
// answers decimals() (one eth_call) with a value of 0 to 77. An NFT's transferFrom(from, to,
// tokenId) stays a plain integer: its contract has no decimals(). The answers are kept per chain and
// token (bounded, a failure kept too, so a token is asked once), and a view never waits for them.
// Pure: `fetch` is injected through the options.
import { LruCache } from '../../core/lru';
import { formatUnits } from '../../core/units';
import { hexToBytes } from '../../core/hex';
import { decodeLog, type AbiCoder, type DecodedItem, type EvmLog } from './decode';
import type { AbiIndex } from './abiIndex';
import { rpcCall, type RpcOptions } from './jsonRpc';

const AMOUNT_FUNCTIONS: ReadonlySet<string> = new Set(['transfer', 'transferFrom', 'approve', 'mint', 'burn']);
const AMOUNT_EVENTS: ReadonlySet<string> = new Set(['Transfer', 'Approval']);
/** bytes4(keccak256("decimals()")) and bytes4(keccak256("symbol()")). */
const DECIMALS = '0x313ce567';
const SYMBOL = '0x95d89b41';
/** 10^77 is the largest power of ten under 2^256: more decimals cannot describe a uint256 amount. */
const MAX_DECIMALS = 77;
/** Characters of a symbol kept (a token names itself: remote text). */
const MAX_SYMBOL_CHARS = 32;
/** Tokens kept per cache. */
const TOKENS_KEPT = 256;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export interface TokenUnits {
  decimals: number;
  /** The token's symbol() when it answered one (remote text: reveal before showing). */
  symbol?: string;
}

/** The indexes of the arguments of a decoded call or event that are amounts of the token it concerns. */
export function tokenAmountArgs(item: DecodedItem): number[] {
  const names = item.kind === 'function' ? AMOUNT_FUNCTIONS : item.kind === 'event' ? AMOUNT_EVENTS : undefined;
  if (names === undefined || !names.has(item.name)) return [];
  const out: number[] = [];
  item.args.forEach((a, i) => {
    if (a.type === 'uint256' && a.indexed !== true && /^[0-9]+$/.test(a.value)) out.push(i);
  });
  return out;
}

/** The units of the token at an address, when known. */
export type UnitsOf = (address: string) => TokenUnits | undefined;

/** "5,000 TKN (5000000000000000000000)": the amount in the token's units, the exact integer beside. */
export function tokenAmountText(raw: string, units: TokenUnits): string {
  if (!/^[0-9]+$/.test(raw)) return raw;
  const value = formatUnits(BigInt(raw), units.decimals);
  return units.symbol ? `${value} ${units.symbol} (${raw})` : `${value} (${raw})`;
}

/** A uint8 decimals() answer: one 32-byte word holding 0..77. */
function parseDecimals(result: unknown): number | undefined {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) return undefined;
  const v = BigInt(result);
  return v <= BigInt(MAX_DECIMALS) ? Number(v) : undefined;
}

/** A symbol() answer: an ABI string, or the bytes32 some early tokens return; printable ASCII only. */
function parseSymbol(result: unknown): string | undefined {
  const bytes = typeof result === 'string' ? hexToBytes(result) : undefined;
  if (!bytes || bytes.length < 32) return undefined;
  let text: Uint8Array;
  if (bytes.length === 32) text = bytes.subarray(0, bytes.indexOf(0) < 0 ? 32 : bytes.indexOf(0));
  else {
    const word = (at: number) => bytes.subarray(at, at + 32).reduce((n, b) => n * 256 + b, 0);
    const offset = word(0);
    const length = word(offset);
    if (offset !== 32 || length > MAX_SYMBOL_CHARS || 64 + length > bytes.length) return undefined;
    text = bytes.subarray(64, 64 + length);
  }
  const s = String.fromCharCode(...text);
  return /^[\x21-\x7e]{1,32}$/.test(s) ? s : undefined;
}

/** The token's decimals() and symbol() at the latest block; undefined when decimals() gives no answer a token gives. */
export async function fetchTokenUnits(url: string, token: string, options: RpcOptions): Promise<TokenUnits | undefined> {
  if (!EVM_ADDRESS.test(token)) return undefined;
  const call = (data: string) => rpcCall(url, 'eth_call', [{ to: token, data }, 'latest'], options);
  const [decimals, symbol] = await Promise.all([call(DECIMALS), call(SYMBOL)]);
  const d = decimals.ok ? parseDecimals(decimals.result) : undefined;
  if (d === undefined) return undefined;
  const s = symbol.ok ? parseSymbol(symbol.result) : undefined;
  return s === undefined ? { decimals: d } : { decimals: d, symbol: s };
}

/** The units of the tokens asked, per chain (its JSON-RPC URL) and token, bounded; one question in flight per token. */
export class TokenUnitsCache {
  private readonly known = new LruCache<string, { answer: Promise<TokenUnits | undefined>; done: boolean; value?: TokenUnits }>({ capacity: TOKENS_KEPT });

  constructor(private readonly ask: (url: string, token: string) => Promise<TokenUnits | undefined>) {}

  /** What is known now, without asking (a view's first paint): the units, undefined for a token without, 'unknown' before an answer. */
  peek(url: string, token: string): TokenUnits | undefined | 'unknown' {
    const slot = this.known.get(key(url, token));
    return slot?.done ? slot.value : 'unknown';
  }

  /** The token's units, asked once per chain and token (a failure is kept as undefined). */
  get(url: string, token: string): Promise<TokenUnits | undefined> {
    const k = key(url, token);
    const kept = this.known.get(k);
    if (kept) return kept.answer;
    const slot: { answer: Promise<TokenUnits | undefined>; done: boolean; value?: TokenUnits } = { answer: Promise.resolve(undefined), done: false };
    slot.answer = this.ask(url, token)
      .catch(() => undefined)
      .then((v) => {
        slot.done = true;
        if (v !== undefined) slot.value = v;
        return v;
      });
    this.known.set(k, slot);
    return slot.answer;
  }
}

function key(url: string, token: string): string {
  return `${url}\n${token.toLowerCase()}`;
}

/** The decoded call or event with its token amounts in the token's units (`units` undefined: as it is). */
export function inUnits(item: DecodedItem, units: TokenUnits | undefined): DecodedItem {
  if (units === undefined) return item;
  const amounts = new Set(tokenAmountArgs(item));
  if (amounts.size === 0) return item;
  return { ...item, args: item.args.map((a, i) => (amounts.has(i) ? { ...a, value: tokenAmountText(a.value, units) } : a)) };
}

/** The tokens whose Transfer or Approval events the logs hold (each address once), to ask their units. */
export function amountTokensOfLogs(coder: AbiCoder, index: AbiIndex, logs: readonly EvmLog[]): string[] {
  const tokens = new Set<string>();
  for (const log of logs) {
    const d = decodeLog(coder, index, log);
    if (d.ok && tokenAmountArgs(d.item).length > 0) tokens.add(log.address);
  }
  return [...tokens];
}
