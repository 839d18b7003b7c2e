// Formatting at its edges: the hname of the smallest and largest uint32 and of text with spaces,
// an instant in nanoseconds beyond any date, and a date format built for a locale the process
// has not shown a time in yet (the formatters are cached per locale and zone for the process's
// life, so a locale seen before would test the cache, not how the format is built).
import * as assert from 'node:assert/strict';
import { formatHname, formatTimeNs, formatTime } from '../../../src/core/format';

const at = Date.UTC(2026, 10, 25, 0, 18, 11);
let seq = 0;

describe('core/format: hnames at the uint32 bounds', () => {
  it('0 and 0xffffffff print as 8 hex digits; 2^32, a fraction and -1 as given', () => {
    assert.deepStrictEqual([0, 0xffffffff, 2 ** 32, 1.5, -1].map(formatHname), ['00000000', 'ffffffff', '4294967296', '1.5', '-1']);
  });

  it('text around an hname (spaces, a line break) is trimmed before it is read', () => {
    assert.equal(formatHname(' 0x07CB02C1\n'), '07cb02c1');
  });
});

describe('core/format: times no date can hold', () => {
  it('nanoseconds past the Date range give no time', () => {
    assert.equal(formatTimeNs(10n ** 30n, at), undefined);
  });
});

describe('core/format: a date format built for a new locale', () => {
  it('a locale the runtime knows: its own date order, in the zone asked for', () => {
    assert.equal(formatTime(at, at, undefined, { locale: `de-DE-x-n${++seq}`, timeZone: 'UTC' })?.local, '25.11.2026, 00:18:11');
  });

  it('a locale the runtime does not know: English, still saying when', () => {
    assert.match(formatTime(at, at, undefined, { locale: `not a locale ${++seq}!` })?.local ?? '', /^Nov 2[45], 2026, \d{1,2}:18:11 [AP]M$/);
  });
});
