// How numbers, IDs, durations and times read (src/core/format.ts).
import * as assert from 'node:assert/strict';
import { formatBaseTokens, formatBigInt, formatDuration, formatHname, formatNumber, formatTime, formatTimeNs, shortId } from '../../../src/core/format';

describe('core/format: formatBigInt', () => {
  it('groups digits by three with commas', () => {
    assert.equal(formatBigInt(0n), '0');
    assert.equal(formatBigInt(999n), '999');
    assert.equal(formatBigInt(1000n), '1,000');
    assert.equal(formatBigInt(1234567n), '1,234,567');
    assert.equal(formatBigInt(100000n), '100,000');
  });
  it('keeps values above 2^53 exact', () => {
    assert.equal(formatBigInt(18446744073709551615n), '18,446,744,073,709,551,615');
    assert.equal(formatBigInt('9007199254740993'), '9,007,199,254,740,993');
  });
  it('handles negatives', () => {
    assert.equal(formatBigInt(-1n), '-1');
    assert.equal(formatBigInt(-1234n), '-1,234');
    assert.equal(formatBigInt('-1000000'), '-1,000,000');
  });
  it('normalises decimal strings and leaves anything else as received', () => {
    assert.equal(formatBigInt('000123'), '123');
    assert.equal(formatBigInt(' 21000 '), '21,000');
    assert.equal(formatBigInt('"21000"'), '"21000"');
    assert.equal(formatBigInt('12.5'), '12.5');
    assert.equal(formatBigInt(''), '');
    assert.equal(formatBigInt('1e6'), '1e6');
  });

  it('groups a negative number whose digit count is a multiple of three (no comma after the sign)', () => {
    assert.equal(formatBigInt(-123456n), '-123,456');
    assert.equal(formatBigInt('-123456789'), '-123,456,789');
    assert.equal(formatNumber(-123456), '-123,456');
    assert.equal(formatNumber(-123456.5), '-123,456.5');
  });
});

describe('core/format: formatNumber', () => {
  it('groups integers and the integer part of fractions', () => {
    assert.equal(formatNumber(1000000000), '1,000,000,000');
    assert.equal(formatNumber(-50000000), '-50,000,000');
    assert.equal(formatNumber(1234.5), '1,234.5');
    assert.equal(formatNumber(0.25), '0.25');
    assert.equal(formatNumber(-0.5), '-0.5');
  });
  it('never uses exponent form for large integers', () => {
    assert.equal(formatNumber(1e21), '1,000,000,000,000,000,000,000');
  });
  it('passes non-finite values through', () => {
    assert.equal(formatNumber(Number.NaN), 'NaN');
    assert.equal(formatNumber(Number.POSITIVE_INFINITY), 'Infinity');
  });

  it('leaves a fraction in exponent form as JavaScript prints it', () => {
    assert.equal(formatNumber(1e-100), '1e-100');
    assert.equal(formatNumber(-1e-100), '-1e-100');
    assert.equal(formatNumber(1.5e-7), '1.5e-7');
  });
});

describe('core/format: shortId', () => {
  const chainId = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
  it('keeps head and tail around an ellipsis', () => {
    assert.equal(shortId(chainId), 'iota1pzt3m…8qqxu5');
    assert.equal(shortId(chainId, 10, 7), 'iota1pzt3m…28qqxu5');
    assert.equal(shortId(chainId, 4, 0), 'iota…');
  });
  it('returns short IDs whole', () => {
    assert.equal(shortId('0x1234'), '0x1234');
    assert.equal(shortId('a'.repeat(17)), 'a'.repeat(17));
    assert.equal(shortId('a'.repeat(18)), `${'a'.repeat(10)}…${'a'.repeat(6)}`);
  });
  it('does not cut surrogate pairs', () => {
    const s = '😀'.repeat(20);
    const out = shortId(s, 2, 2);
    assert.equal(out, '😀😀…😀😀');
    assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(out));
  });

  it('cuts a non-ASCII ID to a head only when the tail is 0', () => {
    assert.equal(shortId('é'.repeat(20), 3, 0), 'ééé…');
    assert.equal(shortId('é'.repeat(20), 2, 1), 'éé…é');
  });
});

describe('core/format: formatDuration', () => {
  it('picks sensible units', () => {
    assert.equal(formatDuration(0), '0 ms');
    assert.equal(formatDuration(850), '850 ms');
    assert.equal(formatDuration(1000), '1 s');
    assert.equal(formatDuration(1500), '1.5 s');
    assert.equal(formatDuration(59_999), '59.9 s');
    assert.equal(formatDuration(60_000), '1 min');
    assert.equal(formatDuration(125_000), '2 min 5 s');
    assert.equal(formatDuration(3_780_000), '1 h 3 min');
    assert.equal(formatDuration(3_600_000), '1 h');
    assert.equal(formatDuration(2 * 86_400_000 + 4 * 3_600_000), '2 d 4 h');
  });
  it('handles negative and non-finite input', () => {
    assert.equal(formatDuration(-1500), '-1.5 s');
    assert.equal(formatDuration(Number.NaN), '—');
  });

  it('counts whole days at 24 hours', () => {
    assert.equal(formatDuration(23 * 3_600_000 + 59 * 60_000), '23 h 59 min');
    assert.equal(formatDuration(86_400_000), '1 d');
    assert.equal(formatDuration(86_400_000 + 59 * 60_000), '1 d');
    assert.equal(formatDuration(1_000 * 86_400_000), '1,000 d');
  });
});

