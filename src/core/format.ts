// Display formatting: the one module that decides how each kind of value reads, so every view
// says a block number, a count, a time, an amount and an hname the same way.
// Numbers are locale-independent on purpose: the same value must read the same in every VS Code
// locale, in tests, and when copied next to a node's raw output. uint64 values stay bigint throughout.
// A time is the exception: shown in the editor's locale (TimeStyle), its exact UTC kept for the tooltip.
// The words of relative times ("ago") are localised, through the L10n argument.
import { englishL10n, type L10n } from './l10n';

const DECIMAL_INTEGER = /^-?[0-9]+$/;

/** Inserts ',' every three digits into a run of decimal digits (no sign). */
function groupDigits(digits: string): string {
  const firstLen = digits.length % 3 || 3;
  if (digits.length <= 3) return digits;
  // Collect chunks and join once: values can be long (bigints) and repeated string
  // concatenation would copy the prefix on every step.
  const parts: string[] = [digits.slice(0, firstLen)];
  for (let i = firstLen; i < digits.length; i += 3) parts.push(digits.slice(i, i + 3));
  return parts.join(',');
}

/** Groups a signed decimal integer string; the caller guarantees the shape. */
function groupSigned(decimal: string): string {
  return decimal.startsWith('-') ? `-${groupDigits(decimal.slice(1))}` : groupDigits(decimal);
}

/**
 * Formats an integer with ',' thousands separators: `1234567n` -> "1,234,567", `-1000n` -> "-1,000".
 * A string must be a decimal integer (leading zeros are normalised away); any other string is
 * returned unchanged, so a malformed remote value is shown as received instead of throwing.
 */
export function formatBigInt(v: bigint | string): string {
  if (typeof v === 'bigint') return groupSigned(v.toString());
  const s = v.trim();
  if (!DECIMAL_INTEGER.test(s)) return v;
  return groupSigned(BigInt(s).toString());
}

/** An amount of the chain's base token with its unit ("1 base token", "210 base tokens"). */
export function baseTokensText(a: { raw: string; text: string }, l10n: L10n = englishL10n): string {
  return a.raw === '1' ? l10n.t('{0} base token', a.text) : l10n.t('{0} base tokens', a.text);
}

/** An exact amount of the chain's base token with its unit, from the integer ("678 base tokens"). */
export function formatBaseTokens(v: bigint, l10n: L10n = englishL10n): string {
  return baseTokensText({ raw: v.toString(), text: formatBigInt(v) }, l10n);
}

/**
 * Formats a JS number with ',' thousands separators in its integer part
 * (`1234.5` -> "1,234.5"). Integers are exact (via bigint, no exponent form for 1e21);
 * NaN and ±Infinity are returned as `String(n)`; tiny fractions in exponent form stay as they are.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return formatBigInt(BigInt(n));
  const s = String(n);
  if (s.includes('e')) return s;
  const dot = s.indexOf('.');
  const intPart = s.slice(0, dot);
  return `${groupSigned(intPart)}${s.slice(dot)}`;
}

/**
 * Shortens a long ID for display: the first `head` and last `tail` characters around '…'
 * (`iota1pzt3m…8qqxu5` for a chain ID with the defaults). IDs no longer than `head + tail + 1`
 * are returned whole, since shortening them would hide nothing. Counts code points, so a
 * hostile ID cannot be cut inside a surrogate pair.
 */
export function shortId(id: string, head = 10, tail = 6): string {
  const h = Math.max(0, Math.floor(head));
  const t = Math.max(0, Math.floor(tail));
  // Fast path for the usual ASCII IDs; Array.from only when code points matter.
  const chars = /^[\x00-\x7f]*$/.test(id) ? undefined : Array.from(id); // eslint-disable-line no-control-regex
  const length = chars ? chars.length : id.length;
  if (length <= h + t + 1) return id;
  if (chars) return `${chars.slice(0, h).join('')}…${chars.slice(length - t).join('')}`;
  return `${id.slice(0, h)}…${id.slice(length - t)}`;
}

