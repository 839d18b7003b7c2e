// The shapes of the IDs a user writes (src/core/idShapes.ts): which strings are request IDs, of which length.
import * as assert from 'node:assert/strict';
import { evmShaped } from '../../../src/api/traits';
import { REQUEST_IDS_IN_TEXT, classifyRequestId, evmTxHashOf, hoverableAt, stardustIdOfHash } from '../../../src/core/idShapes';
import { addressAt } from '../../../src/accounts/model/addressAt';

const H64 = `0x${'AB'.repeat(32)}`;
const H68 = `0x${'cd'.repeat(34)}`;

describe('core/idShapes: classifyRequestId', () => {
  it('classifies the whole string only: text before the 0x is not an ID', () => {
    assert.equal(classifyRequestId(`a0x${'ab'.repeat(32)}`), undefined);
    assert.equal(classifyRequestId(`a0x${'ab'.repeat(34)}`), undefined);
  });

  it('classifies 64 and 68 hex IDs (lower-cased) and nothing else', () => {
    assert.deepEqual(classifyRequestId(` ${H64} `), { id: H64.toLowerCase(), shape: 'hex64' });
    assert.deepEqual(classifyRequestId(H68), { id: H68, shape: 'hex68' });
    for (const bad of ['', '0x', H64.slice(0, 65), `${H64}00`, `${H68}00`, H64.slice(2), `0x${'g'.repeat(64)}`])
      assert.equal(classifyRequestId(bad), undefined, bad);
  });
});

describe('core/idShapes: an EVM transaction hash and its request IDs', () => {
  const HASH = `0x${'ab'.repeat(32)}`;

  it('a Rebased ID is the hash; a Stardust one is the hash with output index 0, and gives the hash back', () => {
    assert.equal(evmTxHashOf(HASH), HASH);
    assert.equal(stardustIdOfHash(HASH), `${HASH}0000`);
    assert.equal(evmTxHashOf(stardustIdOfHash(HASH)), HASH);
  });

  it('which request IDs can be an EVM transaction on each generation (what offers Why no receipt?)', () => {
    assert.equal(evmShaped(HASH, 'rebased'), true);
    assert.equal(evmShaped(`${HASH}0000`, 'stardust'), true);
    assert.equal(evmShaped(`${HASH}0100`, 'stardust'), false, 'output index 1: an on-ledger request');
    assert.equal(evmShaped(HASH, 'stardust'), false);
    assert.equal(evmShaped(`${HASH}0000`, 'rebased'), false);
    assert.equal(evmShaped(`0x${'zz'.repeat(32)}`, 'rebased'), false);
  });
});

describe('core/idShapes: hoverableAt (what makes the startup hover load the features)', () => {
  const ADDRESS = `0x${'aB'.repeat(20)}`;

  it('is true on every character of an address, a hash and a Stardust ID, their end included', () => {
    for (const word of [ADDRESS, H64, H68]) {
      const line = `to: ${word}, then`;
      const start = line.indexOf(word);
      for (let c = start; c <= start + word.length; c++) assert.equal(hoverableAt(line, c), true, `${word.length} chars at ${c - start}`);
      assert.equal(hoverableAt(line, start - 2), false, 'before the word');
    }
  });

  it('is false for hex of other lengths, hex glued to a word, and words without 0x', () => {
    for (const word of [
      `0x${'ab'.repeat(19)}a`,
      `0x${'ab'.repeat(20)}a`,
      `${H64}0`,
      `x${ADDRESS}`,
      `${ADDRESS}_`,
      `1${H64}`,
      `00${'ab'.repeat(20)}`,
      `0x${'g'.repeat(40)}`,
    ]) {
      const line = `value ${word} end`;
      assert.equal(hoverableAt(line, line.indexOf(word) + 5), false, word);
    }
  });

  it('is false on short lines and lines without 0x, at any position, out of range included', () => {
    assert.equal(hoverableAt('', 0), false);
    assert.equal(hoverableAt('a'.repeat(100), 50), false);
    assert.equal(hoverableAt(ADDRESS.slice(0, 41), 3), false);
    assert.equal(hoverableAt(ADDRESS, -5), true);
    assert.equal(hoverableAt(ADDRESS, 500), true);
  });

  it('stops reading a word past the longest shape, so a line of one huge word costs the same', () => {
    const line = `0x${'a'.repeat(1_000_000)}`;
    assert.equal(hoverableAt(line, 500_000), false);
    assert.equal(hoverableAt(line, 1), false);
  });

  it('holds wherever the receipt hover (a request ID or hash) or the account hover (an address) answers', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const parts = [ADDRESS, H64, H68, '0x', 'ab', ' ', '_', '"', 'word', '0'];
    for (let i = 0; i < 400; i++) {
      let line = '';
      while (line.length < 160) line += parts[next(parts.length)];
      for (let c = 0; c <= line.length; c++) if (addressAt(line, c)) assert.equal(hoverableAt(line, c), true, `address at ${c} of ${line}`);
      for (const m of line.matchAll(REQUEST_IDS_IN_TEXT))
        for (let c = m.index; c <= m.index + m[0].length; c++) assert.equal(hoverableAt(line, c), true, `ID at ${c} of ${line}`);
    }
  });
});
