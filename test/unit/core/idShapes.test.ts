// The shapes of the IDs a user writes (src/core/idShapes.ts): which strings are request IDs, of which length.
import * as assert from 'node:assert/strict';
import { evmShaped } from '../../../src/api/traits';
import { classifyRequestId, evmTxHashOf, stardustIdOfHash } from '../../../src/core/idShapes';

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