/**
 * Formats a duration for humans: "850 ms", "1.5 s", "2 min 5 s", "1 h 3 min", "2 d 4 h".
 * Two units at most: enough to judge "how long ago / how long left" at a glance.
 * Negative values are formatted by magnitude with a leading '-'; NaN/Infinity give "—".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms < 0) return `-${formatDuration(-ms)}`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const totalSeconds = Math.floor(ms / 1000);
  if (totalSeconds < 60) {
    // One decimal under a minute; ×10 then floor so 59.99 s never rounds up to "60 s".
    const tenths = Math.floor(ms / 100) / 10;
    return `${tenths % 1 === 0 ? tenths.toFixed(0) : tenths.toFixed(1)} s`;
  }
  const s = totalSeconds % 60;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) return s ? `${totalMinutes} min ${s} s` : `${totalMinutes} min`;
  const m = totalMinutes % 60;
  const totalHours = Math.floor(totalMinutes / 60);
  if (totalHours < 24) return m ? `${totalHours} h ${m} min` : `${totalHours} h`;
  const h = totalHours % 24;
  const days = Math.floor(totalHours / 24);
  return h ? `${formatNumber(days)} d ${h} h` : `${formatNumber(days)} d`;
}

/** A time as every view shows it: in the editor's locale with its age (rows), exact in UTC (tooltips). */
export interface TimeText {
  /** "2026-11-25 00:18:11 UTC": locale-independent, to the second: the tooltip's exact time. */
  absolute: string;
  /** "2 min ago"; "just now" within a minute either way (clocks differ); "in 3 h" ahead of now. */
  relative: string;
  /** "Nov 25, 2026, 12:18:11 AM": the editor's locale date and time, in its time zone. */
  local: string;
  /** What a row shows: "Nov 25, 2026, 12:18:11 AM (2 min ago)". */
  shown: string;
}

/**
 * Whose date format a time is shown in: the editor's locale (`vscode.env.language`) and, for tests,
 * a fixed time zone; the runtime's own zone otherwise.
 */
export interface TimeStyle {
  locale?: string;
  timeZone?: string;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and zone (building one costs more than formatting with it). */
function dateFormat(style: TimeStyle): Intl.DateTimeFormat {
  const key = `${style.locale ?? ''}|${style.timeZone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium', ...(style.timeZone ? { timeZone: style.timeZone } : {}) };
    try {
      f = new Intl.DateTimeFormat(style.locale || 'en', options);
    } catch {
      // A locale or zone this runtime does not know: English in the runtime's zone still says when.
      f = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });
    }
    dateFormats.set(key, f);
  }
  return f;
}

/**
 * Formats an instant (ms since the epoch, e.g. `Date.parse` of a node's timestamp) for display.
 * Undefined for a value that is no instant (NaN, out of the Date range): the caller shows the raw text.
 * The relative form uses one unit, the largest that fits, so a narrow row still reads it.
 */
export function formatTime(ms: number, now: number, l10n: L10n = englishL10n, style: TimeStyle = {}): TimeText | undefined {
  const date = new Date(ms);
  if (!Number.isFinite(date.getTime()) || !Number.isFinite(now)) return undefined;
  const absolute = `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const relative = relativeTime(now - ms, l10n);
  const local = dateFormat(style).format(date);
  return { absolute, relative, local, shown: l10n.t('{0} ({1})', local, relative) };
}

const NS_PER_MS = 1_000_000n;

/**
 * An instant in Unix nanoseconds (Wasp's event times): as formatTime, its absolute form exact to
 * the nanosecond ("2025-01-01 00:00:10.000000001 UTC"). Undefined for 0 (no time) or out of range.
 */
export function formatTimeNs(ns: bigint, now: number, l10n: L10n = englishL10n, style: TimeStyle = {}): TimeText | undefined {
  if (ns <= 0n) return undefined;
  const t = formatTime(Number(ns / NS_PER_MS), now, l10n, style);
  if (!t) return undefined;
  const fraction = (ns % 1_000_000_000n).toString().padStart(9, '0');
  return { ...t, absolute: `${t.absolute.slice(0, -' UTC'.length)}.${fraction} UTC` };
}

function relativeTime(elapsed: number, l10n: L10n): string {
  const ahead = elapsed < 0;
  const seconds = Math.floor(Math.abs(elapsed) / 1000);
  if (seconds < 60) return l10n.t('just now');
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const amount = days > 0 ? l10n.t('{0} d', formatNumber(days)) : hours > 0 ? l10n.t('{0} h', hours) : l10n.t('{0} min', minutes);
  return ahead ? l10n.t('in {0}', amount) : l10n.t('{0} ago', amount);
}

const HNAME_TEXT = /^(?:0x)?([0-9a-f]{8})$/i;

/**
 * An hname as every view prints it: 8 lowercase hex digits without 0x, as Wasp's own `Hname.String()`
 * and Stardust nodes print it (Rebased nodes send it with 0x). A number is the hname's uint32.
 * Any other text is returned unchanged: the caller reveals and shows what the node sent.
 */
export function formatHname(h: string | number): string {
  if (typeof h === 'number') return Number.isInteger(h) && h >= 0 && h <= 0xffffffff ? h.toString(16).padStart(8, '0') : String(h);
  const m = HNAME_TEXT.exec(h.trim());
  return m?.[1] ? m[1].toLowerCase() : h;
}
