// Display formatting of numbers, amounts, IDs and durations.
// Locale-independent on purpose: the same value must read the same in every VS Code locale,
// in tests, and when copied next to a node's raw output. uint64 values stay bigint throughout.
// Only the words of relative times ("ago") are localised, through the L10n argument.
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

/** A time as every view shows it: absolute (tooltips) and relative to now (rows). */
export interface TimeText {
  /** "2026-11-25 00:18:11 UTC": locale-independent, to the second. */
  absolute: string;
  /** "2 min ago"; "just now" within a minute either way (clocks differ); "in 3 h" ahead of now. */
  relative: string;
}

/**
 * Formats an instant (ms since the epoch, e.g. `Date.parse` of a node's timestamp) for display.
 * Undefined for a value that is no instant (NaN, out of the Date range): the caller shows the raw text.
 * The relative form uses one unit, the largest that fits, so a narrow row still reads it.
 */
export function formatTime(ms: number, now: number, l10n: L10n = englishL10n): TimeText | undefined {
  const date = new Date(ms);
  if (!Number.isFinite(date.getTime()) || !Number.isFinite(now)) return undefined;
  const absolute = `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return { absolute, relative: relativeTime(now - ms, l10n) };
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