describe('core/format: formatTime', () => {
  const at = Date.UTC(2026, 10, 25, 0, 18, 11, 900);
  it('reads the same absolute time in every locale: UTC to the second', () => {
    assert.equal(formatTime(at, at)?.absolute, '2026-11-25 00:18:11 UTC');
  });
  it('reads a past time as one unit ago, the largest that fits', () => {
    const ago = (ms: number) => formatTime(at - ms, at)?.relative;
    assert.equal(ago(59_999), 'just now');
    assert.equal(ago(60_000), '1 min ago');
    assert.equal(ago(59 * 60_000 + 59_999), '59 min ago');
    assert.equal(ago(3_600_000), '1 h ago');
    assert.equal(ago(23 * 3_600_000 + 3_599_999), '23 h ago');
    assert.equal(ago(86_400_000), '1 d ago');
    assert.equal(ago(1_234 * 86_400_000), '1,234 d ago');
  });
  it('reads a time ahead of the clock as "in", a small skew as just now', () => {
    assert.equal(formatTime(at + 30_000, at)?.relative, 'just now');
    assert.equal(formatTime(at + 2 * 3_600_000, at)?.relative, 'in 2 h');
  });
  it('gives nothing for a value that is no instant, so the caller shows the raw text', () => {
    assert.equal(formatTime(Number.NaN, at), undefined);
    assert.equal(formatTime(9e15, at), undefined);
    assert.equal(formatTime(at, Number.NaN), undefined);
  });
  it('puts the words through the l10n function', () => {
    const upper = { t: (m: string, ...a: Array<string | number | boolean>) => m.toUpperCase().replace('{0}', String(a[0])) };
    assert.equal(formatTime(at - 120_000, at, upper)?.relative, '2 MIN AGO');
  });
});

describe('core/format: a time in the editor’s locale', () => {
  const at = Date.UTC(2026, 10, 25, 0, 18, 11, 900);
  it('shows the date and time in the locale and zone asked for, with the age beside it', () => {
    const t = formatTime(at - 5 * 60_000, at, undefined, { locale: 'de-DE', timeZone: 'UTC' });
    assert.equal(t?.local, '25.11.2026, 00:13:11');
    assert.equal(t?.shown, '25.11.2026, 00:13:11 (5 min ago)');
    assert.equal(t?.absolute, '2026-11-25 00:13:11 UTC', 'the tooltip’s exact time does not follow the locale');
    assert.equal(formatTime(at, at, undefined, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })?.local, '25 Nov 2026, 09:18:11', 'nor the zone');
  });
  it('falls back to English for a locale or zone the runtime does not know, still saying when', () => {
    assert.match(formatTime(at, at, undefined, { locale: 'not a locale!', timeZone: 'Nowhere/Else' })?.local ?? '', /Nov 25, 2026/);
  });
  it('reads Unix nanoseconds exact to the nanosecond in the tooltip, past 2^53', () => {
    const t = formatTimeNs(1_763_632_800_123_456_789n, Date.UTC(2025, 10, 20, 10, 2, 1), undefined, { locale: 'en-GB', timeZone: 'UTC' });
    assert.equal(t?.absolute, '2025-11-20 10:00:00.123456789 UTC');
    assert.equal(t?.shown, '20 Nov 2025, 10:00:00 (2 min ago)');
    assert.equal(formatTimeNs(0n, at), undefined, 'zero is no time');
  });
});

describe('core/format: hnames and amounts', () => {
  it('prints an hname as 8 lowercase hex digits without 0x, from either form or its uint32', () => {
    assert.equal(formatHname('0x07CB02C1'), '07cb02c1');
    assert.equal(formatHname('07cb02c1'), '07cb02c1');
    assert.equal(formatHname(0x07cb02c1), '07cb02c1');
    assert.equal(formatHname(1), '00000001');
  });
  it('leaves what is no hname as it came', () => {
    assert.equal(formatHname('0x07cb02c'), '0x07cb02c');
    assert.equal(formatHname('evm'), 'evm');
    assert.equal(formatHname(-1), '-1');
  });
  it('says an amount of base tokens with its unit, grouped, one for one', () => {
    assert.equal(formatBaseTokens(630_000n), '630,000 base tokens');
    assert.equal(formatBaseTokens(1n), '1 base token');
  });
});
