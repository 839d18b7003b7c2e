import * as assert from 'node:assert/strict';
import { formatBigInt, formatDuration, formatNumber, shortId } from '../../../src/core/format';

describe('core/format: edges', () => {
  it('groups a negative number whose digit count is a multiple of three (no comma after the sign)', () => {
    assert.equal(formatBigInt(-123456n), '-123,456');
    assert.equal(formatBigInt('-123456789'), '-123,456,789');
    assert.equal(formatNumber(-123456), '-123,456');
    assert.equal(formatNumber(-123456.5), '-123,456.5');
  });

  it('leaves a fraction in exponent form as JavaScript prints it', () => {
    assert.equal(formatNumber(1e-100), '1e-100');
    assert.equal(formatNumber(-1e-100), '-1e-100');
    assert.equal(formatNumber(1.5e-7), '1.5e-7');
  });

  it('cuts a non-ASCII ID to a head only when the tail is 0', () => {
    assert.equal(shortId('é'.repeat(20), 3, 0), 'ééé…');
    assert.equal(shortId('é'.repeat(20), 2, 1), 'éé…é');
  });

  it('counts whole days at 24 hours', () => {
    assert.equal(formatDuration(23 * 3_600_000 + 59 * 60_000), '23 h 59 min');
    assert.equal(formatDuration(86_400_000), '1 d');
    assert.equal(formatDuration(86_400_000 + 59 * 60_000), '1 d');
    assert.equal(formatDuration(1_000 * 86_400_000), '1,000 d');
  });
});
